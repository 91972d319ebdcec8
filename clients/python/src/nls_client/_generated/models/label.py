from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.label_format_status import LabelFormatStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.front_of_pack import FrontOfPack
    from ..models.label_allergen_details import LabelAllergenDetails
    from ..models.label_as_packaged import LabelAsPackaged
    from ..models.label_as_prepared import LabelAsPrepared
    from ..models.label_daily_values import LabelDailyValues
    from ..models.label_display import LabelDisplay
    from ..models.label_foods_item import LabelFoodsItem
    from ..models.label_ingredient_names_not_in_language import LabelIngredientNamesNotInLanguage
    from ..models.label_missing_item import LabelMissingItem
    from ..models.label_package import LabelPackage
    from ..models.label_per_100g import LabelPer100G
    from ..models.label_per_container import LabelPerContainer
    from ..models.label_per_portion import LabelPerPortion
    from ..models.label_per_serving import LabelPerServing
    from ..models.label_serving_size import LabelServingSize
    from ..models.label_statements_item import LabelStatementsItem
    from ..models.label_unrounded import LabelUnrounded
    from ..models.label_voluntary import LabelVoluntary
    from ..models.label_warnings_item import LabelWarningsItem


T = TypeVar("T", bound="Label")


@_attrs_define
class Label:
    """Computed, read-only. Always: `format`, `serving_size`, `servings_per_container`, `ingredient_statement`,
    `allergens`, `contains_statement`, `display`, `unrounded`. US formats: per-serving nutrients rounded by 21 CFR
    101.9(c) and `daily_values`. EU formats: `per_100g`, `per_portion`, `reference_intake_pct`,
    `ingredient_statement_html`. US formats also carry `display.serving_size`, the printed serving line: household
    measure then metric amount, e.g. `2 cookies (43g)` (21 CFR 101.9(b)(5), (b)(7)). Voluntary US nutrients
    (`polyunsaturated_fat_g`, `monounsaturated_fat_g`, `soluble_fiber_g`, `insoluble_fiber_g`, `sugar_alcohols_g`, and
    the vitamins and minerals of 101.9(c)(8)(iv) from 2 % DV) appear only when the ingredients' data gives them. The
    simplified format (`us.v.simpl`, 101.9(f)) omits insignificant nutrients other than calories, total fat, sodium,
    total carbohydrate and protein and names them in `display.not_significant` ("Not a significant source of …");
    Canada's simplified formats (`ca.simpl.bi`, `ca.simpl.pair`, `ca.simpl.hor.bi`, FDR B.01.401(6)) name what they omit
    in each language, `display.not_significant.en` and `display.not_significant.fr` (« Source négligeable de … »), the
    first also as `display.not_significant`. `warnings` appears only when non-empty.

        Attributes:
            format_ (str):
            allergen_details (LabelAllergenDetails | Unset): Present only when non-empty: on US labels the species of the
                declared tree nuts, fish and Crustacean shellfish by allergen code, e.g. `{"tree_nuts": ["almonds"]}` (21 U.S.C.
                343(w)(2)); on Canadian labels also the cereals of gluten, e.g. `{"gluten": ["barley"]}` (FDR B.01.010.3); from
                the food table's names and custom ingredients' `code:species` allergens.
            allergens (list[str] | Unset):
            as_packaged (LabelAsPackaged | Unset):
            as_prepared (LabelAsPrepared | Unset):
            calories (float | Unset):
            contains_statement (None | str | Unset):
            daily_values (LabelDailyValues | Unset):
            display (LabelDisplay | Unset):
            foods (list[LabelFoodsItem] | Unset): `us.aggr` only: each column's food.
            format_status (LabelFormatStatus | Unset): Whether the label's format is in force (its terms, reference values
                and rounding confirmed against its law's text) or a draft. Every file drawn from a draft's label (SVG, PNG, PDF,
                the embed, exports, the app's preview) carries a "DRAFT – NOT A LAWFUL LABEL" band and a diagonal DRAFT; in-
                force labels carry no mark. Absent only from labels stored before it existed.
            front_of_pack (list[FrontOfPack] | Unset): Present only when non-empty: the front-of-pack schemes of the label's
                market that are mandatory, and those asked for (`fop=` on analyze and label files, a recipe's `front_of_pack`).
            ingredient_names_not_in_language (LabelIngredientNamesNotInLanguage | Unset): Present only when some are: per
                language of the format, the ingredient names its statement prints in another language because no name in that
                language is known (the food table's names are English), e.g. `{"de": ["butter"]}`; the label also carries the
                warning `ingredient_names_not_in_language`. Give the names as `label_names` on the line or the custom
                ingredient.
            ingredient_statement (str | Unset):
            missing (list[LabelMissingItem] | Unset): Present only when non-empty: each declared nutrient whose amount the
                data does not determine, with the ingredients whose data lacks it (printed names, sub-recipes' included; at most
                10, each cut at 80 characters; `more_ingredients` counts the rest). A lacking nutrient is bounded by its whole
                where the label's hierarchy makes one (trans and saturated fat by total fat, fiber and sugars by total
                carbohydrate, added sugars by total sugars): it is listed only when the known part and the most the data allows
                would print differently. The printed amount is the known part only; give the amounts as a recipe line's
                `nutrients` or the custom ingredient's `nutrients_per_100g`. `strict=true` refuses such a label (422
                `incomplete_nutrient_data`).
            package (LabelPackage | Unset): Present when the request gave a `package`: `given`, the `racc` used,
                `percent_of_racc`, `layouts` (each US format id with its `use`: `required`, `allowed`, `voluntary` or
                `not_allowed`, its `citation` and `reason`), `allowed_formats` and `required_formats` (format ids in FDA's order
                of preference), `chosen` (the format `us.auto` picked), `single_serving`, `small_package_exemption_possible`.
            per_100g (LabelPer100G | Unset):
            per_container (LabelPerContainer | Unset):
            per_portion (LabelPerPortion | Unset):
            per_serving (LabelPerServing | Unset): `us.v.dual-pkg`: amounts per serving (and `per_container`); `us.v.dual-
                prep`: `as_packaged` and `as_prepared`; `us.aggr`: one block per food, `food_1`, `food_2`, .... These formats'
                `daily_values` hold one map per column id, and `display` keys are `<column>.<nutrient>`.
            serving_size (LabelServingSize | Unset):
            servings_per_container (float | Unset):
            statements (list[LabelStatementsItem] | Unset): Present only for a format that prints several languages: the
                required statements in each, in the format's order (Reg. (EU) 1169/2011 Art. 15; 21 CFR 101.15(c)(2)). The first
                language's are also the label's own `ingredient_statement`, `ingredient_statement_html` and
                `contains_statement`.
            total_fat_g (float | Unset):
            unconfirmed (str | Unset): For a draft: what in the format is not confirmed against its law, and what falls back
                to what (the format's notes, as in `GET /v1/formats`). For a format in force whose law leaves reference values
                to a document we do not hold (Canada's Table of Daily Values): the values that ship unconfirmed, e.g. `reference
                values unconfirmed: fat_g 75 g (…)`; absent when every value is confirmed.
            unrounded (LabelUnrounded | Unset):
            voluntary (LabelVoluntary | Unset): Present only when a voluntary row is declared: why each is there, by row
                key: `requested` (the recipe's or analysis's `voluntary_nutrients`) or `added_as_nutrient_supplement` (a line's
                `added_nutrients`).
            warnings (list[LabelWarningsItem] | Unset): Present only when non-empty: what the label cannot print as its
                regime asks. Codes: `no_household_measure` (US serving size without a household measure, 21 CFR 101.9(b)(5));
                `incomplete_nutrient_data` (declared nutrients the data lacks, see `missing`); `voluntary_nutrient_omitted` (a
                voluntary nutrient, e.g. EU fibre, left off because some ingredient's data lacks it, rather than understated);
                `confirm_sub_ingredients` (sub-ingredients from a standard of identity, to be checked against the brand used, 21
                CFR 101.4(b)(2)); `gluten_cereal_unnamed` (an ingredient carries gluten and nothing names its cereal, where the
                law names the cereal: 1169/2011 Annex II point 1, FDR B.01.010.3; tag it `gluten:barley` and so on);
                `ingredient_names_not_in_language` (see `ingredient_names_not_in_language`). (The simplified format `us.v.simpl`
                is refused, 422 `format_not_permitted`, for a food with fewer than 8 of the 15 insignificant amounts 21 CFR
                101.9(f) asks for.)
    """

    format_: str
    allergen_details: LabelAllergenDetails | Unset = UNSET
    allergens: list[str] | Unset = UNSET
    as_packaged: LabelAsPackaged | Unset = UNSET
    as_prepared: LabelAsPrepared | Unset = UNSET
    calories: float | Unset = UNSET
    contains_statement: None | str | Unset = UNSET
    daily_values: LabelDailyValues | Unset = UNSET
    display: LabelDisplay | Unset = UNSET
    foods: list[LabelFoodsItem] | Unset = UNSET
    format_status: LabelFormatStatus | Unset = UNSET
    front_of_pack: list[FrontOfPack] | Unset = UNSET
    ingredient_names_not_in_language: LabelIngredientNamesNotInLanguage | Unset = UNSET
    ingredient_statement: str | Unset = UNSET
    missing: list[LabelMissingItem] | Unset = UNSET
    package: LabelPackage | Unset = UNSET
    per_100g: LabelPer100G | Unset = UNSET
    per_container: LabelPerContainer | Unset = UNSET
    per_portion: LabelPerPortion | Unset = UNSET
    per_serving: LabelPerServing | Unset = UNSET
    serving_size: LabelServingSize | Unset = UNSET
    servings_per_container: float | Unset = UNSET
    statements: list[LabelStatementsItem] | Unset = UNSET
    total_fat_g: float | Unset = UNSET
    unconfirmed: str | Unset = UNSET
    unrounded: LabelUnrounded | Unset = UNSET
    voluntary: LabelVoluntary | Unset = UNSET
    warnings: list[LabelWarningsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        allergen_details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.allergen_details, Unset):
            allergen_details = self.allergen_details.to_dict()

        allergens: list[str] | Unset = UNSET
        if not isinstance(self.allergens, Unset):
            allergens = self.allergens

        as_packaged: dict[str, Any] | Unset = UNSET
        if not isinstance(self.as_packaged, Unset):
            as_packaged = self.as_packaged.to_dict()

        as_prepared: dict[str, Any] | Unset = UNSET
        if not isinstance(self.as_prepared, Unset):
            as_prepared = self.as_prepared.to_dict()

        calories = self.calories

        contains_statement: None | str | Unset
        if isinstance(self.contains_statement, Unset):
            contains_statement = UNSET
        else:
            contains_statement = self.contains_statement

        daily_values: dict[str, Any] | Unset = UNSET
        if not isinstance(self.daily_values, Unset):
            daily_values = self.daily_values.to_dict()

        display: dict[str, Any] | Unset = UNSET
        if not isinstance(self.display, Unset):
            display = self.display.to_dict()

        foods: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.foods, Unset):
            foods = []
            for foods_item_data in self.foods:
                foods_item = foods_item_data.to_dict()
                foods.append(foods_item)

        format_status: str | Unset = UNSET
        if not isinstance(self.format_status, Unset):
            format_status = self.format_status.value

        front_of_pack: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.front_of_pack, Unset):
            front_of_pack = []
            for front_of_pack_item_data in self.front_of_pack:
                front_of_pack_item = front_of_pack_item_data.to_dict()
                front_of_pack.append(front_of_pack_item)

        ingredient_names_not_in_language: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ingredient_names_not_in_language, Unset):
            ingredient_names_not_in_language = self.ingredient_names_not_in_language.to_dict()

        ingredient_statement = self.ingredient_statement

        missing: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = []
            for missing_item_data in self.missing:
                missing_item = missing_item_data.to_dict()
                missing.append(missing_item)

        package: dict[str, Any] | Unset = UNSET
        if not isinstance(self.package, Unset):
            package = self.package.to_dict()

        per_100g: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_100g, Unset):
            per_100g = self.per_100g.to_dict()

        per_container: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_container, Unset):
            per_container = self.per_container.to_dict()

        per_portion: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_portion, Unset):
            per_portion = self.per_portion.to_dict()

        per_serving: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_serving, Unset):
            per_serving = self.per_serving.to_dict()

        serving_size: dict[str, Any] | Unset = UNSET
        if not isinstance(self.serving_size, Unset):
            serving_size = self.serving_size.to_dict()

        servings_per_container = self.servings_per_container

        statements: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.statements, Unset):
            statements = []
            for statements_item_data in self.statements:
                statements_item = statements_item_data.to_dict()
                statements.append(statements_item)

        total_fat_g = self.total_fat_g

        unconfirmed = self.unconfirmed

        unrounded: dict[str, Any] | Unset = UNSET
        if not isinstance(self.unrounded, Unset):
            unrounded = self.unrounded.to_dict()

        voluntary: dict[str, Any] | Unset = UNSET
        if not isinstance(self.voluntary, Unset):
            voluntary = self.voluntary.to_dict()

        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
            }
        )
        if allergen_details is not UNSET:
            field_dict["allergen_details"] = allergen_details
        if allergens is not UNSET:
            field_dict["allergens"] = allergens
        if as_packaged is not UNSET:
            field_dict["as_packaged"] = as_packaged
        if as_prepared is not UNSET:
            field_dict["as_prepared"] = as_prepared
        if calories is not UNSET:
            field_dict["calories"] = calories
        if contains_statement is not UNSET:
            field_dict["contains_statement"] = contains_statement
        if daily_values is not UNSET:
            field_dict["daily_values"] = daily_values
        if display is not UNSET:
            field_dict["display"] = display
        if foods is not UNSET:
            field_dict["foods"] = foods
        if format_status is not UNSET:
            field_dict["format_status"] = format_status
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if ingredient_names_not_in_language is not UNSET:
            field_dict["ingredient_names_not_in_language"] = ingredient_names_not_in_language
        if ingredient_statement is not UNSET:
            field_dict["ingredient_statement"] = ingredient_statement
        if missing is not UNSET:
            field_dict["missing"] = missing
        if package is not UNSET:
            field_dict["package"] = package
        if per_100g is not UNSET:
            field_dict["per_100g"] = per_100g
        if per_container is not UNSET:
            field_dict["per_container"] = per_container
        if per_portion is not UNSET:
            field_dict["per_portion"] = per_portion
        if per_serving is not UNSET:
            field_dict["per_serving"] = per_serving
        if serving_size is not UNSET:
            field_dict["serving_size"] = serving_size
        if servings_per_container is not UNSET:
            field_dict["servings_per_container"] = servings_per_container
        if statements is not UNSET:
            field_dict["statements"] = statements
        if total_fat_g is not UNSET:
            field_dict["total_fat_g"] = total_fat_g
        if unconfirmed is not UNSET:
            field_dict["unconfirmed"] = unconfirmed
        if unrounded is not UNSET:
            field_dict["unrounded"] = unrounded
        if voluntary is not UNSET:
            field_dict["voluntary"] = voluntary
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.front_of_pack import FrontOfPack  # noqa: PLC0415
        from ..models.label_allergen_details import LabelAllergenDetails  # noqa: PLC0415
        from ..models.label_as_packaged import LabelAsPackaged  # noqa: PLC0415
        from ..models.label_as_prepared import LabelAsPrepared  # noqa: PLC0415
        from ..models.label_daily_values import LabelDailyValues  # noqa: PLC0415
        from ..models.label_display import LabelDisplay  # noqa: PLC0415
        from ..models.label_foods_item import LabelFoodsItem  # noqa: PLC0415
        from ..models.label_ingredient_names_not_in_language import LabelIngredientNamesNotInLanguage  # noqa: PLC0415
        from ..models.label_missing_item import LabelMissingItem  # noqa: PLC0415
        from ..models.label_package import LabelPackage  # noqa: PLC0415
        from ..models.label_per_100g import LabelPer100G  # noqa: PLC0415
        from ..models.label_per_container import LabelPerContainer  # noqa: PLC0415
        from ..models.label_per_portion import LabelPerPortion  # noqa: PLC0415
        from ..models.label_per_serving import LabelPerServing  # noqa: PLC0415
        from ..models.label_serving_size import LabelServingSize  # noqa: PLC0415
        from ..models.label_statements_item import LabelStatementsItem  # noqa: PLC0415
        from ..models.label_unrounded import LabelUnrounded  # noqa: PLC0415
        from ..models.label_voluntary import LabelVoluntary  # noqa: PLC0415
        from ..models.label_warnings_item import LabelWarningsItem  # noqa: PLC0415

        d = dict(src_dict)
        format_ = d.pop("format")

        _allergen_details = d.pop("allergen_details", UNSET)
        allergen_details: LabelAllergenDetails | Unset
        if isinstance(_allergen_details, Unset):
            allergen_details = UNSET
        else:
            allergen_details = LabelAllergenDetails.from_dict(_allergen_details)

        allergens = cast(list[str], d.pop("allergens", UNSET))

        _as_packaged = d.pop("as_packaged", UNSET)
        as_packaged: LabelAsPackaged | Unset
        if isinstance(_as_packaged, Unset):
            as_packaged = UNSET
        else:
            as_packaged = LabelAsPackaged.from_dict(_as_packaged)

        _as_prepared = d.pop("as_prepared", UNSET)
        as_prepared: LabelAsPrepared | Unset
        if isinstance(_as_prepared, Unset):
            as_prepared = UNSET
        else:
            as_prepared = LabelAsPrepared.from_dict(_as_prepared)

        calories = d.pop("calories", UNSET)

        def _parse_contains_statement(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contains_statement = _parse_contains_statement(d.pop("contains_statement", UNSET))

        _daily_values = d.pop("daily_values", UNSET)
        daily_values: LabelDailyValues | Unset
        if isinstance(_daily_values, Unset):
            daily_values = UNSET
        else:
            daily_values = LabelDailyValues.from_dict(_daily_values)

        _display = d.pop("display", UNSET)
        display: LabelDisplay | Unset
        if isinstance(_display, Unset):
            display = UNSET
        else:
            display = LabelDisplay.from_dict(_display)

        _foods = d.pop("foods", UNSET)
        foods: list[LabelFoodsItem] | Unset = UNSET
        if _foods is not UNSET:
            foods = []
            for foods_item_data in _foods:
                foods_item = LabelFoodsItem.from_dict(foods_item_data)

                foods.append(foods_item)

        _format_status = d.pop("format_status", UNSET)
        format_status: LabelFormatStatus | Unset
        if isinstance(_format_status, Unset):
            format_status = UNSET
        else:
            format_status = LabelFormatStatus(_format_status)

        _front_of_pack = d.pop("front_of_pack", UNSET)
        front_of_pack: list[FrontOfPack] | Unset = UNSET
        if _front_of_pack is not UNSET:
            front_of_pack = []
            for front_of_pack_item_data in _front_of_pack:
                front_of_pack_item = FrontOfPack.from_dict(front_of_pack_item_data)

                front_of_pack.append(front_of_pack_item)

        _ingredient_names_not_in_language = d.pop("ingredient_names_not_in_language", UNSET)
        ingredient_names_not_in_language: LabelIngredientNamesNotInLanguage | Unset
        if isinstance(_ingredient_names_not_in_language, Unset):
            ingredient_names_not_in_language = UNSET
        else:
            ingredient_names_not_in_language = LabelIngredientNamesNotInLanguage.from_dict(
                _ingredient_names_not_in_language
            )

        ingredient_statement = d.pop("ingredient_statement", UNSET)

        _missing = d.pop("missing", UNSET)
        missing: list[LabelMissingItem] | Unset = UNSET
        if _missing is not UNSET:
            missing = []
            for missing_item_data in _missing:
                missing_item = LabelMissingItem.from_dict(missing_item_data)

                missing.append(missing_item)

        _package = d.pop("package", UNSET)
        package: LabelPackage | Unset
        if isinstance(_package, Unset):
            package = UNSET
        else:
            package = LabelPackage.from_dict(_package)

        _per_100g = d.pop("per_100g", UNSET)
        per_100g: LabelPer100G | Unset
        if isinstance(_per_100g, Unset):
            per_100g = UNSET
        else:
            per_100g = LabelPer100G.from_dict(_per_100g)

        _per_container = d.pop("per_container", UNSET)
        per_container: LabelPerContainer | Unset
        if isinstance(_per_container, Unset):
            per_container = UNSET
        else:
            per_container = LabelPerContainer.from_dict(_per_container)

        _per_portion = d.pop("per_portion", UNSET)
        per_portion: LabelPerPortion | Unset
        if isinstance(_per_portion, Unset):
            per_portion = UNSET
        else:
            per_portion = LabelPerPortion.from_dict(_per_portion)

        _per_serving = d.pop("per_serving", UNSET)
        per_serving: LabelPerServing | Unset
        if isinstance(_per_serving, Unset):
            per_serving = UNSET
        else:
            per_serving = LabelPerServing.from_dict(_per_serving)

        _serving_size = d.pop("serving_size", UNSET)
        serving_size: LabelServingSize | Unset
        if isinstance(_serving_size, Unset):
            serving_size = UNSET
        else:
            serving_size = LabelServingSize.from_dict(_serving_size)

        servings_per_container = d.pop("servings_per_container", UNSET)

        _statements = d.pop("statements", UNSET)
        statements: list[LabelStatementsItem] | Unset = UNSET
        if _statements is not UNSET:
            statements = []
            for statements_item_data in _statements:
                statements_item = LabelStatementsItem.from_dict(statements_item_data)

                statements.append(statements_item)

        total_fat_g = d.pop("total_fat_g", UNSET)

        unconfirmed = d.pop("unconfirmed", UNSET)

        _unrounded = d.pop("unrounded", UNSET)
        unrounded: LabelUnrounded | Unset
        if isinstance(_unrounded, Unset):
            unrounded = UNSET
        else:
            unrounded = LabelUnrounded.from_dict(_unrounded)

        _voluntary = d.pop("voluntary", UNSET)
        voluntary: LabelVoluntary | Unset
        if isinstance(_voluntary, Unset):
            voluntary = UNSET
        else:
            voluntary = LabelVoluntary.from_dict(_voluntary)

        _warnings = d.pop("warnings", UNSET)
        warnings: list[LabelWarningsItem] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = LabelWarningsItem.from_dict(warnings_item_data)

                warnings.append(warnings_item)

        label = cls(
            format_=format_,
            allergen_details=allergen_details,
            allergens=allergens,
            as_packaged=as_packaged,
            as_prepared=as_prepared,
            calories=calories,
            contains_statement=contains_statement,
            daily_values=daily_values,
            display=display,
            foods=foods,
            format_status=format_status,
            front_of_pack=front_of_pack,
            ingredient_names_not_in_language=ingredient_names_not_in_language,
            ingredient_statement=ingredient_statement,
            missing=missing,
            package=package,
            per_100g=per_100g,
            per_container=per_container,
            per_portion=per_portion,
            per_serving=per_serving,
            serving_size=serving_size,
            servings_per_container=servings_per_container,
            statements=statements,
            total_fat_g=total_fat_g,
            unconfirmed=unconfirmed,
            unrounded=unrounded,
            voluntary=voluntary,
            warnings=warnings,
        )

        label.additional_properties = d
        return label

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
