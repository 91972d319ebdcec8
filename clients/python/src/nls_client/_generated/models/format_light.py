from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.role import Role

T = TypeVar("T", bound="FormatLight")


@_attrs_define
class FormatLight:
    """`GET /v1/formats?view=light`: the fields of `Format` a picker needs, with the same
    values.

        Attributes:
            aliases (list[str]):
            countries (list[str]):
            family (str):
            id (str):
            name (str):
            plan (str):
            role (Role): What a format's label is for.
            status (str):
    """

    aliases: list[str]
    countries: list[str]
    family: str
    id: str
    name: str
    plan: str
    role: Role
    status: str

    def to_dict(self) -> dict[str, Any]:
        aliases = self.aliases

        countries = self.countries

        family = self.family

        id = self.id

        name = self.name

        plan = self.plan

        role = self.role.value

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "aliases": aliases,
                "countries": countries,
                "family": family,
                "id": id,
                "name": name,
                "plan": plan,
                "role": role,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        aliases = cast(list[str], d.pop("aliases"))

        countries = cast(list[str], d.pop("countries"))

        family = d.pop("family")

        id = d.pop("id")

        name = d.pop("name")

        plan = d.pop("plan")

        role = Role(d.pop("role"))

        status = d.pop("status")

        format_light = cls(
            aliases=aliases,
            countries=countries,
            family=family,
            id=id,
            name=name,
            plan=plan,
            role=role,
            status=status,
        )

        return format_light
