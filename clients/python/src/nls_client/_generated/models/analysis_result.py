from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.claim import Claim
    from ..models.format_label import FormatLabel
    from ..models.label import Label
    from ..models.resolved_entry import ResolvedEntry


T = TypeVar("T", bound="AnalysisResult")


@_attrs_define
class AnalysisResult:
    """`POST /v1/analyze`'s answer.

    Attributes:
        claims (list[Claim]): The nutrient content claims the food qualifies for, judged per the reference amount
            (`racc_g`, or the RACC of `package.racc_category`; 21 CFR 101.13, 101.12(b)).
            Without one: `[]` and `claims_withheld` says why.
        ingredients (list[ResolvedEntry]): How each entry resolved.
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
        claims_withheld (None | str | Unset): Present when claims would be judged (US-family labels) but no reference
            amount was
            given: why `claims` is empty and what to give.
        cost (float | None | Unset): Cost of the ingredients when every one has a cost, else null.
        labels (list[FormatLabel] | None | Unset): With `label_formats`: the label in each of those formats.
    """

    claims: list[Claim]
    ingredients: list[ResolvedEntry]
    label: Label
    claims_withheld: None | str | Unset = UNSET
    cost: float | None | Unset = UNSET
    labels: list[FormatLabel] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        claims = []
        for claims_item_data in self.claims:
            claims_item = claims_item_data.to_dict()
            claims.append(claims_item)

        ingredients = []
        for ingredients_item_data in self.ingredients:
            ingredients_item = ingredients_item_data.to_dict()
            ingredients.append(ingredients_item)

        label = self.label.to_dict()

        claims_withheld: None | str | Unset
        if isinstance(self.claims_withheld, Unset):
            claims_withheld = UNSET
        else:
            claims_withheld = self.claims_withheld

        cost: float | None | Unset
        if isinstance(self.cost, Unset):
            cost = UNSET
        else:
            cost = self.cost

        labels: list[dict[str, Any]] | None | Unset
        if isinstance(self.labels, Unset):
            labels = UNSET
        elif isinstance(self.labels, list):
            labels = []
            for labels_type_0_item_data in self.labels:
                labels_type_0_item = labels_type_0_item_data.to_dict()
                labels.append(labels_type_0_item)

        else:
            labels = self.labels

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "claims": claims,
                "ingredients": ingredients,
                "label": label,
            }
        )
        if claims_withheld is not UNSET:
            field_dict["claims_withheld"] = claims_withheld
        if cost is not UNSET:
            field_dict["cost"] = cost
        if labels is not UNSET:
            field_dict["labels"] = labels

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim import Claim  # noqa: PLC0415
        from ..models.format_label import FormatLabel  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415
        from ..models.resolved_entry import ResolvedEntry  # noqa: PLC0415

        d = dict(src_dict)
        claims = []
        _claims = d.pop("claims")
        for claims_item_data in _claims:
            claims_item = Claim.from_dict(claims_item_data)

            claims.append(claims_item)

        ingredients = []
        _ingredients = d.pop("ingredients")
        for ingredients_item_data in _ingredients:
            ingredients_item = ResolvedEntry.from_dict(ingredients_item_data)

            ingredients.append(ingredients_item)

        label = Label.from_dict(d.pop("label"))

        def _parse_claims_withheld(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        claims_withheld = _parse_claims_withheld(d.pop("claims_withheld", UNSET))

        def _parse_cost(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        cost = _parse_cost(d.pop("cost", UNSET))

        def _parse_labels(data: object) -> list[FormatLabel] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                labels_type_0 = []
                _labels_type_0 = data
                for labels_type_0_item_data in _labels_type_0:
                    labels_type_0_item = FormatLabel.from_dict(labels_type_0_item_data)

                    labels_type_0.append(labels_type_0_item)

                return labels_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[FormatLabel] | None | Unset, data)

        labels = _parse_labels(d.pop("labels", UNSET))

        analysis_result = cls(
            claims=claims,
            ingredients=ingredients,
            label=label,
            claims_withheld=claims_withheld,
            cost=cost,
            labels=labels,
        )

        analysis_result.additional_properties = d
        return analysis_result

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
