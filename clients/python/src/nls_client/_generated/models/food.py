from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.food_allergen_details import FoodAllergenDetails
    from ..models.food_allergen_exemptions import FoodAllergenExemptions
    from ..models.food_label_names import FoodLabelNames
    from ..models.food_nutrients_per_100g import FoodNutrientsPer100G


T = TypeVar("T", bound="Food")


@_attrs_define
class Food:
    """
    Attributes:
        description (str):
        id (str):
        nutrients_per_100g (FoodNutrientsPer100G): Per 100 g; a nutrient the data lacks is absent (unknown), never 0.
        allergen_details (FoodAllergenDetails | Unset): Present only when non-empty: species of the food's tree nuts,
            fish and Crustacean shellfish named by its description, e.g. `{"tree_nuts": ["almonds"]}`.
        allergen_exemptions (FoodAllergenExemptions | Unset): Allergens of `allergens` that some regimes exempt in this
            form, with the exemption ids (`{"peanuts": ["highly_refined_oil"]}`): refined peanut oil declares no allergen on
            US labels (21 U.S.C. 321(qq)(2)(A)) but peanuts on EU ones (1169/2011 Annex II has no exemption for it); fully
            refined soybean oil none on either (Annex II point 6(a)). Absent when none.
        allergens (list[str] | Unset):
        fdc_id (int | None | Unset):
        food_group (None | str | Unset):
        label_name (str | Unset):
        label_names (FoodLabelNames | Unset): Present for the foods people use most: the food's name in other languages
            (ISO 639-1 → name, whole, with its sub-ingredients where it has any), which statements in those languages print.
            NLS's own translations, not yet reviewed by a native-speaking food-labelling expert: check each against the
            product's customary name in its market.
        score (float | Unset): Match quality (search results only).
        sub_ingredients (list[str] | Unset): Present for multi-component foods (enriched flour, bread, pasta, cheddar,
            mayonnaise, catsup, chocolate, soy sauce, baking powder): their ingredients, printed in parentheses after the
            food's name (21 CFR 101.4(b)(2)), from the standard of identity in `sub_ingredients_citation`.
        sub_ingredients_citation (str | Unset):
        sub_ingredients_to_confirm (bool | Unset): `true`: the list is the standard's mandatory ingredients, not a
            brand's; labels using the food carry the warning `confirm_sub_ingredients`.
    """

    description: str
    id: str
    nutrients_per_100g: FoodNutrientsPer100G
    allergen_details: FoodAllergenDetails | Unset = UNSET
    allergen_exemptions: FoodAllergenExemptions | Unset = UNSET
    allergens: list[str] | Unset = UNSET
    fdc_id: int | None | Unset = UNSET
    food_group: None | str | Unset = UNSET
    label_name: str | Unset = UNSET
    label_names: FoodLabelNames | Unset = UNSET
    score: float | Unset = UNSET
    sub_ingredients: list[str] | Unset = UNSET
    sub_ingredients_citation: str | Unset = UNSET
    sub_ingredients_to_confirm: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        id = self.id

        nutrients_per_100g = self.nutrients_per_100g.to_dict()

        allergen_details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.allergen_details, Unset):
            allergen_details = self.allergen_details.to_dict()

        allergen_exemptions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.allergen_exemptions, Unset):
            allergen_exemptions = self.allergen_exemptions.to_dict()

        allergens: list[str] | Unset = UNSET
        if not isinstance(self.allergens, Unset):
            allergens = self.allergens

        fdc_id: int | None | Unset
        if isinstance(self.fdc_id, Unset):
            fdc_id = UNSET
        else:
            fdc_id = self.fdc_id

        food_group: None | str | Unset
        if isinstance(self.food_group, Unset):
            food_group = UNSET
        else:
            food_group = self.food_group

        label_name = self.label_name

        label_names: dict[str, Any] | Unset = UNSET
        if not isinstance(self.label_names, Unset):
            label_names = self.label_names.to_dict()

        score = self.score

        sub_ingredients: list[str] | Unset = UNSET
        if not isinstance(self.sub_ingredients, Unset):
            sub_ingredients = self.sub_ingredients

        sub_ingredients_citation = self.sub_ingredients_citation

        sub_ingredients_to_confirm = self.sub_ingredients_to_confirm

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "description": description,
                "id": id,
                "nutrients_per_100g": nutrients_per_100g,
            }
        )
        if allergen_details is not UNSET:
            field_dict["allergen_details"] = allergen_details
        if allergen_exemptions is not UNSET:
            field_dict["allergen_exemptions"] = allergen_exemptions
        if allergens is not UNSET:
            field_dict["allergens"] = allergens
        if fdc_id is not UNSET:
            field_dict["fdc_id"] = fdc_id
        if food_group is not UNSET:
            field_dict["food_group"] = food_group
        if label_name is not UNSET:
            field_dict["label_name"] = label_name
        if label_names is not UNSET:
            field_dict["label_names"] = label_names
        if score is not UNSET:
            field_dict["score"] = score
        if sub_ingredients is not UNSET:
            field_dict["sub_ingredients"] = sub_ingredients
        if sub_ingredients_citation is not UNSET:
            field_dict["sub_ingredients_citation"] = sub_ingredients_citation
        if sub_ingredients_to_confirm is not UNSET:
            field_dict["sub_ingredients_to_confirm"] = sub_ingredients_to_confirm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.food_allergen_details import FoodAllergenDetails  # noqa: PLC0415
        from ..models.food_allergen_exemptions import FoodAllergenExemptions  # noqa: PLC0415
        from ..models.food_label_names import FoodLabelNames  # noqa: PLC0415
        from ..models.food_nutrients_per_100g import FoodNutrientsPer100G  # noqa: PLC0415

        d = dict(src_dict)
        description = d.pop("description")

        id = d.pop("id")

        nutrients_per_100g = FoodNutrientsPer100G.from_dict(d.pop("nutrients_per_100g"))

        _allergen_details = d.pop("allergen_details", UNSET)
        allergen_details: FoodAllergenDetails | Unset
        if isinstance(_allergen_details, Unset):
            allergen_details = UNSET
        else:
            allergen_details = FoodAllergenDetails.from_dict(_allergen_details)

        _allergen_exemptions = d.pop("allergen_exemptions", UNSET)
        allergen_exemptions: FoodAllergenExemptions | Unset
        if isinstance(_allergen_exemptions, Unset):
            allergen_exemptions = UNSET
        else:
            allergen_exemptions = FoodAllergenExemptions.from_dict(_allergen_exemptions)

        allergens = cast(list[str], d.pop("allergens", UNSET))

        def _parse_fdc_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        fdc_id = _parse_fdc_id(d.pop("fdc_id", UNSET))

        def _parse_food_group(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        food_group = _parse_food_group(d.pop("food_group", UNSET))

        label_name = d.pop("label_name", UNSET)

        _label_names = d.pop("label_names", UNSET)
        label_names: FoodLabelNames | Unset
        if isinstance(_label_names, Unset):
            label_names = UNSET
        else:
            label_names = FoodLabelNames.from_dict(_label_names)

        score = d.pop("score", UNSET)

        sub_ingredients = cast(list[str], d.pop("sub_ingredients", UNSET))

        sub_ingredients_citation = d.pop("sub_ingredients_citation", UNSET)

        sub_ingredients_to_confirm = d.pop("sub_ingredients_to_confirm", UNSET)

        food = cls(
            description=description,
            id=id,
            nutrients_per_100g=nutrients_per_100g,
            allergen_details=allergen_details,
            allergen_exemptions=allergen_exemptions,
            allergens=allergens,
            fdc_id=fdc_id,
            food_group=food_group,
            label_name=label_name,
            label_names=label_names,
            score=score,
            sub_ingredients=sub_ingredients,
            sub_ingredients_citation=sub_ingredients_citation,
            sub_ingredients_to_confirm=sub_ingredients_to_confirm,
        )

        food.additional_properties = d
        return food

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
