from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.app_session_account_plan_id import AppSessionAccountPlanId
from ..types import UNSET, Unset

T = TypeVar("T", bound="AppSessionAccountPlan")


@_attrs_define
class AppSessionAccountPlan:
    """
    Attributes:
        id (AppSessionAccountPlanId):
        all_label_formats (bool | Unset):
        export_file_types (list[str] | Unset):
        export_watermarked (bool | Unset):
        live_embed (bool | Unset):
        max_concurrent_renders (int | Unset):
        rate_limit_per_minute (int | Unset):
        rest_access (bool | Unset):
        webhooks (bool | Unset):
    """

    id: AppSessionAccountPlanId
    all_label_formats: bool | Unset = UNSET
    export_file_types: list[str] | Unset = UNSET
    export_watermarked: bool | Unset = UNSET
    live_embed: bool | Unset = UNSET
    max_concurrent_renders: int | Unset = UNSET
    rate_limit_per_minute: int | Unset = UNSET
    rest_access: bool | Unset = UNSET
    webhooks: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id.value

        all_label_formats = self.all_label_formats

        export_file_types: list[str] | Unset = UNSET
        if not isinstance(self.export_file_types, Unset):
            export_file_types = self.export_file_types

        export_watermarked = self.export_watermarked

        live_embed = self.live_embed

        max_concurrent_renders = self.max_concurrent_renders

        rate_limit_per_minute = self.rate_limit_per_minute

        rest_access = self.rest_access

        webhooks = self.webhooks

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
            }
        )
        if all_label_formats is not UNSET:
            field_dict["all_label_formats"] = all_label_formats
        if export_file_types is not UNSET:
            field_dict["export_file_types"] = export_file_types
        if export_watermarked is not UNSET:
            field_dict["export_watermarked"] = export_watermarked
        if live_embed is not UNSET:
            field_dict["live_embed"] = live_embed
        if max_concurrent_renders is not UNSET:
            field_dict["max_concurrent_renders"] = max_concurrent_renders
        if rate_limit_per_minute is not UNSET:
            field_dict["rate_limit_per_minute"] = rate_limit_per_minute
        if rest_access is not UNSET:
            field_dict["rest_access"] = rest_access
        if webhooks is not UNSET:
            field_dict["webhooks"] = webhooks

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = AppSessionAccountPlanId(d.pop("id"))

        all_label_formats = d.pop("all_label_formats", UNSET)

        export_file_types = cast(list[str], d.pop("export_file_types", UNSET))

        export_watermarked = d.pop("export_watermarked", UNSET)

        live_embed = d.pop("live_embed", UNSET)

        max_concurrent_renders = d.pop("max_concurrent_renders", UNSET)

        rate_limit_per_minute = d.pop("rate_limit_per_minute", UNSET)

        rest_access = d.pop("rest_access", UNSET)

        webhooks = d.pop("webhooks", UNSET)

        app_session_account_plan = cls(
            id=id,
            all_label_formats=all_label_formats,
            export_file_types=export_file_types,
            export_watermarked=export_watermarked,
            live_embed=live_embed,
            max_concurrent_renders=max_concurrent_renders,
            rate_limit_per_minute=rate_limit_per_minute,
            rest_access=rest_access,
            webhooks=webhooks,
        )

        app_session_account_plan.additional_properties = d
        return app_session_account_plan

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
