from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.label_foods_item_serving_size import LabelFoodsItemServingSize


T = TypeVar("T", bound="LabelFoodsItem")


@_attrs_define
class LabelFoodsItem:
    """
    Attributes:
        column (str | Unset):
        ingredient_statement (str | Unset):
        name (str | Unset):
        serving_size (LabelFoodsItemServingSize | Unset):
        servings_per_container (float | Unset):
    """

    column: str | Unset = UNSET
    ingredient_statement: str | Unset = UNSET
    name: str | Unset = UNSET
    serving_size: LabelFoodsItemServingSize | Unset = UNSET
    servings_per_container: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        column = self.column

        ingredient_statement = self.ingredient_statement

        name = self.name

        serving_size: dict[str, Any] | Unset = UNSET
        if not isinstance(self.serving_size, Unset):
            serving_size = self.serving_size.to_dict()

        servings_per_container = self.servings_per_container

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if column is not UNSET:
            field_dict["column"] = column
        if ingredient_statement is not UNSET:
            field_dict["ingredient_statement"] = ingredient_statement
        if name is not UNSET:
            field_dict["name"] = name
        if serving_size is not UNSET:
            field_dict["serving_size"] = serving_size
        if servings_per_container is not UNSET:
            field_dict["servings_per_container"] = servings_per_container

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.label_foods_item_serving_size import LabelFoodsItemServingSize  # noqa: PLC0415

        d = dict(src_dict)
        column = d.pop("column", UNSET)

        ingredient_statement = d.pop("ingredient_statement", UNSET)

        name = d.pop("name", UNSET)

        _serving_size = d.pop("serving_size", UNSET)
        serving_size: LabelFoodsItemServingSize | Unset
        if isinstance(_serving_size, Unset):
            serving_size = UNSET
        else:
            serving_size = LabelFoodsItemServingSize.from_dict(_serving_size)

        servings_per_container = d.pop("servings_per_container", UNSET)

        label_foods_item = cls(
            column=column,
            ingredient_statement=ingredient_statement,
            name=name,
            serving_size=serving_size,
            servings_per_container=servings_per_container,
        )

        label_foods_item.additional_properties = d
        return label_foods_item

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
