from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ingredient_allergens_item_type_0 import IngredientAllergensItemType0
from ..models.ingredient_unit_type_1 import IngredientUnitType1
from ..models.ingredient_unit_type_2_type_1 import IngredientUnitType2Type1
from ..models.ingredient_unit_type_3_type_1 import IngredientUnitType3Type1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ingredient_label_names_type_0 import IngredientLabelNamesType0
    from ..models.ingredient_nutrients_per_100g import IngredientNutrientsPer100G


T = TypeVar("T", bound="Ingredient")


@_attrs_define
class Ingredient:
    """
    Attributes:
        allergens (list[Any | IngredientAllergensItemType0]): Allergen codes. Tree nuts, fish and Crustacean shellfish
            may name their species as `code:species`, e.g. `tree_nuts:almond` (21 U.S.C. 343(w)(2)); US labels then name the
            species in the Contains statement ("Contains: Almonds") and `allergen_details`.
        archived (bool):
        created_at (datetime.datetime):
        id (str):
        name (str):
        nutrients_per_100g (IngredientNutrientsPer100G): Numbers per 100 g keyed by label nutrient: `calories`,
            `total_fat_g`, `saturated_fat_g`, `trans_fat_g`, `cholesterol_mg`, `sodium_mg`, `total_carbohydrate_g`,
            `dietary_fiber_g`, `total_sugars_g`, `added_sugars_g`, `protein_g`, `vitamin_d_mcg`, `calcium_mg`, `iron_mg`,
            `potassium_mg`, `sugar_alcohols_g`, `polyols_g`, `alcohol_g`, `monounsaturated_fat_g`, `polyunsaturated_fat_g`,
            `soluble_fiber_g`, `insoluble_fiber_g`, `vitamin_a_mcg`, `vitamin_c_mg`, ...; the specific components of FSANZ
            Schedule 11 S11—2(3), each counted by its own energy factor and declared on ANZ panels from 5 g/100 g (Standard
            1.2.8—6(9)): `d_allulose_g`, `erythritol_g`, `glycerol_g`, `isomalt_g`, `lactitol_g`, `maltitol_g`,
            `mannitol_g`, `organic_acids_g`, `polydextrose_g`, `sorbitol_g`, `d_tagatose_g`, `xylitol_g`.
        updated_at (datetime.datetime):
        version (int): Events in the resource's stream; 1 after create.
        cost_per_unit (float | None | Unset): `null` removes it.
        label_name (None | str | Unset): `null` removes it.
        label_names (IngredientLabelNamesType0 | None | Unset): How it reads in an ingredient statement in each language
            (ISO 639-1 code → name, printed whole: sub-ingredients are not added), for labels whose formats print that
            language (Reg. (EU) 1169/2011 Art. 15, 18; 21 CFR 101.15(c)(2)), e.g. `{"de": "Weizenmehl", "fr": "farine de
            blé"}`. `null` or `{}` removes them; absent from the representation when none. A language no format prints: 400
            `validation_failed`. Without one, a statement prints the line's `label_name` (or the food table's name and its
            reviewed names in `label_names` of `GET /v1/foods/{id}`); a name known to be in another language is listed in
            the label's `ingredient_names_not_in_language`.
        sub_ingredients (list[str] | None | Unset): Its own ingredients in descending order of weight, printed in
            parentheses after its name in a recipe's ingredient statement (21 CFR 101.4(b)(2)), e.g. `["sugar", "chocolate",
            "cocoa butter"]`; at most 50, 1,000 characters together. `null` or `[]` removes them; absent from the
            representation when none. Allergens inside them belong in `allergens`.
        unit (IngredientUnitType1 | IngredientUnitType2Type1 | IngredientUnitType3Type1 | None | Unset): `null` removes
            it.
    """

    allergens: list[Any | IngredientAllergensItemType0]
    archived: bool
    created_at: datetime.datetime
    id: str
    name: str
    nutrients_per_100g: IngredientNutrientsPer100G
    updated_at: datetime.datetime
    version: int
    cost_per_unit: float | None | Unset = UNSET
    label_name: None | str | Unset = UNSET
    label_names: IngredientLabelNamesType0 | None | Unset = UNSET
    sub_ingredients: list[str] | None | Unset = UNSET
    unit: IngredientUnitType1 | IngredientUnitType2Type1 | IngredientUnitType3Type1 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ingredient_label_names_type_0 import IngredientLabelNamesType0  # noqa: PLC0415

        allergens = []
        for allergens_item_data in self.allergens:
            allergens_item: Any | str
            if isinstance(allergens_item_data, IngredientAllergensItemType0):
                allergens_item = allergens_item_data.value
            else:
                allergens_item = allergens_item_data
            allergens.append(allergens_item)

        archived = self.archived

        created_at = self.created_at.isoformat()

        id = self.id

        name = self.name

        nutrients_per_100g = self.nutrients_per_100g.to_dict()

        updated_at = self.updated_at.isoformat()

        version = self.version

        cost_per_unit: float | None | Unset
        if isinstance(self.cost_per_unit, Unset):
            cost_per_unit = UNSET
        else:
            cost_per_unit = self.cost_per_unit

        label_name: None | str | Unset
        if isinstance(self.label_name, Unset):
            label_name = UNSET
        else:
            label_name = self.label_name

        label_names: dict[str, Any] | None | Unset
        if isinstance(self.label_names, Unset):
            label_names = UNSET
        elif isinstance(self.label_names, IngredientLabelNamesType0):
            label_names = self.label_names.to_dict()
        else:
            label_names = self.label_names

        sub_ingredients: list[str] | None | Unset
        if isinstance(self.sub_ingredients, Unset):
            sub_ingredients = UNSET
        elif isinstance(self.sub_ingredients, list):
            sub_ingredients = self.sub_ingredients

        else:
            sub_ingredients = self.sub_ingredients

        unit: None | str | Unset
        if isinstance(self.unit, Unset):
            unit = UNSET
        elif isinstance(self.unit, IngredientUnitType1):
            unit = self.unit.value
        elif isinstance(self.unit, IngredientUnitType2Type1):
            unit = self.unit.value
        elif isinstance(self.unit, IngredientUnitType3Type1):
            unit = self.unit.value
        else:
            unit = self.unit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allergens": allergens,
                "archived": archived,
                "created_at": created_at,
                "id": id,
                "name": name,
                "nutrients_per_100g": nutrients_per_100g,
                "updated_at": updated_at,
                "version": version,
            }
        )
        if cost_per_unit is not UNSET:
            field_dict["cost_per_unit"] = cost_per_unit
        if label_name is not UNSET:
            field_dict["label_name"] = label_name
        if label_names is not UNSET:
            field_dict["label_names"] = label_names
        if sub_ingredients is not UNSET:
            field_dict["sub_ingredients"] = sub_ingredients
        if unit is not UNSET:
            field_dict["unit"] = unit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ingredient_label_names_type_0 import IngredientLabelNamesType0  # noqa: PLC0415
        from ..models.ingredient_nutrients_per_100g import IngredientNutrientsPer100G  # noqa: PLC0415

        d = dict(src_dict)
        allergens = []
        _allergens = d.pop("allergens")
        for allergens_item_data in _allergens:

            def _parse_allergens_item(data: object) -> Any | IngredientAllergensItemType0:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    allergens_item_type_0 = IngredientAllergensItemType0(data)

                    return allergens_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(Any | IngredientAllergensItemType0, data)

            allergens_item = _parse_allergens_item(allergens_item_data)

            allergens.append(allergens_item)

        archived = d.pop("archived")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        name = d.pop("name")

        nutrients_per_100g = IngredientNutrientsPer100G.from_dict(d.pop("nutrients_per_100g"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        def _parse_cost_per_unit(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        cost_per_unit = _parse_cost_per_unit(d.pop("cost_per_unit", UNSET))

        def _parse_label_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label_name = _parse_label_name(d.pop("label_name", UNSET))

        def _parse_label_names(data: object) -> IngredientLabelNamesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_names_type_0 = IngredientLabelNamesType0.from_dict(data)

                return label_names_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngredientLabelNamesType0 | None | Unset, data)

        label_names = _parse_label_names(d.pop("label_names", UNSET))

        def _parse_sub_ingredients(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sub_ingredients_type_0 = cast(list[str], data)

                return sub_ingredients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        sub_ingredients = _parse_sub_ingredients(d.pop("sub_ingredients", UNSET))

        def _parse_unit(
            data: object,
        ) -> IngredientUnitType1 | IngredientUnitType2Type1 | IngredientUnitType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unit_type_1 = IngredientUnitType1(data)

                return unit_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unit_type_2_type_1 = IngredientUnitType2Type1(data)

                return unit_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unit_type_3_type_1 = IngredientUnitType3Type1(data)

                return unit_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngredientUnitType1 | IngredientUnitType2Type1 | IngredientUnitType3Type1 | None | Unset, data)

        unit = _parse_unit(d.pop("unit", UNSET))

        ingredient = cls(
            allergens=allergens,
            archived=archived,
            created_at=created_at,
            id=id,
            name=name,
            nutrients_per_100g=nutrients_per_100g,
            updated_at=updated_at,
            version=version,
            cost_per_unit=cost_per_unit,
            label_name=label_name,
            label_names=label_names,
            sub_ingredients=sub_ingredients,
            unit=unit,
        )

        ingredient.additional_properties = d
        return ingredient

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
