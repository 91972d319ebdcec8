from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.food_allergen_details import FoodAllergenDetails
    from ..models.food_allergen_exemptions import FoodAllergenExemptions
    from ..models.food_label_names_type_0 import FoodLabelNamesType0
    from ..models.food_nutrients_per_100g import FoodNutrientsPer100G
    from ..models.portion import Portion


T = TypeVar("T", bound="Food")


@_attrs_define
class Food:
    """A food of the database: its fields and its `id`.

    Attributes:
        allergens (list[str]): Allergen codes.
        description (str):  Example: Bananas, raw.
        fdc_id (int): FoodData Central id.
        food_group (str):
        id (str):  Example: fooddb:173944.
        label_name (str):  Example: bananas.
        ndb (str): The SR NDB number, e.g. `01001`.
        nutrients_per_100g (FoodNutrientsPer100G): Per 100 g; a nutrient the data lacks is absent (unknown), never 0.
        portions (list[Portion]): Household measures in USDA order.
        allergen_details (FoodAllergenDetails | Unset): Present only when non-empty: species of the food's tree nuts,
            fish and Crustacean
            shellfish named by its description, e.g. `{"tree_nuts": ["almonds"]}`.
        allergen_exemptions (FoodAllergenExemptions | Unset): Allergens of `allergens` that some regimes exempt in this
            form, with the exemption
            ids (`{"peanuts": ["highly_refined_oil"]}`): refined peanut oil declares no allergen
            on US labels (21 U.S.C. 321(qq)(2)(A)) but peanuts on EU ones (1169/2011 Annex II has
            no exemption for it); fully refined soybean oil none on either (Annex II point 6(a)).
            Absent when none.
        label_names (FoodLabelNamesType0 | None | Unset): Present for the foods people use most: the food's name in
            other languages (ISO
            639-1 → name, whole, with its sub-ingredients where it has any), which statements in
            those languages print. NLS's own translations, not yet reviewed by a native-speaking
            food-labelling expert: check each against the product's customary name in its
            market.
        sub_ingredients (list[str] | None | Unset): Present for multi-component foods (enriched flour, bread, pasta,
            cheddar,
            mayonnaise, catsup, chocolate, soy sauce, baking powder): their ingredients, printed
            in parentheses after the food's name (21 CFR 101.4(b)(2)), from the standard of
            identity in `sub_ingredients_citation`.
        sub_ingredients_citation (None | str | Unset):  Example: 21 CFR 137.165(a).
        sub_ingredients_to_confirm (bool | None | Unset): `true`: the list is the standard's mandatory ingredients, not
            a brand's; labels
            using the food carry the warning `confirm_sub_ingredients`.
    """

    allergens: list[str]
    description: str
    fdc_id: int
    food_group: str
    id: str
    label_name: str
    ndb: str
    nutrients_per_100g: FoodNutrientsPer100G
    portions: list[Portion]
    allergen_details: FoodAllergenDetails | Unset = UNSET
    allergen_exemptions: FoodAllergenExemptions | Unset = UNSET
    label_names: FoodLabelNamesType0 | None | Unset = UNSET
    sub_ingredients: list[str] | None | Unset = UNSET
    sub_ingredients_citation: None | str | Unset = UNSET
    sub_ingredients_to_confirm: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.food_label_names_type_0 import FoodLabelNamesType0  # noqa: PLC0415

        allergens = self.allergens

        description = self.description

        fdc_id = self.fdc_id

        food_group = self.food_group

        id = self.id

        label_name = self.label_name

        ndb = self.ndb

        nutrients_per_100g = self.nutrients_per_100g.to_dict()

        portions = []
        for portions_item_data in self.portions:
            portions_item = portions_item_data.to_dict()
            portions.append(portions_item)

        allergen_details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.allergen_details, Unset):
            allergen_details = self.allergen_details.to_dict()

        allergen_exemptions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.allergen_exemptions, Unset):
            allergen_exemptions = self.allergen_exemptions.to_dict()

        label_names: dict[str, Any] | None | Unset
        if isinstance(self.label_names, Unset):
            label_names = UNSET
        elif isinstance(self.label_names, FoodLabelNamesType0):
            label_names = self.label_names.to_dict()
        else:
            label_names = self.label_names

        sub_ingredients: list[str] | None | Unset
        if isinstance(self.sub_ingredients, Unset):
            sub_ingredients = UNSET
        elif isinstance(self.sub_ingredients, list):
            sub_ingredients = self.sub_ingredients

        else:
            sub_ingredients = self.sub_ingredients

        sub_ingredients_citation: None | str | Unset
        if isinstance(self.sub_ingredients_citation, Unset):
            sub_ingredients_citation = UNSET
        else:
            sub_ingredients_citation = self.sub_ingredients_citation

        sub_ingredients_to_confirm: bool | None | Unset
        if isinstance(self.sub_ingredients_to_confirm, Unset):
            sub_ingredients_to_confirm = UNSET
        else:
            sub_ingredients_to_confirm = self.sub_ingredients_to_confirm

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allergens": allergens,
                "description": description,
                "fdc_id": fdc_id,
                "food_group": food_group,
                "id": id,
                "label_name": label_name,
                "ndb": ndb,
                "nutrients_per_100g": nutrients_per_100g,
                "portions": portions,
            }
        )
        if allergen_details is not UNSET:
            field_dict["allergen_details"] = allergen_details
        if allergen_exemptions is not UNSET:
            field_dict["allergen_exemptions"] = allergen_exemptions
        if label_names is not UNSET:
            field_dict["label_names"] = label_names
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
        from ..models.food_label_names_type_0 import FoodLabelNamesType0  # noqa: PLC0415
        from ..models.food_nutrients_per_100g import FoodNutrientsPer100G  # noqa: PLC0415
        from ..models.portion import Portion  # noqa: PLC0415

        d = dict(src_dict)
        allergens = cast(list[str], d.pop("allergens"))

        description = d.pop("description")

        fdc_id = d.pop("fdc_id")

        food_group = d.pop("food_group")

        id = d.pop("id")

        label_name = d.pop("label_name")

        ndb = d.pop("ndb")

        nutrients_per_100g = FoodNutrientsPer100G.from_dict(d.pop("nutrients_per_100g"))

        portions = []
        _portions = d.pop("portions")
        for portions_item_data in _portions:
            portions_item = Portion.from_dict(portions_item_data)

            portions.append(portions_item)

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

        def _parse_label_names(data: object) -> FoodLabelNamesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_names_type_0 = FoodLabelNamesType0.from_dict(data)

                return label_names_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FoodLabelNamesType0 | None | Unset, data)

        label_names = _parse_label_names(d.pop("label_names", UNSET))

        def _parse_sub_ingredients(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sub_ingredients_type_0 = cast(list[str], data)

                return sub_ingredients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        sub_ingredients = _parse_sub_ingredients(d.pop("sub_ingredients", UNSET))

        def _parse_sub_ingredients_citation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sub_ingredients_citation = _parse_sub_ingredients_citation(d.pop("sub_ingredients_citation", UNSET))

        def _parse_sub_ingredients_to_confirm(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        sub_ingredients_to_confirm = _parse_sub_ingredients_to_confirm(d.pop("sub_ingredients_to_confirm", UNSET))

        food = cls(
            allergens=allergens,
            description=description,
            fdc_id=fdc_id,
            food_group=food_group,
            id=id,
            label_name=label_name,
            ndb=ndb,
            nutrients_per_100g=nutrients_per_100g,
            portions=portions,
            allergen_details=allergen_details,
            allergen_exemptions=allergen_exemptions,
            label_names=label_names,
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
