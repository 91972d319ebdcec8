from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.recipe import Recipe
from ...models.recipe_body import RecipeBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: RecipeBody,
    if_match: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/recipes/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Recipe | None:
    if response.status_code == 200:
        response_200 = Recipe.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Error.from_dict(response.json())

        return response_412

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Recipe]:
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
    body: RecipeBody,
    if_match: None | str | Unset = UNSET,
) -> Response[Error | Recipe]:
    """Update a recipe (partial)

    Args:
        id (str):
        if_match (None | str | Unset):
        body (RecipeBody): `POST /v1/recipes` and `PUT /v1/recipes/{id}` (all fields optional
            here; create checks
            the required ones). `null` for an optional field resets it to its default.

            A create needs `name`, `servings` and `ingredients`; an update is partial: fields left
            out keep their values, and `ingredients` replaces the whole list. Unknown fields: 400
            `unknown_field`; the read-only fields of the representation are ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Recipe]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecipeBody,
    if_match: None | str | Unset = UNSET,
) -> Error | Recipe | None:
    """Update a recipe (partial)

    Args:
        id (str):
        if_match (None | str | Unset):
        body (RecipeBody): `POST /v1/recipes` and `PUT /v1/recipes/{id}` (all fields optional
            here; create checks
            the required ones). `null` for an optional field resets it to its default.

            A create needs `name`, `servings` and `ingredients`; an update is partial: fields left
            out keep their values, and `ingredients` replaces the whole list. Unknown fields: 400
            `unknown_field`; the read-only fields of the representation are ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Recipe
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecipeBody,
    if_match: None | str | Unset = UNSET,
) -> Response[Error | Recipe]:
    """Update a recipe (partial)

    Args:
        id (str):
        if_match (None | str | Unset):
        body (RecipeBody): `POST /v1/recipes` and `PUT /v1/recipes/{id}` (all fields optional
            here; create checks
            the required ones). `null` for an optional field resets it to its default.

            A create needs `name`, `servings` and `ingredients`; an update is partial: fields left
            out keep their values, and `ingredients` replaces the whole list. Unknown fields: 400
            `unknown_field`; the read-only fields of the representation are ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Recipe]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RecipeBody,
    if_match: None | str | Unset = UNSET,
) -> Error | Recipe | None:
    """Update a recipe (partial)

    Args:
        id (str):
        if_match (None | str | Unset):
        body (RecipeBody): `POST /v1/recipes` and `PUT /v1/recipes/{id}` (all fields optional
            here; create checks
            the required ones). `null` for an optional field resets it to its default.

            A create needs `name`, `servings` and `ingredients`; an update is partial: fields left
            out keep their values, and `ingredients` replaces the whole list. Unknown fields: 400
            `unknown_field`; the read-only fields of the representation are ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Recipe
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            if_match=if_match,
        )
    ).parsed
