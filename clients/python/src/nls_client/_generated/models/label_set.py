from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.label_set_entry import LabelSetEntry


T = TypeVar("T", bound="LabelSet")


@_attrs_define
class LabelSet:
    """`GET /v1/recipes/{id}/labels`' answer: one entry per format, in the order asked.

    Attributes:
        data (list[LabelSetEntry]):
        recipe_id (str):
    """

    data: list[LabelSetEntry]
    recipe_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        recipe_id = self.recipe_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "recipe_id": recipe_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.label_set_entry import LabelSetEntry  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = LabelSetEntry.from_dict(data_item_data)

            data.append(data_item)

        recipe_id = d.pop("recipe_id")

        label_set = cls(
            data=data,
            recipe_id=recipe_id,
        )

        label_set.additional_properties = d
        return label_set

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
