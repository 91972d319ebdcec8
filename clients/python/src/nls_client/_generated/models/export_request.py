from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_request_data import ExportRequestData
    from ..models.export_request_extra import ExportRequestExtra


T = TypeVar("T", bound="ExportRequest")


@_attrs_define
class ExportRequest:
    """
    Attributes:
        data (ExportRequestData): A label object as returned by analyze or a recipe (it carries its `format`).
        file_type (str):
        extra (ExportRequestExtra | Unset):
    """

    data: ExportRequestData
    file_type: str
    extra: ExportRequestExtra | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        file_type = self.file_type

        extra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "fileType": file_type,
            }
        )
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.export_request_data import ExportRequestData  # noqa: PLC0415
        from ..models.export_request_extra import ExportRequestExtra  # noqa: PLC0415

        d = dict(src_dict)
        data = ExportRequestData.from_dict(d.pop("data"))

        file_type = d.pop("fileType")

        _extra = d.pop("extra", UNSET)
        extra: ExportRequestExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ExportRequestExtra.from_dict(_extra)

        export_request = cls(
            data=data,
            file_type=file_type,
            extra=extra,
        )

        return export_request
