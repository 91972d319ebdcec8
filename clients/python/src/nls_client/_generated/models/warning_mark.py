from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.confirmation_status import ConfirmationStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="WarningMark")


@_attrs_define
class WarningMark:
    """A seal, symbol or legend.

    Attributes:
        code (str):
        nutrient (str):
        status (ConfirmationStatus): Whether a value was confirmed against the law's text (or our reference files).
        why (str): The amount, the limit and the basis: `"sodium 512 mg per 100 g ≥ 400 mg"`.
        text (None | str | Unset): The law's printed text; `null` where our references do not give it.
    """

    code: str
    nutrient: str
    status: ConfirmationStatus
    why: str
    text: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        nutrient = self.nutrient

        status = self.status.value

        why = self.why

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "nutrient": nutrient,
                "status": status,
                "why": why,
            }
        )
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        nutrient = d.pop("nutrient")

        status = ConfirmationStatus(d.pop("status"))

        why = d.pop("why")

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))

        warning_mark = cls(
            code=code,
            nutrient=nutrient,
            status=status,
            why=why,
            text=text,
        )

        return warning_mark
