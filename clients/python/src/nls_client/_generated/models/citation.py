from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Citation")


@_attrs_define
class Citation:
    """The instrument and article a format implements.

    Attributes:
        article (str): E.g. "Arts 30-35, Annexes XIII-XV".
        instrument (str): E.g. "Regulation (EU) No 1169/2011".
    """

    article: str
    instrument: str

    def to_dict(self) -> dict[str, Any]:
        article = self.article

        instrument = self.instrument

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "article": article,
                "instrument": instrument,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        article = d.pop("article")

        instrument = d.pop("instrument")

        citation = cls(
            article=article,
            instrument=instrument,
        )

        return citation
