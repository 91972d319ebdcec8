from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Package")


@_attrs_define
class Package:
    """The package as a request describes it; every field optional.

    With it the label carries `package`: which US layouts the package may use and must
    use, per 21 CFR 101.9(b)(6), (b)(12)(i), (e)(6), (d)(11)(iii) and (j)(13). Unknown
    category or a non-positive number: 400 `validation_failed` naming `package.<field>`.

        Attributes:
            label_area_in2 (float | None | Unset): Total surface area available to bear labeling, square inches.
            net_quantity_g (float | None | Unset): Net quantity of the package, grams (categories whose RACC is in grams).
            net_quantity_ml (float | None | Unset): Net quantity of the package, millilitres (categories whose RACC is in
                mL).
            racc_category (None | str | Unset): A category id of the RACC table of 21 CFR 101.12(b), table 2
                (`nutrition/data/racc.json`), e.g. `bakery.cookies`; its reference amount is also
                the RACC claims use.
            vertical_space_in (float | None | Unset): Continuous vertical space available for the label, inches
                (101.9(d)(11)(iii)).
    """

    label_area_in2: float | None | Unset = UNSET
    net_quantity_g: float | None | Unset = UNSET
    net_quantity_ml: float | None | Unset = UNSET
    racc_category: None | str | Unset = UNSET
    vertical_space_in: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        label_area_in2: float | None | Unset
        if isinstance(self.label_area_in2, Unset):
            label_area_in2 = UNSET
        else:
            label_area_in2 = self.label_area_in2

        net_quantity_g: float | None | Unset
        if isinstance(self.net_quantity_g, Unset):
            net_quantity_g = UNSET
        else:
            net_quantity_g = self.net_quantity_g

        net_quantity_ml: float | None | Unset
        if isinstance(self.net_quantity_ml, Unset):
            net_quantity_ml = UNSET
        else:
            net_quantity_ml = self.net_quantity_ml

        racc_category: None | str | Unset
        if isinstance(self.racc_category, Unset):
            racc_category = UNSET
        else:
            racc_category = self.racc_category

        vertical_space_in: float | None | Unset
        if isinstance(self.vertical_space_in, Unset):
            vertical_space_in = UNSET
        else:
            vertical_space_in = self.vertical_space_in

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if label_area_in2 is not UNSET:
            field_dict["label_area_in2"] = label_area_in2
        if net_quantity_g is not UNSET:
            field_dict["net_quantity_g"] = net_quantity_g
        if net_quantity_ml is not UNSET:
            field_dict["net_quantity_ml"] = net_quantity_ml
        if racc_category is not UNSET:
            field_dict["racc_category"] = racc_category
        if vertical_space_in is not UNSET:
            field_dict["vertical_space_in"] = vertical_space_in

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_label_area_in2(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        label_area_in2 = _parse_label_area_in2(d.pop("label_area_in2", UNSET))

        def _parse_net_quantity_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        net_quantity_g = _parse_net_quantity_g(d.pop("net_quantity_g", UNSET))

        def _parse_net_quantity_ml(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        net_quantity_ml = _parse_net_quantity_ml(d.pop("net_quantity_ml", UNSET))

        def _parse_racc_category(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        racc_category = _parse_racc_category(d.pop("racc_category", UNSET))

        def _parse_vertical_space_in(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        vertical_space_in = _parse_vertical_space_in(d.pop("vertical_space_in", UNSET))

        package = cls(
            label_area_in2=label_area_in2,
            net_quantity_g=net_quantity_g,
            net_quantity_ml=net_quantity_ml,
            racc_category=racc_category,
            vertical_space_in=vertical_space_in,
        )

        return package
