from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Claim")


@_attrs_define
class Claim:
    """One claim the food qualifies for, as in API_DECISIONS §7.

    Example:
        {'basis': 'per RACC', 'citation': '21 CFR 101.54(c)(1)', 'code': 'good_source_fiber', 'nutrient':
            'dietary_fiber', 'text': 'Good source of fiber'}

    Attributes:
        basis (str): `per RACC` (the only basis claims are judged on).
        citation (str): The defining regulation, e.g. `21 CFR 101.54(c)`.
        code (str): Stable code, e.g. `good_source_fiber`.
        nutrient (str): The nutrient it is about, e.g. `dietary_fiber`.
        text (str): The claim's wording, e.g. `Good source of fiber`.
        disclosure (None | str | Unset): Statement that must accompany the claim, when one applies: the 101.13(h) "See
            nutrition information for … content", the 101.54(d)(1) total fat disclosure of fiber
            claims, the cholesterol claims' fat disclosure of 101.62(d)(1)-(2), the cholesterol and
            fat declaration of "low saturated fat" (101.62(c)(2)), or the 101.60(c)(1)
            "Not a low calorie food" of sugar-free claims. Several are joined with "; ".
    """

    basis: str
    citation: str
    code: str
    nutrient: str
    text: str
    disclosure: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        basis = self.basis

        citation = self.citation

        code = self.code

        nutrient = self.nutrient

        text = self.text

        disclosure: None | str | Unset
        if isinstance(self.disclosure, Unset):
            disclosure = UNSET
        else:
            disclosure = self.disclosure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "basis": basis,
                "citation": citation,
                "code": code,
                "nutrient": nutrient,
                "text": text,
            }
        )
        if disclosure is not UNSET:
            field_dict["disclosure"] = disclosure

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        basis = d.pop("basis")

        citation = d.pop("citation")

        code = d.pop("code")

        nutrient = d.pop("nutrient")

        text = d.pop("text")

        def _parse_disclosure(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disclosure = _parse_disclosure(d.pop("disclosure", UNSET))

        claim = cls(
            basis=basis,
            citation=citation,
            code=code,
            nutrient=nutrient,
            text=text,
            disclosure=disclosure,
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
