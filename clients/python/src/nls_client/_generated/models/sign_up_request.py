from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SignUpRequest")


@_attrs_define
class SignUpRequest:
    """
    Attributes:
        account_name (str):
        email (str):
        password (str):
    """

    account_name: str
    email: str
    password: str

    def to_dict(self) -> dict[str, Any]:
        account_name = self.account_name

        email = self.email

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_name": account_name,
                "email": email,
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_name = d.pop("account_name")

        email = d.pop("email")

        password = d.pop("password")

        sign_up_request = cls(
            account_name=account_name,
            email=email,
            password=password,
        )

        return sign_up_request
