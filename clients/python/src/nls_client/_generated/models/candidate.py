from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.candidate_ingredients_item import CandidateIngredientsItem
    from ..models.format_label import FormatLabel
    from ..models.goal_met import GoalMet
    from ..models.label import Label
    from ..models.line_change import LineChange
    from ..models.substitution import Substitution


T = TypeVar("T", bound="Candidate")


@_attrs_define
class Candidate:
    """One way to meet the goals.

    Attributes:
        change_g (float): Total change in grams: |new − old| of kept lines, old + new grams of replaced ones.
        goals_met (list[GoalMet]): Every goal, as the candidate's label meets it.
        ingredients (list[CandidateIngredientsItem]): The recipe's `ingredients` with the new grams and substitutes,
            ready for
            `PUT /v1/recipes/{id}` (or another analysis).
        label (Label): Computed, read-only. Always: `format`, `serving_size`, `servings_per_container`,
            `ingredient_statement`, `allergens`, `contains_statement`, `display`, `unrounded`. US formats: per-serving
            nutrients rounded by 21 CFR 101.9(c) and `daily_values`. EU formats: `per_100g`, `per_portion`,
            `reference_intake_pct`, `ingredient_statement_html`. US formats also carry `display.serving_size`, the printed
            serving line: household measure then metric amount, e.g. `2 cookies (43g)` (21 CFR 101.9(b)(5), (b)(7)).
            Voluntary US nutrients (`polyunsaturated_fat_g`, `monounsaturated_fat_g`, `soluble_fiber_g`,
            `insoluble_fiber_g`, `sugar_alcohols_g`, and the vitamins and minerals of 101.9(c)(8)(iv) from 2 % DV) appear
            only when the ingredients' data gives them. The simplified format (`us.v.simpl`, 101.9(f)) omits insignificant
            nutrients other than calories, total fat, sodium, total carbohydrate and protein and names them in
            `display.not_significant` ("Not a significant source of …"); Canada's simplified formats (`ca.simpl.bi`,
            `ca.simpl.pair`, `ca.simpl.hor.bi`, FDR B.01.401(6)) name what they omit in each language,
            `display.not_significant.en` and `display.not_significant.fr` (« Source négligeable de … »), the first also as
            `display.not_significant`. `warnings` appears only when non-empty.
        labels (list[FormatLabel]): The label in each of `label_formats` (empty when none was asked for).
        lines (list[LineChange]): The lines that keep their food and change grams.
        substitutions (list[Substitution]): The lines replaced by a substitute.
        cost_change (float | None | Unset): Cost of the new recipe minus the old one's (prices of `costs`, per kg), when
            every
            food's price is known.
    """

    change_g: float
    goals_met: list[GoalMet]
    ingredients: list[CandidateIngredientsItem]
    label: Label
    labels: list[FormatLabel]
    lines: list[LineChange]
    substitutions: list[Substitution]
    cost_change: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        change_g = self.change_g

        goals_met = []
        for goals_met_item_data in self.goals_met:
            goals_met_item = goals_met_item_data.to_dict()
            goals_met.append(goals_met_item)

        ingredients = []
        for ingredients_item_data in self.ingredients:
            ingredients_item = ingredients_item_data.to_dict()
            ingredients.append(ingredients_item)

        label = self.label.to_dict()

        labels = []
        for labels_item_data in self.labels:
            labels_item = labels_item_data.to_dict()
            labels.append(labels_item)

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        substitutions = []
        for substitutions_item_data in self.substitutions:
            substitutions_item = substitutions_item_data.to_dict()
            substitutions.append(substitutions_item)

        cost_change: float | None | Unset
        if isinstance(self.cost_change, Unset):
            cost_change = UNSET
        else:
            cost_change = self.cost_change

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "change_g": change_g,
                "goals_met": goals_met,
                "ingredients": ingredients,
                "label": label,
                "labels": labels,
                "lines": lines,
                "substitutions": substitutions,
            }
        )
        if cost_change is not UNSET:
            field_dict["cost_change"] = cost_change

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.candidate_ingredients_item import CandidateIngredientsItem  # noqa: PLC0415
        from ..models.format_label import FormatLabel  # noqa: PLC0415
        from ..models.goal_met import GoalMet  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415
        from ..models.line_change import LineChange  # noqa: PLC0415
        from ..models.substitution import Substitution  # noqa: PLC0415

        d = dict(src_dict)
        change_g = d.pop("change_g")

        goals_met = []
        _goals_met = d.pop("goals_met")
        for goals_met_item_data in _goals_met:
            goals_met_item = GoalMet.from_dict(goals_met_item_data)

            goals_met.append(goals_met_item)

        ingredients = []
        _ingredients = d.pop("ingredients")
        for ingredients_item_data in _ingredients:
            ingredients_item = CandidateIngredientsItem.from_dict(ingredients_item_data)

            ingredients.append(ingredients_item)

        label = Label.from_dict(d.pop("label"))

        labels = []
        _labels = d.pop("labels")
        for labels_item_data in _labels:
            labels_item = FormatLabel.from_dict(labels_item_data)

            labels.append(labels_item)

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = LineChange.from_dict(lines_item_data)

            lines.append(lines_item)

        substitutions = []
        _substitutions = d.pop("substitutions")
        for substitutions_item_data in _substitutions:
            substitutions_item = Substitution.from_dict(substitutions_item_data)

            substitutions.append(substitutions_item)

        def _parse_cost_change(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        cost_change = _parse_cost_change(d.pop("cost_change", UNSET))

        candidate = cls(
            change_g=change_g,
            goals_met=goals_met,
            ingredients=ingredients,
            label=label,
            labels=labels,
            lines=lines,
            substitutions=substitutions,
            cost_change=cost_change,
        )

        candidate.additional_properties = d
        return candidate

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
