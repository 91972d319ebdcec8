from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.racc_unit import RaccUnit
from ..types import UNSET, Unset

T = TypeVar("T", bound="RaccCategory")


@_attrs_define
class RaccCategory:
    """One row of 21 CFR 101.12(b) table 2: the id a recipe's `package.racc_category` takes.

    Attributes:
        citation (str): `21 CFR 101.12(b), table 2`.
        confirmed (bool): Whether the value was checked against the law's text (see `notes`).
        id (str): Stable id, `<product category>.<row>` (`bakery.cookies`).
        name (str): The row's wording.
        notes (str): Where the value was checked, or why it is unconfirmed.
        product_category (str): The table's product category heading (`Bakery products`).
        unit (None | RaccUnit):
        value (float | None): The reference amount, in `unit`; null where the table gives a household measure.
        measure (None | str | Unset): The household measure the table gives instead of a weight (`1 tbsp`), when it
            does.
    """

    citation: str
    confirmed: bool
    id: str
    name: str
    notes: str
    product_category: str
    unit: None | RaccUnit
    value: float | None
    measure: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        citation = self.citation

        confirmed = self.confirmed

        id = self.id

        name = self.name

        notes = self.notes

        product_category = self.product_category

        unit: None | str
        if isinstance(self.unit, RaccUnit):
            unit = self.unit.value
        else:
            unit = self.unit

        value: float | None
        value = self.value

        measure: None | str | Unset
        if isinstance(self.measure, Unset):
            measure = UNSET
        else:
            measure = self.measure

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "citation": citation,
                "confirmed": confirmed,
                "id": id,
                "name": name,
                "notes": notes,
                "product_category": product_category,
                "unit": unit,
                "value": value,
            }
        )
        if measure is not UNSET:
            field_dict["measure"] = measure

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        citation = d.pop("citation")

        confirmed = d.pop("confirmed")

        id = d.pop("id")

        name = d.pop("name")

        notes = d.pop("notes")

        product_category = d.pop("product_category")

        def _parse_unit(data: object) -> None | RaccUnit:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unit_type_1 = RaccUnit(data)

                return unit_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RaccUnit, data)

        unit = _parse_unit(d.pop("unit"))

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_measure(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        measure = _parse_measure(d.pop("measure", UNSET))

        racc_category = cls(
            citation=citation,
            confirmed=confirmed,
            id=id,
            name=name,
            notes=notes,
            product_category=product_category,
            unit=unit,
            value=value,
            measure=measure,
        )

        return racc_category
