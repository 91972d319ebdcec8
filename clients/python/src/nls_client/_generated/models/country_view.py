from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.market_scheme import MarketScheme


T = TypeVar("T", bound="CountryView")


@_attrs_define
class CountryView:
    """A served country.

    Attributes:
        code (str):  Example: DE.
        formats (list[str]): The formats serving it.
        front_of_pack (list[MarketScheme]): The front-of-pack schemes of its market.
        front_of_pack_mandatory (bool): Whether one of them is mandatory.
        languages (list[str]): Label languages, in order.
        name (str):
        default_format (None | str | Unset): The format it gets by default (a label format in its first language).
        default_format_status (None | str | Unset): The default format's status (`in_force`, `proposed`, `draft`,
            `repealed`): `draft`
            where every format of the country is one (its `notes` in `GET /v1/formats/{id}` say
            what is unconfirmed).
        family (None | str | Unset): Its regime family.
        notes (None | str | Unset):
    """

    code: str
    formats: list[str]
    front_of_pack: list[MarketScheme]
    front_of_pack_mandatory: bool
    languages: list[str]
    name: str
    default_format: None | str | Unset = UNSET
    default_format_status: None | str | Unset = UNSET
    family: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        formats = self.formats

        front_of_pack = []
        for front_of_pack_item_data in self.front_of_pack:
            front_of_pack_item = front_of_pack_item_data.to_dict()
            front_of_pack.append(front_of_pack_item)

        front_of_pack_mandatory = self.front_of_pack_mandatory

        languages = self.languages

        name = self.name

        default_format: None | str | Unset
        if isinstance(self.default_format, Unset):
            default_format = UNSET
        else:
            default_format = self.default_format

        default_format_status: None | str | Unset
        if isinstance(self.default_format_status, Unset):
            default_format_status = UNSET
        else:
            default_format_status = self.default_format_status

        family: None | str | Unset
        if isinstance(self.family, Unset):
            family = UNSET
        else:
            family = self.family

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
                "formats": formats,
                "front_of_pack": front_of_pack,
                "front_of_pack_mandatory": front_of_pack_mandatory,
                "languages": languages,
                "name": name,
            }
        )
        if default_format is not UNSET:
            field_dict["default_format"] = default_format
        if default_format_status is not UNSET:
            field_dict["default_format_status"] = default_format_status
        if family is not UNSET:
            field_dict["family"] = family
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.market_scheme import MarketScheme  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        formats = cast(list[str], d.pop("formats"))

        front_of_pack = []
        _front_of_pack = d.pop("front_of_pack")
        for front_of_pack_item_data in _front_of_pack:
            front_of_pack_item = MarketScheme.from_dict(front_of_pack_item_data)

            front_of_pack.append(front_of_pack_item)

        front_of_pack_mandatory = d.pop("front_of_pack_mandatory")

        languages = cast(list[str], d.pop("languages"))

        name = d.pop("name")

        def _parse_default_format(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        default_format = _parse_default_format(d.pop("default_format", UNSET))

        def _parse_default_format_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        default_format_status = _parse_default_format_status(d.pop("default_format_status", UNSET))

        def _parse_family(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        family = _parse_family(d.pop("family", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        country_view = cls(
            code=code,
            formats=formats,
            front_of_pack=front_of_pack,
            front_of_pack_mandatory=front_of_pack_mandatory,
            languages=languages,
            name=name,
            default_format=default_format,
            default_format_status=default_format_status,
            family=family,
            notes=notes,
        )

        country_view.additional_properties = d
        return country_view

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
