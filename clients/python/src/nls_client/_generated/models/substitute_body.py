from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SubstituteBody")


@_attrs_define
class SubstituteBody:
    """A line that may be replaced, and by what.

    Attributes:
        index (int):
        ingredients (list[str]): Ingredient ids that may take the line's place (one of them), at most 5.
    """

    index: int
    ingredients: list[str]

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        ingredients = self.ingredients

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "ingredients": ingredients,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        ingredients = cast(list[str], d.pop("ingredients"))

        substitute_body = cls(
            index=index,
            ingredients=ingredients,
        )

        return substitute_body
