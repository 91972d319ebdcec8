from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NutrientViewSourceKinds")


@_attrs_define
class NutrientViewSourceKinds:
    """Present where the format's terms say how far each word is sourced
    (reference/sources/LABEL_TERMS_SOURCES.md's kinds: official-text, official-copy,
    official-guidance, secondary, oss, oss-unattributed): language (ISO 639-1) → the
    kind of source of the nutrient's printed name. Anything but `official-text` is
    unconfirmed wording.

    """

    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nutrient_view_source_kinds = cls()

        nutrient_view_source_kinds.additional_properties = d
        return nutrient_view_source_kinds

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
