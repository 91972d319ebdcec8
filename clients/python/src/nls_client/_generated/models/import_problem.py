from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ImportProblem")


@_attrs_define
class ImportProblem:
    """One row's problem: `row` as the file numbers it (the header is row 1), the column, and
    the error code the same problem has in a single create.

        Attributes:
            code (str):
            field (str):
            problem (str):
            row (int):
            suggestions (list[Any] | None | Unset): Foods close to an ingredient name that matched nothing.
    """

    code: str
    field: str
    problem: str
    row: int
    suggestions: list[Any] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        field = self.field

        problem = self.problem

        row = self.row

        suggestions: list[Any] | None | Unset
        if isinstance(self.suggestions, Unset):
            suggestions = UNSET
        elif isinstance(self.suggestions, list):
            suggestions = self.suggestions

        else:
            suggestions = self.suggestions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "field": field,
                "problem": problem,
                "row": row,
            }
        )
        if suggestions is not UNSET:
            field_dict["suggestions"] = suggestions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        field = d.pop("field")

        problem = d.pop("problem")

        row = d.pop("row")

        def _parse_suggestions(data: object) -> list[Any] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                suggestions_type_0 = cast(list[Any], data)

                return suggestions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Any] | None | Unset, data)

        suggestions = _parse_suggestions(d.pop("suggestions", UNSET))

        import_problem = cls(
            code=code,
            field=field,
            problem=problem,
            row=row,
            suggestions=suggestions,
        )

        import_problem.additional_properties = d
        return import_problem

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
