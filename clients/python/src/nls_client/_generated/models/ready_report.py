from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hub_view import HubView
    from ..models.index_view import IndexView


T = TypeVar("T", bound="ReadyReport")


@_attrs_define
class ReadyReport:
    """`/readyz`' answer.

    Attributes:
        nats (bool):
        postgres (bool):
        status (str): `ready` or `not_ready`.
        embed_hub (HubView | None | Unset):
        label_index (IndexView | None | Unset):
        unpublished_events (int | None | Unset): Events the relay has not published yet; null when Postgres cannot tell.
    """

    nats: bool
    postgres: bool
    status: str
    embed_hub: HubView | None | Unset = UNSET
    label_index: IndexView | None | Unset = UNSET
    unpublished_events: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.hub_view import HubView  # noqa: PLC0415
        from ..models.index_view import IndexView  # noqa: PLC0415

        nats = self.nats

        postgres = self.postgres

        status = self.status

        embed_hub: dict[str, Any] | None | Unset
        if isinstance(self.embed_hub, Unset):
            embed_hub = UNSET
        elif isinstance(self.embed_hub, HubView):
            embed_hub = self.embed_hub.to_dict()
        else:
            embed_hub = self.embed_hub

        label_index: dict[str, Any] | None | Unset
        if isinstance(self.label_index, Unset):
            label_index = UNSET
        elif isinstance(self.label_index, IndexView):
            label_index = self.label_index.to_dict()
        else:
            label_index = self.label_index

        unpublished_events: int | None | Unset
        if isinstance(self.unpublished_events, Unset):
            unpublished_events = UNSET
        else:
            unpublished_events = self.unpublished_events

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nats": nats,
                "postgres": postgres,
                "status": status,
            }
        )
        if embed_hub is not UNSET:
            field_dict["embed_hub"] = embed_hub
        if label_index is not UNSET:
            field_dict["label_index"] = label_index
        if unpublished_events is not UNSET:
            field_dict["unpublished_events"] = unpublished_events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hub_view import HubView  # noqa: PLC0415
        from ..models.index_view import IndexView  # noqa: PLC0415

        d = dict(src_dict)
        nats = d.pop("nats")

        postgres = d.pop("postgres")

        status = d.pop("status")

        def _parse_embed_hub(data: object) -> HubView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embed_hub_type_1 = HubView.from_dict(data)

                return embed_hub_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HubView | None | Unset, data)

        embed_hub = _parse_embed_hub(d.pop("embed_hub", UNSET))

        def _parse_label_index(data: object) -> IndexView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_index_type_1 = IndexView.from_dict(data)

                return label_index_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IndexView | None | Unset, data)

        label_index = _parse_label_index(d.pop("label_index", UNSET))

        def _parse_unpublished_events(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        unpublished_events = _parse_unpublished_events(d.pop("unpublished_events", UNSET))

        ready_report = cls(
            nats=nats,
            postgres=postgres,
            status=status,
            embed_hub=embed_hub,
            label_index=label_index,
            unpublished_events=unpublished_events,
        )

        ready_report.additional_properties = d
        return ready_report

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
