from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ImportedLine")


@_attrs_define
class ImportedLine:
    """One ingredient line of a dry run's recipe.

    Attributes:
        grams (float):
        ingredient (str): The `ingredient` cell: a name or an id, as the file gives it.
        ingredient_id (str): What it resolved to: `ing_…`, `rcp_…` or `fooddb:<id>`.
        row (int): The file's row (the header is row 1).
    """

    grams: float
    ingredient: str
    ingredient_id: str
    row: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grams = self.grams

        ingredient = self.ingredient

        ingredient_id = self.ingredient_id

        row = self.row

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grams": grams,
                "ingredient": ingredient,
                "ingredient_id": ingredient_id,
                "row": row,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grams = d.pop("grams")

        ingredient = d.pop("ingredient")

        ingredient_id = d.pop("ingredient_id")

        row = d.pop("row")

        imported_line = cls(
            grams=grams,
            ingredient=ingredient,
            ingredient_id=ingredient_id,
            row=row,
        )

        imported_line.additional_properties = d
        return imported_line

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
