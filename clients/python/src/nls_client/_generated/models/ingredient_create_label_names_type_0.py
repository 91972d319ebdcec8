from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="IngredientCreateLabelNamesType0")


@_attrs_define
class IngredientCreateLabelNamesType0:
    """How it reads in an ingredient statement in each language (ISO 639-1 code → name, printed whole: sub-ingredients are
    not added), for labels whose formats print that language (Reg. (EU) 1169/2011 Art. 15, 18; 21 CFR 101.15(c)(2)),
    e.g. `{"de": "Weizenmehl", "fr": "farine de blé"}`. `null` or `{}` removes them; absent from the representation when
    none. A language no format prints: 400 `validation_failed`. Without one, a statement prints the line's `label_name`
    (or the food table's name and its reviewed names in `label_names` of `GET /v1/foods/{id}`); a name known to be in
    another language is listed in the label's `ingredient_names_not_in_language`.

    """

    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ingredient_create_label_names_type_0 = cls()

        ingredient_create_label_names_type_0.additional_properties = d
        return ingredient_create_label_names_type_0

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
