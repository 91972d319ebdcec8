from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.objective_body import ObjectiveBody
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.constraints_body import ConstraintsBody
    from ..models.food_body import FoodBody
    from ..models.front_of_pack_facts import FrontOfPackFacts
    from ..models.goal_body import GoalBody
    from ..models.ingredient_entry import IngredientEntry
    from ..models.package import Package
    from ..models.prepared_body import PreparedBody
    from ..models.reform_fields_costs_type_0 import ReformFieldsCostsType0
    from ..models.substitute_body import SubstituteBody


T = TypeVar("T", bound="ReformulationRequest")


@_attrs_define
class ReformulationRequest:
    """`POST /v1/reformulate`: an analysis body (the fields of `POST /v1/analyze`) and the
    reformulation fields.

        Attributes:
            goals (list[GoalBody]): What every candidate's label must show (or not); at least one, at most 8.
            foods (list[FoodBody] | None | Unset): The foods of a variety pack (one column each in `us.aggr`); replaces
                `ingredients`.
            front_of_pack (list[str] | None | Unset): Front-of-pack schemes to compute besides the market's mandatory ones.
            front_of_pack_facts (FrontOfPackFacts | None | Unset):
            ingredients (list[IngredientEntry] | None | Unset):
            label_format (None | str | Unset): A format id or alias of `GET /v1/formats`, or `us.auto` (default `standard`).
            label_formats (list[str] | None | Unset): More markets at once: the label in each of these formats too
                (`labels`).
            package (None | Package | Unset):
            prepared (None | PreparedBody | Unset):
            racc_g (float | None | Unset): The reference amount customarily consumed, grams: nutrient content claims are
                judged per it (21 CFR 101.13, 101.12(b)); without it (or `package.racc_category`)
                no claim is judged and `claims_withheld` says why.
            serving_size_text (None | str | Unset):
            serving_weight_g (float | None | Unset):
            servings (float | None | Unset):
            voluntary_nutrients (list[str] | None | Unset): Voluntary nutrients to declare (nutrient keys), as a recipe's.
            candidates (int | None | Unset): How many candidates to answer at most (default 3, at most 5). Default: 3.
            constraints (ConstraintsBody | None | Unset):
            costs (None | ReformFieldsCostsType0 | Unset): Price per kilogram by ingredient id (`fooddb:…`, `ing_…`,
                `rcp_…`); every food's
                price is needed for `objective` `cost`.
            objective (None | ObjectiveBody | Unset):
            substitutes (list[SubstituteBody] | None | Unset): Lines that may be replaced, each with the ingredients that
                may take its place.
    """

    goals: list[GoalBody]
    foods: list[FoodBody] | None | Unset = UNSET
    front_of_pack: list[str] | None | Unset = UNSET
    front_of_pack_facts: FrontOfPackFacts | None | Unset = UNSET
    ingredients: list[IngredientEntry] | None | Unset = UNSET
    label_format: None | str | Unset = UNSET
    label_formats: list[str] | None | Unset = UNSET
    package: None | Package | Unset = UNSET
    prepared: None | PreparedBody | Unset = UNSET
    racc_g: float | None | Unset = UNSET
    serving_size_text: None | str | Unset = UNSET
    serving_weight_g: float | None | Unset = UNSET
    servings: float | None | Unset = UNSET
    voluntary_nutrients: list[str] | None | Unset = UNSET
    candidates: int | None | Unset = 3
    constraints: ConstraintsBody | None | Unset = UNSET
    costs: None | ReformFieldsCostsType0 | Unset = UNSET
    objective: None | ObjectiveBody | Unset = UNSET
    substitutes: list[SubstituteBody] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.constraints_body import ConstraintsBody  # noqa: PLC0415
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.prepared_body import PreparedBody  # noqa: PLC0415
        from ..models.reform_fields_costs_type_0 import ReformFieldsCostsType0  # noqa: PLC0415

        goals = []
        for goals_item_data in self.goals:
            goals_item = goals_item_data.to_dict()
            goals.append(goals_item)

        foods: list[dict[str, Any]] | None | Unset
        if isinstance(self.foods, Unset):
            foods = UNSET
        elif isinstance(self.foods, list):
            foods = []
            for foods_type_0_item_data in self.foods:
                foods_type_0_item = foods_type_0_item_data.to_dict()
                foods.append(foods_type_0_item)

        else:
            foods = self.foods

        front_of_pack: list[str] | None | Unset
        if isinstance(self.front_of_pack, Unset):
            front_of_pack = UNSET
        elif isinstance(self.front_of_pack, list):
            front_of_pack = self.front_of_pack

        else:
            front_of_pack = self.front_of_pack

        front_of_pack_facts: dict[str, Any] | None | Unset
        if isinstance(self.front_of_pack_facts, Unset):
            front_of_pack_facts = UNSET
        elif isinstance(self.front_of_pack_facts, FrontOfPackFacts):
            front_of_pack_facts = self.front_of_pack_facts.to_dict()
        else:
            front_of_pack_facts = self.front_of_pack_facts

        ingredients: list[dict[str, Any]] | None | Unset
        if isinstance(self.ingredients, Unset):
            ingredients = UNSET
        elif isinstance(self.ingredients, list):
            ingredients = []
            for ingredients_type_0_item_data in self.ingredients:
                ingredients_type_0_item = ingredients_type_0_item_data.to_dict()
                ingredients.append(ingredients_type_0_item)

        else:
            ingredients = self.ingredients

        label_format: None | str | Unset
        if isinstance(self.label_format, Unset):
            label_format = UNSET
        else:
            label_format = self.label_format

        label_formats: list[str] | None | Unset
        if isinstance(self.label_formats, Unset):
            label_formats = UNSET
        elif isinstance(self.label_formats, list):
            label_formats = self.label_formats

        else:
            label_formats = self.label_formats

        package: dict[str, Any] | None | Unset
        if isinstance(self.package, Unset):
            package = UNSET
        elif isinstance(self.package, Package):
            package = self.package.to_dict()
        else:
            package = self.package

        prepared: dict[str, Any] | None | Unset
        if isinstance(self.prepared, Unset):
            prepared = UNSET
        elif isinstance(self.prepared, PreparedBody):
            prepared = self.prepared.to_dict()
        else:
            prepared = self.prepared

        racc_g: float | None | Unset
        if isinstance(self.racc_g, Unset):
            racc_g = UNSET
        else:
            racc_g = self.racc_g

        serving_size_text: None | str | Unset
        if isinstance(self.serving_size_text, Unset):
            serving_size_text = UNSET
        else:
            serving_size_text = self.serving_size_text

        serving_weight_g: float | None | Unset
        if isinstance(self.serving_weight_g, Unset):
            serving_weight_g = UNSET
        else:
            serving_weight_g = self.serving_weight_g

        servings: float | None | Unset
        if isinstance(self.servings, Unset):
            servings = UNSET
        else:
            servings = self.servings

        voluntary_nutrients: list[str] | None | Unset
        if isinstance(self.voluntary_nutrients, Unset):
            voluntary_nutrients = UNSET
        elif isinstance(self.voluntary_nutrients, list):
            voluntary_nutrients = self.voluntary_nutrients

        else:
            voluntary_nutrients = self.voluntary_nutrients

        candidates: int | None | Unset
        if isinstance(self.candidates, Unset):
            candidates = UNSET
        else:
            candidates = self.candidates

        constraints: dict[str, Any] | None | Unset
        if isinstance(self.constraints, Unset):
            constraints = UNSET
        elif isinstance(self.constraints, ConstraintsBody):
            constraints = self.constraints.to_dict()
        else:
            constraints = self.constraints

        costs: dict[str, Any] | None | Unset
        if isinstance(self.costs, Unset):
            costs = UNSET
        elif isinstance(self.costs, ReformFieldsCostsType0):
            costs = self.costs.to_dict()
        else:
            costs = self.costs

        objective: None | str | Unset
        if isinstance(self.objective, Unset):
            objective = UNSET
        elif isinstance(self.objective, ObjectiveBody):
            objective = self.objective.value
        else:
            objective = self.objective

        substitutes: list[dict[str, Any]] | None | Unset
        if isinstance(self.substitutes, Unset):
            substitutes = UNSET
        elif isinstance(self.substitutes, list):
            substitutes = []
            for substitutes_type_0_item_data in self.substitutes:
                substitutes_type_0_item = substitutes_type_0_item_data.to_dict()
                substitutes.append(substitutes_type_0_item)

        else:
            substitutes = self.substitutes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "goals": goals,
            }
        )
        if foods is not UNSET:
            field_dict["foods"] = foods
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if front_of_pack_facts is not UNSET:
            field_dict["front_of_pack_facts"] = front_of_pack_facts
        if ingredients is not UNSET:
            field_dict["ingredients"] = ingredients
        if label_format is not UNSET:
            field_dict["label_format"] = label_format
        if label_formats is not UNSET:
            field_dict["label_formats"] = label_formats
        if package is not UNSET:
            field_dict["package"] = package
        if prepared is not UNSET:
            field_dict["prepared"] = prepared
        if racc_g is not UNSET:
            field_dict["racc_g"] = racc_g
        if serving_size_text is not UNSET:
            field_dict["serving_size_text"] = serving_size_text
        if serving_weight_g is not UNSET:
            field_dict["serving_weight_g"] = serving_weight_g
        if servings is not UNSET:
            field_dict["servings"] = servings
        if voluntary_nutrients is not UNSET:
            field_dict["voluntary_nutrients"] = voluntary_nutrients
        if candidates is not UNSET:
            field_dict["candidates"] = candidates
        if constraints is not UNSET:
            field_dict["constraints"] = constraints
        if costs is not UNSET:
            field_dict["costs"] = costs
        if objective is not UNSET:
            field_dict["objective"] = objective
        if substitutes is not UNSET:
            field_dict["substitutes"] = substitutes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.constraints_body import ConstraintsBody  # noqa: PLC0415
        from ..models.food_body import FoodBody  # noqa: PLC0415
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.goal_body import GoalBody  # noqa: PLC0415
        from ..models.ingredient_entry import IngredientEntry  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.prepared_body import PreparedBody  # noqa: PLC0415
        from ..models.reform_fields_costs_type_0 import ReformFieldsCostsType0  # noqa: PLC0415
        from ..models.substitute_body import SubstituteBody  # noqa: PLC0415

        d = dict(src_dict)
        goals = []
        _goals = d.pop("goals")
        for goals_item_data in _goals:
            goals_item = GoalBody.from_dict(goals_item_data)

            goals.append(goals_item)

        def _parse_foods(data: object) -> list[FoodBody] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                foods_type_0 = []
                _foods_type_0 = data
                for foods_type_0_item_data in _foods_type_0:
                    foods_type_0_item = FoodBody.from_dict(foods_type_0_item_data)

                    foods_type_0.append(foods_type_0_item)

                return foods_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[FoodBody] | None | Unset, data)

        foods = _parse_foods(d.pop("foods", UNSET))

        def _parse_front_of_pack(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                front_of_pack_type_0 = cast(list[str], data)

                return front_of_pack_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        front_of_pack = _parse_front_of_pack(d.pop("front_of_pack", UNSET))

        def _parse_front_of_pack_facts(data: object) -> FrontOfPackFacts | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                front_of_pack_facts_type_1 = FrontOfPackFacts.from_dict(data)

                return front_of_pack_facts_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FrontOfPackFacts | None | Unset, data)

        front_of_pack_facts = _parse_front_of_pack_facts(d.pop("front_of_pack_facts", UNSET))

        def _parse_ingredients(data: object) -> list[IngredientEntry] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ingredients_type_0 = []
                _ingredients_type_0 = data
                for ingredients_type_0_item_data in _ingredients_type_0:
                    ingredients_type_0_item = IngredientEntry.from_dict(ingredients_type_0_item_data)

                    ingredients_type_0.append(ingredients_type_0_item)

                return ingredients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[IngredientEntry] | None | Unset, data)

        ingredients = _parse_ingredients(d.pop("ingredients", UNSET))

        def _parse_label_format(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label_format = _parse_label_format(d.pop("label_format", UNSET))

        def _parse_label_formats(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                label_formats_type_0 = cast(list[str], data)

                return label_formats_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        label_formats = _parse_label_formats(d.pop("label_formats", UNSET))

        def _parse_package(data: object) -> None | Package | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                package_type_1 = Package.from_dict(data)

                return package_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Package | Unset, data)

        package = _parse_package(d.pop("package", UNSET))

        def _parse_prepared(data: object) -> None | PreparedBody | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prepared_type_1 = PreparedBody.from_dict(data)

                return prepared_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PreparedBody | Unset, data)

        prepared = _parse_prepared(d.pop("prepared", UNSET))

        def _parse_racc_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        racc_g = _parse_racc_g(d.pop("racc_g", UNSET))

        def _parse_serving_size_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        serving_size_text = _parse_serving_size_text(d.pop("serving_size_text", UNSET))

        def _parse_serving_weight_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        serving_weight_g = _parse_serving_weight_g(d.pop("serving_weight_g", UNSET))

        def _parse_servings(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        servings = _parse_servings(d.pop("servings", UNSET))

        def _parse_voluntary_nutrients(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                voluntary_nutrients_type_0 = cast(list[str], data)

                return voluntary_nutrients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        voluntary_nutrients = _parse_voluntary_nutrients(d.pop("voluntary_nutrients", UNSET))

        def _parse_candidates(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        candidates = _parse_candidates(d.pop("candidates", UNSET))

        def _parse_constraints(data: object) -> ConstraintsBody | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                constraints_type_1 = ConstraintsBody.from_dict(data)

                return constraints_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConstraintsBody | None | Unset, data)

        constraints = _parse_constraints(d.pop("constraints", UNSET))

        def _parse_costs(data: object) -> None | ReformFieldsCostsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                costs_type_0 = ReformFieldsCostsType0.from_dict(data)

                return costs_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReformFieldsCostsType0 | Unset, data)

        costs = _parse_costs(d.pop("costs", UNSET))

        def _parse_objective(data: object) -> None | ObjectiveBody | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                objective_type_1 = ObjectiveBody(data)

                return objective_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ObjectiveBody | Unset, data)

        objective = _parse_objective(d.pop("objective", UNSET))

        def _parse_substitutes(data: object) -> list[SubstituteBody] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                substitutes_type_0 = []
                _substitutes_type_0 = data
                for substitutes_type_0_item_data in _substitutes_type_0:
                    substitutes_type_0_item = SubstituteBody.from_dict(substitutes_type_0_item_data)

                    substitutes_type_0.append(substitutes_type_0_item)

                return substitutes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SubstituteBody] | None | Unset, data)

        substitutes = _parse_substitutes(d.pop("substitutes", UNSET))

        reformulation_request = cls(
            goals=goals,
            foods=foods,
            front_of_pack=front_of_pack,
            front_of_pack_facts=front_of_pack_facts,
            ingredients=ingredients,
            label_format=label_format,
            label_formats=label_formats,
            package=package,
            prepared=prepared,
            racc_g=racc_g,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            servings=servings,
            voluntary_nutrients=voluntary_nutrients,
            candidates=candidates,
            constraints=constraints,
            costs=costs,
            objective=objective,
            substitutes=substitutes,
        )

        reformulation_request.additional_properties = d
        return reformulation_request

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
