from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cause_view import CauseView
    from ..models.printed_change import PrintedChange


T = TypeVar("T", bound="HistoryEntry")


@_attrs_define
class HistoryEntry:
    """One event of a resource's stream, or (`include=label`) a `label.recomputed` entry.

    Attributes:
        actor (str): Who wrote it: `key:<API key id>`, or the app session's account.
        changes (Any): The event's payload (`{}` on a `label.recomputed` entry).
        occurred_at (datetime.datetime):
        type_ (str):
        version (int):
        cause (CauseView | None | Unset):
        label_changes (list[PrintedChange] | None | Unset): With `include=label`: the printed values this entry changed.
        request_id (None | str | Unset): The `x-request-id` of the request that wrote the event; null for events written
            before it was recorded.
        schema_version (int | None | Unset):
    """

    actor: str
    changes: Any
    occurred_at: datetime.datetime
    type_: str
    version: int
    cause: CauseView | None | Unset = UNSET
    label_changes: list[PrintedChange] | None | Unset = UNSET
    request_id: None | str | Unset = UNSET
    schema_version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.cause_view import CauseView  # noqa: PLC0415

        actor = self.actor

        changes = self.changes

        occurred_at = self.occurred_at.isoformat()

        type_ = self.type_

        version = self.version

        cause: dict[str, Any] | None | Unset
        if isinstance(self.cause, Unset):
            cause = UNSET
        elif isinstance(self.cause, CauseView):
            cause = self.cause.to_dict()
        else:
            cause = self.cause

        label_changes: list[dict[str, Any]] | None | Unset
        if isinstance(self.label_changes, Unset):
            label_changes = UNSET
        elif isinstance(self.label_changes, list):
            label_changes = []
            for label_changes_type_0_item_data in self.label_changes:
                label_changes_type_0_item = label_changes_type_0_item_data.to_dict()
                label_changes.append(label_changes_type_0_item)

        else:
            label_changes = self.label_changes

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id

        schema_version: int | None | Unset
        if isinstance(self.schema_version, Unset):
            schema_version = UNSET
        else:
            schema_version = self.schema_version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "actor": actor,
                "changes": changes,
                "occurred_at": occurred_at,
                "type": type_,
                "version": version,
            }
        )
        if cause is not UNSET:
            field_dict["cause"] = cause
        if label_changes is not UNSET:
            field_dict["label_changes"] = label_changes
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if schema_version is not UNSET:
            field_dict["schema_version"] = schema_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cause_view import CauseView  # noqa: PLC0415
        from ..models.printed_change import PrintedChange  # noqa: PLC0415

        d = dict(src_dict)
        actor = d.pop("actor")

        changes = d.pop("changes")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        type_ = d.pop("type")

        version = d.pop("version")

        def _parse_cause(data: object) -> CauseView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cause_type_1 = CauseView.from_dict(data)

                return cause_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CauseView | None | Unset, data)

        cause = _parse_cause(d.pop("cause", UNSET))

        def _parse_label_changes(data: object) -> list[PrintedChange] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                label_changes_type_0 = []
                _label_changes_type_0 = data
                for label_changes_type_0_item_data in _label_changes_type_0:
                    label_changes_type_0_item = PrintedChange.from_dict(label_changes_type_0_item_data)

                    label_changes_type_0.append(label_changes_type_0_item)

                return label_changes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PrintedChange] | None | Unset, data)

        label_changes = _parse_label_changes(d.pop("label_changes", UNSET))

        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))

        def _parse_schema_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        schema_version = _parse_schema_version(d.pop("schema_version", UNSET))

        history_entry = cls(
            actor=actor,
            changes=changes,
            occurred_at=occurred_at,
            type_=type_,
            version=version,
            cause=cause,
            label_changes=label_changes,
            request_id=request_id,
            schema_version=schema_version,
        )

        history_entry.additional_properties = d
        return history_entry

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
