from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.objective_body import ObjectiveBody
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.constraints_body import ConstraintsBody
    from ..models.goal_body import GoalBody
    from ..models.reform_fields_costs_type_0 import ReformFieldsCostsType0
    from ..models.substitute_body import SubstituteBody


T = TypeVar("T", bound="RecipeReformulationRequest")


@_attrs_define
class RecipeReformulationRequest:
    """`POST /v1/recipes/{id}/reformulate`: the reformulation fields, and the formats to print
    each candidate's label in besides the recipe's.

        Attributes:
            goals (list[GoalBody]): What every candidate's label must show (or not); at least one, at most 8.
            candidates (int | None | Unset): How many candidates to answer at most (default 3, at most 5). Default: 3.
            constraints (ConstraintsBody | None | Unset):
            costs (None | ReformFieldsCostsType0 | Unset): Price per kilogram by ingredient id (`fooddb:…`, `ing_…`,
                `rcp_…`); every food's
                price is needed for `objective` `cost`.
            objective (None | ObjectiveBody | Unset):
            substitutes (list[SubstituteBody] | None | Unset): Lines that may be replaced, each with the ingredients that
                may take its place.
            label_formats (list[str] | None | Unset): More markets at once: each candidate's label in each of these formats
                too
                (`labels`), at most 4.
    """

    goals: list[GoalBody]
    candidates: int | None | Unset = 3
    constraints: ConstraintsBody | None | Unset = UNSET
    costs: None | ReformFieldsCostsType0 | Unset = UNSET
    objective: None | ObjectiveBody | Unset = UNSET
    substitutes: list[SubstituteBody] | None | Unset = UNSET
    label_formats: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.constraints_body import ConstraintsBody  # noqa: PLC0415
        from ..models.reform_fields_costs_type_0 import ReformFieldsCostsType0  # noqa: PLC0415

        goals = []
        for goals_item_data in self.goals:
            goals_item = goals_item_data.to_dict()
            goals.append(goals_item)

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

        label_formats: list[str] | None | Unset
        if isinstance(self.label_formats, Unset):
            label_formats = UNSET
        elif isinstance(self.label_formats, list):
            label_formats = self.label_formats

        else:
            label_formats = self.label_formats

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "goals": goals,
            }
        )
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
        if label_formats is not UNSET:
            field_dict["label_formats"] = label_formats

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.constraints_body import ConstraintsBody  # noqa: PLC0415
        from ..models.goal_body import GoalBody  # noqa: PLC0415
        from ..models.reform_fields_costs_type_0 import ReformFieldsCostsType0  # noqa: PLC0415
        from ..models.substitute_body import SubstituteBody  # noqa: PLC0415

        d = dict(src_dict)
        goals = []
        _goals = d.pop("goals")
        for goals_item_data in _goals:
            goals_item = GoalBody.from_dict(goals_item_data)

            goals.append(goals_item)

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

        recipe_reformulation_request = cls(
            goals=goals,
            candidates=candidates,
            constraints=constraints,
            costs=costs,
            objective=objective,
            substitutes=substitutes,
            label_formats=label_formats,
        )

        recipe_reformulation_request.additional_properties = d
        return recipe_reformulation_request

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
