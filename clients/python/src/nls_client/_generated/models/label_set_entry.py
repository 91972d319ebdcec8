from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.label import Label
    from ..models.label_set_entry_error import LabelSetEntryError


T = TypeVar("T", bound="LabelSetEntry")


@_attrs_define
class LabelSetEntry:
    """
    Attributes:
        format_ (str):
        country (None | str | Unset):
        error (LabelSetEntryError | Unset):
        label (Label | Unset): Computed, read-only. Always: `format`, `serving_size`, `servings_per_container`,
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
    """

    format_: str
    country: None | str | Unset = UNSET
    error: LabelSetEntryError | Unset = UNSET
    label: Label | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        label: dict[str, Any] | Unset = UNSET
        if not isinstance(self.label, Unset):
            label = self.label.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
            }
        )
        if country is not UNSET:
            field_dict["country"] = country
        if error is not UNSET:
            field_dict["error"] = error
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.label import Label  # noqa: PLC0415
        from ..models.label_set_entry_error import LabelSetEntryError  # noqa: PLC0415

        d = dict(src_dict)
        format_ = d.pop("format")

        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))

        _error = d.pop("error", UNSET)
        error: LabelSetEntryError | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = LabelSetEntryError.from_dict(_error)

        _label = d.pop("label", UNSET)
        label: Label | Unset
        if isinstance(_label, Unset):
            label = UNSET
        else:
            label = Label.from_dict(_label)

        label_set_entry = cls(
            format_=format_,
            country=country,
            error=error,
            label=label,
        )

        label_set_entry.additional_properties = d
        return label_set_entry

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
