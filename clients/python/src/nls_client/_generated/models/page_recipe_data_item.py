from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.embed import Embed
    from ..models.front_of_pack_facts import FrontOfPackFacts
    from ..models.label import Label
    from ..models.package import Package
    from ..models.page_recipe_data_item_label_error_type_0 import PageRecipeDataItemLabelErrorType0
    from ..models.page_recipe_data_item_prepared_type_0 import PageRecipeDataItemPreparedType0
    from ..models.resolved_line import ResolvedLine


T = TypeVar("T", bound="PageRecipeDataItem")


@_attrs_define
class PageRecipeDataItem:
    """A recipe as the API returns it.

    Attributes:
        archived (bool):
        created_at (datetime.datetime):
        embed_enabled (bool): Whether the live embed is on (Professional or Business plan).
        id (str):
        ingredients (list[ResolvedLine]): The resolved lines, as stored.
        label_format (str): The format the label is computed in: an id or alias of `GET /v1/formats`, or
            `us.auto` (the first US layout the `package` allows, in FDA's order of preference).
        name (str):
        servings (float):
        updated_at (datetime.datetime):
        version (int): Events in the recipe's stream; 1 after create.
        cost (float | None | Unset): Cost of the recipe when every ingredient has one, else null.
        embed (Embed | None | Unset):
        front_of_pack (list[str] | Unset): Voluntary front-of-pack schemes the label carries, when any.
        front_of_pack_facts (FrontOfPackFacts | None | Unset):
        label (Label | None | Unset):
        label_edition (None | str | Unset): The engine and rules edition that computed the label (`engine 0.1.0; rules
            3f9a1c2b7d10`): the engine's version and a digest of every data file a label
            depends on. With `?version=N`, the edition of the label version N was given when it
            was written. Absent for labels stored before editions were recorded.
        label_error (None | PageRecipeDataItemLabelErrorType0 | Unset): Why there is no label, when there is none:
            `{code, message}`, `code` one of the
            error codes (e.g. `recipe_too_large` for a recipe stored before the size limits).
            Rows written before `code` existed carry only `message`.
        package (None | Package | Unset):
        prepared (None | PageRecipeDataItemPreparedType0 | Unset): What preparing the recipe adds, `{"ingredients":
            [...]}`, when given.
        serving_size_text (None | str | Unset):
        serving_weight_g (float | None | Unset): Grams per serving: as given, or total ingredient grams / servings.
        voluntary_nutrients (list[str] | Unset): Voluntary nutrients the label declares, when any.
    """

    archived: bool
    created_at: datetime.datetime
    embed_enabled: bool
    id: str
    ingredients: list[ResolvedLine]
    label_format: str
    name: str
    servings: float
    updated_at: datetime.datetime
    version: int
    cost: float | None | Unset = UNSET
    embed: Embed | None | Unset = UNSET
    front_of_pack: list[str] | Unset = UNSET
    front_of_pack_facts: FrontOfPackFacts | None | Unset = UNSET
    label: Label | None | Unset = UNSET
    label_edition: None | str | Unset = UNSET
    label_error: None | PageRecipeDataItemLabelErrorType0 | Unset = UNSET
    package: None | Package | Unset = UNSET
    prepared: None | PageRecipeDataItemPreparedType0 | Unset = UNSET
    serving_size_text: None | str | Unset = UNSET
    serving_weight_g: float | None | Unset = UNSET
    voluntary_nutrients: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.embed import Embed  # noqa: PLC0415
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.page_recipe_data_item_label_error_type_0 import PageRecipeDataItemLabelErrorType0  # noqa: PLC0415
        from ..models.page_recipe_data_item_prepared_type_0 import PageRecipeDataItemPreparedType0  # noqa: PLC0415

        archived = self.archived

        created_at = self.created_at.isoformat()

        embed_enabled = self.embed_enabled

        id = self.id

        ingredients = []
        for ingredients_item_data in self.ingredients:
            ingredients_item = ingredients_item_data.to_dict()
            ingredients.append(ingredients_item)

        label_format = self.label_format

        name = self.name

        servings = self.servings

        updated_at = self.updated_at.isoformat()

        version = self.version

        cost: float | None | Unset
        if isinstance(self.cost, Unset):
            cost = UNSET
        else:
            cost = self.cost

        embed: dict[str, Any] | None | Unset
        if isinstance(self.embed, Unset):
            embed = UNSET
        elif isinstance(self.embed, Embed):
            embed = self.embed.to_dict()
        else:
            embed = self.embed

        front_of_pack: list[str] | Unset = UNSET
        if not isinstance(self.front_of_pack, Unset):
            front_of_pack = self.front_of_pack

        front_of_pack_facts: dict[str, Any] | None | Unset
        if isinstance(self.front_of_pack_facts, Unset):
            front_of_pack_facts = UNSET
        elif isinstance(self.front_of_pack_facts, FrontOfPackFacts):
            front_of_pack_facts = self.front_of_pack_facts.to_dict()
        else:
            front_of_pack_facts = self.front_of_pack_facts

        label: dict[str, Any] | None | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        elif isinstance(self.label, Label):
            label = self.label.to_dict()
        else:
            label = self.label

        label_edition: None | str | Unset
        if isinstance(self.label_edition, Unset):
            label_edition = UNSET
        else:
            label_edition = self.label_edition

        label_error: dict[str, Any] | None | Unset
        if isinstance(self.label_error, Unset):
            label_error = UNSET
        elif isinstance(self.label_error, PageRecipeDataItemLabelErrorType0):
            label_error = self.label_error.to_dict()
        else:
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
        elif isinstance(self.prepared, PageRecipeDataItemPreparedType0):
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

        voluntary_nutrients: list[str] | Unset = UNSET
        if not isinstance(self.voluntary_nutrients, Unset):
            voluntary_nutrients = self.voluntary_nutrients

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "archived": archived,
                "created_at": created_at,
                "embed_enabled": embed_enabled,
                "id": id,
                "ingredients": ingredients,
                "label_format": label_format,
                "name": name,
                "servings": servings,
                "updated_at": updated_at,
                "version": version,
            }
        )
        if cost is not UNSET:
            field_dict["cost"] = cost
        if embed is not UNSET:
            field_dict["embed"] = embed
        if front_of_pack is not UNSET:
            field_dict["front_of_pack"] = front_of_pack
        if front_of_pack_facts is not UNSET:
            field_dict["front_of_pack_facts"] = front_of_pack_facts
        if label is not UNSET:
            field_dict["label"] = label
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
        from ..models.embed import Embed  # noqa: PLC0415
        from ..models.front_of_pack_facts import FrontOfPackFacts  # noqa: PLC0415
        from ..models.label import Label  # noqa: PLC0415
        from ..models.package import Package  # noqa: PLC0415
        from ..models.page_recipe_data_item_label_error_type_0 import PageRecipeDataItemLabelErrorType0  # noqa: PLC0415
        from ..models.page_recipe_data_item_prepared_type_0 import PageRecipeDataItemPreparedType0  # noqa: PLC0415
        from ..models.resolved_line import ResolvedLine  # noqa: PLC0415

        d = dict(src_dict)
        archived = d.pop("archived")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        embed_enabled = d.pop("embed_enabled")

        id = d.pop("id")

        ingredients = []
        _ingredients = d.pop("ingredients")
        for ingredients_item_data in _ingredients:
            ingredients_item = ResolvedLine.from_dict(ingredients_item_data)

            ingredients.append(ingredients_item)

        label_format = d.pop("label_format")

        name = d.pop("name")

        servings = d.pop("servings")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        def _parse_cost(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        cost = _parse_cost(d.pop("cost", UNSET))

        def _parse_embed(data: object) -> Embed | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embed_type_1 = Embed.from_dict(data)

                return embed_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Embed | None | Unset, data)

        embed = _parse_embed(d.pop("embed", UNSET))

        front_of_pack = cast(list[str], d.pop("front_of_pack", UNSET))

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

        def _parse_label_edition(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label_edition = _parse_label_edition(d.pop("label_edition", UNSET))

        def _parse_label_error(data: object) -> None | PageRecipeDataItemLabelErrorType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                label_error_type_0 = PageRecipeDataItemLabelErrorType0.from_dict(data)

                return label_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PageRecipeDataItemLabelErrorType0 | Unset, data)

        label_error = _parse_label_error(d.pop("label_error", UNSET))

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

        def _parse_prepared(data: object) -> None | PageRecipeDataItemPreparedType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prepared_type_0 = PageRecipeDataItemPreparedType0.from_dict(data)

                return prepared_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PageRecipeDataItemPreparedType0 | Unset, data)

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

        voluntary_nutrients = cast(list[str], d.pop("voluntary_nutrients", UNSET))

        page_recipe_data_item = cls(
            archived=archived,
            created_at=created_at,
            embed_enabled=embed_enabled,
            id=id,
            ingredients=ingredients,
            label_format=label_format,
            name=name,
            servings=servings,
            updated_at=updated_at,
            version=version,
            cost=cost,
            embed=embed,
            front_of_pack=front_of_pack,
            front_of_pack_facts=front_of_pack_facts,
            label=label,
            label_edition=label_edition,
            label_error=label_error,
            package=package,
            prepared=prepared,
            serving_size_text=serving_size_text,
            serving_weight_g=serving_weight_g,
            voluntary_nutrients=voluntary_nutrients,
        )

        page_recipe_data_item.additional_properties = d
        return page_recipe_data_item

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
