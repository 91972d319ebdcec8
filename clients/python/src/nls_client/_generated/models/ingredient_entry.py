from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ingredient_entry_label_names_type_0 import IngredientEntryLabelNamesType0
    from ..models.ingredient_entry_nutrients_type_0 import IngredientEntryNutrientsType0


T = TypeVar("T", bound="IngredientEntry")


@_attrs_define
class IngredientEntry:
    """One recipe entry as sent: either `ingredient_id` (`fooddb:<id>`, `ing_...` or a
    sub-recipe `rcp_...`) or `name` (matched against the account's ingredients, then the
    food database).

        Attributes:
            grams (float): At least 0.001 (smaller: 400 `validation_failed`, too small).
            added_nutrients (list[str] | None | Unset): Nutrient keys added to this line's ingredient as a nutrient
                supplement
                (fortification): a US label then declares each (21 CFR 101.9(c)(8)(ii)).
            ingredient_id (None | str | Unset):
            label_name (None | str | Unset): How it reads in the ingredient statement, printed verbatim (it replaces the
                ingredient's name and its sub-ingredients).
            label_names (IngredientEntryLabelNamesType0 | None | Unset): How the line reads in a statement in each language
                (ISO 639-1 → name, printed
                whole), for labels whose formats print that language (Reg. (EU) 1169/2011 Art. 15,
                18; 21 CFR 101.15(c)(2)). A language no format prints: 400 `validation_failed`.
            name (None | str | Unset):
            nutrients (IngredientEntryNutrientsType0 | None | Unset): Amounts per 100 g overriding (or completing) the
                ingredient's data for this line,
                keyed like `nutrients_per_100g`. Unknown key: 400 `unknown_field`.
            resolved_name (None | str | Unset): Read-only in representations; accepted so a representation can be sent back.
    """

    grams: float
    added_nutrients: list[str] | None | Unset = UNSET
    ingredient_id: None | str | Unset = UNSET
    label_name: None | str | Unset = UNSET
    label_names: IngredientEntryLabelNamesType0 | None | Unset = UNSET
    name: None | str | Unset = UNSET
    nutrients: IngredientEntryNutrientsType0 | None | Unset = UNSET
    resolved_name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.ingredient_entry_label_names_type_0 import IngredientEntryLabelNamesType0  # noqa: PLC0415
        from ..models.ingredient_entry_nutrients_type_0 import IngredientEntryNutrientsType0  # noqa: PLC0415

        grams = self.grams

        added_nutrients: list[str] | None | Unset
        if isinstance(self.added_nutrients, Unset):
            added_nutrients = UNSET
        elif isinstance(self.added_nutrients, list):
            added_nutrients = self.added_nutrients

        else:
            added_nutrients = self.added_nutrients

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

        label_names: dict[str, Any] | None | Unset
        if isinstance(self.label_names, Unset):
            label_names = UNSET
        elif isinstance(self.label_names, IngredientEntryLabelNamesType0):
            label_names = self.label_names.to_dict()
        else:
            label_names = self.label_names

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        nutrients: dict[str, Any] | None | Unset
        if isinstance(self.nutrients, Unset):
            nutrients = UNSET
        elif isinstance(self.nutrients, IngredientEntryNutrientsType0):
            nutrients = self.nutrients.to_dict()
        else:
            nutrients = self.nutrients

        resolved_name: None | str | Unset
        if isinstance(self.resolved_name, Unset):
            resolved_name = UNSET
        else:
            resolved_name = self.resolved_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "grams": grams,
            }
        )
        if added_nutrients is not UNSET:
            field_dict["added_nutrients"] = added_nutrients
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
        if resolved_name is not UNSET:
            field_dict["resolved_name"] = resolved_name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ingredient_entry_label_names_type_0 import IngredientEntryLabelNamesType0  # noqa: PLC0415
        from ..models.ingredient_entry_nutrients_type_0 import IngredientEntryNutrientsType0  # noqa: PLC0415

        d = dict(src_dict)
        grams = d.pop("grams")

        def _parse_added_nutrients(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                added_nutrients_type_0 = cast(list[str], data)

                return added_nutrients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        added_nutrients = _parse_added_nutrients(d.pop("added_nutrients", UNSET))

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

        def _parse_label_names(data: object) -> IngredientEntryLabelNamesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_names_type_0 = IngredientEntryLabelNamesType0.from_dict(data)

                return label_names_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngredientEntryLabelNamesType0 | None | Unset, data)

        label_names = _parse_label_names(d.pop("label_names", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_nutrients(data: object) -> IngredientEntryNutrientsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                nutrients_type_0 = IngredientEntryNutrientsType0.from_dict(data)

                return nutrients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IngredientEntryNutrientsType0 | None | Unset, data)

        nutrients = _parse_nutrients(d.pop("nutrients", UNSET))

        def _parse_resolved_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        resolved_name = _parse_resolved_name(d.pop("resolved_name", UNSET))

        ingredient_entry = cls(
            grams=grams,
            added_nutrients=added_nutrients,
            ingredient_id=ingredient_id,
            label_name=label_name,
            label_names=label_names,
            name=name,
            nutrients=nutrients,
            resolved_name=resolved_name,
        )

        return ingredient_entry
