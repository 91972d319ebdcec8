from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.confirmation_status import ConfirmationStatus

T = TypeVar("T", bound="Check")


@_attrs_define
class Check:
    """One limit looked at.

    Attributes:
        amount (float): The amount on the rule's basis.
        basis (str): `per 100 g`, `per 100 ml`, `% of energy`, `mg per kcal`, `% DV per 30 g`, ...
        code (str):
        headroom (float): Threshold minus amount, on the basis: how far below the limit (negative: above).
        nutrient (str):
        op (str): `≥`, `>`, ...
        reached (bool):
        status (ConfirmationStatus): Whether a value was confirmed against the law's text (or our reference files).
        threshold (float):
        unit (str):
        why (str):
    """

    amount: float
    basis: str
    code: str
    headroom: float
    nutrient: str
    op: str
    reached: bool
    status: ConfirmationStatus
    threshold: float
    unit: str
    why: str

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        basis = self.basis

        code = self.code

        headroom = self.headroom

        nutrient = self.nutrient

        op = self.op

        reached = self.reached

        status = self.status.value

        threshold = self.threshold

        unit = self.unit

        why = self.why

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "basis": basis,
                "code": code,
                "headroom": headroom,
                "nutrient": nutrient,
                "op": op,
                "reached": reached,
                "status": status,
                "threshold": threshold,
                "unit": unit,
                "why": why,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        basis = d.pop("basis")

        code = d.pop("code")

        headroom = d.pop("headroom")

        nutrient = d.pop("nutrient")

        op = d.pop("op")

        reached = d.pop("reached")

        status = ConfirmationStatus(d.pop("status"))

        threshold = d.pop("threshold")

        unit = d.pop("unit")

        why = d.pop("why")

        check = cls(
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

        return check
