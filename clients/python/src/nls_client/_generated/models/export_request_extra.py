from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportRequestExtra")


@_attrs_define
class ExportRequestExtra:
    """
    Attributes:
        front_of_pack (bool | Unset): Draw the label's `front_of_pack` elements (as analyze or a recipe gives them)
            under it, as `fop=` does on a recipe's label files. Default: False.
        preview (bool | Unset): An on-screen preview (the app's live label): with `fileType` `svg`, served on every plan
            that may use the label's format, with the watermark wherever the plan's exports carry one. Default: False.
        scale (float | Unset):  Default: 2.0.
        width (float | Unset):  Default: 290.0.
        width_in (float | Unset): Printed width in inches, instead of `width`; as the label files' `width_in` (422
            `label_too_small` below the format's minimum).
        width_mm (float | Unset): Printed width in millimetres, instead of `width`.
    """

    front_of_pack: bool | Unset = False
    preview: bool | Unset = False
    scale: float | Unset = 2.0
    width: float | Unset = 290.0
    width_in: float | Unset = UNSET
    width_mm: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        front_of_pack = self.front_of_pack

        preview = self.preview

        scale = self.scale

        width = self.width

        width_in = self.width_in

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
        front_of_pack = d.pop("front_of_pack", UNSET)

        preview = d.pop("preview", UNSET)

        scale = d.pop("scale", UNSET)

        width = d.pop("width", UNSET)

        width_in = d.pop("width_in", UNSET)

        width_mm = d.pop("width_mm", UNSET)

        export_request_extra = cls(
            front_of_pack=front_of_pack,
            preview=preview,
            scale=scale,
            width=width,
            width_in=width_in,
            width_mm=width_mm,
        )

        export_request_extra.additional_properties = d
        return export_request_extra

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
