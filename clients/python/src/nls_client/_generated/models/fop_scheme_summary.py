from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.confirmation_status import ConfirmationStatus
from ..models.fop_scheme_kind import FopSchemeKind

T = TypeVar("T", bound="FopSchemeSummary")


@_attrs_define
class FopSchemeSummary:
    """One front-of-pack scheme: the id a recipe's `front_of_pack` and `fop=` take.

    Attributes:
        citation (str):
        id (str):
        kind (FopSchemeKind): What a scheme computes.
        markets (list[str]):
        name (str):
        required (bool): Mandatory in its markets.
        status (ConfirmationStatus): Whether a value was confirmed against the law's text (or our reference files).
    """

    citation: str
    id: str
    kind: FopSchemeKind
    markets: list[str]
    name: str
    required: bool
    status: ConfirmationStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        citation = self.citation

        id = self.id

        kind = self.kind.value

        markets = self.markets

        name = self.name

        required = self.required

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "citation": citation,
                "id": id,
                "kind": kind,
                "markets": markets,
                "name": name,
                "required": required,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        citation = d.pop("citation")

        id = d.pop("id")

        kind = FopSchemeKind(d.pop("kind"))

        markets = cast(list[str], d.pop("markets"))

        name = d.pop("name")

        required = d.pop("required")

        status = ConfirmationStatus(d.pop("status"))

        fop_scheme_summary = cls(
            citation=citation,
            id=id,
            kind=kind,
            markets=markets,
            name=name,
            required=required,
            status=status,
        )

        fop_scheme_summary.additional_properties = d
        return fop_scheme_summary

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
