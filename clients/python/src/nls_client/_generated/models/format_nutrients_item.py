from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.format_nutrients_item_reference_type_0 import FormatNutrientsItemReferenceType0
    from ..models.format_nutrients_item_source_kinds import FormatNutrientsItemSourceKinds


T = TypeVar("T", bound="FormatNutrientsItem")


@_attrs_define
class FormatNutrientsItem:
    """
    Attributes:
        key (str):
        name (str):
        reference (FormatNutrientsItemReferenceType0 | None):
        rounding (str):
        unit (str):
        source_kinds (FormatNutrientsItemSourceKinds | Unset): Present where the format's terms say how far each word is
            sourced (reference/sources/LABEL_TERMS_SOURCES.md's kinds: official-text, official-copy, official-guidance,
            secondary, oss, oss-unattributed): language (ISO 639-1) → the kind of source of the nutrient's printed name,
            e.g. `{"ar": "secondary", "en": "secondary"}`. Anything but `official-text` is unconfirmed wording.
    """

    key: str
    name: str
    reference: FormatNutrientsItemReferenceType0 | None
    rounding: str
    unit: str
    source_kinds: FormatNutrientsItemSourceKinds | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.format_nutrients_item_reference_type_0 import FormatNutrientsItemReferenceType0  # noqa: PLC0415

        key = self.key

        name = self.name

        reference: dict[str, Any] | None
        if isinstance(self.reference, FormatNutrientsItemReferenceType0):
            reference = self.reference.to_dict()
        else:
            reference = self.reference

        rounding = self.rounding

        unit = self.unit

        source_kinds: dict[str, Any] | Unset = UNSET
        if not isinstance(self.source_kinds, Unset):
            source_kinds = self.source_kinds.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "name": name,
                "reference": reference,
                "rounding": rounding,
                "unit": unit,
            }
        )
        if source_kinds is not UNSET:
            field_dict["source_kinds"] = source_kinds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.format_nutrients_item_reference_type_0 import FormatNutrientsItemReferenceType0  # noqa: PLC0415
        from ..models.format_nutrients_item_source_kinds import FormatNutrientsItemSourceKinds  # noqa: PLC0415

        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        def _parse_reference(data: object) -> FormatNutrientsItemReferenceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reference_type_0 = FormatNutrientsItemReferenceType0.from_dict(data)

                return reference_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FormatNutrientsItemReferenceType0 | None, data)

        reference = _parse_reference(d.pop("reference"))

        rounding = d.pop("rounding")

        unit = d.pop("unit")

        _source_kinds = d.pop("source_kinds", UNSET)
        source_kinds: FormatNutrientsItemSourceKinds | Unset
        if isinstance(_source_kinds, Unset):
            source_kinds = UNSET
        else:
            source_kinds = FormatNutrientsItemSourceKinds.from_dict(_source_kinds)

        format_nutrients_item = cls(
            key=key,
            name=name,
            reference=reference,
            rounding=rounding,
            unit=unit,
            source_kinds=source_kinds,
        )

        format_nutrients_item.additional_properties = d
        return format_nutrients_item

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
