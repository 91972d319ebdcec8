from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.fop_scheme_list import FopSchemeList
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/fop-schemes",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | FopSchemeList | None:
    if response.status_code == 200:
        response_200 = FopSchemeList.from_dict(response.json())

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
) -> Response[Error | FopSchemeList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | FopSchemeList]:
    """The front-of-pack schemes a recipe's front_of_pack names

     Every front-of-pack scheme (`nutrition/data/fop/`): the ids a recipe's `front_of_pack`
    and `fop=` take, with the scheme's name, kind, markets, whether it is mandatory there,
    whether its data is confirmed against its law (`status`), and its citation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FopSchemeList]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Error | FopSchemeList | None:
    """The front-of-pack schemes a recipe's front_of_pack names

     Every front-of-pack scheme (`nutrition/data/fop/`): the ids a recipe's `front_of_pack`
    and `fop=` take, with the scheme's name, kind, markets, whether it is mandatory there,
    whether its data is confirmed against its law (`status`), and its citation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FopSchemeList
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | FopSchemeList]:
    """The front-of-pack schemes a recipe's front_of_pack names

     Every front-of-pack scheme (`nutrition/data/fop/`): the ids a recipe's `front_of_pack`
    and `fop=` take, with the scheme's name, kind, markets, whether it is mandatory there,
    whether its data is confirmed against its law (`status`), and its citation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FopSchemeList]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Error | FopSchemeList | None:
    """The front-of-pack schemes a recipe's front_of_pack names

     Every front-of-pack scheme (`nutrition/data/fop/`): the ids a recipe's `front_of_pack`
    and `fop=` take, with the scheme's name, kind, markets, whether it is mandatory there,
    whether its data is confirmed against its law (`status`), and its citation.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FopSchemeList
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
