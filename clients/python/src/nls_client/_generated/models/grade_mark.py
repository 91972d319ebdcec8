from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.grade_component import GradeComponent


T = TypeVar("T", bound="GradeMark")


@_attrs_define
class GradeMark:
    """A letter grade from bands (Nutri-Grade).

    Attributes:
        components (list[GradeComponent]):
        grade (str):
        why (str):
    """

    components: list[GradeComponent]
    grade: str
    why: str

    def to_dict(self) -> dict[str, Any]:
        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)

        grade = self.grade

        why = self.why

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "components": components,
                "grade": grade,
                "why": why,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.grade_component import GradeComponent  # noqa: PLC0415

        d = dict(src_dict)
        components = []
        _components = d.pop("components")
        for components_item_data in _components:
            components_item = GradeComponent.from_dict(components_item_data)

            components.append(components_item)

        grade = d.pop("grade")

        why = d.pop("why")

        grade_mark = cls(
            components=components,
            grade=grade,
            why=why,
        )

        return grade_mark
