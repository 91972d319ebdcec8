from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status import WebhookDeliveryStatus

if TYPE_CHECKING:
    from ..models.webhook_delivery_attempt_log_item import WebhookDeliveryAttemptLogItem
    from ..models.webhook_delivery_body import WebhookDeliveryBody


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        attempt_log (list[WebhookDeliveryAttemptLogItem]):
        attempts (int):
        body (WebhookDeliveryBody): What is sent: `{type, timestamp, data}`.
        created_at (datetime.datetime):
        event_type (str):
        id (str): Also the `webhook-id` header.
        last_duration_ms (int | None):
        last_error (None | str):
        last_response_status (int | None):
        next_attempt_at (datetime.datetime | None):
        status (WebhookDeliveryStatus):
    """

    attempt_log: list[WebhookDeliveryAttemptLogItem]
    attempts: int
    body: WebhookDeliveryBody
    created_at: datetime.datetime
    event_type: str
    id: str
    last_duration_ms: int | None
    last_error: None | str
    last_response_status: int | None
    next_attempt_at: datetime.datetime | None
    status: WebhookDeliveryStatus
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

        last_duration_ms: int | None
        last_duration_ms = self.last_duration_ms

        last_error: None | str
        last_error = self.last_error

        last_response_status: int | None
        last_response_status = self.last_response_status

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        status = self.status.value

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
                "last_duration_ms": last_duration_ms,
                "last_error": last_error,
                "last_response_status": last_response_status,
                "next_attempt_at": next_attempt_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_delivery_attempt_log_item import WebhookDeliveryAttemptLogItem  # noqa: PLC0415
        from ..models.webhook_delivery_body import WebhookDeliveryBody  # noqa: PLC0415

        d = dict(src_dict)
        attempt_log = []
        _attempt_log = d.pop("attempt_log")
        for attempt_log_item_data in _attempt_log:
            attempt_log_item = WebhookDeliveryAttemptLogItem.from_dict(attempt_log_item_data)

            attempt_log.append(attempt_log_item)

        attempts = d.pop("attempts")

        body = WebhookDeliveryBody.from_dict(d.pop("body"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        event_type = d.pop("event_type")

        id = d.pop("id")

        def _parse_last_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_duration_ms = _parse_last_duration_ms(d.pop("last_duration_ms"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_last_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_response_status = _parse_last_response_status(d.pop("last_response_status"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        status = WebhookDeliveryStatus(d.pop("status"))

        webhook_delivery = cls(
            attempt_log=attempt_log,
            attempts=attempts,
            body=body,
            created_at=created_at,
            event_type=event_type,
            id=id,
            last_duration_ms=last_duration_ms,
            last_error=last_error,
            last_response_status=last_response_status,
            next_attempt_at=next_attempt_at,
            status=status,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
