from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.component import Component


T = TypeVar("T", bound="ScoreMark")


@_attrs_define
class ScoreMark:
    """A Nutri-Score.

    Attributes:
        components (list[Component]):
        grade (str): `"A"` to `"E"`.
        points (int): Negative minus positive points.
        why (str):
    """

    components: list[Component]
    grade: str
    points: int
    why: str

    def to_dict(self) -> dict[str, Any]:
        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)

        grade = self.grade

        points = self.points

        why = self.why

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "components": components,
                "grade": grade,
                "points": points,
                "why": why,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.component import Component  # noqa: PLC0415

        d = dict(src_dict)
        components = []
        _components = d.pop("components")
        for components_item_data in _components:
            components_item = Component.from_dict(components_item_data)

            components.append(components_item)

        grade = d.pop("grade")

        points = d.pop("points")

        why = d.pop("why")

        score_mark = cls(
            components=components,
            grade=grade,
            points=points,
            why=why,
        )

        return score_mark
