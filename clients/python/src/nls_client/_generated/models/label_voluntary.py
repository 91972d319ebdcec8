from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.label_voluntary_additional_property import LabelVoluntaryAdditionalProperty

T = TypeVar("T", bound="LabelVoluntary")


@_attrs_define
class LabelVoluntary:
    """Present only when a voluntary row is declared: why each is there, by row key: `requested` (the recipe's or
    analysis's `voluntary_nutrients`) or `added_as_nutrient_supplement` (a line's `added_nutrients`).

    """

    additional_properties: dict[str, LabelVoluntaryAdditionalProperty] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        label_voluntary = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = LabelVoluntaryAdditionalProperty(prop_dict)

            additional_properties[prop_name] = additional_property

        label_voluntary.additional_properties = additional_properties
        return label_voluntary

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> LabelVoluntaryAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: LabelVoluntaryAdditionalProperty) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
