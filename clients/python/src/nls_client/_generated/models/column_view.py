from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.basis import Basis

T = TypeVar("T", bound="ColumnView")


@_attrs_define
class ColumnView:
    """One column of a format's table.

    Attributes:
        basis (Basis): The basis of a column's amounts.
        id (str):
        percent (bool):
    """

    basis: Basis
    id: str
    percent: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        basis = self.basis.value

        id = self.id

        percent = self.percent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "basis": basis,
                "id": id,
                "percent": percent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        basis = Basis(d.pop("basis"))

        id = d.pop("id")

        percent = d.pop("percent")

        column_view = cls(
            basis=basis,
            id=id,
            percent=percent,
        )

        column_view.additional_properties = d
        return column_view

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
