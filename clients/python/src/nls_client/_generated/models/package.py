from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Package")


@_attrs_define
class Package:
    """The package, all fields optional. With it the label carries `package`: which US layouts the package may use and must
    use, per 21 CFR 101.9(b)(6) (under 200 % of the RACC: one serving, one column), (b)(12)(i) (200 % to 300 %: per
    serving and per container, `us.v.dual-pkg`), (e)(6) (over 300 %: a per-container column is voluntary), (d)(11)(iii)
    (tabular when the panel lacks about 3 in of continuous vertical space) and (j)(13) (40 in² or less: tabular and
    linear allowed; under 12 in²: the small-package exemption may apply). Unknown category or a non-positive number: 400
    `validation_failed` naming `package.<field>`.

        Attributes:
            label_area_in2 (float | Unset): Total surface area available to bear labeling, square inches.
            net_quantity_g (float | Unset): Net quantity, grams (categories with a RACC in grams).
            net_quantity_ml (float | Unset): Net quantity, millilitres (categories with a RACC in mL).
            racc_category (str | Unset): A category id of the RACC table of 21 CFR 101.12(b), table 2
                (`nutrition/data/racc.json`). Its reference amount is also the RACC claims use.
            vertical_space_in (float | Unset): Continuous vertical space for the label, inches.
    """

    label_area_in2: float | Unset = UNSET
    net_quantity_g: float | Unset = UNSET
    net_quantity_ml: float | Unset = UNSET
    racc_category: str | Unset = UNSET
    vertical_space_in: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        label_area_in2 = self.label_area_in2

        net_quantity_g = self.net_quantity_g

        net_quantity_ml = self.net_quantity_ml

        racc_category = self.racc_category

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
        label_area_in2 = d.pop("label_area_in2", UNSET)

        net_quantity_g = d.pop("net_quantity_g", UNSET)

        net_quantity_ml = d.pop("net_quantity_ml", UNSET)

        racc_category = d.pop("racc_category", UNSET)

        vertical_space_in = d.pop("vertical_space_in", UNSET)

        package = cls(
            label_area_in2=label_area_in2,
            net_quantity_g=net_quantity_g,
            net_quantity_ml=net_quantity_ml,
            racc_category=racc_category,
            vertical_space_in=vertical_space_in,
        )

        return package
