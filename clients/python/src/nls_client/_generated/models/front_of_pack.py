from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.front_of_pack_scheme import FrontOfPackScheme
from ..models.front_of_pack_status import FrontOfPackStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.front_of_pack_checks_item import FrontOfPackChecksItem
    from ..models.front_of_pack_marks_item import FrontOfPackMarksItem


T = TypeVar("T", bound="FrontOfPack")


@_attrs_define
class FrontOfPack:
    """One front-of-pack scheme computed for the label. Warning marks: `{nutrient, code, text, why, status}` with the law's
    printed text; traffic lights: `{nutrient, level, colour, amount, unit, per_100, percent_ri, printed, why, status}`
    (`printed`: the per-portion amount as the label's table rounds it, e.g. `"50g"`, where the scheme says how); Nutri-
    Score: `{grade, points, components, why}`; Nutri-Grade: `{grade, components, why}`. `checks` gives every limit
    looked at with its `headroom` (limit minus amount on the rule's basis).

        Attributes:
            citation (str):
            marks (list[FrontOfPackMarksItem]):
            required (bool):
            scheme (FrontOfPackScheme):
            status (FrontOfPackStatus):
            version (str):
            checks (list[FrontOfPackChecksItem] | Unset):
            exempt (str | Unset):
            missing (list[str] | Unset):
            notes (list[str] | Unset):
            phase (str | Unset):
    """

    citation: str
    marks: list[FrontOfPackMarksItem]
    required: bool
    scheme: FrontOfPackScheme
    status: FrontOfPackStatus
    version: str
    checks: list[FrontOfPackChecksItem] | Unset = UNSET
    exempt: str | Unset = UNSET
    missing: list[str] | Unset = UNSET
    notes: list[str] | Unset = UNSET
    phase: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        citation = self.citation

        marks = []
        for marks_item_data in self.marks:
            marks_item = marks_item_data.to_dict()
            marks.append(marks_item)

        required = self.required

        scheme = self.scheme.value

        status = self.status.value

        version = self.version

        checks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.checks, Unset):
            checks = []
            for checks_item_data in self.checks:
                checks_item = checks_item_data.to_dict()
                checks.append(checks_item)

        exempt = self.exempt

        missing: list[str] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = self.missing

        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes

        phase = self.phase

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "citation": citation,
                "marks": marks,
                "required": required,
                "scheme": scheme,
                "status": status,
                "version": version,
            }
        )
        if checks is not UNSET:
            field_dict["checks"] = checks
        if exempt is not UNSET:
            field_dict["exempt"] = exempt
        if missing is not UNSET:
            field_dict["missing"] = missing
        if notes is not UNSET:
            field_dict["notes"] = notes
        if phase is not UNSET:
            field_dict["phase"] = phase

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.front_of_pack_checks_item import FrontOfPackChecksItem  # noqa: PLC0415
        from ..models.front_of_pack_marks_item import FrontOfPackMarksItem  # noqa: PLC0415

        d = dict(src_dict)
        citation = d.pop("citation")

        marks = []
        _marks = d.pop("marks")
        for marks_item_data in _marks:
            marks_item = FrontOfPackMarksItem.from_dict(marks_item_data)

            marks.append(marks_item)

        required = d.pop("required")

        scheme = FrontOfPackScheme(d.pop("scheme"))

        status = FrontOfPackStatus(d.pop("status"))

        version = d.pop("version")

        _checks = d.pop("checks", UNSET)
        checks: list[FrontOfPackChecksItem] | Unset = UNSET
        if _checks is not UNSET:
            checks = []
            for checks_item_data in _checks:
                checks_item = FrontOfPackChecksItem.from_dict(checks_item_data)

                checks.append(checks_item)

        exempt = d.pop("exempt", UNSET)

        missing = cast(list[str], d.pop("missing", UNSET))

        notes = cast(list[str], d.pop("notes", UNSET))

        phase = d.pop("phase", UNSET)

        front_of_pack = cls(
            citation=citation,
            marks=marks,
            required=required,
            scheme=scheme,
            status=status,
            version=version,
            checks=checks,
            exempt=exempt,
            missing=missing,
            notes=notes,
            phase=phase,
        )

        front_of_pack.additional_properties = d
        return front_of_pack

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
