from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ingredient_entry_label_names import IngredientEntryLabelNames
    from ..models.ingredient_entry_nutrients import IngredientEntryNutrients


T = TypeVar("T", bound="IngredientEntry")


@_attrs_define
class IngredientEntry:
    """Either `ingredient_id` (`fooddb:<id>`, `ing_...` or a sub-recipe `rcp_...`) or `name` (matched against the account's
    ingredients, then the food database).

        Attributes:
            grams (float): At least 0.001 (smaller: 400 `validation_failed`, too small).
            added_nutrients (list[str] | Unset): Nutrient keys (as in `nutrients_per_100g`) added to this ingredient as a
                nutrient supplement (fortification). A US label then declares each of them (21 CFR 101.9(c)(8)(ii)) and its
                `voluntary` says why. Unknown key: 400 `validation_failed`.
            ingredient_id (str | Unset):
            label_name (str | Unset): How it reads in the ingredient statement, printed verbatim (it replaces the
                ingredient's name and its sub-ingredients).
            label_names (IngredientEntryLabelNames | Unset): How it reads in an ingredient statement in each language (ISO
                639-1 code → name, printed whole: sub-ingredients are not added), for labels whose formats print that language
                (Reg. (EU) 1169/2011 Art. 15, 18; 21 CFR 101.15(c)(2)), e.g. `{"de": "Weizenmehl", "fr": "farine de blé"}`. A
                language no format prints: 400 `validation_failed`. Without one, a statement prints the line's `label_name` (or
                the food table's name and its reviewed names in `label_names` of `GET /v1/foods/{id}`); a name known to be in
                another language is listed in the label's `ingredient_names_not_in_language`.
            name (str | Unset):
            nutrients (IngredientEntryNutrients | Unset): Amounts per 100 g of this ingredient that override (or complete)
                its data for this line, keyed like `nutrients_per_100g`, e.g. `{"added_sugars_g": 3, "trans_fat_g": 0}` where
                the food table lacks them. Unknown key: 400 `unknown_field`.
    """

    grams: float
    added_nutrients: list[str] | Unset = UNSET
    ingredient_id: str | Unset = UNSET
    label_name: str | Unset = UNSET
    label_names: IngredientEntryLabelNames | Unset = UNSET
    name: str | Unset = UNSET
    nutrients: IngredientEntryNutrients | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        grams = self.grams

        added_nutrients: list[str] | Unset = UNSET
        if not isinstance(self.added_nutrients, Unset):
            added_nutrients = self.added_nutrients

        ingredient_id = self.ingredient_id

        label_name = self.label_name

        label_names: dict[str, Any] | Unset = UNSET
        if not isinstance(self.label_names, Unset):
            label_names = self.label_names.to_dict()

        name = self.name

        nutrients: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nutrients, Unset):
            nutrients = self.nutrients.to_dict()

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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ingredient_entry_label_names import IngredientEntryLabelNames  # noqa: PLC0415
        from ..models.ingredient_entry_nutrients import IngredientEntryNutrients  # noqa: PLC0415

        d = dict(src_dict)
        grams = d.pop("grams")

        added_nutrients = cast(list[str], d.pop("added_nutrients", UNSET))

        ingredient_id = d.pop("ingredient_id", UNSET)

        label_name = d.pop("label_name", UNSET)

        _label_names = d.pop("label_names", UNSET)
        label_names: IngredientEntryLabelNames | Unset
        if isinstance(_label_names, Unset):
            label_names = UNSET
        else:
            label_names = IngredientEntryLabelNames.from_dict(_label_names)

        name = d.pop("name", UNSET)

        _nutrients = d.pop("nutrients", UNSET)
        nutrients: IngredientEntryNutrients | Unset
        if isinstance(_nutrients, Unset):
            nutrients = UNSET
        else:
            nutrients = IngredientEntryNutrients.from_dict(_nutrients)

        ingredient_entry = cls(
            grams=grams,
            added_nutrients=added_nutrients,
            ingredient_id=ingredient_id,
            label_name=label_name,
            label_names=label_names,
            name=name,
            nutrients=nutrients,
        )

        return ingredient_entry
