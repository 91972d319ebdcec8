from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.basis_body import BasisBody
from ..types import UNSET, Unset

T = TypeVar("T", bound="GoalBody")


@_attrs_define
class GoalBody:
    """One goal: exactly one of `without` (with `scheme`), `grade_at_least` (with `scheme`),
    `claim`, or `at_most` (with `nutrient`).

        Attributes:
            at_most (float | None | Unset): The most of `nutrient`, in its unit, on `basis`.
            basis (BasisBody | None | Unset):
            claim (None | str | Unset): A claim code the food must qualify for (`low_sodium`).
            format_ (None | str | Unset): The format whose label the `at_most` goal reads (default: the recipe's).
            grade_at_least (None | str | Unset): The least Nutri-Score (or grade scheme) grade, `A` best.
            nutrient (None | str | Unset): A nutrient key of the label's `unrounded` (`sodium_mg`).
            scheme (None | str | Unset): A front-of-pack scheme id of `GET /v1/fop-schemes` (`cl.fop.alto`,
                `eu.fop.nutriscore`).
            without (list[str] | None | Unset): Marks of a warning scheme to lose, by code (`sugars`) or printed text (`ALTO
                EN
                AZÚCARES`); empty: every mark of the scheme.
    """

    at_most: float | None | Unset = UNSET
    basis: BasisBody | None | Unset = UNSET
    claim: None | str | Unset = UNSET
    format_: None | str | Unset = UNSET
    grade_at_least: None | str | Unset = UNSET
    nutrient: None | str | Unset = UNSET
    scheme: None | str | Unset = UNSET
    without: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        at_most: float | None | Unset
        if isinstance(self.at_most, Unset):
            at_most = UNSET
        else:
            at_most = self.at_most

        basis: None | str | Unset
        if isinstance(self.basis, Unset):
            basis = UNSET
        elif isinstance(self.basis, BasisBody):
            basis = self.basis.value
        else:
            basis = self.basis

        claim: None | str | Unset
        if isinstance(self.claim, Unset):
            claim = UNSET
        else:
            claim = self.claim

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        else:
            format_ = self.format_

        grade_at_least: None | str | Unset
        if isinstance(self.grade_at_least, Unset):
            grade_at_least = UNSET
        else:
            grade_at_least = self.grade_at_least

        nutrient: None | str | Unset
        if isinstance(self.nutrient, Unset):
            nutrient = UNSET
        else:
            nutrient = self.nutrient

        scheme: None | str | Unset
        if isinstance(self.scheme, Unset):
            scheme = UNSET
        else:
            scheme = self.scheme

        without: list[str] | None | Unset
        if isinstance(self.without, Unset):
            without = UNSET
        elif isinstance(self.without, list):
            without = self.without

        else:
            without = self.without

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if at_most is not UNSET:
            field_dict["at_most"] = at_most
        if basis is not UNSET:
            field_dict["basis"] = basis
        if claim is not UNSET:
            field_dict["claim"] = claim
        if format_ is not UNSET:
            field_dict["format"] = format_
        if grade_at_least is not UNSET:
            field_dict["grade_at_least"] = grade_at_least
        if nutrient is not UNSET:
            field_dict["nutrient"] = nutrient
        if scheme is not UNSET:
            field_dict["scheme"] = scheme
        if without is not UNSET:
            field_dict["without"] = without

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_at_most(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        at_most = _parse_at_most(d.pop("at_most", UNSET))

        def _parse_basis(data: object) -> BasisBody | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                basis_type_1 = BasisBody(data)

                return basis_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BasisBody | None | Unset, data)

        basis = _parse_basis(d.pop("basis", UNSET))

        def _parse_claim(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        claim = _parse_claim(d.pop("claim", UNSET))

        def _parse_format_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        def _parse_grade_at_least(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        grade_at_least = _parse_grade_at_least(d.pop("grade_at_least", UNSET))

        def _parse_nutrient(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nutrient = _parse_nutrient(d.pop("nutrient", UNSET))

        def _parse_scheme(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scheme = _parse_scheme(d.pop("scheme", UNSET))

        def _parse_without(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                without_type_0 = cast(list[str], data)

                return without_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        without = _parse_without(d.pop("without", UNSET))

        goal_body = cls(
            at_most=at_most,
            basis=basis,
            claim=claim,
            format_=format_,
            grade_at_least=grade_at_least,
            nutrient=nutrient,
            scheme=scheme,
            without=without,
        )

        return goal_body
