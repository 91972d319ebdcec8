from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="IngredientEntryLabelNamesType0")


@_attrs_define
class IngredientEntryLabelNamesType0:
    """How the line reads in a statement in each language (ISO 639-1 → name, printed
    whole), for labels whose formats print that language (Reg. (EU) 1169/2011 Art. 15,
    18; 21 CFR 101.15(c)(2)). A language no format prints: 400 `validation_failed`.

    """

    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ingredient_entry_label_names_type_0 = cls()

        ingredient_entry_label_names_type_0.additional_properties = d
        return ingredient_entry_label_names_type_0

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
