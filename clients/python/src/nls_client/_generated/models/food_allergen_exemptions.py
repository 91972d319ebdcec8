from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FoodAllergenExemptions")


@_attrs_define
class FoodAllergenExemptions:
    """Allergens of `allergens` that some regimes exempt in this form, with the exemption
    ids (`{"peanuts": ["highly_refined_oil"]}`): refined peanut oil declares no allergen
    on US labels (21 U.S.C. 321(qq)(2)(A)) but peanuts on EU ones (1169/2011 Annex II has
    no exemption for it); fully refined soybean oil none on either (Annex II point 6(a)).
    Absent when none.

    """

    additional_properties: dict[str, list[str]] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        food_allergen_exemptions = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = cast(list[str], prop_dict)

            additional_properties[prop_name] = additional_property

        food_allergen_exemptions.additional_properties = additional_properties
        return food_allergen_exemptions

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> list[str]:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: list[str]) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
