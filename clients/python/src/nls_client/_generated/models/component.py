from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Component")


@_attrs_define
class Component:
    """One Nutri-Score component.

    Attributes:
        amount (float):
        component (str): `energy`, `sugars`, `saturated_fat`, `salt`, `sweeteners`, `protein`, `fibre`,
            `fruit_vegetable_legume`, `energy_from_saturates`, `saturates_ratio`.
        counted (bool): Whether it counts in the score (protein may not).
        max_points (int):
        points (int): Points it scores (negative components count against, positive for).
        side (str): `negative` or `positive`.
        unit (str):
    """

    amount: float
    component: str
    counted: bool
    max_points: int
    points: int
    side: str
    unit: str

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        component = self.component

        counted = self.counted

        max_points = self.max_points

        points = self.points

        side = self.side

        unit = self.unit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "component": component,
                "counted": counted,
                "max_points": max_points,
                "points": points,
                "side": side,
                "unit": unit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        component = d.pop("component")

        counted = d.pop("counted")

        max_points = d.pop("max_points")

        points = d.pop("points")

        side = d.pop("side")

        unit = d.pop("unit")

        component = cls(
            amount=amount,
            component=component,
            counted=counted,
            max_points=max_points,
            points=points,
            side=side,
            unit=unit,
        )

        return component
