from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.country_list import CountryList
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    family: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["family"] = family

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/countries",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CountryList | Error | None:
    if response.status_code == 200:
        response_200 = CountryList.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CountryList | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    family: str | Unset = UNSET,
) -> Response[CountryList | Error]:
    """Every served country with its formats, default format and front-of-pack schemes

     Countries a label format of the catalog serves, in the order of our reference
    (FORMATS.md §2; countries a format names but the reference lacks come last, by code),
    each with its regime family and label languages, the formats serving it, the format it
    gets by default (a label format in its first language), and the front-of-pack schemes
    of its market with whether one is mandatory.

    Args:
        family (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CountryList | Error]
    """

    kwargs = _get_kwargs(
        family=family,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    family: str | Unset = UNSET,
) -> CountryList | Error | None:
    """Every served country with its formats, default format and front-of-pack schemes

     Countries a label format of the catalog serves, in the order of our reference
    (FORMATS.md §2; countries a format names but the reference lacks come last, by code),
    each with its regime family and label languages, the formats serving it, the format it
    gets by default (a label format in its first language), and the front-of-pack schemes
    of its market with whether one is mandatory.

    Args:
        family (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CountryList | Error
    """

    return sync_detailed(
        client=client,
        family=family,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    family: str | Unset = UNSET,
) -> Response[CountryList | Error]:
    """Every served country with its formats, default format and front-of-pack schemes

     Countries a label format of the catalog serves, in the order of our reference
    (FORMATS.md §2; countries a format names but the reference lacks come last, by code),
    each with its regime family and label languages, the formats serving it, the format it
    gets by default (a label format in its first language), and the front-of-pack schemes
    of its market with whether one is mandatory.

    Args:
        family (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CountryList | Error]
    """

    kwargs = _get_kwargs(
        family=family,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    family: str | Unset = UNSET,
) -> CountryList | Error | None:
    """Every served country with its formats, default format and front-of-pack schemes

     Countries a label format of the catalog serves, in the order of our reference
    (FORMATS.md §2; countries a format names but the reference lacks come last, by code),
    each with its regime family and label languages, the formats serving it, the format it
    gets by default (a label format in its first language), and the front-of-pack schemes
    of its market with whether one is mandatory.

    Args:
        family (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CountryList | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            family=family,
        )
    ).parsed
