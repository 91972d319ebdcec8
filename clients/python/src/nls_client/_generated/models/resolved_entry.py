from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.source import Source
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.resolved_entry_nutrients_type_0 import ResolvedEntryNutrientsType0


T = TypeVar("T", bound="ResolvedEntry")


@_attrs_define
class ResolvedEntry:
    """How one entry of an analysis resolved.

    Attributes:
        grams (float):
        ingredient_id (str):
        label_name (str):
        name (str):
        resolved_name (str): What the entry resolved to: the database food's description, or the custom
            ingredient's or sub-recipe's name.
        food (None | str | Unset): In an aggregate analysis (`us.aggr`): the food (column) the entry belongs to.
        nutrients (None | ResolvedEntryNutrientsType0 | Unset): The line's nutrient overrides per 100 g, when it has
            any.
        source (None | Source | Unset):
    """

    grams: float
    ingredient_id: str
    label_name: str
    name: str
    resolved_name: str
    food: None | str | Unset = UNSET
    nutrients: None | ResolvedEntryNutrientsType0 | Unset = UNSET
    source: None | Source | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.resolved_entry_nutrients_type_0 import ResolvedEntryNutrientsType0  # noqa: PLC0415

        grams = self.grams

        ingredient_id = self.ingredient_id

        label_name = self.label_name

        name = self.name

        resolved_name = self.resolved_name

        food: None | str | Unset
        if isinstance(self.food, Unset):
            food = UNSET
        else:
            food = self.food

        nutrients: dict[str, Any] | None | Unset
        if isinstance(self.nutrients, Unset):
            nutrients = UNSET
        elif isinstance(self.nutrients, ResolvedEntryNutrientsType0):
            nutrients = self.nutrients.to_dict()
        else:
            nutrients = self.nutrients

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        elif isinstance(self.source, Source):
            source = self.source.value
        else:
            source = self.source

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grams": grams,
                "ingredient_id": ingredient_id,
                "label_name": label_name,
                "name": name,
                "resolved_name": resolved_name,
            }
        )
        if food is not UNSET:
            field_dict["food"] = food
        if nutrients is not UNSET:
            field_dict["nutrients"] = nutrients
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.resolved_entry_nutrients_type_0 import ResolvedEntryNutrientsType0  # noqa: PLC0415

        d = dict(src_dict)
        grams = d.pop("grams")

        ingredient_id = d.pop("ingredient_id")

        label_name = d.pop("label_name")

        name = d.pop("name")

        resolved_name = d.pop("resolved_name")

        def _parse_food(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        food = _parse_food(d.pop("food", UNSET))

        def _parse_nutrients(data: object) -> None | ResolvedEntryNutrientsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                nutrients_type_0 = ResolvedEntryNutrientsType0.from_dict(data)

                return nutrients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResolvedEntryNutrientsType0 | Unset, data)

        nutrients = _parse_nutrients(d.pop("nutrients", UNSET))

        def _parse_source(data: object) -> None | Source | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_1 = Source(data)

                return source_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Source | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        resolved_entry = cls(
            grams=grams,
            ingredient_id=ingredient_id,
            label_name=label_name,
            name=name,
            resolved_name=resolved_name,
            food=food,
            nutrients=nutrients,
            source=source,
        )

        resolved_entry.additional_properties = d
        return resolved_entry

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
