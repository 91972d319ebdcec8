from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.recipe_reformulation_request import RecipeReformulationRequest
from ...models.reformulation_result import ReformulationResult
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: RecipeReformulationRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/recipes/{id}/reformulate".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReformulationResult | None:
    if response.status_code == 200:
        response_200 = ReformulationResult.from_dict(response.json())

        return response_200

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

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ReformulationResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecipeReformulationRequest,
) -> Response[Error | ReformulationResult]:
    """Reformulate a stored recipe

     The smallest changes to the recipe's grams (or lines replaced by allowed substitutes)
    whose label meets every goal: no warning mark (`{"scheme": "cl.fop.alto", "without":
    ["ALTO EN AZÚCARES"]}`), or a nutrient at most a number (`{"nutrient": "sodium_mg",
    "at_most": 140, "basis": "per_serving"}`). Each line changes by at most
    `constraints.max_change_pct` % (default 50); up to `candidates` (default 3) candidates,
    ranked by least total change in grams (`objective` `change`, the default) or least cost
    (`cost`, prices in `costs`). Every candidate's label is computed as `POST /v1/analyze`
    computes it and meets every goal as printed. Nothing is saved: apply a candidate by
    sending its `ingredients` in `PUT /v1/recipes/{id}`. A goal no recipe within the
    constraints meets: 422 `goal_unreachable` saying which constraint stands in the way.

    Args:
        id (str):
        body (RecipeReformulationRequest): `POST /v1/recipes/{id}/reformulate`: the reformulation
            fields, and the formats to print
            each candidate's label in besides the recipe's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReformulationResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecipeReformulationRequest,
) -> Error | ReformulationResult | None:
    """Reformulate a stored recipe

     The smallest changes to the recipe's grams (or lines replaced by allowed substitutes)
    whose label meets every goal: no warning mark (`{"scheme": "cl.fop.alto", "without":
    ["ALTO EN AZÚCARES"]}`), or a nutrient at most a number (`{"nutrient": "sodium_mg",
    "at_most": 140, "basis": "per_serving"}`). Each line changes by at most
    `constraints.max_change_pct` % (default 50); up to `candidates` (default 3) candidates,
    ranked by least total change in grams (`objective` `change`, the default) or least cost
    (`cost`, prices in `costs`). Every candidate's label is computed as `POST /v1/analyze`
    computes it and meets every goal as printed. Nothing is saved: apply a candidate by
    sending its `ingredients` in `PUT /v1/recipes/{id}`. A goal no recipe within the
    constraints meets: 422 `goal_unreachable` saying which constraint stands in the way.

    Args:
        id (str):
        body (RecipeReformulationRequest): `POST /v1/recipes/{id}/reformulate`: the reformulation
            fields, and the formats to print
            each candidate's label in besides the recipe's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReformulationResult
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecipeReformulationRequest,
) -> Response[Error | ReformulationResult]:
    """Reformulate a stored recipe

     The smallest changes to the recipe's grams (or lines replaced by allowed substitutes)
    whose label meets every goal: no warning mark (`{"scheme": "cl.fop.alto", "without":
    ["ALTO EN AZÚCARES"]}`), or a nutrient at most a number (`{"nutrient": "sodium_mg",
    "at_most": 140, "basis": "per_serving"}`). Each line changes by at most
    `constraints.max_change_pct` % (default 50); up to `candidates` (default 3) candidates,
    ranked by least total change in grams (`objective` `change`, the default) or least cost
    (`cost`, prices in `costs`). Every candidate's label is computed as `POST /v1/analyze`
    computes it and meets every goal as printed. Nothing is saved: apply a candidate by
    sending its `ingredients` in `PUT /v1/recipes/{id}`. A goal no recipe within the
    constraints meets: 422 `goal_unreachable` saying which constraint stands in the way.

    Args:
        id (str):
        body (RecipeReformulationRequest): `POST /v1/recipes/{id}/reformulate`: the reformulation
            fields, and the formats to print
            each candidate's label in besides the recipe's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReformulationResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecipeReformulationRequest,
) -> Error | ReformulationResult | None:
    """Reformulate a stored recipe

     The smallest changes to the recipe's grams (or lines replaced by allowed substitutes)
    whose label meets every goal: no warning mark (`{"scheme": "cl.fop.alto", "without":
    ["ALTO EN AZÚCARES"]}`), or a nutrient at most a number (`{"nutrient": "sodium_mg",
    "at_most": 140, "basis": "per_serving"}`). Each line changes by at most
    `constraints.max_change_pct` % (default 50); up to `candidates` (default 3) candidates,
    ranked by least total change in grams (`objective` `change`, the default) or least cost
    (`cost`, prices in `costs`). Every candidate's label is computed as `POST /v1/analyze`
    computes it and meets every goal as printed. Nothing is saved: apply a candidate by
    sending its `ingredients` in `PUT /v1/recipes/{id}`. A goal no recipe within the
    constraints meets: 422 `goal_unreachable` saying which constraint stands in the way.

    Args:
        id (str):
        body (RecipeReformulationRequest): `POST /v1/recipes/{id}/reformulate`: the reformulation
            fields, and the formats to print
            each candidate's label in besides the recipe's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReformulationResult
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
