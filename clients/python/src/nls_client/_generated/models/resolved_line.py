from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.resolved_line_label_names import ResolvedLineLabelNames
    from ..models.resolved_line_nutrients_type_0 import ResolvedLineNutrientsType0


T = TypeVar("T", bound="ResolvedLine")


@_attrs_define
class ResolvedLine:
    """A recipe line as the representation shows it.

    Attributes:
        grams (float):
        ingredient_id (str):
        label_name (str):
        name (str): The name the client gave (or the resolved name when the entry came by id).
        resolved_name (str): What the line resolved to: the database food's description, or the custom
            ingredient's or sub-recipe's current name.
        added_nutrients (list[str] | Unset): Nutrients added to it as a nutrient supplement, when any.
        label_names (ResolvedLineLabelNames | Unset): The line's own names by language, when it has any.
        nutrients (None | ResolvedLineNutrientsType0 | Unset): The line's nutrient overrides per 100 g, when it has any.
    """

    grams: float
    ingredient_id: str
    label_name: str
    name: str
    resolved_name: str
    added_nutrients: list[str] | Unset = UNSET
    label_names: ResolvedLineLabelNames | Unset = UNSET
    nutrients: None | ResolvedLineNutrientsType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.resolved_line_nutrients_type_0 import ResolvedLineNutrientsType0  # noqa: PLC0415

        grams = self.grams

        ingredient_id = self.ingredient_id

        label_name = self.label_name

        name = self.name

        resolved_name = self.resolved_name

        added_nutrients: list[str] | Unset = UNSET
        if not isinstance(self.added_nutrients, Unset):
            added_nutrients = self.added_nutrients

        label_names: dict[str, Any] | Unset = UNSET
        if not isinstance(self.label_names, Unset):
            label_names = self.label_names.to_dict()

        nutrients: dict[str, Any] | None | Unset
        if isinstance(self.nutrients, Unset):
            nutrients = UNSET
        elif isinstance(self.nutrients, ResolvedLineNutrientsType0):
            nutrients = self.nutrients.to_dict()
        else:
            nutrients = self.nutrients

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grams": grams,
                "ingredient_id": ingredient_id,
                "label_name": label_name,
                "name": name,
                "resolved_name": resolved_name,
            }
        )
        if added_nutrients is not UNSET:
            field_dict["added_nutrients"] = added_nutrients
        if label_names is not UNSET:
            field_dict["label_names"] = label_names
        if nutrients is not UNSET:
            field_dict["nutrients"] = nutrients

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.resolved_line_label_names import ResolvedLineLabelNames  # noqa: PLC0415
        from ..models.resolved_line_nutrients_type_0 import ResolvedLineNutrientsType0  # noqa: PLC0415

        d = dict(src_dict)
        grams = d.pop("grams")

        ingredient_id = d.pop("ingredient_id")

        label_name = d.pop("label_name")

        name = d.pop("name")

        resolved_name = d.pop("resolved_name")

        added_nutrients = cast(list[str], d.pop("added_nutrients", UNSET))

        _label_names = d.pop("label_names", UNSET)
        label_names: ResolvedLineLabelNames | Unset
        if isinstance(_label_names, Unset):
            label_names = UNSET
        else:
            label_names = ResolvedLineLabelNames.from_dict(_label_names)

        def _parse_nutrients(data: object) -> None | ResolvedLineNutrientsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                nutrients_type_0 = ResolvedLineNutrientsType0.from_dict(data)

                return nutrients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResolvedLineNutrientsType0 | Unset, data)

        nutrients = _parse_nutrients(d.pop("nutrients", UNSET))

        resolved_line = cls(
            grams=grams,
            ingredient_id=ingredient_id,
            label_name=label_name,
            name=name,
            resolved_name=resolved_name,
            added_nutrients=added_nutrients,
            label_names=label_names,
            nutrients=nutrients,
        )

        resolved_line.additional_properties = d
        return resolved_line

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
