from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CountryListDataItemFrontOfPackItem")


@_attrs_define
class CountryListDataItemFrontOfPackItem:
    """
    Attributes:
        required (bool | Unset):
        scheme (str | Unset):
        status (str | Unset):
    """

    required: bool | Unset = UNSET
    scheme: str | Unset = UNSET
    status: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        required = self.required

        scheme = self.scheme

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if required is not UNSET:
            field_dict["required"] = required
        if scheme is not UNSET:
            field_dict["scheme"] = scheme
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        required = d.pop("required", UNSET)

        scheme = d.pop("scheme", UNSET)

        status = d.pop("status", UNSET)

        country_list_data_item_front_of_pack_item = cls(
            required=required,
            scheme=scheme,
            status=status,
        )

        country_list_data_item_front_of_pack_item.additional_properties = d
        return country_list_data_item_front_of_pack_item

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
