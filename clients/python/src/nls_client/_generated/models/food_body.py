from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ingredient_entry import IngredientEntry


T = TypeVar("T", bound="FoodBody")


@_attrs_define
class FoodBody:
    """One food of a variety pack: a stored recipe by `recipe_id` (its `name` may be given to
    head the column), or a recipe's fields.

        Attributes:
            ingredients (list[IngredientEntry] | None | Unset):
            name (None | str | Unset):
            recipe_id (None | str | Unset):
            serving_size_text (None | str | Unset):
            serving_weight_g (float | None | Unset):
            servings (float | None | Unset):
    """

    ingredients: list[IngredientEntry] | None | Unset = UNSET
    name: None | str | Unset = UNSET
    recipe_id: None | str | Unset = UNSET
    serving_size_text: None | str | Unset = UNSET
    serving_weight_g: float | None | Unset = UNSET
    servings: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ingredients: list[dict[str, Any]] | None | Unset
        if isinstance(self.ingredients, Unset):
            ingredients = UNSET
        elif isinstance(self.ingredients, list):
            ingredients = []
            for ingredients_type_0_item_data in self.ingredients:
                ingredients_type_0_item = ingredients_type_0_item_data.to_dict()
                ingredients.append(ingredients_type_0_item)

        else:
            ingredients = self.ingredients

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        recipe_id: None | str | Unset
        if isinstance(self.recipe_id, Unset):
            recipe_id = UNSET
        else:
            recipe_id = self.recipe_id

        serving_size_text: None | str | Unset
        if isinstance(self.serving_size_text, Unset):
            serving_size_text = UNSET
        else:
            serving_size_text = self.serving_size_text

        serving_weight_g: float | None | Unset
        if isinstance(self.serving_weight_g, Unset):
            serving_weight_g = UNSET
        else:
            serving_weight_g = self.serving_weight_g

        servings: float | None | Unset
        if isinstance(self.servings, Unset):
            servings = UNSET
        else:
            servings = self.servings

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ingredients is not UNSET:
            field_dict["ingredients"] = ingredients
        if name is not UNSET:
            field_dict["name"] = name
        if recipe_id is not UNSET:
            field_dict["recipe_id"] = recipe_id
        if serving_size_text is not UNSET:
            field_dict["serving_size_text"] = serving_size_text
        if serving_weight_g is not UNSET:
            field_dict["serving_weight_g"] = serving_weight_g
        if servings is not UNSET:
            field_dict["servings"] = servings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ingredient_entry import IngredientEntry  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_ingredients(data: object) -> list[IngredientEntry] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ingredients_type_0 = []
                _ingredients_type_0 = data
                for ingredients_type_0_item_data in _ingredients_type_0:
                    ingredients_type_0_item = IngredientEntry.from_dict(ingredients_type_0_item_data)

                    ingredients_type_0.append(ingredients_type_0_item)

                return ingredients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[IngredientEntry] | None | Unset, data)

        ingredients = _parse_ingredients(d.pop("ingredients", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_recipe_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recipe_id = _parse_recipe_id(d.pop("recipe_id", UNSET))

        def _parse_serving_size_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        serving_size_text = _parse_serving_size_text(d.pop("serving_size_text", UNSET))

        def _parse_serving_weight_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        serving_weight_g = _parse_serving_weight_g(d.pop("serving_weight_g", UNSET))

        def _parse_servings(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        servings = _parse_servings(d.pop("servings", UNSET))

        food_body = cls(
            ingredients=ingredients,
            name=name,
            recipe_id=recipe_id,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            servings=servings,
        )

        return food_body
