from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.history import History
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    include: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["include"] = include

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/recipes/{id}/history".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | History | None:
    if response.status_code == 200:
        response_200 = History.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | History]:
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
    include: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Error | History]:
    """A recipe's events

     Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`,
    `limit` of the recipe's own versions a page; `next_cursor` continues, null on the last
    page. A `limit` outside 1 to 200 or a cursor not returned by this API is 400
    `validation_failed`. With `include=label`, the label's printed values (display strings,
    percentages, statements, allergens, claims, front-of-pack marks) are compared from entry
    to entry, for the page's entries only (the first compared with the label just before
    the page); an ingredient or sub-recipe event that changed nothing printed is not listed,
    and one that did is a `label.recomputed` entry on the page of the recipe version it
    followed (so a page may hold more than `limit` entries). 422 `recipe_too_large` when the
    recipe's history spans more than 200 ingredients and sub-recipes or the page spans more
    than 1,000 moments.

    Args:
        id (str):
        include (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | History]
    """

    kwargs = _get_kwargs(
        id=id,
        include=include,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    include: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Error | History | None:
    """A recipe's events

     Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`,
    `limit` of the recipe's own versions a page; `next_cursor` continues, null on the last
    page. A `limit` outside 1 to 200 or a cursor not returned by this API is 400
    `validation_failed`. With `include=label`, the label's printed values (display strings,
    percentages, statements, allergens, claims, front-of-pack marks) are compared from entry
    to entry, for the page's entries only (the first compared with the label just before
    the page); an ingredient or sub-recipe event that changed nothing printed is not listed,
    and one that did is a `label.recomputed` entry on the page of the recipe version it
    followed (so a page may hold more than `limit` entries). 422 `recipe_too_large` when the
    recipe's history spans more than 200 ingredients and sub-recipes or the page spans more
    than 1,000 moments.

    Args:
        id (str):
        include (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | History
    """

    return sync_detailed(
        id=id,
        client=client,
        include=include,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    include: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Error | History]:
    """A recipe's events

     Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`,
    `limit` of the recipe's own versions a page; `next_cursor` continues, null on the last
    page. A `limit` outside 1 to 200 or a cursor not returned by this API is 400
    `validation_failed`. With `include=label`, the label's printed values (display strings,
    percentages, statements, allergens, claims, front-of-pack marks) are compared from entry
    to entry, for the page's entries only (the first compared with the label just before
    the page); an ingredient or sub-recipe event that changed nothing printed is not listed,
    and one that did is a `label.recomputed` entry on the page of the recipe version it
    followed (so a page may hold more than `limit` entries). 422 `recipe_too_large` when the
    recipe's history spans more than 200 ingredients and sub-recipes or the page spans more
    than 1,000 moments.

    Args:
        id (str):
        include (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | History]
    """

    kwargs = _get_kwargs(
        id=id,
        include=include,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    include: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Error | History | None:
    """A recipe's events

     Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`,
    `limit` of the recipe's own versions a page; `next_cursor` continues, null on the last
    page. A `limit` outside 1 to 200 or a cursor not returned by this API is 400
    `validation_failed`. With `include=label`, the label's printed values (display strings,
    percentages, statements, allergens, claims, front-of-pack marks) are compared from entry
    to entry, for the page's entries only (the first compared with the label just before
    the page); an ingredient or sub-recipe event that changed nothing printed is not listed,
    and one that did is a `label.recomputed` entry on the page of the recipe version it
    followed (so a page may hold more than `limit` entries). 422 `recipe_too_large` when the
    recipe's history spans more than 200 ingredients and sub-recipes or the page spans more
    than 1,000 moments.

    Args:
        id (str):
        include (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | History
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            include=include,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
