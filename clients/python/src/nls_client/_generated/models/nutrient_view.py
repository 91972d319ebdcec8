from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.nutrient_view_source_kinds import NutrientViewSourceKinds
    from ..models.reference_view import ReferenceView


T = TypeVar("T", bound="NutrientView")


@_attrs_define
class NutrientView:
    """One nutrient row a format declares.

    Attributes:
        key (str):
        name (str): The printed name in the format's first language.
        rounding (str): The rounding rule's id.
        unit (str):
        reference (None | ReferenceView | Unset):
        source_kinds (NutrientViewSourceKinds | Unset): Present where the format's terms say how far each word is
            sourced
            (reference/sources/LABEL_TERMS_SOURCES.md's kinds: official-text, official-copy,
            official-guidance, secondary, oss, oss-unattributed): language (ISO 639-1) → the
            kind of source of the nutrient's printed name. Anything but `official-text` is
            unconfirmed wording.
    """

    key: str
    name: str
    rounding: str
    unit: str
    reference: None | ReferenceView | Unset = UNSET
    source_kinds: NutrientViewSourceKinds | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.reference_view import ReferenceView  # noqa: PLC0415

        key = self.key

        name = self.name

        rounding = self.rounding

        unit = self.unit

        reference: dict[str, Any] | None | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        elif isinstance(self.reference, ReferenceView):
            reference = self.reference.to_dict()
        else:
            reference = self.reference

        source_kinds: dict[str, Any] | Unset = UNSET
        if not isinstance(self.source_kinds, Unset):
            source_kinds = self.source_kinds.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "name": name,
                "rounding": rounding,
                "unit": unit,
            }
        )
        if reference is not UNSET:
            field_dict["reference"] = reference
        if source_kinds is not UNSET:
            field_dict["source_kinds"] = source_kinds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nutrient_view_source_kinds import NutrientViewSourceKinds  # noqa: PLC0415
        from ..models.reference_view import ReferenceView  # noqa: PLC0415

        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        rounding = d.pop("rounding")

        unit = d.pop("unit")

        def _parse_reference(data: object) -> None | ReferenceView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reference_type_1 = ReferenceView.from_dict(data)

                return reference_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReferenceView | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))

        _source_kinds = d.pop("source_kinds", UNSET)
        source_kinds: NutrientViewSourceKinds | Unset
        if isinstance(_source_kinds, Unset):
            source_kinds = UNSET
        else:
            source_kinds = NutrientViewSourceKinds.from_dict(_source_kinds)

        nutrient_view = cls(
            key=key,
            name=name,
            rounding=rounding,
            unit=unit,
            reference=reference,
            source_kinds=source_kinds,
        )

        nutrient_view.additional_properties = d
        return nutrient_view

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
