from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FrontOfPackChecksItem")


@_attrs_define
class FrontOfPackChecksItem:
    """
    Attributes:
        amount (float | Unset):
        basis (str | Unset):
        code (str | Unset):
        headroom (float | Unset):
        nutrient (str | Unset):
        op (str | Unset):
        reached (bool | Unset):
        status (str | Unset):
        threshold (float | Unset):
        unit (str | Unset):
        why (str | Unset):
    """

    amount: float | Unset = UNSET
    basis: str | Unset = UNSET
    code: str | Unset = UNSET
    headroom: float | Unset = UNSET
    nutrient: str | Unset = UNSET
    op: str | Unset = UNSET
    reached: bool | Unset = UNSET
    status: str | Unset = UNSET
    threshold: float | Unset = UNSET
    unit: str | Unset = UNSET
    why: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        basis = self.basis

        code = self.code

        headroom = self.headroom

        nutrient = self.nutrient

        op = self.op

        reached = self.reached

        status = self.status

        threshold = self.threshold

        unit = self.unit

        why = self.why

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if basis is not UNSET:
            field_dict["basis"] = basis
        if code is not UNSET:
            field_dict["code"] = code
        if headroom is not UNSET:
            field_dict["headroom"] = headroom
        if nutrient is not UNSET:
            field_dict["nutrient"] = nutrient
        if op is not UNSET:
            field_dict["op"] = op
        if reached is not UNSET:
            field_dict["reached"] = reached
        if status is not UNSET:
            field_dict["status"] = status
        if threshold is not UNSET:
            field_dict["threshold"] = threshold
        if unit is not UNSET:
            field_dict["unit"] = unit
        if why is not UNSET:
            field_dict["why"] = why

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount", UNSET)

        basis = d.pop("basis", UNSET)

        code = d.pop("code", UNSET)

        headroom = d.pop("headroom", UNSET)

        nutrient = d.pop("nutrient", UNSET)

        op = d.pop("op", UNSET)

        reached = d.pop("reached", UNSET)

        status = d.pop("status", UNSET)

        threshold = d.pop("threshold", UNSET)

        unit = d.pop("unit", UNSET)

        why = d.pop("why", UNSET)

        front_of_pack_checks_item = cls(
            amount=amount,
            basis=basis,
            code=code,
            headroom=headroom,
            nutrient=nutrient,
            op=op,
            reached=reached,
            status=status,
            threshold=threshold,
            unit=unit,
            why=why,
        )

        front_of_pack_checks_item.additional_properties = d
        return front_of_pack_checks_item

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
