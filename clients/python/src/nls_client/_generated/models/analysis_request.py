from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.analysis_request_front_of_pack_item import AnalysisRequestFrontOfPackItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analysis_request_foods_item import AnalysisRequestFoodsItem
    from ..models.analysis_request_prepared import AnalysisRequestPrepared
    from ..models.front_of_pack_facts import FrontOfPackFacts
    from ..models.ingredient_entry import IngredientEntry
    from ..models.package import Package


T = TypeVar("T", bound="AnalysisRequest")


@_attrs_define
class AnalysisRequest:
    """`servings` and `ingredients` are required, except for `us.aggr`, which takes `foods` instead. `label_format`
    `us.auto` picks the first layout the `package` allows in FDA's order of preference among the formats the catalog
    holds and the plan may use (see `Package`).

        Attributes:
            foods (list[AnalysisRequestFoodsItem] | Unset): The foods of a variety pack, for `us.aggr` (aggregate display,
                21 CFR 101.9(d)(13)(ii)): one label column per food, in this order (`food_1`, `food_2`, ...). Required by that
                format, with no top-level `ingredients`; refused with any other. Claims are not made for the pack (analyze each
                food for its claims).
            front_of_pack (list[AnalysisRequestFrontOfPackItem] | Unset): Front-of-pack schemes to compute besides the
                mandatory ones of the label's market.
            front_of_pack_facts (FrontOfPackFacts | Unset): What a recipe does not hold and some front-of-pack schemes need.
                Nothing is guessed: a scheme that needs an absent fact lists it in its `missing` and leaves the marks that
                depend on it out.
            ingredients (list[IngredientEntry] | Unset):
            label_format (str | Unset):  Default: 'standard'.
            label_formats (list[str] | Unset): More markets at once: the response's `labels` holds the label in each of
                these formats too, each under its own law (plan rules as for `label_format`). Not with `foods`.
            package (Package | Unset): The package, all fields optional. With it the label carries `package`: which US
                layouts the package may use and must use, per 21 CFR 101.9(b)(6) (under 200 % of the RACC: one serving, one
                column), (b)(12)(i) (200 % to 300 %: per serving and per container, `us.v.dual-pkg`), (e)(6) (over 300 %: a per-
                container column is voluntary), (d)(11)(iii) (tabular when the panel lacks about 3 in of continuous vertical
                space) and (j)(13) (40 in² or less: tabular and linear allowed; under 12 in²: the small-package exemption may
                apply). Unknown category or a non-positive number: 400 `validation_failed` naming `package.<field>`.
            prepared (AnalysisRequestPrepared | Unset): What preparing the whole recipe adds (milk and eggs for a mix), for
                `us.v.dual-prep` (as packaged / as prepared, 21 CFR 101.9(e)): the as-prepared column is one packaged serving
                plus its share of these. Required by that format; refused (400 `validation_failed`) with any other. Not part of
                the ingredient statement.
            racc_g (float | Unset): Reference amount customarily consumed; default the package's RACC category, else the
                serving weight.
            serving_size_text (str | Unset):
            serving_weight_g (float | Unset):
            servings (float | Unset):
            voluntary_nutrients (list[str] | None | Unset): Nutrient keys (as in `nutrients_per_100g`) of voluntary
                nutrients the label declares. On US labels the vitamins and minerals beyond vitamin D, calcium, iron and
                potassium, mono- and polyunsaturated fat, soluble and insoluble fiber and sugar alcohol are declared only when
                asked here or marked added on a line (21 CFR 101.9(c)(8)(ii), (c)(2)(iii)-(iv), (c)(6)); a claim about one
                requires its declaration, so a claim about vitamin A or C is made only when it is asked for. The label's
                `voluntary` says why each such row is there; a nutrient asked for that the data cannot determine is left off
                with a `voluntary_nutrient_omitted` warning. Unknown key: 400 `validation_failed`. `null` removes them.
    """

    foods: list[AnalysisRequestFoodsItem] | Unset = UNSET
    front_of_pack: list[AnalysisRequestFrontOfPackItem] | Unset = UNSET
    front_of_pack_facts: FrontOfPackFacts | Unset = UNSET
    ingredients: list[IngredientEntry] | Unset = UNSET
    label_format: str | Unset = "standard"
    label_formats: list[str] | Unset = UNSET
    package: Package | Unset = UNSET
    prepared: AnalysisRequestPrepared | Unset = UNSET
    racc_g: float | Unset = UNSET
    serving_size_text: str | Unset = UNSET
    serving_weight_g: float | Unset = UNSET
    servings: float | Unset = UNSET
    voluntary_nutrients: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        foods: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.foods, Unset):
            foods = []
            for foods_item_data in self.foods:
                foods_item = foods_item_data.to_dict()
                foods.append(foods_item)

        front_of_pack: list[str] | Unset = UNSET
        if not isinstance(self.front_of_pack, Unset):
            front_of_pack = []
            for front_of_pack_item_data in self.front_of_pack:
                front_of_pack_item = front_of_pack_item_data.value
                front_of_pack.append(front_of_pack_item)

        front_of_pack_facts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.front_of_pack_facts, Unset):
            front_of_pack_facts = self.front_of_pack_facts.to_dict()

        ingredients: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ingredients, Unset):
            ingredients = []
            for ingredients_item_data in self.ingredients:
                ingredients_item = ingredients_item_data.to_dict()
                ingredients.append(ingredients_item)

        label_format = self.label_format

        label_formats: list[str] | Unset = UNSET
        if not isinstance(self.label_formats, Unset):
            label_formats = self.label_formats

        package: dict[str, Any] | Unset = UNSET
        if not isinstance(self.package, Unset):
            package = self.package.to_dict()

        prepared: dict[str, Any] | Unset = UNSET
        if not isinstance(self.prepared, Unset):
            prepared = self.prepared.to_dict()

        racc_g = self.racc_g

        serving_size_text = self.serving_size_text

        serving_weight_g = self.serving_weight_g

        servings = self.servings

        voluntary_nutrients: list[str] | None | Unset
        if isinstance(self.voluntary_nutrients, Unset):
            voluntary_nutrients = UNSET
        elif isinstance(self.voluntary_nutrients, list):
            voluntary_nutrients = self.voluntary_nutrients

        else:
            voluntary_nutrients = self.voluntary_nutrients

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if foods is not UNSET:
            field_dict["foods"] = foods
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if front_of_pack_facts is not UNSET:
            field_dict["front_of_pack_facts"] = front_of_pack_facts
        if ingredients is not UNSET:
            field_dict["ingredients"] = ingredients
        if label_format is not UNSET:
            field_dict["label_format"] = label_format
        if label_formats is not UNSET:
            field_dict["label_formats"] = label_formats
        if package is not UNSET:
            field_dict["package"] = package
        if prepared is not UNSET:
            field_dict["prepared"] = prepared
        if racc_g is not UNSET:
            field_dict["racc_g"] = racc_g
        if serving_size_text is not UNSET:
            field_dict["serving_size_text"] = serving_size_text
        if serving_weight_g is not UNSET:
            field_dict["serving_weight_g"] = serving_weight_g
        if servings is not UNSET:
            field_dict["servings"] = servings
        if voluntary_nutrients is not UNSET:
            field_dict["voluntary_nutrients"] = voluntary_nutrients

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_request_foods_item import AnalysisRequestFoodsItem  # noqa: PLC0415
        from ..models.analysis_request_prepared import AnalysisRequestPrepared  # noqa: PLC0415
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.ingredient_entry import IngredientEntry  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415

        d = dict(src_dict)
        _foods = d.pop("foods", UNSET)
        foods: list[AnalysisRequestFoodsItem] | Unset = UNSET
        if _foods is not UNSET:
            foods = []
            for foods_item_data in _foods:
                foods_item = AnalysisRequestFoodsItem.from_dict(foods_item_data)

                foods.append(foods_item)

        _front_of_pack = d.pop("front_of_pack", UNSET)
        front_of_pack: list[AnalysisRequestFrontOfPackItem] | Unset = UNSET
        if _front_of_pack is not UNSET:
            front_of_pack = []
            for front_of_pack_item_data in _front_of_pack:
                front_of_pack_item = AnalysisRequestFrontOfPackItem(front_of_pack_item_data)

                front_of_pack.append(front_of_pack_item)

        _front_of_pack_facts = d.pop("front_of_pack_facts", UNSET)
        front_of_pack_facts: FrontOfPackFacts | Unset
        if isinstance(_front_of_pack_facts, Unset):
            front_of_pack_facts = UNSET
        else:
            front_of_pack_facts = FrontOfPackFacts.from_dict(_front_of_pack_facts)

        _ingredients = d.pop("ingredients", UNSET)
        ingredients: list[IngredientEntry] | Unset = UNSET
        if _ingredients is not UNSET:
            ingredients = []
            for ingredients_item_data in _ingredients:
                ingredients_item = IngredientEntry.from_dict(ingredients_item_data)

                ingredients.append(ingredients_item)

        label_format = d.pop("label_format", UNSET)

        label_formats = cast(list[str], d.pop("label_formats", UNSET))

        _package = d.pop("package", UNSET)
        package: Package | Unset
        if isinstance(_package, Unset):
            package = UNSET
        else:
            package = Package.from_dict(_package)

        _prepared = d.pop("prepared", UNSET)
        prepared: AnalysisRequestPrepared | Unset
        if isinstance(_prepared, Unset):
            prepared = UNSET
        else:
            prepared = AnalysisRequestPrepared.from_dict(_prepared)

        racc_g = d.pop("racc_g", UNSET)

        serving_size_text = d.pop("serving_size_text", UNSET)

        serving_weight_g = d.pop("serving_weight_g", UNSET)

        servings = d.pop("servings", UNSET)

        def _parse_voluntary_nutrients(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                voluntary_nutrients_type_0 = cast(list[str], data)

                return voluntary_nutrients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        voluntary_nutrients = _parse_voluntary_nutrients(d.pop("voluntary_nutrients", UNSET))

        analysis_request = cls(
            foods=foods,
            front_of_pack=front_of_pack,
            front_of_pack_facts=front_of_pack_facts,
            ingredients=ingredients,
            label_format=label_format,
            label_formats=label_formats,
            package=package,
            prepared=prepared,
            racc_g=racc_g,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            servings=servings,
            voluntary_nutrients=voluntary_nutrients,
        )

        analysis_request.additional_properties = d
        return analysis_request

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
