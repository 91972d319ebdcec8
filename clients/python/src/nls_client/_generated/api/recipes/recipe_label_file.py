import datetime
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.category import Category
from ...models.error import Error
from ...models.recipe_label_file_file import RecipeLabelFileFile
from ...models.state import State
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    file: RecipeLabelFileFile,
    *,
    width: float | Unset = UNSET,
    width_in: float | Unset = UNSET,
    width_mm: float | Unset = UNSET,
    scale: float | Unset = UNSET,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
    format_: str | Unset = UNSET,
    foods: str | Unset = UNSET,
    scheme: str | Unset = UNSET,
    state: State | Unset = UNSET,
    density_g_per_ml: float | Unset = UNSET,
    category: Category | Unset = UNSET,
    fruit_vegetable_legume_pct: float | Unset = UNSET,
    free_sugars_g_per_100g: float | Unset = UNSET,
    lactose_galactose_g_per_100g: float | Unset = UNSET,
    non_nutritive_sweeteners: bool | Unset = UNSET,
    caffeine: bool | Unset = UNSET,
    added_critical_nutrients: str | Unset = UNSET,
    reference_amount_g: float | Unset = UNSET,
    racc_g: float | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["width"] = width

    params["width_in"] = width_in

    params["width_mm"] = width_mm

    params["scale"] = scale

    params["version"] = version

    json_as_of: str | Unset = UNSET
    if not isinstance(as_of, Unset):
        json_as_of = as_of.isoformat()
    params["as_of"] = json_as_of

    params["strict"] = strict

    params["fop"] = fop

    params["format"] = format_

    params["foods"] = foods

    params["scheme"] = scheme

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state.value

    params["state"] = json_state

    params["density_g_per_ml"] = density_g_per_ml

    json_category: str | Unset = UNSET
    if not isinstance(category, Unset):
        json_category = category.value

    params["category"] = json_category

    params["fruit_vegetable_legume_pct"] = fruit_vegetable_legume_pct

    params["free_sugars_g_per_100g"] = free_sugars_g_per_100g

    params["lactose_galactose_g_per_100g"] = lactose_galactose_g_per_100g

    params["non_nutritive_sweeteners"] = non_nutritive_sweeteners

    params["caffeine"] = caffeine

    params["added_critical_nutrients"] = added_critical_nutrients

    params["reference_amount_g"] = reference_amount_g

    params["racc_g"] = racc_g

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/recipes/{id}/{file}".format(
            id=quote(str(id), safe=""),
            file=quote(str(file), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    file: RecipeLabelFileFile,
    *,
    client: AuthenticatedClient,
    width: float | Unset = UNSET,
    width_in: float | Unset = UNSET,
    width_mm: float | Unset = UNSET,
    scale: float | Unset = UNSET,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
    format_: str | Unset = UNSET,
    foods: str | Unset = UNSET,
    scheme: str | Unset = UNSET,
    state: State | Unset = UNSET,
    density_g_per_ml: float | Unset = UNSET,
    category: Category | Unset = UNSET,
    fruit_vegetable_legume_pct: float | Unset = UNSET,
    free_sugars_g_per_100g: float | Unset = UNSET,
    lactose_galactose_g_per_100g: float | Unset = UNSET,
    non_nutritive_sweeteners: bool | Unset = UNSET,
    caffeine: bool | Unset = UNSET,
    added_critical_nutrients: str | Unset = UNSET,
    reference_amount_g: float | Unset = UNSET,
    racc_g: float | Unset = UNSET,
) -> Response[Any | Error]:
    """The recipe's label as SVG, PNG or PDF

     At most 5 renders of an account run at once (every process counted); beyond that 429
    with `Retry-After`. Files are cached and carry an `ETag`; `If-None-Match` gives 304.
    With `version` or `as_of`, the label as it was then (see `GET /v1/recipes/{id}`).

    Args:
        id (str):
        file (RecipeLabelFileFile): A label file's name: the label or a front-of-pack element, and
            the file type.
        width (float | Unset):
        width_in (float | Unset):
        width_mm (float | Unset):
        scale (float | Unset):
        version (int | Unset):
        as_of (datetime.datetime | Unset):
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        format_ (str | Unset):
        foods (str | Unset):
        scheme (str | Unset):
        state (State | Unset): Whether the product is judged as a solid (per 100 g) or a liquid
            (per 100 ml).
        density_g_per_ml (float | Unset):
        category (Category | Unset): The product's category where a scheme treats categories
            differently or exempts them.
        fruit_vegetable_legume_pct (float | Unset):
        free_sugars_g_per_100g (float | Unset):
        lactose_galactose_g_per_100g (float | Unset):
        non_nutritive_sweeteners (bool | Unset):
        caffeine (bool | Unset):
        added_critical_nutrients (str | Unset):
        reference_amount_g (float | Unset):
        racc_g (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        file=file,
        width=width,
        width_in=width_in,
        width_mm=width_mm,
        scale=scale,
        version=version,
        as_of=as_of,
        strict=strict,
        fop=fop,
        format_=format_,
        foods=foods,
        scheme=scheme,
        state=state,
        density_g_per_ml=density_g_per_ml,
        category=category,
        fruit_vegetable_legume_pct=fruit_vegetable_legume_pct,
        free_sugars_g_per_100g=free_sugars_g_per_100g,
        lactose_galactose_g_per_100g=lactose_galactose_g_per_100g,
        non_nutritive_sweeteners=non_nutritive_sweeteners,
        caffeine=caffeine,
        added_critical_nutrients=added_critical_nutrients,
        reference_amount_g=reference_amount_g,
        racc_g=racc_g,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    file: RecipeLabelFileFile,
    *,
    client: AuthenticatedClient,
    width: float | Unset = UNSET,
    width_in: float | Unset = UNSET,
    width_mm: float | Unset = UNSET,
    scale: float | Unset = UNSET,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
    format_: str | Unset = UNSET,
    foods: str | Unset = UNSET,
    scheme: str | Unset = UNSET,
    state: State | Unset = UNSET,
    density_g_per_ml: float | Unset = UNSET,
    category: Category | Unset = UNSET,
    fruit_vegetable_legume_pct: float | Unset = UNSET,
    free_sugars_g_per_100g: float | Unset = UNSET,
    lactose_galactose_g_per_100g: float | Unset = UNSET,
    non_nutritive_sweeteners: bool | Unset = UNSET,
    caffeine: bool | Unset = UNSET,
    added_critical_nutrients: str | Unset = UNSET,
    reference_amount_g: float | Unset = UNSET,
    racc_g: float | Unset = UNSET,
) -> Any | Error | None:
    """The recipe's label as SVG, PNG or PDF

     At most 5 renders of an account run at once (every process counted); beyond that 429
    with `Retry-After`. Files are cached and carry an `ETag`; `If-None-Match` gives 304.
    With `version` or `as_of`, the label as it was then (see `GET /v1/recipes/{id}`).

    Args:
        id (str):
        file (RecipeLabelFileFile): A label file's name: the label or a front-of-pack element, and
            the file type.
        width (float | Unset):
        width_in (float | Unset):
        width_mm (float | Unset):
        scale (float | Unset):
        version (int | Unset):
        as_of (datetime.datetime | Unset):
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        format_ (str | Unset):
        foods (str | Unset):
        scheme (str | Unset):
        state (State | Unset): Whether the product is judged as a solid (per 100 g) or a liquid
            (per 100 ml).
        density_g_per_ml (float | Unset):
        category (Category | Unset): The product's category where a scheme treats categories
            differently or exempts them.
        fruit_vegetable_legume_pct (float | Unset):
        free_sugars_g_per_100g (float | Unset):
        lactose_galactose_g_per_100g (float | Unset):
        non_nutritive_sweeteners (bool | Unset):
        caffeine (bool | Unset):
        added_critical_nutrients (str | Unset):
        reference_amount_g (float | Unset):
        racc_g (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        id=id,
        file=file,
        client=client,
        width=width,
        width_in=width_in,
        width_mm=width_mm,
        scale=scale,
        version=version,
        as_of=as_of,
        strict=strict,
        fop=fop,
        format_=format_,
        foods=foods,
        scheme=scheme,
        state=state,
        density_g_per_ml=density_g_per_ml,
        category=category,
        fruit_vegetable_legume_pct=fruit_vegetable_legume_pct,
        free_sugars_g_per_100g=free_sugars_g_per_100g,
        lactose_galactose_g_per_100g=lactose_galactose_g_per_100g,
        non_nutritive_sweeteners=non_nutritive_sweeteners,
        caffeine=caffeine,
        added_critical_nutrients=added_critical_nutrients,
        reference_amount_g=reference_amount_g,
        racc_g=racc_g,
    ).parsed


async def asyncio_detailed(
    id: str,
    file: RecipeLabelFileFile,
    *,
    client: AuthenticatedClient,
    width: float | Unset = UNSET,
    width_in: float | Unset = UNSET,
    width_mm: float | Unset = UNSET,
    scale: float | Unset = UNSET,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
    format_: str | Unset = UNSET,
    foods: str | Unset = UNSET,
    scheme: str | Unset = UNSET,
    state: State | Unset = UNSET,
    density_g_per_ml: float | Unset = UNSET,
    category: Category | Unset = UNSET,
    fruit_vegetable_legume_pct: float | Unset = UNSET,
    free_sugars_g_per_100g: float | Unset = UNSET,
    lactose_galactose_g_per_100g: float | Unset = UNSET,
    non_nutritive_sweeteners: bool | Unset = UNSET,
    caffeine: bool | Unset = UNSET,
    added_critical_nutrients: str | Unset = UNSET,
    reference_amount_g: float | Unset = UNSET,
    racc_g: float | Unset = UNSET,
) -> Response[Any | Error]:
    """The recipe's label as SVG, PNG or PDF

     At most 5 renders of an account run at once (every process counted); beyond that 429
    with `Retry-After`. Files are cached and carry an `ETag`; `If-None-Match` gives 304.
    With `version` or `as_of`, the label as it was then (see `GET /v1/recipes/{id}`).

    Args:
        id (str):
        file (RecipeLabelFileFile): A label file's name: the label or a front-of-pack element, and
            the file type.
        width (float | Unset):
        width_in (float | Unset):
        width_mm (float | Unset):
        scale (float | Unset):
        version (int | Unset):
        as_of (datetime.datetime | Unset):
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        format_ (str | Unset):
        foods (str | Unset):
        scheme (str | Unset):
        state (State | Unset): Whether the product is judged as a solid (per 100 g) or a liquid
            (per 100 ml).
        density_g_per_ml (float | Unset):
        category (Category | Unset): The product's category where a scheme treats categories
            differently or exempts them.
        fruit_vegetable_legume_pct (float | Unset):
        free_sugars_g_per_100g (float | Unset):
        lactose_galactose_g_per_100g (float | Unset):
        non_nutritive_sweeteners (bool | Unset):
        caffeine (bool | Unset):
        added_critical_nutrients (str | Unset):
        reference_amount_g (float | Unset):
        racc_g (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        file=file,
        width=width,
        width_in=width_in,
        width_mm=width_mm,
        scale=scale,
        version=version,
        as_of=as_of,
        strict=strict,
        fop=fop,
        format_=format_,
        foods=foods,
        scheme=scheme,
        state=state,
        density_g_per_ml=density_g_per_ml,
        category=category,
        fruit_vegetable_legume_pct=fruit_vegetable_legume_pct,
        free_sugars_g_per_100g=free_sugars_g_per_100g,
        lactose_galactose_g_per_100g=lactose_galactose_g_per_100g,
        non_nutritive_sweeteners=non_nutritive_sweeteners,
        caffeine=caffeine,
        added_critical_nutrients=added_critical_nutrients,
        reference_amount_g=reference_amount_g,
        racc_g=racc_g,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    file: RecipeLabelFileFile,
    *,
    client: AuthenticatedClient,
    width: float | Unset = UNSET,
    width_in: float | Unset = UNSET,
    width_mm: float | Unset = UNSET,
    scale: float | Unset = UNSET,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
    format_: str | Unset = UNSET,
    foods: str | Unset = UNSET,
    scheme: str | Unset = UNSET,
    state: State | Unset = UNSET,
    density_g_per_ml: float | Unset = UNSET,
    category: Category | Unset = UNSET,
    fruit_vegetable_legume_pct: float | Unset = UNSET,
    free_sugars_g_per_100g: float | Unset = UNSET,
    lactose_galactose_g_per_100g: float | Unset = UNSET,
    non_nutritive_sweeteners: bool | Unset = UNSET,
    caffeine: bool | Unset = UNSET,
    added_critical_nutrients: str | Unset = UNSET,
    reference_amount_g: float | Unset = UNSET,
    racc_g: float | Unset = UNSET,
) -> Any | Error | None:
    """The recipe's label as SVG, PNG or PDF

     At most 5 renders of an account run at once (every process counted); beyond that 429
    with `Retry-After`. Files are cached and carry an `ETag`; `If-None-Match` gives 304.
    With `version` or `as_of`, the label as it was then (see `GET /v1/recipes/{id}`).

    Args:
        id (str):
        file (RecipeLabelFileFile): A label file's name: the label or a front-of-pack element, and
            the file type.
        width (float | Unset):
        width_in (float | Unset):
        width_mm (float | Unset):
        scale (float | Unset):
        version (int | Unset):
        as_of (datetime.datetime | Unset):
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        format_ (str | Unset):
        foods (str | Unset):
        scheme (str | Unset):
        state (State | Unset): Whether the product is judged as a solid (per 100 g) or a liquid
            (per 100 ml).
        density_g_per_ml (float | Unset):
        category (Category | Unset): The product's category where a scheme treats categories
            differently or exempts them.
        fruit_vegetable_legume_pct (float | Unset):
        free_sugars_g_per_100g (float | Unset):
        lactose_galactose_g_per_100g (float | Unset):
        non_nutritive_sweeteners (bool | Unset):
        caffeine (bool | Unset):
        added_critical_nutrients (str | Unset):
        reference_amount_g (float | Unset):
        racc_g (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            file=file,
            client=client,
            width=width,
            width_in=width_in,
            width_mm=width_mm,
            scale=scale,
            version=version,
            as_of=as_of,
            strict=strict,
            fop=fop,
            format_=format_,
            foods=foods,
            scheme=scheme,
            state=state,
            density_g_per_ml=density_g_per_ml,
            category=category,
            fruit_vegetable_legume_pct=fruit_vegetable_legume_pct,
            free_sugars_g_per_100g=free_sugars_g_per_100g,
            lactose_galactose_g_per_100g=lactose_galactose_g_per_100g,
            non_nutritive_sweeteners=non_nutritive_sweeteners,
            caffeine=caffeine,
            added_critical_nutrients=added_critical_nutrients,
            reference_amount_g=reference_amount_g,
            racc_g=racc_g,
        )
    ).parsed
