from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.confirmation_status import ConfirmationStatus

T = TypeVar("T", bound="MarketScheme")


@_attrs_define
class MarketScheme:
    """A front-of-pack scheme of a country's market.

    Attributes:
        required (bool):
        scheme (str):
        status (ConfirmationStatus): Whether a value was confirmed against the law's text (or our reference files).
    """

    required: bool
    scheme: str
    status: ConfirmationStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        required = self.required

        scheme = self.scheme

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "required": required,
                "scheme": scheme,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        required = d.pop("required")

        scheme = d.pop("scheme")

        status = ConfirmationStatus(d.pop("status"))

        market_scheme = cls(
            required=required,
            scheme=scheme,
            status=status,
        )

        market_scheme.additional_properties = d
        return market_scheme

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
