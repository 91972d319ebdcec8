from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.recipe_front_of_pack_type_0_item import RecipeFrontOfPackType0Item
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.front_of_pack_facts import FrontOfPackFacts
    from ..models.label import Label
    from ..models.package import Package
    from ..models.recipe_embed_type_1 import RecipeEmbedType1
    from ..models.recipe_ingredients_item import RecipeIngredientsItem
    from ..models.recipe_prepared_type_0 import RecipePreparedType0


T = TypeVar("T", bound="Recipe")


@_attrs_define
class Recipe:
    """
    Attributes:
        created_at (datetime.datetime):
        embed (None | RecipeEmbedType1):
        embed_enabled (bool): Professional or Business plan, else 403 `plan_feature_not_allowed`. Default: False.
        id (str):
        ingredients (list[RecipeIngredientsItem]):
        label (Label | None):
        label_format (str): A format id or alias of `GET /v1/formats`, or `us.auto`: the first US layout the `package`
            allows, in FDA's order of preference. Unknown value: 400 `unknown_label_format`; above the plan: 403
            `plan_format_not_allowed`. `us.v.dual-prep` needs `prepared`; `us.aggr` is for `POST /v1/analyze` with `foods`;
            `us.v.simpl` only for a food with at least 8 of the 15 nutrients of 21 CFR 101.9(f) in insignificant amounts,
            else 422 `format_not_permitted` naming the rule and the count. Default: 'standard'.
        name (str):
        servings (float):
        updated_at (datetime.datetime):
        version (int): Events in the resource's stream; 1 after create.
        archived (bool | Unset):
        cost (Any | Unset): Cost of the recipe when every ingredient has one, else null.
        front_of_pack (list[RecipeFrontOfPackType0Item] | None | Unset): Voluntary front-of-pack schemes the label
            carries in `front_of_pack`, besides its market's mandatory ones (always computed). Unknown ids: 400
            `validation_failed`. `null` removes them.
        front_of_pack_facts (FrontOfPackFacts | None | Unset): What the schemes need that a recipe does not hold (solid
            or liquid, density, free sugars, fruit/vegetable share, sweeteners, caffeine, category). `null` removes them.
        label_edition (str | Unset): The engine and rules edition that computed `label`: the engine's version and a
            digest of every data file a label depends on (formats, regimes, terms, front-of-pack schemes, reference amounts,
            the food table). With `?version=N`, the edition of the label version N was given when it was written, which is
            what is served. Absent for labels stored before editions were recorded.
        label_error (Any | Unset): Why no label could be computed: `{code, message}`, `code` one of the error codes
            (e.g. `recipe_too_large` for a recipe stored before the size limits). Rows written before `code` existed carry
            only `message`.
        package (None | Package | Unset): The package the label is for (see `Package`): the label then says which
            layouts it allows and requires, `label_format` `us.auto` follows it, and its RACC category is the claims'
            reference amount. `null` removes it.
        prepared (None | RecipePreparedType0 | Unset): What preparing the recipe adds, for `us.v.dual-prep` (21 CFR
            101.9(e)): entries like `ingredients`. `null` removes it.
        serving_size_text (None | str | Unset):
        serving_weight_g (float | Unset): Grams per serving: as given, or total ingredient grams / servings.
        voluntary_nutrients (list[str] | None | Unset): Nutrient keys (as in `nutrients_per_100g`) of voluntary
            nutrients the label declares. On US labels the vitamins and minerals beyond vitamin D, calcium, iron and
            potassium, mono- and polyunsaturated fat, soluble and insoluble fiber and sugar alcohol are declared only when
            asked here or marked added on a line (21 CFR 101.9(c)(8)(ii), (c)(2)(iii)-(iv), (c)(6)); a claim about one
            requires its declaration, so a claim about vitamin A or C is made only when it is asked for. The label's
            `voluntary` says why each such row is there; a nutrient asked for that the data cannot determine is left off
            with a `voluntary_nutrient_omitted` warning. Unknown key: 400 `validation_failed`. `null` removes them.
    """

    created_at: datetime.datetime
    embed: None | RecipeEmbedType1
    id: str
    ingredients: list[RecipeIngredientsItem]
    label: Label | None
    name: str
    servings: float
    updated_at: datetime.datetime
    version: int
    embed_enabled: bool = False
    label_format: str = "standard"
    archived: bool | Unset = UNSET
    cost: Any | Unset = UNSET
    front_of_pack: list[RecipeFrontOfPackType0Item] | None | Unset = UNSET
    front_of_pack_facts: FrontOfPackFacts | None | Unset = UNSET
    label_edition: str | Unset = UNSET
    label_error: Any | Unset = UNSET
    package: None | Package | Unset = UNSET
    prepared: None | RecipePreparedType0 | Unset = UNSET
    serving_size_text: None | str | Unset = UNSET
    serving_weight_g: float | Unset = UNSET
    voluntary_nutrients: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.recipe_embed_type_1 import RecipeEmbedType1  # noqa: PLC0415
        from ..models.recipe_prepared_type_0 import RecipePreparedType0  # noqa: PLC0415

        created_at = self.created_at.isoformat()

        embed: dict[str, Any] | None
        if isinstance(self.embed, RecipeEmbedType1):
            embed = self.embed.to_dict()
        else:
            embed = self.embed

        embed_enabled = self.embed_enabled

        id = self.id

        ingredients = []
        for ingredients_item_data in self.ingredients:
            ingredients_item = ingredients_item_data.to_dict()
            ingredients.append(ingredients_item)

        label: dict[str, Any] | None
        if isinstance(self.label, Label):
            label = self.label.to_dict()
        else:
            label = self.label

        label_format = self.label_format

        name = self.name

        servings = self.servings

        updated_at = self.updated_at.isoformat()

        version = self.version

        archived = self.archived

        cost = self.cost

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

        label_edition = self.label_edition

        label_error = self.label_error

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
        elif isinstance(self.prepared, RecipePreparedType0):
            prepared = self.prepared.to_dict()
        else:
            prepared = self.prepared

        serving_size_text: None | str | Unset
        if isinstance(self.serving_size_text, Unset):
            serving_size_text = UNSET
        else:
            serving_size_text = self.serving_size_text

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
                "created_at": created_at,
                "embed": embed,
                "embed_enabled": embed_enabled,
                "id": id,
                "ingredients": ingredients,
                "label": label,
                "label_format": label_format,
                "name": name,
                "servings": servings,
                "updated_at": updated_at,
                "version": version,
            }
        )
        if archived is not UNSET:
            field_dict["archived"] = archived
        if cost is not UNSET:
            field_dict["cost"] = cost
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if front_of_pack_facts is not UNSET:
            field_dict["front_of_pack_facts"] = front_of_pack_facts
        if label_edition is not UNSET:
            field_dict["label_edition"] = label_edition
        if label_error is not UNSET:
            field_dict["label_error"] = label_error
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
        from ..models.label import Label  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.recipe_embed_type_1 import RecipeEmbedType1  # noqa: PLC0415
        from ..models.recipe_ingredients_item import RecipeIngredientsItem  # noqa: PLC0415
        from ..models.recipe_prepared_type_0 import RecipePreparedType0  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_embed(data: object) -> None | RecipeEmbedType1:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embed_type_1 = RecipeEmbedType1.from_dict(data)

                return embed_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecipeEmbedType1, data)

        embed = _parse_embed(d.pop("embed"))

        embed_enabled = d.pop("embed_enabled")

        id = d.pop("id")

        ingredients = []
        _ingredients = d.pop("ingredients")
        for ingredients_item_data in _ingredients:
            ingredients_item = RecipeIngredientsItem.from_dict(ingredients_item_data)

            ingredients.append(ingredients_item)

        def _parse_label(data: object) -> Label | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_type_0 = Label.from_dict(data)

                return label_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Label | None, data)

        label = _parse_label(d.pop("label"))

        label_format = d.pop("label_format")

        name = d.pop("name")

        servings = d.pop("servings")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        archived = d.pop("archived", UNSET)

        cost = d.pop("cost", UNSET)

        def _parse_front_of_pack(data: object) -> list[RecipeFrontOfPackType0Item] | None | Unset:
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
                    front_of_pack_type_0_item = RecipeFrontOfPackType0Item(front_of_pack_type_0_item_data)

                    front_of_pack_type_0.append(front_of_pack_type_0_item)

                return front_of_pack_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RecipeFrontOfPackType0Item] | None | Unset, data)

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

        label_edition = d.pop("label_edition", UNSET)

        label_error = d.pop("label_error", UNSET)

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

        def _parse_prepared(data: object) -> None | RecipePreparedType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prepared_type_0 = RecipePreparedType0.from_dict(data)

                return prepared_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecipePreparedType0 | Unset, data)

        prepared = _parse_prepared(d.pop("prepared", UNSET))

        def _parse_serving_size_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        serving_size_text = _parse_serving_size_text(d.pop("serving_size_text", UNSET))

        serving_weight_g = d.pop("serving_weight_g", UNSET)

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

        recipe = cls(
            created_at=created_at,
            embed=embed,
            embed_enabled=embed_enabled,
            id=id,
            ingredients=ingredients,
            label=label,
            label_format=label_format,
            name=name,
            servings=servings,
            updated_at=updated_at,
            version=version,
            archived=archived,
            cost=cost,
            front_of_pack=front_of_pack,
            front_of_pack_facts=front_of_pack_facts,
            label_edition=label_edition,
            label_error=label_error,
            package=package,
            prepared=prepared,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            voluntary_nutrients=voluntary_nutrients,
        )

        recipe.additional_properties = d
        return recipe

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
