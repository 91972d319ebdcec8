from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.label import Label
    from ..models.label_problem import LabelProblem


T = TypeVar("T", bound="FormatLabel")


@_attrs_define
class FormatLabel:
    """One format's label, or why the recipe cannot be labelled in that format (a layout
    needing data it lacks).

        Attributes:
            format_ (str):
            error (LabelProblem | None | Unset):
            label (Label | None | Unset):
    """

    format_: str
    error: LabelProblem | None | Unset = UNSET
    label: Label | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.label import Label  # noqa: PLC0415
        from ..models.label_problem import LabelProblem  # noqa: PLC0415

        format_ = self.format_

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, LabelProblem):
            error = self.error.to_dict()
        else:
            error = self.error

        label: dict[str, Any] | None | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        elif isinstance(self.label, Label):
            label = self.label.to_dict()
        else:
            label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.label import Label  # noqa: PLC0415
        from ..models.label_problem import LabelProblem  # noqa: PLC0415

        d = dict(src_dict)
        format_ = d.pop("format")

        def _parse_error(data: object) -> LabelProblem | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_1 = LabelProblem.from_dict(data)

                return error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LabelProblem | None | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        def _parse_label(data: object) -> Label | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_type_1 = Label.from_dict(data)

                return label_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Label | None | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        format_label = cls(
            format_=format_,
            error=error,
            label=label,
        )

        format_label.additional_properties = d
        return format_label

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
