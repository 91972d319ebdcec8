from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.line_bounds import LineBounds


T = TypeVar("T", bound="ConstraintsBody")


@_attrs_define
class ConstraintsBody:
    """What every candidate respects.

    Attributes:
        fixed_lines (list[int] | Unset): Lines (indexes into the recipe's `ingredients`) kept as they are.
        keep_servings (bool | Unset): The number of servings stays (it always does: candidates change grams and foods
            only); accepted for clarity.
        keep_total_weight (bool | Unset): The lines' total grams stay as they are.
        lines (list[LineBounds] | Unset): Per line: the least and most grams it may have.
        max_change_pct (float | None | Unset): The largest change of any kept line, % of its grams (default 50).
            Default: 50.0.
    """

    fixed_lines: list[int] | Unset = UNSET
    keep_servings: bool | Unset = UNSET
    keep_total_weight: bool | Unset = UNSET
    lines: list[LineBounds] | Unset = UNSET
    max_change_pct: float | None | Unset = 50.0

    def to_dict(self) -> dict[str, Any]:
        fixed_lines: list[int] | Unset = UNSET
        if not isinstance(self.fixed_lines, Unset):
            fixed_lines = self.fixed_lines

        keep_servings = self.keep_servings

        keep_total_weight = self.keep_total_weight

        lines: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.lines, Unset):
            lines = []
            for lines_item_data in self.lines:
                lines_item = lines_item_data.to_dict()
                lines.append(lines_item)

        max_change_pct: float | None | Unset
        if isinstance(self.max_change_pct, Unset):
            max_change_pct = UNSET
        else:
            max_change_pct = self.max_change_pct

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if fixed_lines is not UNSET:
            field_dict["fixed_lines"] = fixed_lines
        if keep_servings is not UNSET:
            field_dict["keep_servings"] = keep_servings
        if keep_total_weight is not UNSET:
            field_dict["keep_total_weight"] = keep_total_weight
        if lines is not UNSET:
            field_dict["lines"] = lines
        if max_change_pct is not UNSET:
            field_dict["max_change_pct"] = max_change_pct

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.line_bounds import LineBounds  # noqa: PLC0415

        d = dict(src_dict)
        fixed_lines = cast(list[int], d.pop("fixed_lines", UNSET))

        keep_servings = d.pop("keep_servings", UNSET)

        keep_total_weight = d.pop("keep_total_weight", UNSET)

        _lines = d.pop("lines", UNSET)
        lines: list[LineBounds] | Unset = UNSET
        if _lines is not UNSET:
            lines = []
            for lines_item_data in _lines:
                lines_item = LineBounds.from_dict(lines_item_data)

                lines.append(lines_item)

        def _parse_max_change_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_change_pct = _parse_max_change_pct(d.pop("max_change_pct", UNSET))

        constraints_body = cls(
            fixed_lines=fixed_lines,
            keep_servings=keep_servings,
            keep_total_weight=keep_total_weight,
            lines=lines,
            max_change_pct=max_change_pct,
        )

        return constraints_body
