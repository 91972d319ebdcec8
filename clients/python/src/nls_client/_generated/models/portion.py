from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Portion")


@_attrs_define
class Portion:
    """A household measure: `amount` × `description` weighs `grams`
    (e.g. 1 × "tbsp" = 14.2 g).

        Attributes:
            amount (float): How many of the unit (1, 0.5, ...).
            description (str): The unit with USDA's modifier, e.g. `"cup, sliced"`.
            grams (float): Gram weight of `amount` units.
    """

    amount: float
    description: str
    grams: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        description = self.description

        grams = self.grams

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "description": description,
                "grams": grams,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        description = d.pop("description")

        grams = d.pop("grams")

        portion = cls(
            amount=amount,
            description=description,
            grams=grams,
        )

        portion.additional_properties = d
        return portion

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
