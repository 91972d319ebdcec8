from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.format_ import Format
    from ..models.format_light import FormatLight


T = TypeVar("T", bound="FormatList")


@_attrs_define
class FormatList:
    """Every format in catalog order, as `GET /v1/formats` answers.

    Attributes:
        data (list[Format | FormatLight]): `Format`s, or with `view=light` `FormatLight`s.
    """

    data: list[Format | FormatLight]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.format_ import Format  # noqa: PLC0415

        data = []
        for data_item_data in self.data:
            data_item: dict[str, Any]
            if isinstance(data_item_data, Format):
                data_item = data_item_data.to_dict()
            else:
                data_item = data_item_data.to_dict()

            data.append(data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.format_ import Format  # noqa: PLC0415
        from ..models.format_light import FormatLight  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:

            def _parse_data_item(data: object) -> Format | FormatLight:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_format_entry_type_0 = Format.from_dict(data)

                    return componentsschemas_format_entry_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_format_entry_type_1 = FormatLight.from_dict(data)

                return componentsschemas_format_entry_type_1

            data_item = _parse_data_item(data_item_data)

            data.append(data_item)

        format_list = cls(
            data=data,
        )

        format_list.additional_properties = d
        return format_list

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
