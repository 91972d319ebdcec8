from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.front_of_pack_facts import FrontOfPackFacts
    from ..models.ingredient_entry import IngredientEntry
    from ..models.package import Package
    from ..models.prepared_body import PreparedBody


T = TypeVar("T", bound="RecipeBody")


@_attrs_define
class RecipeBody:
    """`POST /v1/recipes` and `PUT /v1/recipes/{id}` (all fields optional here; create checks
    the required ones). `null` for an optional field resets it to its default.

    A create needs `name`, `servings` and `ingredients`; an update is partial: fields left
    out keep their values, and `ingredients` replaces the whole list. Unknown fields: 400
    `unknown_field`; the read-only fields of the representation are ignored.

        Attributes:
            archived (bool | None | Unset):
            embed_enabled (bool | None | Unset): Professional or Business plan, else 403 `plan_feature_not_allowed`.
                Default: False.
            front_of_pack (list[str] | None | Unset): Voluntary front-of-pack schemes the label carries (the market's
                mandatory ones are
                always computed). Unknown ids: 400 `validation_failed`. `null` removes them.
            front_of_pack_facts (FrontOfPackFacts | None | Unset):
            ingredients (list[IngredientEntry] | None | Unset):
            label_format (None | str | Unset): A format id or alias of `GET /v1/formats`, or `us.auto`: the first US layout
                the
                `package` allows, in FDA's order of preference. Unknown value: 400
                `unknown_label_format`; above the plan: 403 `plan_format_not_allowed`.
                `us.v.dual-prep` needs `prepared`; `us.aggr` is for `POST /v1/analyze` with
                `foods`; `us.v.simpl` only for a food with at least 8 of the 15 nutrients of 21 CFR
                101.9(f) in insignificant amounts, else 422 `format_not_permitted`. Default: 'standard'.
            name (None | str | Unset):
            package (None | Package | Unset):
            prepared (None | PreparedBody | Unset):
            serving_size_text (None | str | Unset): The household measure printed, e.g. `1 slice (60g)`; `null` removes it.
            serving_weight_g (float | None | Unset): Default: total ingredient grams / servings; `null` goes back to it.
            servings (float | None | Unset):
            voluntary_nutrients (list[str] | None | Unset): Nutrient keys (as in `nutrients_per_100g`) of voluntary
                nutrients the label
                declares (21 CFR 101.9(c)(8)(ii), (c)(2)(iii)-(iv), (c)(6)); the label's `voluntary`
                says why each such row is there. Unknown key: 400 `validation_failed`. `null`
                removes them.
    """

    archived: bool | None | Unset = UNSET
    embed_enabled: bool | None | Unset = False
    front_of_pack: list[str] | None | Unset = UNSET
    front_of_pack_facts: FrontOfPackFacts | None | Unset = UNSET
    ingredients: list[IngredientEntry] | None | Unset = UNSET
    label_format: None | str | Unset = "standard"
    name: None | str | Unset = UNSET
    package: None | Package | Unset = UNSET
    prepared: None | PreparedBody | Unset = UNSET
    serving_size_text: None | str | Unset = UNSET
    serving_weight_g: float | None | Unset = UNSET
    servings: float | None | Unset = UNSET
    voluntary_nutrients: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.prepared_body import PreparedBody  # noqa: PLC0415

        archived: bool | None | Unset
        if isinstance(self.archived, Unset):
            archived = UNSET
        else:
            archived = self.archived

        embed_enabled: bool | None | Unset
        if isinstance(self.embed_enabled, Unset):
            embed_enabled = UNSET
        else:
            embed_enabled = self.embed_enabled

        front_of_pack: list[str] | None | Unset
        if isinstance(self.front_of_pack, Unset):
            front_of_pack = UNSET
        elif isinstance(self.front_of_pack, list):
            front_of_pack = self.front_of_pack

        else:
            front_of_pack = self.front_of_pack

        front_of_pack_facts: dict[str, Any] | None | Unset
        if isinstance(self.front_of_pack_facts, Unset):
            front_of_pack_facts = UNSET
        elif isinstance(self.front_of_pack_facts, FrontOfPackFacts):
            front_of_pack_facts = self.front_of_pack_facts.to_dict()
        else:
            front_of_pack_facts = self.front_of_pack_facts

        ingredients: list[dict[str, Any]] | None | Unset
        if isinstance(self.ingredients, Unset):
            ingredients = UNSET
        elif isinstance(self.ingredients, list):
            ingredients = []
            for ingredients_type_0_item_data in self.ingredients:
                ingredients_type_0_item = ingredients_type_0_item_data.to_dict()
                ingredients.append(ingredients_type_0_item)

        else:
            ingredients = self.ingredients

        label_format: None | str | Unset
        if isinstance(self.label_format, Unset):
            label_format = UNSET
        else:
            label_format = self.label_format

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

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
        elif isinstance(self.prepared, PreparedBody):
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

        servings: float | None | Unset
        if isinstance(self.servings, Unset):
            servings = UNSET
        else:
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
        if archived is not UNSET:
            field_dict["archived"] = archived
        if embed_enabled is not UNSET:
            field_dict["embed_enabled"] = embed_enabled
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if front_of_pack_facts is not UNSET:
            field_dict["front_of_pack_facts"] = front_of_pack_facts
        if ingredients is not UNSET:
            field_dict["ingredients"] = ingredients
        if label_format is not UNSET:
            field_dict["label_format"] = label_format
        if name is not UNSET:
            field_dict["name"] = name
        if package is not UNSET:
            field_dict["package"] = package
        if prepared is not UNSET:
            field_dict["prepared"] = prepared
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
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.ingredient_entry import IngredientEntry  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.prepared_body import PreparedBody  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_archived(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        archived = _parse_archived(d.pop("archived", UNSET))

        def _parse_embed_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        embed_enabled = _parse_embed_enabled(d.pop("embed_enabled", UNSET))

        def _parse_front_of_pack(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                front_of_pack_type_0 = cast(list[str], data)

                return front_of_pack_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        front_of_pack = _parse_front_of_pack(d.pop("front_of_pack", UNSET))

        def _parse_front_of_pack_facts(data: object) -> FrontOfPackFacts | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                front_of_pack_facts_type_1 = FrontOfPackFacts.from_dict(data)

                return front_of_pack_facts_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FrontOfPackFacts | None | Unset, data)

        front_of_pack_facts = _parse_front_of_pack_facts(d.pop("front_of_pack_facts", UNSET))

        def _parse_ingredients(data: object) -> list[IngredientEntry] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ingredients_type_0 = []
                _ingredients_type_0 = data
                for ingredients_type_0_item_data in _ingredients_type_0:
                    ingredients_type_0_item = IngredientEntry.from_dict(ingredients_type_0_item_data)

                    ingredients_type_0.append(ingredients_type_0_item)

                return ingredients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[IngredientEntry] | None | Unset, data)

        ingredients = _parse_ingredients(d.pop("ingredients", UNSET))

        def _parse_label_format(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label_format = _parse_label_format(d.pop("label_format", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_package(data: object) -> None | Package | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                package_type_1 = Package.from_dict(data)

                return package_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Package | Unset, data)

        package = _parse_package(d.pop("package", UNSET))

        def _parse_prepared(data: object) -> None | PreparedBody | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prepared_type_1 = PreparedBody.from_dict(data)

                return prepared_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PreparedBody | Unset, data)

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

        def _parse_servings(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        servings = _parse_servings(d.pop("servings", UNSET))

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

        recipe_body = cls(
            archived=archived,
            embed_enabled=embed_enabled,
            front_of_pack=front_of_pack,
            front_of_pack_facts=front_of_pack_facts,
            ingredients=ingredients,
            label_format=label_format,
            name=name,
            package=package,
            prepared=prepared,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            servings=servings,
            voluntary_nutrients=voluntary_nutrients,
        )

        recipe_body.additional_properties = d
        return recipe_body

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
