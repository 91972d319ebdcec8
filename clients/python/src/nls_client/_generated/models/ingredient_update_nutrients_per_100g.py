from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="IngredientUpdateNutrientsPer100G")


@_attrs_define
class IngredientUpdateNutrientsPer100G:
    """Numbers per 100 g keyed by label nutrient: `calories`, `total_fat_g`, `saturated_fat_g`, `trans_fat_g`,
    `cholesterol_mg`, `sodium_mg`, `total_carbohydrate_g`, `dietary_fiber_g`, `total_sugars_g`, `added_sugars_g`,
    `protein_g`, `vitamin_d_mcg`, `calcium_mg`, `iron_mg`, `potassium_mg`, `sugar_alcohols_g`, `polyols_g`, `alcohol_g`,
    `monounsaturated_fat_g`, `polyunsaturated_fat_g`, `soluble_fiber_g`, `insoluble_fiber_g`, `vitamin_a_mcg`,
    `vitamin_c_mg`, ...; the specific components of FSANZ Schedule 11 S11—2(3), each counted by its own energy factor
    and declared on ANZ panels from 5 g/100 g (Standard 1.2.8—6(9)): `d_allulose_g`, `erythritol_g`, `glycerol_g`,
    `isomalt_g`, `lactitol_g`, `maltitol_g`, `mannitol_g`, `organic_acids_g`, `polydextrose_g`, `sorbitol_g`,
    `d_tagatose_g`, `xylitol_g`.

    """

    additional_properties: dict[str, float] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ingredient_update_nutrients_per_100g = cls()

        ingredient_update_nutrients_per_100g.additional_properties = d
        return ingredient_update_nutrients_per_100g

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> float:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: float) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
