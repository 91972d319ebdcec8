from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ingredient_entry import IngredientEntry


T = TypeVar("T", bound="AnalysisRequestFoodsItem")


@_attrs_define
class AnalysisRequestFoodsItem:
    """A stored recipe by `recipe_id` (its fields are the recipe's; `name` may replace the head), or `name`, `servings` and
    `ingredients` like a recipe.

        Attributes:
            ingredients (list[IngredientEntry] | Unset):
            name (str | Unset): Printed as the column's head.
            recipe_id (str | Unset): A recipe of the account (unknown: 400 `validation_failed` on `foods[i].recipe_id`).
            serving_size_text (str | Unset):
            serving_weight_g (float | Unset):
            servings (float | Unset):
    """

    ingredients: list[IngredientEntry] | Unset = UNSET
    name: str | Unset = UNSET
    recipe_id: str | Unset = UNSET
    serving_size_text: str | Unset = UNSET
    serving_weight_g: float | Unset = UNSET
    servings: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ingredients: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ingredients, Unset):
            ingredients = []
            for ingredients_item_data in self.ingredients:
                ingredients_item = ingredients_item_data.to_dict()
                ingredients.append(ingredients_item)

        name = self.name

        recipe_id = self.recipe_id

        serving_size_text = self.serving_size_text

        serving_weight_g = self.serving_weight_g

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
        _ingredients = d.pop("ingredients", UNSET)
        ingredients: list[IngredientEntry] | Unset = UNSET
        if _ingredients is not UNSET:
            ingredients = []
            for ingredients_item_data in _ingredients:
                ingredients_item = IngredientEntry.from_dict(ingredients_item_data)

                ingredients.append(ingredients_item)

        name = d.pop("name", UNSET)

        recipe_id = d.pop("recipe_id", UNSET)

        serving_size_text = d.pop("serving_size_text", UNSET)

        serving_weight_g = d.pop("serving_weight_g", UNSET)

        servings = d.pop("servings", UNSET)

        analysis_request_foods_item = cls(
            ingredients=ingredients,
            name=name,
            recipe_id=recipe_id,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            servings=servings,
        )

        return analysis_request_foods_item
