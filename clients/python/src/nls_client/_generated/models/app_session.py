from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.session_account import SessionAccount


T = TypeVar("T", bound="AppSession")


@_attrs_define
class AppSession:
    """The session endpoints' body: the account, its plan, the CSRF token and the expiry.

    Attributes:
        account (SessionAccount): The signed-in account.
        csrf_token (str): Send as `X-CSRF-Token` with every POST, PUT and DELETE of this session.
        expires_at (datetime.datetime):
    """

    account: SessionAccount
    csrf_token: str
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account = self.account.to_dict()

        csrf_token = self.csrf_token

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account": account,
                "csrf_token": csrf_token,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_account import SessionAccount  # noqa: PLC0415

        d = dict(src_dict)
        account = SessionAccount.from_dict(d.pop("account"))

        csrf_token = d.pop("csrf_token")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        app_session = cls(
            account=account,
            csrf_token=csrf_token,
            expires_at=expires_at,
        )

        app_session.additional_properties = d
        return app_session

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
