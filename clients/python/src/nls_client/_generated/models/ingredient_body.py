from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ingredient_body_label_names_type_0 import IngredientBodyLabelNamesType0
    from ..models.ingredient_body_nutrients_per_100g_type_0 import IngredientBodyNutrientsPer100GType0


T = TypeVar("T", bound="IngredientBody")


@_attrs_define
class IngredientBody:
    """`POST /v1/ingredients` and `PUT /v1/ingredients/{id}`. `null` for an optional field
    clears it.

    A create needs `name` and `nutrients_per_100g`; an update is partial (`archived: true`
    archives, `false` restores).

        Attributes:
            allergens (list[str] | None | Unset): Allergen codes (`milk`, `eggs`, `fish`, `crustacean_shellfish`,
                `tree_nuts`,
                `peanuts`, `wheat`, `soy`, `sesame`, `gluten`, `celery`, `mustard`, `lupin`,
                `molluscs`, `sulphites`). Tree nuts, fish and Crustacean shellfish may name their
                species as `code:species`, e.g. `tree_nuts:almond` (21 U.S.C. 343(w)(2)).
            archived (bool | None | Unset):
            cost_per_unit (float | None | Unset):
            label_name (None | str | Unset):
            label_names (IngredientBodyLabelNamesType0 | None | Unset): Its names in other languages (ISO 639-1 → name);
                `null` or `{}` removes them.
            name (None | str | Unset):
            nutrients_per_100g (IngredientBodyNutrientsPer100GType0 | None | Unset): Numbers per 100 g keyed by label
                nutrient (`calories`, `total_fat_g`,
                `saturated_fat_g`, `sodium_mg`, `total_carbohydrate_g`, `protein_g`, ...).
            sub_ingredients (list[str] | None | Unset): Its own ingredients in descending order of weight, printed in
                parentheses after its
                name (21 CFR 101.4(b)(2)); at most 50, 1,000 characters together. `null` or `[]`
                removes them.
            unit (None | str | Unset): `g`, `kg`, `oz`, `lb`, `ml` or `l`.
    """

    allergens: list[str] | None | Unset = UNSET
    archived: bool | None | Unset = UNSET
    cost_per_unit: float | None | Unset = UNSET
    label_name: None | str | Unset = UNSET
    label_names: IngredientBodyLabelNamesType0 | None | Unset = UNSET
    name: None | str | Unset = UNSET
    nutrients_per_100g: IngredientBodyNutrientsPer100GType0 | None | Unset = UNSET
    sub_ingredients: list[str] | None | Unset = UNSET
    unit: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ingredient_body_label_names_type_0 import IngredientBodyLabelNamesType0  # noqa: PLC0415
        from ..models.ingredient_body_nutrients_per_100g_type_0 import IngredientBodyNutrientsPer100GType0  # noqa: PLC0415

        allergens: list[str] | None | Unset
        if isinstance(self.allergens, Unset):
            allergens = UNSET
        elif isinstance(self.allergens, list):
            allergens = self.allergens

        else:
            allergens = self.allergens

        archived: bool | None | Unset
        if isinstance(self.archived, Unset):
            archived = UNSET
        else:
            archived = self.archived

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
        elif isinstance(self.label_names, IngredientBodyLabelNamesType0):
            label_names = self.label_names.to_dict()
        else:
            label_names = self.label_names

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        nutrients_per_100g: dict[str, Any] | None | Unset
        if isinstance(self.nutrients_per_100g, Unset):
            nutrients_per_100g = UNSET
        elif isinstance(self.nutrients_per_100g, IngredientBodyNutrientsPer100GType0):
            nutrients_per_100g = self.nutrients_per_100g.to_dict()
        else:
            nutrients_per_100g = self.nutrients_per_100g

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
        else:
            unit = self.unit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if allergens is not UNSET:
            field_dict["allergens"] = allergens
        if archived is not UNSET:
            field_dict["archived"] = archived
        if cost_per_unit is not UNSET:
            field_dict["cost_per_unit"] = cost_per_unit
        if label_name is not UNSET:
            field_dict["label_name"] = label_name
        if label_names is not UNSET:
            field_dict["label_names"] = label_names
        if name is not UNSET:
            field_dict["name"] = name
        if nutrients_per_100g is not UNSET:
            field_dict["nutrients_per_100g"] = nutrients_per_100g
        if sub_ingredients is not UNSET:
            field_dict["sub_ingredients"] = sub_ingredients
        if unit is not UNSET:
            field_dict["unit"] = unit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ingredient_body_label_names_type_0 import IngredientBodyLabelNamesType0  # noqa: PLC0415
        from ..models.ingredient_body_nutrients_per_100g_type_0 import IngredientBodyNutrientsPer100GType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_allergens(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allergens_type_0 = cast(list[str], data)

                return allergens_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        allergens = _parse_allergens(d.pop("allergens", UNSET))

        def _parse_archived(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        archived = _parse_archived(d.pop("archived", UNSET))

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

        def _parse_label_names(data: object) -> IngredientBodyLabelNamesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_names_type_0 = IngredientBodyLabelNamesType0.from_dict(data)

                return label_names_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngredientBodyLabelNamesType0 | None | Unset, data)

        label_names = _parse_label_names(d.pop("label_names", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_nutrients_per_100g(data: object) -> IngredientBodyNutrientsPer100GType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                nutrients_per_100g_type_0 = IngredientBodyNutrientsPer100GType0.from_dict(data)

                return nutrients_per_100g_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngredientBodyNutrientsPer100GType0 | None | Unset, data)

        nutrients_per_100g = _parse_nutrients_per_100g(d.pop("nutrients_per_100g", UNSET))

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

        def _parse_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        unit = _parse_unit(d.pop("unit", UNSET))

        ingredient_body = cls(
            allergens=allergens,
            archived=archived,
            cost_per_unit=cost_per_unit,
            label_name=label_name,
            label_names=label_names,
            name=name,
            nutrients_per_100g=nutrients_per_100g,
            sub_ingredients=sub_ingredients,
            unit=unit,
        )

        ingredient_body.additional_properties = d
        return ingredient_body

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
