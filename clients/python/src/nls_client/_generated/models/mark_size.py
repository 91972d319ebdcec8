from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.confirmation_status import ConfirmationStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="MarkSize")


@_attrs_define
class MarkSize:
    """The size a label's marks take on its package, as the label JSON carries it.

    Attributes:
        citation (str):
        display_area_cm2 (float): The principal display surface it was read for, cm².
        single_mark (bool): One mark with the number of limits exceeded replaces the individual marks.
        status (ConfirmationStatus): Whether a value was confirmed against the law's text (or our reference files).
        height_cm (float | None | Unset):
        share_of_area_pct (float | None | Unset): For the smallest surfaces: the marks take at least this share of it,
            %.
        width_cm (float | None | Unset): Each mark's width and height, cm.
    """

    citation: str
    display_area_cm2: float
    single_mark: bool
    status: ConfirmationStatus
    height_cm: float | None | Unset = UNSET
    share_of_area_pct: float | None | Unset = UNSET
    width_cm: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        citation = self.citation

        display_area_cm2 = self.display_area_cm2

        single_mark = self.single_mark

        status = self.status.value

        height_cm: float | None | Unset
        if isinstance(self.height_cm, Unset):
            height_cm = UNSET
        else:
            height_cm = self.height_cm

        share_of_area_pct: float | None | Unset
        if isinstance(self.share_of_area_pct, Unset):
            share_of_area_pct = UNSET
        else:
            share_of_area_pct = self.share_of_area_pct

        width_cm: float | None | Unset
        if isinstance(self.width_cm, Unset):
            width_cm = UNSET
        else:
            width_cm = self.width_cm

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "citation": citation,
                "display_area_cm2": display_area_cm2,
                "single_mark": single_mark,
                "status": status,
            }
        )
        if height_cm is not UNSET:
            field_dict["height_cm"] = height_cm
        if share_of_area_pct is not UNSET:
            field_dict["share_of_area_pct"] = share_of_area_pct
        if width_cm is not UNSET:
            field_dict["width_cm"] = width_cm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        citation = d.pop("citation")

        display_area_cm2 = d.pop("display_area_cm2")

        single_mark = d.pop("single_mark")

        status = ConfirmationStatus(d.pop("status"))

        def _parse_height_cm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        height_cm = _parse_height_cm(d.pop("height_cm", UNSET))

        def _parse_share_of_area_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        share_of_area_pct = _parse_share_of_area_pct(d.pop("share_of_area_pct", UNSET))

        def _parse_width_cm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        width_cm = _parse_width_cm(d.pop("width_cm", UNSET))

        mark_size = cls(
            citation=citation,
            display_area_cm2=display_area_cm2,
            single_mark=single_mark,
            status=status,
            height_cm=height_cm,
            share_of_area_pct=share_of_area_pct,
            width_cm=width_cm,
        )

        return mark_size
