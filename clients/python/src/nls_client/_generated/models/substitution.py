from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Substitution")


@_attrs_define
class Substitution:
    """A line replaced by a substitute.

    Attributes:
        grams (float):
        index (int): Index in the recipe's `ingredients`.
        ingredient (str): The substitute's ingredient id.
        replaces (str): The ingredient id the line held.
    """

    grams: float
    index: int
    ingredient: str
    replaces: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grams = self.grams

        index = self.index

        ingredient = self.ingredient

        replaces = self.replaces

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grams": grams,
                "index": index,
                "ingredient": ingredient,
                "replaces": replaces,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grams = d.pop("grams")

        index = d.pop("index")

        ingredient = d.pop("ingredient")

        replaces = d.pop("replaces")

        substitution = cls(
            grams=grams,
            index=index,
            ingredient=ingredient,
            replaces=replaces,
        )

        substitution.additional_properties = d
        return substitution

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
