import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.recipe import Recipe
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["version"] = version

    json_as_of: str | Unset = UNSET
    if not isinstance(as_of, Unset):
        json_as_of = as_of.isoformat()
    params["as_of"] = json_as_of

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/recipes/{id}".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

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
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
) -> Response[Error | Recipe]:
    """Get a recipe

     With `version` or `as_of`, the recipe as it was then, with its label, resolved
    ingredient lines and cost derived from the custom ingredients and sub-recipes as they
    were at that moment (for `version`, the moment it was recorded). A point at which the
    recipe did not exist, had been deleted, or a version beyond the latest is 404 saying
    which. Deleted recipes keep their history. Unknown query parameters are refused.

    Args:
        id (str):
        version (int | Unset):
        as_of (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Recipe]
    """

    kwargs = _get_kwargs(
        id=id,
        version=version,
        as_of=as_of,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
) -> Error | Recipe | None:
    """Get a recipe

     With `version` or `as_of`, the recipe as it was then, with its label, resolved
    ingredient lines and cost derived from the custom ingredients and sub-recipes as they
    were at that moment (for `version`, the moment it was recorded). A point at which the
    recipe did not exist, had been deleted, or a version beyond the latest is 404 saying
    which. Deleted recipes keep their history. Unknown query parameters are refused.

    Args:
        id (str):
        version (int | Unset):
        as_of (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Recipe
    """

    return sync_detailed(
        id=id,
        client=client,
        version=version,
        as_of=as_of,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
) -> Response[Error | Recipe]:
    """Get a recipe

     With `version` or `as_of`, the recipe as it was then, with its label, resolved
    ingredient lines and cost derived from the custom ingredients and sub-recipes as they
    were at that moment (for `version`, the moment it was recorded). A point at which the
    recipe did not exist, had been deleted, or a version beyond the latest is 404 saying
    which. Deleted recipes keep their history. Unknown query parameters are refused.

    Args:
        id (str):
        version (int | Unset):
        as_of (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Recipe]
    """

    kwargs = _get_kwargs(
        id=id,
        version=version,
        as_of=as_of,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    version: int | Unset = UNSET,
    as_of: datetime.datetime | Unset = UNSET,
) -> Error | Recipe | None:
    """Get a recipe

     With `version` or `as_of`, the recipe as it was then, with its label, resolved
    ingredient lines and cost derived from the custom ingredients and sub-recipes as they
    were at that moment (for `version`, the moment it was recorded). A point at which the
    recipe did not exist, had been deleted, or a version beyond the latest is 404 saying
    which. Deleted recipes keep their history. Unknown query parameters are refused.

    Args:
        id (str):
        version (int | Unset):
        as_of (datetime.datetime | Unset):

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
            version=version,
            as_of=as_of,
        )
    ).parsed
