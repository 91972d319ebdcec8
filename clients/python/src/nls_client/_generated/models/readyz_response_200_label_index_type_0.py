from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.readyz_response_200_label_index_type_0_state import ReadyzResponse200LabelIndexType0State
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReadyzResponse200LabelIndexType0")


@_attrs_define
class ReadyzResponse200LabelIndexType0:
    """Where label files are served: whether the in-memory label index follows its invalidations over NATS (null
    elsewhere).

        Attributes:
            entries (int | Unset):
            last_error (None | str | Unset):
            state (ReadyzResponse200LabelIndexType0State | Unset):
    """

    entries: int | Unset = UNSET
    last_error: None | str | Unset = UNSET
    state: ReadyzResponse200LabelIndexType0State | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entries = self.entries

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        state: str | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if entries is not UNSET:
            field_dict["entries"] = entries
        if last_error is not UNSET:
            field_dict["last_error"] = last_error
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        entries = d.pop("entries", UNSET)

        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("last_error", UNSET))

        _state = d.pop("state", UNSET)
        state: ReadyzResponse200LabelIndexType0State | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = ReadyzResponse200LabelIndexType0State(_state)

        readyz_response_200_label_index_type_0 = cls(
            entries=entries,
            last_error=last_error,
            state=state,
        )

        readyz_response_200_label_index_type_0.additional_properties = d
        return readyz_response_200_label_index_type_0

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
