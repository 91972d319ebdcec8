from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ingredient_label_names import IngredientLabelNames
    from ..models.ingredient_nutrients_per_100g import IngredientNutrientsPer100G


T = TypeVar("T", bound="Ingredient")


@_attrs_define
class Ingredient:
    """An ingredient as the API returns it.

    Attributes:
        allergens (list[str]): Allergen codes, species as `code:species`.
        archived (bool):
        created_at (datetime.datetime):
        id (str):
        name (str):
        nutrients_per_100g (IngredientNutrientsPer100G): Numbers per 100 g keyed by label nutrient (`calories`,
            `total_fat_g`, `sodium_mg`,
            ...; the keys of the ingredient's create body).
        updated_at (datetime.datetime):
        version (int): Events in the ingredient's stream; 1 after create.
        cost_per_unit (float | None | Unset):
        label_name (None | str | Unset):
        label_names (IngredientLabelNames | Unset): Its names in other languages (ISO 639-1 → name); absent when none.
        sub_ingredients (list[str] | Unset): Its own ingredients, printed in parentheses after its name; absent when
            none.
        unit (None | str | Unset):
    """

    allergens: list[str]
    archived: bool
    created_at: datetime.datetime
    id: str
    name: str
    nutrients_per_100g: IngredientNutrientsPer100G
    updated_at: datetime.datetime
    version: int
    cost_per_unit: float | None | Unset = UNSET
    label_name: None | str | Unset = UNSET
    label_names: IngredientLabelNames | Unset = UNSET
    sub_ingredients: list[str] | Unset = UNSET
    unit: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allergens = self.allergens

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

        label_names: dict[str, Any] | Unset = UNSET
        if not isinstance(self.label_names, Unset):
            label_names = self.label_names.to_dict()

        sub_ingredients: list[str] | Unset = UNSET
        if not isinstance(self.sub_ingredients, Unset):
            sub_ingredients = self.sub_ingredients

        unit: None | str | Unset
        if isinstance(self.unit, Unset):
            unit = UNSET
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
        from ..models.ingredient_label_names import IngredientLabelNames  # noqa: PLC0415
        from ..models.ingredient_nutrients_per_100g import IngredientNutrientsPer100G  # noqa: PLC0415

        d = dict(src_dict)
        allergens = cast(list[str], d.pop("allergens"))

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

        _label_names = d.pop("label_names", UNSET)
        label_names: IngredientLabelNames | Unset
        if isinstance(_label_names, Unset):
            label_names = UNSET
        else:
            label_names = IngredientLabelNames.from_dict(_label_names)

        sub_ingredients = cast(list[str], d.pop("sub_ingredients", UNSET))

        def _parse_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

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
