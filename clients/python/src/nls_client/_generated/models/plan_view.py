from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlanView")


@_attrs_define
class PlanView:
    """A plan's entitlements as the app shows them.

    Attributes:
        all_label_formats (bool):
        export_file_types (list[str]):
        export_watermarked (bool):
        id (str): `free`, `professional` or `business`.
        live_embed (bool):
        max_concurrent_renders (int):
        rate_limit_per_minute (int):
        rest_access (bool):
        webhooks (bool):
    """

    all_label_formats: bool
    export_file_types: list[str]
    export_watermarked: bool
    id: str
    live_embed: bool
    max_concurrent_renders: int
    rate_limit_per_minute: int
    rest_access: bool
    webhooks: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        all_label_formats = self.all_label_formats

        export_file_types = self.export_file_types

        export_watermarked = self.export_watermarked

        id = self.id

        live_embed = self.live_embed

        max_concurrent_renders = self.max_concurrent_renders

        rate_limit_per_minute = self.rate_limit_per_minute

        rest_access = self.rest_access

        webhooks = self.webhooks

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "all_label_formats": all_label_formats,
                "export_file_types": export_file_types,
                "export_watermarked": export_watermarked,
                "id": id,
                "live_embed": live_embed,
                "max_concurrent_renders": max_concurrent_renders,
                "rate_limit_per_minute": rate_limit_per_minute,
                "rest_access": rest_access,
                "webhooks": webhooks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        all_label_formats = d.pop("all_label_formats")

        export_file_types = cast(list[str], d.pop("export_file_types"))

        export_watermarked = d.pop("export_watermarked")

        id = d.pop("id")

        live_embed = d.pop("live_embed")

        max_concurrent_renders = d.pop("max_concurrent_renders")

        rate_limit_per_minute = d.pop("rate_limit_per_minute")

        rest_access = d.pop("rest_access")

        webhooks = d.pop("webhooks")

        plan_view = cls(
            all_label_formats=all_label_formats,
            export_file_types=export_file_types,
            export_watermarked=export_watermarked,
            id=id,
            live_embed=live_embed,
            max_concurrent_renders=max_concurrent_renders,
            rate_limit_per_minute=rate_limit_per_minute,
            rest_access=rest_access,
            webhooks=webhooks,
        )

        plan_view.additional_properties = d
        return plan_view

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
