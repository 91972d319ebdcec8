from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.format_direction import FormatDirection
from ..models.format_plan import FormatPlan
from ..models.format_role import FormatRole
from ..models.format_status import FormatStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.format_citation import FormatCitation
    from ..models.format_columns_item import FormatColumnsItem
    from ..models.format_nutrients_item import FormatNutrientsItem


T = TypeVar("T", bound="Format")


@_attrs_define
class Format:
    """
    Attributes:
        aliases (list[str]):
        citation (FormatCitation):
        columns (list[FormatColumnsItem]):
        countries (list[str]):
        family (str):
        id (str):
        languages (list[str]):
        layout (str):
        name (str):
        nutrients (list[FormatNutrientsItem]):
        plan (FormatPlan):
        status (FormatStatus):
        direction (FormatDirection | Unset): Which way the format's first language reads: a right-to-left format's table
            is drawn mirrored (names on the right).
        in_force_from (datetime.date | None | Unset):
        notes (None | str | Unset): What is unconfirmed in the format's data, what falls back to what (e.g. Codex where
            a national rule is unconfirmed), and what it leaves out.
        role (FormatRole | Unset): `declaration`: the nutrition declaration. `front_of_pack_repeat`: part of it repeated
            for the front of the pack (Reg. (EU) 1169/2011 Art. 30(3), `eu.fop.e.*`), printed beside the declaration, never
            in its place, and never a country's default.
    """

    aliases: list[str]
    citation: FormatCitation
    columns: list[FormatColumnsItem]
    countries: list[str]
    family: str
    id: str
    languages: list[str]
    layout: str
    name: str
    nutrients: list[FormatNutrientsItem]
    plan: FormatPlan
    status: FormatStatus
    direction: FormatDirection | Unset = UNSET
    in_force_from: datetime.date | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    role: FormatRole | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        aliases = self.aliases

        citation = self.citation.to_dict()

        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.to_dict()
            columns.append(columns_item)

        countries = self.countries

        family = self.family

        id = self.id

        languages = self.languages

        layout = self.layout

        name = self.name

        nutrients = []
        for nutrients_item_data in self.nutrients:
            nutrients_item = nutrients_item_data.to_dict()
            nutrients.append(nutrients_item)

        plan = self.plan.value

        status = self.status.value

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        in_force_from: None | str | Unset
        if isinstance(self.in_force_from, Unset):
            in_force_from = UNSET
        elif isinstance(self.in_force_from, datetime.date):
            in_force_from = self.in_force_from.isoformat()
        else:
            in_force_from = self.in_force_from

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "aliases": aliases,
                "citation": citation,
                "columns": columns,
                "countries": countries,
                "family": family,
                "id": id,
                "languages": languages,
                "layout": layout,
                "name": name,
                "nutrients": nutrients,
                "plan": plan,
                "status": status,
            }
        )
        if direction is not UNSET:
            field_dict["direction"] = direction
        if in_force_from is not UNSET:
            field_dict["in_force_from"] = in_force_from
        if notes is not UNSET:
            field_dict["notes"] = notes
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.format_citation import FormatCitation  # noqa: PLC0415
        from ..models.format_columns_item import FormatColumnsItem  # noqa: PLC0415
        from ..models.format_nutrients_item import FormatNutrientsItem  # noqa: PLC0415

        d = dict(src_dict)
        aliases = cast(list[str], d.pop("aliases"))

        citation = FormatCitation.from_dict(d.pop("citation"))

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = FormatColumnsItem.from_dict(columns_item_data)

            columns.append(columns_item)

        countries = cast(list[str], d.pop("countries"))

        family = d.pop("family")

        id = d.pop("id")

        languages = cast(list[str], d.pop("languages"))

        layout = d.pop("layout")

        name = d.pop("name")

        nutrients = []
        _nutrients = d.pop("nutrients")
        for nutrients_item_data in _nutrients:
            nutrients_item = FormatNutrientsItem.from_dict(nutrients_item_data)

            nutrients.append(nutrients_item)

        plan = FormatPlan(d.pop("plan"))

        status = FormatStatus(d.pop("status"))

        _direction = d.pop("direction", UNSET)
        direction: FormatDirection | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = FormatDirection(_direction)

        def _parse_in_force_from(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                in_force_from_type_0 = datetime.date.fromisoformat(data)

                return in_force_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        in_force_from = _parse_in_force_from(d.pop("in_force_from", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        _role = d.pop("role", UNSET)
        role: FormatRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = FormatRole(_role)

        format_ = cls(
            aliases=aliases,
            citation=citation,
            columns=columns,
            countries=countries,
            family=family,
            id=id,
            languages=languages,
            layout=layout,
            name=name,
            nutrients=nutrients,
            plan=plan,
            status=status,
            direction=direction,
            in_force_from=in_force_from,
            notes=notes,
            role=role,
        )

        format_.additional_properties = d
        return format_

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
