from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.colour import Colour
from ..models.confirmation_status import ConfirmationStatus
from ..models.level import Level
from ..types import UNSET, Unset

T = TypeVar("T", bound="LightMark")


@_attrs_define
class LightMark:
    """A traffic light (energy is shown uncoloured: `level` and `colour` null).

    Attributes:
        amount (float): Per portion, in `unit`.
        nutrient (str):
        per_100 (float): Per 100 g or 100 ml, in `unit`.
        status (ConfirmationStatus): Whether a value was confirmed against the law's text (or our reference files).
        unit (str):
        why (str):
        colour (Colour | None | Unset):
        level (Level | None | Unset):
        per_100_printed (None | str | Unset): Energy only: the amount per 100 g or 100 ml as printed beside the
            portion's, in kJ and
            kcal (1169/2011 Art. 33(2): an Art. 30(3)(b) repeat expressed per portion gives the
            energy per 100 g or 100 ml too; Art. 32(1) and Annex XV: kJ and kcal), e.g.
            `"1175kJ / 281kcal"`. Absent elsewhere and in labels stored before it existed.
        percent_ri (float | None | Unset): % of the reference intake per portion, where the scheme shows one.
        portion (float | None | Unset): Energy only: the portion the amounts are for, in g or ml, printed with it
            (Art. 33(1), (4): the portion is quantified in close proximity).
        printed (None | str | Unset): The per-portion amount as printed, rounded as the label's nutrition table rounds
            it
            (UK: the EU 2012 guidance's table), e.g. `"50g"`, `"<0.01g"`, `"300kcal"`; absent
            for schemes that say nothing of it and in labels stored before it existed.
    """

    amount: float
    nutrient: str
    per_100: float
    status: ConfirmationStatus
    unit: str
    why: str
    colour: Colour | None | Unset = UNSET
    level: Level | None | Unset = UNSET
    per_100_printed: None | str | Unset = UNSET
    percent_ri: float | None | Unset = UNSET
    portion: float | None | Unset = UNSET
    printed: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        nutrient = self.nutrient

        per_100 = self.per_100

        status = self.status.value

        unit = self.unit

        why = self.why

        colour: None | str | Unset
        if isinstance(self.colour, Unset):
            colour = UNSET
        elif isinstance(self.colour, Colour):
            colour = self.colour.value
        else:
            colour = self.colour

        level: None | str | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        elif isinstance(self.level, Level):
            level = self.level.value
        else:
            level = self.level

        per_100_printed: None | str | Unset
        if isinstance(self.per_100_printed, Unset):
            per_100_printed = UNSET
        else:
            per_100_printed = self.per_100_printed

        percent_ri: float | None | Unset
        if isinstance(self.percent_ri, Unset):
            percent_ri = UNSET
        else:
            percent_ri = self.percent_ri

        portion: float | None | Unset
        if isinstance(self.portion, Unset):
            portion = UNSET
        else:
            portion = self.portion

        printed: None | str | Unset
        if isinstance(self.printed, Unset):
            printed = UNSET
        else:
            printed = self.printed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "nutrient": nutrient,
                "per_100": per_100,
                "status": status,
                "unit": unit,
                "why": why,
            }
        )
        if colour is not UNSET:
            field_dict["colour"] = colour
        if level is not UNSET:
            field_dict["level"] = level
        if per_100_printed is not UNSET:
            field_dict["per_100_printed"] = per_100_printed
        if percent_ri is not UNSET:
            field_dict["percent_ri"] = percent_ri
        if portion is not UNSET:
            field_dict["portion"] = portion
        if printed is not UNSET:
            field_dict["printed"] = printed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        nutrient = d.pop("nutrient")

        per_100 = d.pop("per_100")

        status = ConfirmationStatus(d.pop("status"))

        unit = d.pop("unit")

        why = d.pop("why")

        def _parse_colour(data: object) -> Colour | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                colour_type_1 = Colour(data)

                return colour_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Colour | None | Unset, data)

        colour = _parse_colour(d.pop("colour", UNSET))

        def _parse_level(data: object) -> Level | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_1 = Level(data)

                return level_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Level | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        def _parse_per_100_printed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        per_100_printed = _parse_per_100_printed(d.pop("per_100_printed", UNSET))

        def _parse_percent_ri(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        percent_ri = _parse_percent_ri(d.pop("percent_ri", UNSET))

        def _parse_portion(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        portion = _parse_portion(d.pop("portion", UNSET))

        def _parse_printed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        printed = _parse_printed(d.pop("printed", UNSET))

        light_mark = cls(
            amount=amount,
            nutrient=nutrient,
            per_100=per_100,
            status=status,
            unit=unit,
            why=why,
            colour=colour,
            level=level,
            per_100_printed=per_100_printed,
            percent_ri=percent_ri,
            portion=portion,
            printed=printed,
        )

        return light_mark
