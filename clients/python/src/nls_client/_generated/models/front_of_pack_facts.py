from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.added import Added
from ..models.category import Category
from ..models.state import State
from ..types import UNSET, Unset

T = TypeVar("T", bound="FrontOfPackFacts")


@_attrs_define
class FrontOfPackFacts:
    """Facts about a product that its recipe does not hold; each may be given on a recipe or an
    analysis (`front_of_pack_facts`). Amounts are per 100 g of the product as sold.

    Nothing is guessed: a scheme that needs an absent fact lists it in its `missing` and
    leaves the marks that depend on it out.

        Attributes:
            added_critical_nutrients (list[Added] | None | Unset): The critical nutrients added in making the product
                (NOM-051 4.5.3); `[]`: none.
                Mexico's octagons are judged in the phase in force on the label's date: from
                1 October 2023 (second phase, to 31 December 2027) only the added nutrients' own
                limits apply (free sugars: sugars and energy; fats: saturated fat, trans fat and
                energy; sodium: sodium); from 1 January 2028 (third phase) all five once any is added;
                nothing added, no octagon. Not given: every limit applies and the result lists the
                fact in `missing`. The phases after the first rest on secondary sources and carry
                `status: unconfirmed`.
            caffeine (bool | None | Unset): Contains added caffeine.
            category (Category | None | Unset):
            density_g_per_ml (float | None | Unset): Grams per millilitre, to turn per 100 g into per 100 ml for liquids.
            free_sugars_g_per_100g (float | None | Unset): Free sugars (WHO: added sugars plus sugars in honey, syrups and
                juices), g per 100 g.
            fruit_vegetable_legume_pct (float | None | Unset): Share of fruit, vegetables and legumes, % by weight (Nutri-
                Score).
            lactose_galactose_g_per_100g (float | None | Unset): Lactose and galactose, g per 100 g (Nutri-Grade subtracts
                them from sugars).
            non_nutritive_sweeteners (bool | None | Unset): Contains non-nutritive sweeteners.
            principal_display_area_cm2 (float | None | Unset): The package's principal display surface, cm² (Mexico:
                "superficie principal de
                exhibición"), which sets how large the marks are printed where a scheme's data has a
                size table.
            reference_amount_g (float | None | Unset): The product's reference amount in grams from Canada's own Table of
                Reference Amounts
                (FDR B.01.001; the front-of-package symbol, B.01.350-B.01.358, is judged per it). Not
                the US RACC of 21 CFR 101.12, which is another country's table.
            state (None | State | Unset):
    """

    added_critical_nutrients: list[Added] | None | Unset = UNSET
    caffeine: bool | None | Unset = UNSET
    category: Category | None | Unset = UNSET
    density_g_per_ml: float | None | Unset = UNSET
    free_sugars_g_per_100g: float | None | Unset = UNSET
    fruit_vegetable_legume_pct: float | None | Unset = UNSET
    lactose_galactose_g_per_100g: float | None | Unset = UNSET
    non_nutritive_sweeteners: bool | None | Unset = UNSET
    principal_display_area_cm2: float | None | Unset = UNSET
    reference_amount_g: float | None | Unset = UNSET
    state: None | State | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        added_critical_nutrients: list[str] | None | Unset
        if isinstance(self.added_critical_nutrients, Unset):
            added_critical_nutrients = UNSET
        elif isinstance(self.added_critical_nutrients, list):
            added_critical_nutrients = []
            for added_critical_nutrients_type_0_item_data in self.added_critical_nutrients:
                added_critical_nutrients_type_0_item = added_critical_nutrients_type_0_item_data.value
                added_critical_nutrients.append(added_critical_nutrients_type_0_item)

        else:
            added_critical_nutrients = self.added_critical_nutrients

        caffeine: bool | None | Unset
        if isinstance(self.caffeine, Unset):
            caffeine = UNSET
        else:
            caffeine = self.caffeine

        category: None | str | Unset
        if isinstance(self.category, Unset):
            category = UNSET
        elif isinstance(self.category, Category):
            category = self.category.value
        else:
            category = self.category

        density_g_per_ml: float | None | Unset
        if isinstance(self.density_g_per_ml, Unset):
            density_g_per_ml = UNSET
        else:
            density_g_per_ml = self.density_g_per_ml

        free_sugars_g_per_100g: float | None | Unset
        if isinstance(self.free_sugars_g_per_100g, Unset):
            free_sugars_g_per_100g = UNSET
        else:
            free_sugars_g_per_100g = self.free_sugars_g_per_100g

        fruit_vegetable_legume_pct: float | None | Unset
        if isinstance(self.fruit_vegetable_legume_pct, Unset):
            fruit_vegetable_legume_pct = UNSET
        else:
            fruit_vegetable_legume_pct = self.fruit_vegetable_legume_pct

        lactose_galactose_g_per_100g: float | None | Unset
        if isinstance(self.lactose_galactose_g_per_100g, Unset):
            lactose_galactose_g_per_100g = UNSET
        else:
            lactose_galactose_g_per_100g = self.lactose_galactose_g_per_100g

        non_nutritive_sweeteners: bool | None | Unset
        if isinstance(self.non_nutritive_sweeteners, Unset):
            non_nutritive_sweeteners = UNSET
        else:
            non_nutritive_sweeteners = self.non_nutritive_sweeteners

        principal_display_area_cm2: float | None | Unset
        if isinstance(self.principal_display_area_cm2, Unset):
            principal_display_area_cm2 = UNSET
        else:
            principal_display_area_cm2 = self.principal_display_area_cm2

        reference_amount_g: float | None | Unset
        if isinstance(self.reference_amount_g, Unset):
            reference_amount_g = UNSET
        else:
            reference_amount_g = self.reference_amount_g

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        elif isinstance(self.state, State):
            state = self.state.value
        else:
            state = self.state

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

        def _parse_added_critical_nutrients(data: object) -> list[Added] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                added_critical_nutrients_type_0 = []
                _added_critical_nutrients_type_0 = data
                for added_critical_nutrients_type_0_item_data in _added_critical_nutrients_type_0:
                    added_critical_nutrients_type_0_item = Added(added_critical_nutrients_type_0_item_data)

                    added_critical_nutrients_type_0.append(added_critical_nutrients_type_0_item)

                return added_critical_nutrients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Added] | None | Unset, data)

        added_critical_nutrients = _parse_added_critical_nutrients(d.pop("added_critical_nutrients", UNSET))

        def _parse_caffeine(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        caffeine = _parse_caffeine(d.pop("caffeine", UNSET))

        def _parse_category(data: object) -> Category | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                category_type_1 = Category(data)

                return category_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Category | None | Unset, data)

        category = _parse_category(d.pop("category", UNSET))

        def _parse_density_g_per_ml(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        density_g_per_ml = _parse_density_g_per_ml(d.pop("density_g_per_ml", UNSET))

        def _parse_free_sugars_g_per_100g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        free_sugars_g_per_100g = _parse_free_sugars_g_per_100g(d.pop("free_sugars_g_per_100g", UNSET))

        def _parse_fruit_vegetable_legume_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fruit_vegetable_legume_pct = _parse_fruit_vegetable_legume_pct(d.pop("fruit_vegetable_legume_pct", UNSET))

        def _parse_lactose_galactose_g_per_100g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lactose_galactose_g_per_100g = _parse_lactose_galactose_g_per_100g(d.pop("lactose_galactose_g_per_100g", UNSET))

        def _parse_non_nutritive_sweeteners(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        non_nutritive_sweeteners = _parse_non_nutritive_sweeteners(d.pop("non_nutritive_sweeteners", UNSET))

        def _parse_principal_display_area_cm2(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        principal_display_area_cm2 = _parse_principal_display_area_cm2(d.pop("principal_display_area_cm2", UNSET))

        def _parse_reference_amount_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        reference_amount_g = _parse_reference_amount_g(d.pop("reference_amount_g", UNSET))

        def _parse_state(data: object) -> None | State | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_1 = State(data)

                return state_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | State | Unset, data)

        state = _parse_state(d.pop("state", UNSET))

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
