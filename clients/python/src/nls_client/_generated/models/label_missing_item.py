from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LabelMissingItem")


@_attrs_define
class LabelMissingItem:
    """
    Attributes:
        ingredients (list[str]):
        nutrient (str):
        more_ingredients (int | Unset):
    """

    ingredients: list[str]
    nutrient: str
    more_ingredients: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ingredients = self.ingredients

        nutrient = self.nutrient

        more_ingredients = self.more_ingredients

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ingredients": ingredients,
                "nutrient": nutrient,
            }
        )
        if more_ingredients is not UNSET:
            field_dict["more_ingredients"] = more_ingredients

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ingredients = cast(list[str], d.pop("ingredients"))

        nutrient = d.pop("nutrient")

        more_ingredients = d.pop("more_ingredients", UNSET)

        label_missing_item = cls(
            ingredients=ingredients,
            nutrient=nutrient,
            more_ingredients=more_ingredients,
        )

        label_missing_item.additional_properties = d
        return label_missing_item

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
