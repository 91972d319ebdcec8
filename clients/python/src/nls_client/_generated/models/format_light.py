from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.format_light_role import FormatLightRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="FormatLight")


@_attrs_define
class FormatLight:
    """`GET /v1/formats?view=light`: the fields of `Format` a picker needs, with the same values.

    Attributes:
        aliases (list[str]):
        countries (list[str]):
        family (str):
        id (str):
        name (str):
        plan (str):
        status (str):
        role (FormatLightRole | Unset):
    """

    aliases: list[str]
    countries: list[str]
    family: str
    id: str
    name: str
    plan: str
    status: str
    role: FormatLightRole | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        aliases = self.aliases

        countries = self.countries

        family = self.family

        id = self.id

        name = self.name

        plan = self.plan

        status = self.status

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "aliases": aliases,
                "countries": countries,
                "family": family,
                "id": id,
                "name": name,
                "plan": plan,
                "status": status,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

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

        status = d.pop("status")

        _role = d.pop("role", UNSET)
        role: FormatLightRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = FormatLightRole(_role)

        format_light = cls(
            aliases=aliases,
            countries=countries,
            family=family,
            id=id,
            name=name,
            plan=plan,
            status=status,
            role=role,
        )

        format_light.additional_properties = d
        return format_light

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
