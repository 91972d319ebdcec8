from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.history_data_item_cause import HistoryDataItemCause
    from ..models.history_data_item_label_changes_item import HistoryDataItemLabelChangesItem


T = TypeVar("T", bound="HistoryDataItem")


@_attrs_define
class HistoryDataItem:
    """
    Attributes:
        actor (str):
        changes (Any):
        occurred_at (datetime.datetime):
        type_ (str):
        version (int):
        cause (HistoryDataItemCause | Unset): On a `label.recomputed` entry: the ingredient's or sub-recipe's event that
            changed the label.
        label_changes (list[HistoryDataItemLabelChangesItem] | Unset): With `include=label`: the printed values this
            entry changed.
        request_id (None | str | Unset): The `x-request-id` of the request that wrote the event; null for events written
            before it was recorded.
        schema_version (int | Unset):
    """

    actor: str
    changes: Any
    occurred_at: datetime.datetime
    type_: str
    version: int
    cause: HistoryDataItemCause | Unset = UNSET
    label_changes: list[HistoryDataItemLabelChangesItem] | Unset = UNSET
    request_id: None | str | Unset = UNSET
    schema_version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        actor = self.actor

        changes = self.changes

        occurred_at = self.occurred_at.isoformat()

        type_ = self.type_

        version = self.version

        cause: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cause, Unset):
            cause = self.cause.to_dict()

        label_changes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.label_changes, Unset):
            label_changes = []
            for label_changes_item_data in self.label_changes:
                label_changes_item = label_changes_item_data.to_dict()
                label_changes.append(label_changes_item)

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id

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
        from ..models.history_data_item_cause import HistoryDataItemCause  # noqa: PLC0415
        from ..models.history_data_item_label_changes_item import HistoryDataItemLabelChangesItem  # noqa: PLC0415

        d = dict(src_dict)
        actor = d.pop("actor")

        changes = d.pop("changes")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        type_ = d.pop("type")

        version = d.pop("version")

        _cause = d.pop("cause", UNSET)
        cause: HistoryDataItemCause | Unset
        if isinstance(_cause, Unset):
            cause = UNSET
        else:
            cause = HistoryDataItemCause.from_dict(_cause)

        _label_changes = d.pop("label_changes", UNSET)
        label_changes: list[HistoryDataItemLabelChangesItem] | Unset = UNSET
        if _label_changes is not UNSET:
            label_changes = []
            for label_changes_item_data in _label_changes:
                label_changes_item = HistoryDataItemLabelChangesItem.from_dict(label_changes_item_data)

                label_changes.append(label_changes_item)

        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))

        schema_version = d.pop("schema_version", UNSET)

        history_data_item = cls(
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

        history_data_item.additional_properties = d
        return history_data_item

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
