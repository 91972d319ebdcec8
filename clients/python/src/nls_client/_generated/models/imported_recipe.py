from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.imported_line import ImportedLine
    from ..models.imported_recipe_label_error_type_0 import ImportedRecipeLabelErrorType0
    from ..models.label import Label


T = TypeVar("T", bound="ImportedRecipe")


@_attrs_define
class ImportedRecipe:
    """One recipe of an import.

    Attributes:
        first_row (int):
        last_row (int):
        name (str):
        id (None | str | Unset): The created recipe (not in a dry run).
        label (Label | None | Unset):
        label_error (ImportedRecipeLabelErrorType0 | None | Unset): A dry run's reason the create would be refused
            (`code`, `message`).
        lines (list[ImportedLine] | None | Unset): A dry run's ingredient lines, each with its row and what it resolved
            to (the lines
            that resolved; a row that matches nothing is a problem instead).
        location (None | str | Unset):
        version (int | None | Unset):
    """

    first_row: int
    last_row: int
    name: str
    id: None | str | Unset = UNSET
    label: Label | None | Unset = UNSET
    label_error: ImportedRecipeLabelErrorType0 | None | Unset = UNSET
    lines: list[ImportedLine] | None | Unset = UNSET
    location: None | str | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.imported_recipe_label_error_type_0 import ImportedRecipeLabelErrorType0  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415

        first_row = self.first_row

        last_row = self.last_row

        name = self.name

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        label: dict[str, Any] | None | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        elif isinstance(self.label, Label):
            label = self.label.to_dict()
        else:
            label = self.label

        label_error: dict[str, Any] | None | Unset
        if isinstance(self.label_error, Unset):
            label_error = UNSET
        elif isinstance(self.label_error, ImportedRecipeLabelErrorType0):
            label_error = self.label_error.to_dict()
        else:
            label_error = self.label_error

        lines: list[dict[str, Any]] | None | Unset
        if isinstance(self.lines, Unset):
            lines = UNSET
        elif isinstance(self.lines, list):
            lines = []
            for lines_type_0_item_data in self.lines:
                lines_type_0_item = lines_type_0_item_data.to_dict()
                lines.append(lines_type_0_item)

        else:
            lines = self.lines

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "first_row": first_row,
                "last_row": last_row,
                "name": name,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if label is not UNSET:
            field_dict["label"] = label
        if label_error is not UNSET:
            field_dict["label_error"] = label_error
        if lines is not UNSET:
            field_dict["lines"] = lines
        if location is not UNSET:
            field_dict["location"] = location
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.imported_line import ImportedLine  # noqa: PLC0415
        from ..models.imported_recipe_label_error_type_0 import ImportedRecipeLabelErrorType0  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415

        d = dict(src_dict)
        first_row = d.pop("first_row")

        last_row = d.pop("last_row")

        name = d.pop("name")

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        def _parse_label(data: object) -> Label | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_type_1 = Label.from_dict(data)

                return label_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Label | None | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        def _parse_label_error(data: object) -> ImportedRecipeLabelErrorType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_error_type_0 = ImportedRecipeLabelErrorType0.from_dict(data)

                return label_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ImportedRecipeLabelErrorType0 | None | Unset, data)

        label_error = _parse_label_error(d.pop("label_error", UNSET))

        def _parse_lines(data: object) -> list[ImportedLine] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                lines_type_0 = []
                _lines_type_0 = data
                for lines_type_0_item_data in _lines_type_0:
                    lines_type_0_item = ImportedLine.from_dict(lines_type_0_item_data)

                    lines_type_0.append(lines_type_0_item)

                return lines_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ImportedLine] | None | Unset, data)

        lines = _parse_lines(d.pop("lines", UNSET))

        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        imported_recipe = cls(
            first_row=first_row,
            last_row=last_row,
            name=name,
            id=id,
            label=label,
            label_error=label_error,
            lines=lines,
            location=location,
            version=version,
        )

        imported_recipe.additional_properties = d
        return imported_recipe

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
