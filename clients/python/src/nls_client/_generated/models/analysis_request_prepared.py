from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ingredient_entry import IngredientEntry


T = TypeVar("T", bound="AnalysisRequestPrepared")


@_attrs_define
class AnalysisRequestPrepared:
    """What preparing the whole recipe adds (milk and eggs for a mix), for `us.v.dual-prep` (as packaged / as prepared, 21
    CFR 101.9(e)): the as-prepared column is one packaged serving plus its share of these. Required by that format;
    refused (400 `validation_failed`) with any other. Not part of the ingredient statement.

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

        analysis_request_prepared = cls(
            ingredients=ingredients,
        )

        return analysis_request_prepared
