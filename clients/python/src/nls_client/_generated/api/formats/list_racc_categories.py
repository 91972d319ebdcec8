from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.racc_category_list import RaccCategoryList
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/racc-categories",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RaccCategoryList | None:
    if response.status_code == 200:
        response_200 = RaccCategoryList.from_dict(response.json())

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
) -> Response[Error | RaccCategoryList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | RaccCategoryList]:
    """The reference amounts (RACC) of 21 CFR 101.12(b) a package's category names

     Every row of 21 CFR 101.12(b) table 2 that NLS holds (`nutrition/data/racc.json`): the
    ids a recipe's `package.racc_category` takes, with the table's wording, the reference
    amount in g or mL (or the household measure the table gives instead), the citation, and
    whether the row was checked against the law's text (`confirmed`, `notes`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RaccCategoryList]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Error | RaccCategoryList | None:
    """The reference amounts (RACC) of 21 CFR 101.12(b) a package's category names

     Every row of 21 CFR 101.12(b) table 2 that NLS holds (`nutrition/data/racc.json`): the
    ids a recipe's `package.racc_category` takes, with the table's wording, the reference
    amount in g or mL (or the household measure the table gives instead), the citation, and
    whether the row was checked against the law's text (`confirmed`, `notes`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RaccCategoryList
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | RaccCategoryList]:
    """The reference amounts (RACC) of 21 CFR 101.12(b) a package's category names

     Every row of 21 CFR 101.12(b) table 2 that NLS holds (`nutrition/data/racc.json`): the
    ids a recipe's `package.racc_category` takes, with the table's wording, the reference
    amount in g or mL (or the household measure the table gives instead), the citation, and
    whether the row was checked against the law's text (`confirmed`, `notes`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RaccCategoryList]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Error | RaccCategoryList | None:
    """The reference amounts (RACC) of 21 CFR 101.12(b) a package's category names

     Every row of 21 CFR 101.12(b) table 2 that NLS holds (`nutrition/data/racc.json`): the
    ids a recipe's `package.racc_category` takes, with the table's wording, the reference
    amount in g or mL (or the household measure the table gives instead), the citation, and
    whether the row was checked against the law's text (`confirmed`, `notes`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RaccCategoryList
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
