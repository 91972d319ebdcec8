from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookDeliveryAttemptLogItem")


@_attrs_define
class WebhookDeliveryAttemptLogItem:
    """
    Attributes:
        attempt (int):
        duration_ms (int):
        error (None | str):
        response_status (int | None):
        started_at (datetime.datetime):
    """

    attempt: int
    duration_ms: int
    error: None | str
    response_status: int | None
    started_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        duration_ms = self.duration_ms

        error: None | str
        error = self.error

        response_status: int | None
        response_status = self.response_status

        started_at = self.started_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt": attempt,
                "duration_ms": duration_ms,
                "error": error,
                "response_status": response_status,
                "started_at": started_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        duration_ms = d.pop("duration_ms")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_status = _parse_response_status(d.pop("response_status"))

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        webhook_delivery_attempt_log_item = cls(
            attempt=attempt,
            duration_ms=duration_ms,
            error=error,
            response_status=response_status,
            started_at=started_at,
        )

        webhook_delivery_attempt_log_item.additional_properties = d
        return webhook_delivery_attempt_log_item

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
