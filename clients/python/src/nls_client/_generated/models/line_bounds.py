from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LineBounds")


@_attrs_define
class LineBounds:
    """The grams one line may have.

    Attributes:
        index (int):
        max_g (float | None | Unset):
        min_g (float | None | Unset):
    """

    index: int
    max_g: float | None | Unset = UNSET
    min_g: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        max_g: float | None | Unset
        if isinstance(self.max_g, Unset):
            max_g = UNSET
        else:
            max_g = self.max_g

        min_g: float | None | Unset
        if isinstance(self.min_g, Unset):
            min_g = UNSET
        else:
            min_g = self.min_g

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
            }
        )
        if max_g is not UNSET:
            field_dict["max_g"] = max_g
        if min_g is not UNSET:
            field_dict["min_g"] = min_g

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        def _parse_max_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_g = _parse_max_g(d.pop("max_g", UNSET))

        def _parse_min_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        min_g = _parse_min_g(d.pop("min_g", UNSET))

        line_bounds = cls(
            index=index,
            max_g=max_g,
            min_g=min_g,
        )

        return line_bounds
