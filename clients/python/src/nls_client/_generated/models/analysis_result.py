from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analysis_result_ingredients_item import AnalysisResultIngredientsItem
    from ..models.claim import Claim
    from ..models.label import Label
    from ..models.label_set_entry import LabelSetEntry


T = TypeVar("T", bound="AnalysisResult")


@_attrs_define
class AnalysisResult:
    """
    Attributes:
        claims (list[Claim]): The nutrient content claims the food qualifies for, judged per the reference amount
            (`racc_g`, or the RACC of `package.racc_category`; 21 CFR 101.13, 101.12(b)). Without one: `[]` and
            `claims_withheld` says why (a labeled serving is not a reference amount).
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
        claims_withheld (str | Unset): Present when claims would be judged (US-family labels) but no reference amount
            was given: why `claims` is empty and what to give.
        ingredients (list[AnalysisResultIngredientsItem] | Unset):
        labels (list[LabelSetEntry] | Unset): With `label_formats`: the label in each of those formats.
    """

    claims: list[Claim]
    label: Label
    claims_withheld: str | Unset = UNSET
    ingredients: list[AnalysisResultIngredientsItem] | Unset = UNSET
    labels: list[LabelSetEntry] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        claims = []
        for claims_item_data in self.claims:
            claims_item = claims_item_data.to_dict()
            claims.append(claims_item)

        label = self.label.to_dict()

        claims_withheld = self.claims_withheld

        ingredients: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ingredients, Unset):
            ingredients = []
            for ingredients_item_data in self.ingredients:
                ingredients_item = ingredients_item_data.to_dict()
                ingredients.append(ingredients_item)

        labels: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = []
            for labels_item_data in self.labels:
                labels_item = labels_item_data.to_dict()
                labels.append(labels_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "claims": claims,
                "label": label,
            }
        )
        if claims_withheld is not UNSET:
            field_dict["claims_withheld"] = claims_withheld
        if ingredients is not UNSET:
            field_dict["ingredients"] = ingredients
        if labels is not UNSET:
            field_dict["labels"] = labels

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_result_ingredients_item import AnalysisResultIngredientsItem  # noqa: PLC0415
        from ..models.claim import Claim  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415
        from ..models.label_set_entry import LabelSetEntry  # noqa: PLC0415

        d = dict(src_dict)
        claims = []
        _claims = d.pop("claims")
        for claims_item_data in _claims:
            claims_item = Claim.from_dict(claims_item_data)

            claims.append(claims_item)

        label = Label.from_dict(d.pop("label"))

        claims_withheld = d.pop("claims_withheld", UNSET)

        _ingredients = d.pop("ingredients", UNSET)
        ingredients: list[AnalysisResultIngredientsItem] | Unset = UNSET
        if _ingredients is not UNSET:
            ingredients = []
            for ingredients_item_data in _ingredients:
                ingredients_item = AnalysisResultIngredientsItem.from_dict(ingredients_item_data)

                ingredients.append(ingredients_item)

        _labels = d.pop("labels", UNSET)
        labels: list[LabelSetEntry] | Unset = UNSET
        if _labels is not UNSET:
            labels = []
            for labels_item_data in _labels:
                labels_item = LabelSetEntry.from_dict(labels_item_data)

                labels.append(labels_item)

        analysis_result = cls(
            claims=claims,
            label=label,
            claims_withheld=claims_withheld,
            ingredients=ingredients,
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
