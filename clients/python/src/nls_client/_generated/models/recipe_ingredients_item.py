from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.recipe_ingredients_item_label_names import RecipeIngredientsItemLabelNames
    from ..models.recipe_ingredients_item_nutrients import RecipeIngredientsItemNutrients


T = TypeVar("T", bound="RecipeIngredientsItem")


@_attrs_define
class RecipeIngredientsItem:
    """
    Attributes:
        added_nutrients (list[str] | Unset): Nutrients added to it as a nutrient supplement; absent when none.
        grams (float | Unset):
        ingredient_id (None | str | Unset):
        label_name (None | str | Unset):
        label_names (RecipeIngredientsItemLabelNames | Unset): The line's own names by language; absent when none.
        name (None | str | Unset):
        nutrients (RecipeIngredientsItemNutrients | Unset): The line's nutrient overrides per 100 g; absent when none.
    """

    added_nutrients: list[str] | Unset = UNSET
    grams: float | Unset = UNSET
    ingredient_id: None | str | Unset = UNSET
    label_name: None | str | Unset = UNSET
    label_names: RecipeIngredientsItemLabelNames | Unset = UNSET
    name: None | str | Unset = UNSET
    nutrients: RecipeIngredientsItemNutrients | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        added_nutrients: list[str] | Unset = UNSET
        if not isinstance(self.added_nutrients, Unset):
            added_nutrients = self.added_nutrients

        grams = self.grams

        ingredient_id: None | str | Unset
        if isinstance(self.ingredient_id, Unset):
            ingredient_id = UNSET
        else:
            ingredient_id = self.ingredient_id

        label_name: None | str | Unset
        if isinstance(self.label_name, Unset):
            label_name = UNSET
        else:
            label_name = self.label_name

        label_names: dict[str, Any] | Unset = UNSET
        if not isinstance(self.label_names, Unset):
            label_names = self.label_names.to_dict()

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        nutrients: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nutrients, Unset):
            nutrients = self.nutrients.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if added_nutrients is not UNSET:
            field_dict["added_nutrients"] = added_nutrients
        if grams is not UNSET:
            field_dict["grams"] = grams
        if ingredient_id is not UNSET:
            field_dict["ingredient_id"] = ingredient_id
        if label_name is not UNSET:
            field_dict["label_name"] = label_name
        if label_names is not UNSET:
            field_dict["label_names"] = label_names
        if name is not UNSET:
            field_dict["name"] = name
        if nutrients is not UNSET:
            field_dict["nutrients"] = nutrients

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recipe_ingredients_item_label_names import RecipeIngredientsItemLabelNames  # noqa: PLC0415
        from ..models.recipe_ingredients_item_nutrients import RecipeIngredientsItemNutrients  # noqa: PLC0415

        d = dict(src_dict)
        added_nutrients = cast(list[str], d.pop("added_nutrients", UNSET))

        grams = d.pop("grams", UNSET)

        def _parse_ingredient_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ingredient_id = _parse_ingredient_id(d.pop("ingredient_id", UNSET))

        def _parse_label_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label_name = _parse_label_name(d.pop("label_name", UNSET))

        _label_names = d.pop("label_names", UNSET)
        label_names: RecipeIngredientsItemLabelNames | Unset
        if isinstance(_label_names, Unset):
            label_names = UNSET
        else:
            label_names = RecipeIngredientsItemLabelNames.from_dict(_label_names)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _nutrients = d.pop("nutrients", UNSET)
        nutrients: RecipeIngredientsItemNutrients | Unset
        if isinstance(_nutrients, Unset):
            nutrients = UNSET
        else:
            nutrients = RecipeIngredientsItemNutrients.from_dict(_nutrients)

        recipe_ingredients_item = cls(
            added_nutrients=added_nutrients,
            grams=grams,
            ingredient_id=ingredient_id,
            label_name=label_name,
            label_names=label_names,
            name=name,
            nutrients=nutrients,
        )

        recipe_ingredients_item.additional_properties = d
        return recipe_ingredients_item

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
