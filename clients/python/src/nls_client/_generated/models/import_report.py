from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_problem import ImportProblem
    from ..models.imported_recipe import ImportedRecipe


T = TypeVar("T", bound="ImportReport")


@_attrs_define
class ImportReport:
    """What an import created, or (dry run) would create.

    Attributes:
        dry_run (bool):
        recipes (list[ImportedRecipe]):
        rows (int): Rows read besides the header.
        more_problems (int | None | Unset): Problems past the listed ones.
        problems (list[ImportProblem] | None | Unset): A dry run's problems: what the import itself would refuse (empty
            when it would
            succeed).
    """

    dry_run: bool
    recipes: list[ImportedRecipe]
    rows: int
    more_problems: int | None | Unset = UNSET
    problems: list[ImportProblem] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        dry_run = self.dry_run

        recipes = []
        for recipes_item_data in self.recipes:
            recipes_item = recipes_item_data.to_dict()
            recipes.append(recipes_item)

        rows = self.rows

        more_problems: int | None | Unset
        if isinstance(self.more_problems, Unset):
            more_problems = UNSET
        else:
            more_problems = self.more_problems

        problems: list[dict[str, Any]] | None | Unset
        if isinstance(self.problems, Unset):
            problems = UNSET
        elif isinstance(self.problems, list):
            problems = []
            for problems_type_0_item_data in self.problems:
                problems_type_0_item = problems_type_0_item_data.to_dict()
                problems.append(problems_type_0_item)

        else:
            problems = self.problems

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dry_run": dry_run,
                "recipes": recipes,
                "rows": rows,
            }
        )
        if more_problems is not UNSET:
            field_dict["more_problems"] = more_problems
        if problems is not UNSET:
            field_dict["problems"] = problems

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_problem import ImportProblem  # noqa: PLC0415
        from ..models.imported_recipe import ImportedRecipe  # noqa: PLC0415

        d = dict(src_dict)
        dry_run = d.pop("dry_run")

        recipes = []
        _recipes = d.pop("recipes")
        for recipes_item_data in _recipes:
            recipes_item = ImportedRecipe.from_dict(recipes_item_data)

            recipes.append(recipes_item)

        rows = d.pop("rows")

        def _parse_more_problems(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        more_problems = _parse_more_problems(d.pop("more_problems", UNSET))

        def _parse_problems(data: object) -> list[ImportProblem] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                problems_type_0 = []
                _problems_type_0 = data
                for problems_type_0_item_data in _problems_type_0:
                    problems_type_0_item = ImportProblem.from_dict(problems_type_0_item_data)

                    problems_type_0.append(problems_type_0_item)

                return problems_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ImportProblem] | None | Unset, data)

        problems = _parse_problems(d.pop("problems", UNSET))

        import_report = cls(
            dry_run=dry_run,
            recipes=recipes,
            rows=rows,
            more_problems=more_problems,
            problems=problems,
        )

        import_report.additional_properties = d
        return import_report

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
