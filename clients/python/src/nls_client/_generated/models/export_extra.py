from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportExtra")


@_attrs_define
class ExportExtra:
    """How an export is drawn; other members are ignored (the app sends presentation hints the
    server does not use).

        Attributes:
            front_of_pack (bool | None | Unset): Draw the label's `front_of_pack` elements (as analyze or a recipe gives
                them) under
                it, as `fop=` does on a recipe's label files.
            preview (bool | None | Unset): An on-screen preview (the app's live label): with `fileType` `svg`, served on
                every
                plan that may use the label's format, with the watermark wherever the plan's exports
                carry one.
            scale (float | None | Unset): PNG pixel ratio (default 2).
            width (float | None | Unset): Width in pixels (default 290).
            width_in (float | None | Unset): Printed width in inches, instead of `width`; as the label files' `width_in`
                (422
                `label_too_small` below the format's minimum).
            width_mm (float | None | Unset): Printed width in millimetres, instead of `width`.
    """

    front_of_pack: bool | None | Unset = UNSET
    preview: bool | None | Unset = UNSET
    scale: float | None | Unset = UNSET
    width: float | None | Unset = UNSET
    width_in: float | None | Unset = UNSET
    width_mm: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        front_of_pack: bool | None | Unset
        if isinstance(self.front_of_pack, Unset):
            front_of_pack = UNSET
        else:
            front_of_pack = self.front_of_pack

        preview: bool | None | Unset
        if isinstance(self.preview, Unset):
            preview = UNSET
        else:
            preview = self.preview

        scale: float | None | Unset
        if isinstance(self.scale, Unset):
            scale = UNSET
        else:
            scale = self.scale

        width: float | None | Unset
        if isinstance(self.width, Unset):
            width = UNSET
        else:
            width = self.width

        width_in: float | None | Unset
        if isinstance(self.width_in, Unset):
            width_in = UNSET
        else:
            width_in = self.width_in

        width_mm: float | None | Unset
        if isinstance(self.width_mm, Unset):
            width_mm = UNSET
        else:
            width_mm = self.width_mm

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if preview is not UNSET:
            field_dict["preview"] = preview
        if scale is not UNSET:
            field_dict["scale"] = scale
        if width is not UNSET:
            field_dict["width"] = width
        if width_in is not UNSET:
            field_dict["width_in"] = width_in
        if width_mm is not UNSET:
            field_dict["width_mm"] = width_mm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_front_of_pack(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        front_of_pack = _parse_front_of_pack(d.pop("front_of_pack", UNSET))

        def _parse_preview(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        preview = _parse_preview(d.pop("preview", UNSET))

        def _parse_scale(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        scale = _parse_scale(d.pop("scale", UNSET))

        def _parse_width(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        width = _parse_width(d.pop("width", UNSET))

        def _parse_width_in(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        width_in = _parse_width_in(d.pop("width_in", UNSET))

        def _parse_width_mm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        width_mm = _parse_width_mm(d.pop("width_mm", UNSET))

        export_extra = cls(
            front_of_pack=front_of_pack,
            preview=preview,
            scale=scale,
            width=width,
            width_in=width_in,
            width_mm=width_mm,
        )

        export_extra.additional_properties = d
        return export_extra

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
