from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Claim")


@_attrs_define
class Claim:
    """
    Attributes:
        citation (str):
        code (str):
        text (str):
        basis (str | Unset):
        nutrient (str | Unset):
    """

    citation: str
    code: str
    text: str
    basis: str | Unset = UNSET
    nutrient: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        citation = self.citation

        code = self.code

        text = self.text

        basis = self.basis

        nutrient = self.nutrient

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "citation": citation,
                "code": code,
                "text": text,
            }
        )
        if basis is not UNSET:
            field_dict["basis"] = basis
        if nutrient is not UNSET:
            field_dict["nutrient"] = nutrient

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        citation = d.pop("citation")

        code = d.pop("code")

        text = d.pop("text")

        basis = d.pop("basis", UNSET)

        nutrient = d.pop("nutrient", UNSET)

        claim = cls(
            citation=citation,
            code=code,
            text=text,
            basis=basis,
            nutrient=nutrient,
        )

        claim.additional_properties = d
        return claim

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
