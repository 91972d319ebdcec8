from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.direction import Direction
from ..models.role import Role
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.citation import Citation
    from ..models.column_view import ColumnView
    from ..models.nutrient_view import NutrientView


T = TypeVar("T", bound="Format")


@_attrs_define
class Format:
    """A label format as `GET /v1/formats` shows it.

    Attributes:
        aliases (list[str]):
        citation (Citation): The instrument and article a format implements.
        columns (list[ColumnView]):
        countries (list[str]):
        direction (Direction): Which way a language's lines read.
        family (str):
        id (str):
        languages (list[str]):
        layout (str):
        name (str):
        nutrients (list[NutrientView]):
        plan (str): The lowest plan that may use it: `free`, `professional` or `business`.
        role (Role): What a format's label is for.
        status (str): `in_force`, `proposed`, `draft` or `repealed`.
        in_force_from (datetime.date | None | Unset):
        notes (None | str | Unset): What is unconfirmed in the format's data, what falls back to what (e.g. Codex where
            a national rule is unconfirmed), and what it leaves out.
    """

    aliases: list[str]
    citation: Citation
    columns: list[ColumnView]
    countries: list[str]
    direction: Direction
    family: str
    id: str
    languages: list[str]
    layout: str
    name: str
    nutrients: list[NutrientView]
    plan: str
    role: Role
    status: str
    in_force_from: datetime.date | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        aliases = self.aliases

        citation = self.citation.to_dict()

        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.to_dict()
            columns.append(columns_item)

        countries = self.countries

        direction = self.direction.value

        family = self.family

        id = self.id

        languages = self.languages

        layout = self.layout

        name = self.name

        nutrients = []
        for nutrients_item_data in self.nutrients:
            nutrients_item = nutrients_item_data.to_dict()
            nutrients.append(nutrients_item)

        plan = self.plan

        role = self.role.value

        status = self.status

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "aliases": aliases,
                "citation": citation,
                "columns": columns,
                "countries": countries,
                "direction": direction,
                "family": family,
                "id": id,
                "languages": languages,
                "layout": layout,
                "name": name,
                "nutrients": nutrients,
                "plan": plan,
                "role": role,
                "status": status,
            }
        )
        if in_force_from is not UNSET:
            field_dict["in_force_from"] = in_force_from
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.citation import Citation  # noqa: PLC0415
        from ..models.column_view import ColumnView  # noqa: PLC0415
        from ..models.nutrient_view import NutrientView  # noqa: PLC0415

        d = dict(src_dict)
        aliases = cast(list[str], d.pop("aliases"))

        citation = Citation.from_dict(d.pop("citation"))

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = ColumnView.from_dict(columns_item_data)

            columns.append(columns_item)

        countries = cast(list[str], d.pop("countries"))

        direction = Direction(d.pop("direction"))

        family = d.pop("family")

        id = d.pop("id")

        languages = cast(list[str], d.pop("languages"))

        layout = d.pop("layout")

        name = d.pop("name")

        nutrients = []
        _nutrients = d.pop("nutrients")
        for nutrients_item_data in _nutrients:
            nutrients_item = NutrientView.from_dict(nutrients_item_data)

            nutrients.append(nutrients_item)

        plan = d.pop("plan")

        role = Role(d.pop("role"))

        status = d.pop("status")

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

        format_ = cls(
            aliases=aliases,
            citation=citation,
            columns=columns,
            countries=countries,
            direction=direction,
            family=family,
            id=id,
            languages=languages,
            layout=layout,
            name=name,
            nutrients=nutrients,
            plan=plan,
            role=role,
            status=status,
            in_force_from=in_force_from,
            notes=notes,
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
