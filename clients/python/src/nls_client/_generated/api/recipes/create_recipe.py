from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.recipe import Recipe
from ...models.recipe_body import RecipeBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: RecipeBody,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/recipes",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Recipe | None:
    if response.status_code == 201:
        response_201 = Recipe.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
    *,
    client: AuthenticatedClient,
    body: RecipeBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Error | Recipe]:
    """Create a recipe

    Args:
        idempotency_key (None | str | Unset):
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
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: RecipeBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Error | Recipe | None:
    """Create a recipe

    Args:
        idempotency_key (None | str | Unset):
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
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RecipeBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Error | Recipe]:
    """Create a recipe

    Args:
        idempotency_key (None | str | Unset):
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
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RecipeBody,
    idempotency_key: None | str | Unset = UNSET,
) -> Error | Recipe | None:
    """Create a recipe

    Args:
        idempotency_key (None | str | Unset):
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
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
