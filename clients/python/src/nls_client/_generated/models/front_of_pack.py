from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.confirmation_status import ConfirmationStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.check import Check
    from ..models.grade_mark import GradeMark
    from ..models.light_mark import LightMark
    from ..models.mark_size import MarkSize
    from ..models.score_mark import ScoreMark
    from ..models.warning_mark import WarningMark


T = TypeVar("T", bound="FrontOfPack")


@_attrs_define
class FrontOfPack:
    """One scheme's outcome, as the label JSON carries it.

    Attributes:
        citation (str):
        marks (list[GradeMark | LightMark | ScoreMark | WarningMark]): What the package shows: seals, lights, a grade.
        required (bool): Whether the law requires this element on this product (mandatory scheme of the
            label's market; for Nutri-Grade only grades C and D).
        scheme (str): The scheme id, e.g. `cl.fop.alto`.
        status (ConfirmationStatus): Whether a value was confirmed against the law's text (or our reference files).
        version (str): The scheme's version (instrument and date) as pinned in its data.
        checks (list[Check] | Unset): Every limit looked at, reached or not, with its headroom.
        exempt (None | str | Unset): Why the product is exempt, when it is.
        mark_size (MarkSize | None | Unset):
        missing (list[str] | Unset): Data the scheme needs and the recipe lacks (give it in `front_of_pack_facts` or
            `racc_g`); the marks that depend on it are not computed.
        notes (list[str] | Unset):
        phase (None | str | Unset): The phase (warning schemes) or table (Nutri-Score: foods, fats, beverages) applied.
    """

    citation: str
    marks: list[GradeMark | LightMark | ScoreMark | WarningMark]
    required: bool
    scheme: str
    status: ConfirmationStatus
    version: str
    checks: list[Check] | Unset = UNSET
    exempt: None | str | Unset = UNSET
    mark_size: MarkSize | None | Unset = UNSET
    missing: list[str] | Unset = UNSET
    notes: list[str] | Unset = UNSET
    phase: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.light_mark import LightMark  # noqa: PLC0415
        from ..models.mark_size import MarkSize  # noqa: PLC0415
        from ..models.score_mark import ScoreMark  # noqa: PLC0415
        from ..models.warning_mark import WarningMark  # noqa: PLC0415

        citation = self.citation

        marks = []
        for marks_item_data in self.marks:
            marks_item: dict[str, Any]
            if isinstance(marks_item_data, WarningMark):
                marks_item = marks_item_data.to_dict()
            elif isinstance(marks_item_data, LightMark):
                marks_item = marks_item_data.to_dict()
            elif isinstance(marks_item_data, ScoreMark):
                marks_item = marks_item_data.to_dict()
            else:
                marks_item = marks_item_data.to_dict()

            marks.append(marks_item)

        required = self.required

        scheme = self.scheme

        status = self.status.value

        version = self.version

        checks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.checks, Unset):
            checks = []
            for checks_item_data in self.checks:
                checks_item = checks_item_data.to_dict()
                checks.append(checks_item)

        exempt: None | str | Unset
        if isinstance(self.exempt, Unset):
            exempt = UNSET
        else:
            exempt = self.exempt

        mark_size: dict[str, Any] | None | Unset
        if isinstance(self.mark_size, Unset):
            mark_size = UNSET
        elif isinstance(self.mark_size, MarkSize):
            mark_size = self.mark_size.to_dict()
        else:
            mark_size = self.mark_size

        missing: list[str] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = self.missing

        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes

        phase: None | str | Unset
        if isinstance(self.phase, Unset):
            phase = UNSET
        else:
            phase = self.phase

        field_dict: dict[str, Any] = {}

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
        if mark_size is not UNSET:
            field_dict["mark_size"] = mark_size
        if missing is not UNSET:
            field_dict["missing"] = missing
        if notes is not UNSET:
            field_dict["notes"] = notes
        if phase is not UNSET:
            field_dict["phase"] = phase

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check import Check  # noqa: PLC0415
        from ..models.grade_mark import GradeMark  # noqa: PLC0415
        from ..models.light_mark import LightMark  # noqa: PLC0415
        from ..models.mark_size import MarkSize  # noqa: PLC0415
        from ..models.score_mark import ScoreMark  # noqa: PLC0415
        from ..models.warning_mark import WarningMark  # noqa: PLC0415

        d = dict(src_dict)
        citation = d.pop("citation")

        marks = []
        _marks = d.pop("marks")
        for marks_item_data in _marks:

            def _parse_marks_item(data: object) -> GradeMark | LightMark | ScoreMark | WarningMark:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mark_type_0 = WarningMark.from_dict(data)

                    return componentsschemas_mark_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mark_type_1 = LightMark.from_dict(data)

                    return componentsschemas_mark_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mark_type_2 = ScoreMark.from_dict(data)

                    return componentsschemas_mark_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_mark_type_3 = GradeMark.from_dict(data)

                return componentsschemas_mark_type_3

            marks_item = _parse_marks_item(marks_item_data)

            marks.append(marks_item)

        required = d.pop("required")

        scheme = d.pop("scheme")

        status = ConfirmationStatus(d.pop("status"))

        version = d.pop("version")

        _checks = d.pop("checks", UNSET)
        checks: list[Check] | Unset = UNSET
        if _checks is not UNSET:
            checks = []
            for checks_item_data in _checks:
                checks_item = Check.from_dict(checks_item_data)

                checks.append(checks_item)

        def _parse_exempt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        exempt = _parse_exempt(d.pop("exempt", UNSET))

        def _parse_mark_size(data: object) -> MarkSize | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mark_size_type_1 = MarkSize.from_dict(data)

                return mark_size_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MarkSize | None | Unset, data)

        mark_size = _parse_mark_size(d.pop("mark_size", UNSET))

        missing = cast(list[str], d.pop("missing", UNSET))

        notes = cast(list[str], d.pop("notes", UNSET))

        def _parse_phase(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phase = _parse_phase(d.pop("phase", UNSET))

        front_of_pack = cls(
            citation=citation,
            marks=marks,
            required=required,
            scheme=scheme,
            status=status,
            version=version,
            checks=checks,
            exempt=exempt,
            mark_size=mark_size,
            missing=missing,
            notes=notes,
            phase=phase,
        )

        return front_of_pack
