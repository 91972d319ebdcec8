from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.front_of_pack_facts_added_critical_nutrients_item import FrontOfPackFactsAddedCriticalNutrientsItem
from ..models.front_of_pack_facts_category import FrontOfPackFactsCategory
from ..models.front_of_pack_facts_state import FrontOfPackFactsState
from ..types import UNSET, Unset

T = TypeVar("T", bound="FrontOfPackFacts")


@_attrs_define
class FrontOfPackFacts:
    """What a recipe does not hold and some front-of-pack schemes need. Nothing is guessed: a scheme that needs an absent
    fact lists it in its `missing` and leaves the marks that depend on it out.

        Attributes:
            added_critical_nutrients (list[FrontOfPackFactsAddedCriticalNutrientsItem] | Unset): The critical nutrients
                added in making the product (NOM-051 4.5.3); `[]`: none. Mexico's octagons are judged in the phase in force on
                the label's date: from 1 October 2023 (second phase, to 31 December 2027) only the added nutrients' own limits
                apply (free sugars: sugars and energy; fats: saturated fat, trans fat and energy; sodium: sodium); from 1
                January 2028 (third phase) all five once any is added; nothing added, no octagon. Not given: every limit applies
                and the result lists the fact in `missing`. The phases after the first rest on secondary sources and carry
                `status: unconfirmed`.
            caffeine (bool | Unset): Added caffeine.
            category (FrontOfPackFactsCategory | Unset):
            density_g_per_ml (float | Unset): Turns per 100 g into per 100 ml for liquids.
            free_sugars_g_per_100g (float | Unset): Free sugars (Mexico's profile).
            fruit_vegetable_legume_pct (float | Unset): Nutri-Score's fruit, vegetable and legume share.
            lactose_galactose_g_per_100g (float | Unset): Subtracted from sugars by Nutri-Grade.
            non_nutritive_sweeteners (bool | Unset):
            principal_display_area_cm2 (float | Unset): The package's principal display surface, cm². Where a scheme's data
                has a size table (Mexico's octagons: NOM-051 table A1 as transcribed, unconfirmed), its result carries
                `mark_size`.
            reference_amount_g (float | Unset): The product's reference amount from Canada's own Table of Reference Amounts
                (FDR B.01.001), in grams: Canada's front-of-package symbol (B.01.350-B.01.358) is judged per it, or per the
                serving when larger. Never taken from `racc_g` or `package.racc_category`, which are the US table (21 CFR
                101.12). Missing: the symbol is not judged and the result lists it in `missing`.
            state (FrontOfPackFactsState | Unset): Judged per 100 g (solid) or per 100 ml (liquid).
    """

    added_critical_nutrients: list[FrontOfPackFactsAddedCriticalNutrientsItem] | Unset = UNSET
    caffeine: bool | Unset = UNSET
    category: FrontOfPackFactsCategory | Unset = UNSET
    density_g_per_ml: float | Unset = UNSET
    free_sugars_g_per_100g: float | Unset = UNSET
    fruit_vegetable_legume_pct: float | Unset = UNSET
    lactose_galactose_g_per_100g: float | Unset = UNSET
    non_nutritive_sweeteners: bool | Unset = UNSET
    principal_display_area_cm2: float | Unset = UNSET
    reference_amount_g: float | Unset = UNSET
    state: FrontOfPackFactsState | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        added_critical_nutrients: list[str] | Unset = UNSET
        if not isinstance(self.added_critical_nutrients, Unset):
            added_critical_nutrients = []
            for added_critical_nutrients_item_data in self.added_critical_nutrients:
                added_critical_nutrients_item = added_critical_nutrients_item_data.value
                added_critical_nutrients.append(added_critical_nutrients_item)

        caffeine = self.caffeine

        category: str | Unset = UNSET
        if not isinstance(self.category, Unset):
            category = self.category.value

        density_g_per_ml = self.density_g_per_ml

        free_sugars_g_per_100g = self.free_sugars_g_per_100g

        fruit_vegetable_legume_pct = self.fruit_vegetable_legume_pct

        lactose_galactose_g_per_100g = self.lactose_galactose_g_per_100g

        non_nutritive_sweeteners = self.non_nutritive_sweeteners

        principal_display_area_cm2 = self.principal_display_area_cm2

        reference_amount_g = self.reference_amount_g

        state: str | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if added_critical_nutrients is not UNSET:
            field_dict["added_critical_nutrients"] = added_critical_nutrients
        if caffeine is not UNSET:
            field_dict["caffeine"] = caffeine
        if category is not UNSET:
            field_dict["category"] = category
        if density_g_per_ml is not UNSET:
            field_dict["density_g_per_ml"] = density_g_per_ml
        if free_sugars_g_per_100g is not UNSET:
            field_dict["free_sugars_g_per_100g"] = free_sugars_g_per_100g
        if fruit_vegetable_legume_pct is not UNSET:
            field_dict["fruit_vegetable_legume_pct"] = fruit_vegetable_legume_pct
        if lactose_galactose_g_per_100g is not UNSET:
            field_dict["lactose_galactose_g_per_100g"] = lactose_galactose_g_per_100g
        if non_nutritive_sweeteners is not UNSET:
            field_dict["non_nutritive_sweeteners"] = non_nutritive_sweeteners
        if principal_display_area_cm2 is not UNSET:
            field_dict["principal_display_area_cm2"] = principal_display_area_cm2
        if reference_amount_g is not UNSET:
            field_dict["reference_amount_g"] = reference_amount_g
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _added_critical_nutrients = d.pop("added_critical_nutrients", UNSET)
        added_critical_nutrients: list[FrontOfPackFactsAddedCriticalNutrientsItem] | Unset = UNSET
        if _added_critical_nutrients is not UNSET:
            added_critical_nutrients = []
            for added_critical_nutrients_item_data in _added_critical_nutrients:
                added_critical_nutrients_item = FrontOfPackFactsAddedCriticalNutrientsItem(
                    added_critical_nutrients_item_data
                )

                added_critical_nutrients.append(added_critical_nutrients_item)

        caffeine = d.pop("caffeine", UNSET)

        _category = d.pop("category", UNSET)
        category: FrontOfPackFactsCategory | Unset
        if isinstance(_category, Unset):
            category = UNSET
        else:
            category = FrontOfPackFactsCategory(_category)

        density_g_per_ml = d.pop("density_g_per_ml", UNSET)

        free_sugars_g_per_100g = d.pop("free_sugars_g_per_100g", UNSET)

        fruit_vegetable_legume_pct = d.pop("fruit_vegetable_legume_pct", UNSET)

        lactose_galactose_g_per_100g = d.pop("lactose_galactose_g_per_100g", UNSET)

        non_nutritive_sweeteners = d.pop("non_nutritive_sweeteners", UNSET)

        principal_display_area_cm2 = d.pop("principal_display_area_cm2", UNSET)

        reference_amount_g = d.pop("reference_amount_g", UNSET)

        _state = d.pop("state", UNSET)
        state: FrontOfPackFactsState | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = FrontOfPackFactsState(_state)

        front_of_pack_facts = cls(
            added_critical_nutrients=added_critical_nutrients,
            caffeine=caffeine,
            category=category,
            density_g_per_ml=density_g_per_ml,
            free_sugars_g_per_100g=free_sugars_g_per_100g,
            fruit_vegetable_legume_pct=fruit_vegetable_legume_pct,
            lactose_galactose_g_per_100g=lactose_galactose_g_per_100g,
            non_nutritive_sweeteners=non_nutritive_sweeteners,
            principal_display_area_cm2=principal_display_area_cm2,
            reference_amount_g=reference_amount_g,
            state=state,
        )

        return front_of_pack_facts
