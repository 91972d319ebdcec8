from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GradeComponent")


@_attrs_define
class GradeComponent:
    """
    Attributes:
        amount (float):
        component (str):
        grade (str):
        unit (str):
    """

    amount: float
    component: str
    grade: str
    unit: str

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        component = self.component

        grade = self.grade

        unit = self.unit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "component": component,
                "grade": grade,
                "unit": unit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        component = d.pop("component")

        grade = d.pop("grade")

        unit = d.pop("unit")

        grade_component = cls(
            amount=amount,
            component=component,
            grade=grade,
            unit=unit,
        )

        return grade_component
