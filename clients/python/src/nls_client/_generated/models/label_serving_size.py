from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LabelServingSize")


@_attrs_define
class LabelServingSize:
    """
    Attributes:
        grams (float | Unset):
        ml (float | Unset): The serving's volume, for a liquid (`front_of_pack_facts`: state `liquid` and
            `density_g_per_ml`) in a format whose law declares liquids per 100 mL (FSANZ Standard 1.2.8—6(1)(b)(ii) prints
            it: "Serving size: 250 mL"); absent otherwise.
        text (None | str | Unset):
    """

    grams: float | Unset = UNSET
    ml: float | Unset = UNSET
    text: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grams = self.grams

        ml = self.ml

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if grams is not UNSET:
            field_dict["grams"] = grams
        if ml is not UNSET:
            field_dict["ml"] = ml
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grams = d.pop("grams", UNSET)

        ml = d.pop("ml", UNSET)

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))

        label_serving_size = cls(
            grams=grams,
            ml=ml,
            text=text,
        )

        label_serving_size.additional_properties = d
        return label_serving_size

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
