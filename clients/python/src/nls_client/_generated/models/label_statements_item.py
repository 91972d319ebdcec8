from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LabelStatementsItem")


@_attrs_define
class LabelStatementsItem:
    """
    Attributes:
        heading (str):
        ingredient_statement (str):
        language (str):
        contains_statement (str | Unset):
        ingredient_statement_html (str | Unset):
    """

    heading: str
    ingredient_statement: str
    language: str
    contains_statement: str | Unset = UNSET
    ingredient_statement_html: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        heading = self.heading

        ingredient_statement = self.ingredient_statement

        language = self.language

        contains_statement = self.contains_statement

        ingredient_statement_html = self.ingredient_statement_html

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "heading": heading,
                "ingredient_statement": ingredient_statement,
                "language": language,
            }
        )
        if contains_statement is not UNSET:
            field_dict["contains_statement"] = contains_statement
        if ingredient_statement_html is not UNSET:
            field_dict["ingredient_statement_html"] = ingredient_statement_html

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        heading = d.pop("heading")

        ingredient_statement = d.pop("ingredient_statement")

        language = d.pop("language")

        contains_statement = d.pop("contains_statement", UNSET)

        ingredient_statement_html = d.pop("ingredient_statement_html", UNSET)

        label_statements_item = cls(
            heading=heading,
            ingredient_statement=ingredient_statement,
            language=language,
            contains_statement=contains_statement,
            ingredient_statement_html=ingredient_statement_html,
        )

        label_statements_item.additional_properties = d
        return label_statements_item

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
