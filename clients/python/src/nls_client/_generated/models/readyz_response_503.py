from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.readyz_response_503_status import ReadyzResponse503Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.readyz_response_503_embed_hub_type_0 import ReadyzResponse503EmbedHubType0
    from ..models.readyz_response_503_label_index_type_0 import ReadyzResponse503LabelIndexType0


T = TypeVar("T", bound="ReadyzResponse503")


@_attrs_define
class ReadyzResponse503:
    """
    Attributes:
        embed_hub (None | ReadyzResponse503EmbedHubType0 | Unset): Where embed pages are served: whether the hub listens
            for label changes over NATS (null elsewhere).
        label_index (None | ReadyzResponse503LabelIndexType0 | Unset): Where label files are served: whether the in-
            memory label index follows its invalidations over NATS (null elsewhere).
        nats (bool | Unset):
        postgres (bool | Unset):
        status (ReadyzResponse503Status | Unset):
        unpublished_events (int | None | Unset):
    """

    embed_hub: None | ReadyzResponse503EmbedHubType0 | Unset = UNSET
    label_index: None | ReadyzResponse503LabelIndexType0 | Unset = UNSET
    nats: bool | Unset = UNSET
    postgres: bool | Unset = UNSET
    status: ReadyzResponse503Status | Unset = UNSET
    unpublished_events: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.readyz_response_503_embed_hub_type_0 import ReadyzResponse503EmbedHubType0  # noqa: PLC0415
        from ..models.readyz_response_503_label_index_type_0 import ReadyzResponse503LabelIndexType0  # noqa: PLC0415

        embed_hub: dict[str, Any] | None | Unset
        if isinstance(self.embed_hub, Unset):
            embed_hub = UNSET
        elif isinstance(self.embed_hub, ReadyzResponse503EmbedHubType0):
            embed_hub = self.embed_hub.to_dict()
        else:
            embed_hub = self.embed_hub

        label_index: dict[str, Any] | None | Unset
        if isinstance(self.label_index, Unset):
            label_index = UNSET
        elif isinstance(self.label_index, ReadyzResponse503LabelIndexType0):
            label_index = self.label_index.to_dict()
        else:
            label_index = self.label_index

        nats = self.nats

        postgres = self.postgres

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        unpublished_events: int | None | Unset
        if isinstance(self.unpublished_events, Unset):
            unpublished_events = UNSET
        else:
            unpublished_events = self.unpublished_events

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if embed_hub is not UNSET:
            field_dict["embed_hub"] = embed_hub
        if label_index is not UNSET:
            field_dict["label_index"] = label_index
        if nats is not UNSET:
            field_dict["nats"] = nats
        if postgres is not UNSET:
            field_dict["postgres"] = postgres
        if status is not UNSET:
            field_dict["status"] = status
        if unpublished_events is not UNSET:
            field_dict["unpublished_events"] = unpublished_events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.readyz_response_503_embed_hub_type_0 import ReadyzResponse503EmbedHubType0  # noqa: PLC0415
        from ..models.readyz_response_503_label_index_type_0 import ReadyzResponse503LabelIndexType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_embed_hub(data: object) -> None | ReadyzResponse503EmbedHubType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embed_hub_type_0 = ReadyzResponse503EmbedHubType0.from_dict(data)

                return embed_hub_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReadyzResponse503EmbedHubType0 | Unset, data)

        embed_hub = _parse_embed_hub(d.pop("embed_hub", UNSET))

        def _parse_label_index(data: object) -> None | ReadyzResponse503LabelIndexType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_index_type_0 = ReadyzResponse503LabelIndexType0.from_dict(data)

                return label_index_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReadyzResponse503LabelIndexType0 | Unset, data)

        label_index = _parse_label_index(d.pop("label_index", UNSET))

        nats = d.pop("nats", UNSET)

        postgres = d.pop("postgres", UNSET)

        _status = d.pop("status", UNSET)
        status: ReadyzResponse503Status | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ReadyzResponse503Status(_status)

        def _parse_unpublished_events(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        unpublished_events = _parse_unpublished_events(d.pop("unpublished_events", UNSET))

        readyz_response_503 = cls(
            embed_hub=embed_hub,
            label_index=label_index,
            nats=nats,
            postgres=postgres,
            status=status,
            unpublished_events=unpublished_events,
        )

        readyz_response_503.additional_properties = d
        return readyz_response_503

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
