from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.racc_category_list_data_item_unit_type_1 import RaccCategoryListDataItemUnitType1
from ..models.racc_category_list_data_item_unit_type_2_type_1 import RaccCategoryListDataItemUnitType2Type1
from ..models.racc_category_list_data_item_unit_type_3_type_1 import RaccCategoryListDataItemUnitType3Type1
from ..types import UNSET, Unset

T = TypeVar("T", bound="RaccCategoryListDataItem")


@_attrs_define
class RaccCategoryListDataItem:
    """
    Attributes:
        citation (str):
        confirmed (bool):
        id (str):
        name (str): The table's wording of the row.
        notes (str):
        product_category (str):
        unit (None | RaccCategoryListDataItemUnitType1 | RaccCategoryListDataItemUnitType2Type1 |
            RaccCategoryListDataItemUnitType3Type1):
        value (float | None): The reference amount, in `unit`; null where the table gives a household measure.
        measure (str | Unset): The household measure the table gives instead of a weight (`1 tbsp`).
    """

    citation: str
    confirmed: bool
    id: str
    name: str
    notes: str
    product_category: str
    unit: (
        None
        | RaccCategoryListDataItemUnitType1
        | RaccCategoryListDataItemUnitType2Type1
        | RaccCategoryListDataItemUnitType3Type1
    )
    value: float | None
    measure: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        citation = self.citation

        confirmed = self.confirmed

        id = self.id

        name = self.name

        notes = self.notes

        product_category = self.product_category

        unit: None | str
        if isinstance(self.unit, RaccCategoryListDataItemUnitType1):
            unit = self.unit.value
        elif isinstance(self.unit, RaccCategoryListDataItemUnitType2Type1):
            unit = self.unit.value
        elif isinstance(self.unit, RaccCategoryListDataItemUnitType3Type1):
            unit = self.unit.value
        else:
            unit = self.unit

        value: float | None
        value = self.value

        measure = self.measure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        def _parse_unit(
            data: object,
        ) -> (
            None
            | RaccCategoryListDataItemUnitType1
            | RaccCategoryListDataItemUnitType2Type1
            | RaccCategoryListDataItemUnitType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unit_type_1 = RaccCategoryListDataItemUnitType1(data)

                return unit_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unit_type_2_type_1 = RaccCategoryListDataItemUnitType2Type1(data)

                return unit_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unit_type_3_type_1 = RaccCategoryListDataItemUnitType3Type1(data)

                return unit_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | RaccCategoryListDataItemUnitType1
                | RaccCategoryListDataItemUnitType2Type1
                | RaccCategoryListDataItemUnitType3Type1,
                data,
            )

        unit = _parse_unit(d.pop("unit"))

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        measure = d.pop("measure", UNSET)

        racc_category_list_data_item = cls(
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

        racc_category_list_data_item.additional_properties = d
        return racc_category_list_data_item

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
