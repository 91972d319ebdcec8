from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ingredient_entry import IngredientEntry


T = TypeVar("T", bound="PreparedBody")


@_attrs_define
class PreparedBody:
    """`prepared`: what preparing the whole recipe adds (milk and eggs for a mix), as entries
    like the recipe's own `ingredients`.

        Attributes:
            ingredients (list[IngredientEntry]):
    """

    ingredients: list[IngredientEntry]

    def to_dict(self) -> dict[str, Any]:
        ingredients = []
        for ingredients_item_data in self.ingredients:
            ingredients_item = ingredients_item_data.to_dict()
            ingredients.append(ingredients_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ingredients": ingredients,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ingredient_entry import IngredientEntry  # noqa: PLC0415

        d = dict(src_dict)
        ingredients = []
        _ingredients = d.pop("ingredients")
        for ingredients_item_data in _ingredients:
            ingredients_item = IngredientEntry.from_dict(ingredients_item_data)

            ingredients.append(ingredients_item)

        prepared_body = cls(
            ingredients=ingredients,
        )

        return prepared_body
