from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.recipe_create_front_of_pack_type_0_item import RecipeCreateFrontOfPackType0Item
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.front_of_pack_facts import FrontOfPackFacts
    from ..models.ingredient_entry import IngredientEntry
    from ..models.package import Package
    from ..models.recipe_create_prepared_type_0 import RecipeCreatePreparedType0


T = TypeVar("T", bound="RecipeCreate")


@_attrs_define
class RecipeCreate:
    """Unknown fields: 400 `unknown_field`. Read-only fields of the representation are ignored.

    Attributes:
        ingredients (list[IngredientEntry]):
        name (str):
        servings (float):
        archived (bool | Unset):
        embed_enabled (bool | Unset): Professional or Business plan, else 403 `plan_feature_not_allowed`. Default:
            False.
        front_of_pack (list[RecipeCreateFrontOfPackType0Item] | None | Unset): Voluntary front-of-pack schemes the label
            carries in `front_of_pack`, besides its market's mandatory ones (always computed). Unknown ids: 400
            `validation_failed`. `null` removes them.
        front_of_pack_facts (FrontOfPackFacts | None | Unset): What the schemes need that a recipe does not hold (solid
            or liquid, density, free sugars, fruit/vegetable share, sweeteners, caffeine, category). `null` removes them.
        label_format (str | Unset): A format id or alias of `GET /v1/formats`, or `us.auto`: the first US layout the
            `package` allows, in FDA's order of preference. Unknown value: 400 `unknown_label_format`; above the plan: 403
            `plan_format_not_allowed`. `us.v.dual-prep` needs `prepared`; `us.aggr` is for `POST /v1/analyze` with `foods`;
            `us.v.simpl` only for a food with at least 8 of the 15 nutrients of 21 CFR 101.9(f) in insignificant amounts,
            else 422 `format_not_permitted` naming the rule and the count. Default: 'standard'.
        package (None | Package | Unset): The package the label is for (see `Package`): the label then says which
            layouts it allows and requires, `label_format` `us.auto` follows it, and its RACC category is the claims'
            reference amount. `null` removes it.
        prepared (None | RecipeCreatePreparedType0 | Unset): What preparing the recipe adds, for `us.v.dual-prep` (21
            CFR 101.9(e)): entries like `ingredients`. `null` removes it.
        serving_size_text (None | str | Unset): `null` removes it.
        serving_weight_g (float | None | Unset): Default: total ingredient grams / servings; `null` goes back to it.
        voluntary_nutrients (list[str] | None | Unset): Nutrient keys (as in `nutrients_per_100g`) of voluntary
            nutrients the label declares. On US labels the vitamins and minerals beyond vitamin D, calcium, iron and
            potassium, mono- and polyunsaturated fat, soluble and insoluble fiber and sugar alcohol are declared only when
            asked here or marked added on a line (21 CFR 101.9(c)(8)(ii), (c)(2)(iii)-(iv), (c)(6)); a claim about one
            requires its declaration, so a claim about vitamin A or C is made only when it is asked for. The label's
            `voluntary` says why each such row is there; a nutrient asked for that the data cannot determine is left off
            with a `voluntary_nutrient_omitted` warning. Unknown key: 400 `validation_failed`. `null` removes them.
    """

    ingredients: list[IngredientEntry]
    name: str
    servings: float
    archived: bool | Unset = UNSET
    embed_enabled: bool | Unset = False
    front_of_pack: list[RecipeCreateFrontOfPackType0Item] | None | Unset = UNSET
    front_of_pack_facts: FrontOfPackFacts | None | Unset = UNSET
    label_format: str | Unset = "standard"
    package: None | Package | Unset = UNSET
    prepared: None | RecipeCreatePreparedType0 | Unset = UNSET
    serving_size_text: None | str | Unset = UNSET
    serving_weight_g: float | None | Unset = UNSET
    voluntary_nutrients: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.recipe_create_prepared_type_0 import RecipeCreatePreparedType0  # noqa: PLC0415

        ingredients = []
        for ingredients_item_data in self.ingredients:
            ingredients_item = ingredients_item_data.to_dict()
            ingredients.append(ingredients_item)

        name = self.name

        servings = self.servings

        archived = self.archived

        embed_enabled = self.embed_enabled

        front_of_pack: list[str] | None | Unset
        if isinstance(self.front_of_pack, Unset):
            front_of_pack = UNSET
        elif isinstance(self.front_of_pack, list):
            front_of_pack = []
            for front_of_pack_type_0_item_data in self.front_of_pack:
                front_of_pack_type_0_item = front_of_pack_type_0_item_data.value
                front_of_pack.append(front_of_pack_type_0_item)

        else:
            front_of_pack = self.front_of_pack

        front_of_pack_facts: dict[str, Any] | None | Unset
        if isinstance(self.front_of_pack_facts, Unset):
            front_of_pack_facts = UNSET
        elif isinstance(self.front_of_pack_facts, FrontOfPackFacts):
            front_of_pack_facts = self.front_of_pack_facts.to_dict()
        else:
            front_of_pack_facts = self.front_of_pack_facts

        label_format = self.label_format

        package: dict[str, Any] | None | Unset
        if isinstance(self.package, Unset):
            package = UNSET
        elif isinstance(self.package, Package):
            package = self.package.to_dict()
        else:
            package = self.package

        prepared: dict[str, Any] | None | Unset
        if isinstance(self.prepared, Unset):
            prepared = UNSET
        elif isinstance(self.prepared, RecipeCreatePreparedType0):
            prepared = self.prepared.to_dict()
        else:
            prepared = self.prepared

        serving_size_text: None | str | Unset
        if isinstance(self.serving_size_text, Unset):
            serving_size_text = UNSET
        else:
            serving_size_text = self.serving_size_text

        serving_weight_g: float | None | Unset
        if isinstance(self.serving_weight_g, Unset):
            serving_weight_g = UNSET
        else:
            serving_weight_g = self.serving_weight_g

        voluntary_nutrients: list[str] | None | Unset
        if isinstance(self.voluntary_nutrients, Unset):
            voluntary_nutrients = UNSET
        elif isinstance(self.voluntary_nutrients, list):
            voluntary_nutrients = self.voluntary_nutrients

        else:
            voluntary_nutrients = self.voluntary_nutrients

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ingredients": ingredients,
                "name": name,
                "servings": servings,
            }
        )
        if archived is not UNSET:
            field_dict["archived"] = archived
        if embed_enabled is not UNSET:
            field_dict["embed_enabled"] = embed_enabled
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if front_of_pack_facts is not UNSET:
            field_dict["front_of_pack_facts"] = front_of_pack_facts
        if label_format is not UNSET:
            field_dict["label_format"] = label_format
        if package is not UNSET:
            field_dict["package"] = package
        if prepared is not UNSET:
            field_dict["prepared"] = prepared
        if serving_size_text is not UNSET:
            field_dict["serving_size_text"] = serving_size_text
        if serving_weight_g is not UNSET:
            field_dict["serving_weight_g"] = serving_weight_g
        if voluntary_nutrients is not UNSET:
            field_dict["voluntary_nutrients"] = voluntary_nutrients

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.ingredient_entry import IngredientEntry  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.recipe_create_prepared_type_0 import RecipeCreatePreparedType0  # noqa: PLC0415

        d = dict(src_dict)
        ingredients = []
        _ingredients = d.pop("ingredients")
        for ingredients_item_data in _ingredients:
            ingredients_item = IngredientEntry.from_dict(ingredients_item_data)

            ingredients.append(ingredients_item)

        name = d.pop("name")

        servings = d.pop("servings")

        archived = d.pop("archived", UNSET)

        embed_enabled = d.pop("embed_enabled", UNSET)

        def _parse_front_of_pack(data: object) -> list[RecipeCreateFrontOfPackType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                front_of_pack_type_0 = []
                _front_of_pack_type_0 = data
                for front_of_pack_type_0_item_data in _front_of_pack_type_0:
                    front_of_pack_type_0_item = RecipeCreateFrontOfPackType0Item(front_of_pack_type_0_item_data)

                    front_of_pack_type_0.append(front_of_pack_type_0_item)

                return front_of_pack_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RecipeCreateFrontOfPackType0Item] | None | Unset, data)

        front_of_pack = _parse_front_of_pack(d.pop("front_of_pack", UNSET))

        def _parse_front_of_pack_facts(data: object) -> FrontOfPackFacts | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                front_of_pack_facts_type_0 = FrontOfPackFacts.from_dict(data)

                return front_of_pack_facts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FrontOfPackFacts | None | Unset, data)

        front_of_pack_facts = _parse_front_of_pack_facts(d.pop("front_of_pack_facts", UNSET))

        label_format = d.pop("label_format", UNSET)

        def _parse_package(data: object) -> None | Package | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                package_type_0 = Package.from_dict(data)

                return package_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Package | Unset, data)

        package = _parse_package(d.pop("package", UNSET))

        def _parse_prepared(data: object) -> None | RecipeCreatePreparedType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prepared_type_0 = RecipeCreatePreparedType0.from_dict(data)

                return prepared_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecipeCreatePreparedType0 | Unset, data)

        prepared = _parse_prepared(d.pop("prepared", UNSET))

        def _parse_serving_size_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        serving_size_text = _parse_serving_size_text(d.pop("serving_size_text", UNSET))

        def _parse_serving_weight_g(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        serving_weight_g = _parse_serving_weight_g(d.pop("serving_weight_g", UNSET))

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

        recipe_create = cls(
            ingredients=ingredients,
            name=name,
            servings=servings,
            archived=archived,
            embed_enabled=embed_enabled,
            front_of_pack=front_of_pack,
            front_of_pack_facts=front_of_pack_facts,
            label_format=label_format,
            package=package,
            prepared=prepared,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            voluntary_nutrients=voluntary_nutrients,
        )

        recipe_create.additional_properties = d
        return recipe_create

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
