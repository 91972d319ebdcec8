from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_extra import ExportExtra
    from ..models.export_request_data import ExportRequestData


T = TypeVar("T", bound="ExportRequest")


@_attrs_define
class ExportRequest:
    """`POST /functions/v1/export-label` body.

    Attributes:
        data (ExportRequestData): A label object as returned by analyze or a recipe (it carries its `format`).
        file_type (str): `svg`, `png` or `pdf` (`jpg` gives PNG bytes).
        extra (ExportExtra | None | Unset):
    """

    data: ExportRequestData
    file_type: str
    extra: ExportExtra | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.export_extra import ExportExtra  # noqa: PLC0415

        data = self.data.to_dict()

        file_type = self.file_type

        extra: dict[str, Any] | None | Unset
        if isinstance(self.extra, Unset):
            extra = UNSET
        elif isinstance(self.extra, ExportExtra):
            extra = self.extra.to_dict()
        else:
            extra = self.extra

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.export_extra import ExportExtra  # noqa: PLC0415
        from ..models.export_request_data import ExportRequestData  # noqa: PLC0415

        d = dict(src_dict)
        data = ExportRequestData.from_dict(d.pop("data"))

        file_type = d.pop("fileType")

        def _parse_extra(data: object) -> ExportExtra | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                extra_type_1 = ExportExtra.from_dict(data)

                return extra_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExportExtra | None | Unset, data)

        extra = _parse_extra(d.pop("extra", UNSET))

        export_request = cls(
            data=data,
            file_type=file_type,
            extra=extra,
        )

        export_request.additional_properties = d
        return export_request

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
