from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.country_list_data_item_default_format_status_type_1 import CountryListDataItemDefaultFormatStatusType1
from ..models.country_list_data_item_default_format_status_type_2_type_1 import (
    CountryListDataItemDefaultFormatStatusType2Type1,
)
from ..models.country_list_data_item_default_format_status_type_3_type_1 import (
    CountryListDataItemDefaultFormatStatusType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.country_list_data_item_front_of_pack_item import CountryListDataItemFrontOfPackItem


T = TypeVar("T", bound="CountryListDataItem")


@_attrs_define
class CountryListDataItem:
    """
    Attributes:
        code (str):
        default_format (None | str):
        formats (list[str]):
        front_of_pack (list[CountryListDataItemFrontOfPackItem]):
        front_of_pack_mandatory (bool):
        name (str):
        default_format_status (CountryListDataItemDefaultFormatStatusType1 |
            CountryListDataItemDefaultFormatStatusType2Type1 | CountryListDataItemDefaultFormatStatusType3Type1 | None |
            Unset): The default format's status: `draft` where every format of the country is one (its `notes` in `GET
            /v1/formats/{id}` say what is unconfirmed).
        family (None | str | Unset):
        languages (list[str] | Unset):
        notes (None | str | Unset):
    """

    code: str
    default_format: None | str
    formats: list[str]
    front_of_pack: list[CountryListDataItemFrontOfPackItem]
    front_of_pack_mandatory: bool
    name: str
    default_format_status: (
        CountryListDataItemDefaultFormatStatusType1
        | CountryListDataItemDefaultFormatStatusType2Type1
        | CountryListDataItemDefaultFormatStatusType3Type1
        | None
        | Unset
    ) = UNSET
    family: None | str | Unset = UNSET
    languages: list[str] | Unset = UNSET
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        default_format: None | str
        default_format = self.default_format

        formats = self.formats

        front_of_pack = []
        for front_of_pack_item_data in self.front_of_pack:
            front_of_pack_item = front_of_pack_item_data.to_dict()
            front_of_pack.append(front_of_pack_item)

        front_of_pack_mandatory = self.front_of_pack_mandatory

        name = self.name

        default_format_status: None | str | Unset
        if isinstance(self.default_format_status, Unset):
            default_format_status = UNSET
        elif isinstance(self.default_format_status, CountryListDataItemDefaultFormatStatusType1):
            default_format_status = self.default_format_status.value
        elif isinstance(self.default_format_status, CountryListDataItemDefaultFormatStatusType2Type1):
            default_format_status = self.default_format_status.value
        elif isinstance(self.default_format_status, CountryListDataItemDefaultFormatStatusType3Type1):
            default_format_status = self.default_format_status.value
        else:
            default_format_status = self.default_format_status

        family: None | str | Unset
        if isinstance(self.family, Unset):
            family = UNSET
        else:
            family = self.family

        languages: list[str] | Unset = UNSET
        if not isinstance(self.languages, Unset):
            languages = self.languages

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "default_format": default_format,
                "formats": formats,
                "front_of_pack": front_of_pack,
                "front_of_pack_mandatory": front_of_pack_mandatory,
                "name": name,
            }
        )
        if default_format_status is not UNSET:
            field_dict["default_format_status"] = default_format_status
        if family is not UNSET:
            field_dict["family"] = family
        if languages is not UNSET:
            field_dict["languages"] = languages
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.country_list_data_item_front_of_pack_item import CountryListDataItemFrontOfPackItem  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        def _parse_default_format(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        default_format = _parse_default_format(d.pop("default_format"))

        formats = cast(list[str], d.pop("formats"))

        front_of_pack = []
        _front_of_pack = d.pop("front_of_pack")
        for front_of_pack_item_data in _front_of_pack:
            front_of_pack_item = CountryListDataItemFrontOfPackItem.from_dict(front_of_pack_item_data)

            front_of_pack.append(front_of_pack_item)

        front_of_pack_mandatory = d.pop("front_of_pack_mandatory")

        name = d.pop("name")

        def _parse_default_format_status(
            data: object,
        ) -> (
            CountryListDataItemDefaultFormatStatusType1
            | CountryListDataItemDefaultFormatStatusType2Type1
            | CountryListDataItemDefaultFormatStatusType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_format_status_type_1 = CountryListDataItemDefaultFormatStatusType1(data)

                return default_format_status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_format_status_type_2_type_1 = CountryListDataItemDefaultFormatStatusType2Type1(data)

                return default_format_status_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_format_status_type_3_type_1 = CountryListDataItemDefaultFormatStatusType3Type1(data)

                return default_format_status_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                CountryListDataItemDefaultFormatStatusType1
                | CountryListDataItemDefaultFormatStatusType2Type1
                | CountryListDataItemDefaultFormatStatusType3Type1
                | None
                | Unset,
                data,
            )

        default_format_status = _parse_default_format_status(d.pop("default_format_status", UNSET))

        def _parse_family(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        family = _parse_family(d.pop("family", UNSET))

        languages = cast(list[str], d.pop("languages", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        country_list_data_item = cls(
            code=code,
            default_format=default_format,
            formats=formats,
            front_of_pack=front_of_pack,
            front_of_pack_mandatory=front_of_pack_mandatory,
            name=name,
            default_format_status=default_format_status,
            family=family,
            languages=languages,
            notes=notes,
        )

        country_list_data_item.additional_properties = d
        return country_list_data_item

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
