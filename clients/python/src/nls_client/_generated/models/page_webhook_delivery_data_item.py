from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.page_webhook_delivery_data_item_body import PageWebhookDeliveryDataItemBody
    from ..models.webhook_attempt import WebhookAttempt


T = TypeVar("T", bound="PageWebhookDeliveryDataItem")


@_attrs_define
class PageWebhookDeliveryDataItem:
    """A delivery as the log shows it.

    Attributes:
        attempt_log (list[WebhookAttempt]):
        attempts (int):
        body (PageWebhookDeliveryDataItemBody): What is sent: `{type, timestamp, data}`.
        created_at (datetime.datetime):
        event_type (str):
        id (str): Also the `webhook-id` header: the same on every attempt.
        status (str): `pending` (waiting for its next attempt), `delivered` or `failed` (no attempt left,
            or the endpoint was disabled).
        last_duration_ms (int | None | Unset):
        last_error (None | str | Unset):
        last_response_status (int | None | Unset):
        next_attempt_at (datetime.datetime | None | Unset):
    """

    attempt_log: list[WebhookAttempt]
    attempts: int
    body: PageWebhookDeliveryDataItemBody
    created_at: datetime.datetime
    event_type: str
    id: str
    status: str
    last_duration_ms: int | None | Unset = UNSET
    last_error: None | str | Unset = UNSET
    last_response_status: int | None | Unset = UNSET
    next_attempt_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt_log = []
        for attempt_log_item_data in self.attempt_log:
            attempt_log_item = attempt_log_item_data.to_dict()
            attempt_log.append(attempt_log_item)

        attempts = self.attempts

        body = self.body.to_dict()

        created_at = self.created_at.isoformat()

        event_type = self.event_type

        id = self.id

        status = self.status

        last_duration_ms: int | None | Unset
        if isinstance(self.last_duration_ms, Unset):
            last_duration_ms = UNSET
        else:
            last_duration_ms = self.last_duration_ms

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        last_response_status: int | None | Unset
        if isinstance(self.last_response_status, Unset):
            last_response_status = UNSET
        else:
            last_response_status = self.last_response_status

        next_attempt_at: None | str | Unset
        if isinstance(self.next_attempt_at, Unset):
            next_attempt_at = UNSET
        elif isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt_log": attempt_log,
                "attempts": attempts,
                "body": body,
                "created_at": created_at,
                "event_type": event_type,
                "id": id,
                "status": status,
            }
        )
        if last_duration_ms is not UNSET:
            field_dict["last_duration_ms"] = last_duration_ms
        if last_error is not UNSET:
            field_dict["last_error"] = last_error
        if last_response_status is not UNSET:
            field_dict["last_response_status"] = last_response_status
        if next_attempt_at is not UNSET:
            field_dict["next_attempt_at"] = next_attempt_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.page_webhook_delivery_data_item_body import PageWebhookDeliveryDataItemBody  # noqa: PLC0415
        from ..models.webhook_attempt import WebhookAttempt  # noqa: PLC0415

        d = dict(src_dict)
        attempt_log = []
        _attempt_log = d.pop("attempt_log")
        for attempt_log_item_data in _attempt_log:
            attempt_log_item = WebhookAttempt.from_dict(attempt_log_item_data)

            attempt_log.append(attempt_log_item)

        attempts = d.pop("attempts")

        body = PageWebhookDeliveryDataItemBody.from_dict(d.pop("body"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        event_type = d.pop("event_type")

        id = d.pop("id")

        status = d.pop("status")

        def _parse_last_duration_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_duration_ms = _parse_last_duration_ms(d.pop("last_duration_ms", UNSET))

        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("last_error", UNSET))

        def _parse_last_response_status(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_response_status = _parse_last_response_status(d.pop("last_response_status", UNSET))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at", UNSET))

        page_webhook_delivery_data_item = cls(
            attempt_log=attempt_log,
            attempts=attempts,
            body=body,
            created_at=created_at,
            event_type=event_type,
            id=id,
            status=status,
            last_duration_ms=last_duration_ms,
            last_error=last_error,
            last_response_status=last_response_status,
            next_attempt_at=next_attempt_at,
        )

        page_webhook_delivery_data_item.additional_properties = d
        return page_webhook_delivery_data_item

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
