from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.format_list import FormatList
from ...models.list_formats_view import ListFormatsView
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    country: str | Unset = UNSET,
    family: str | Unset = UNSET,
    view: ListFormatsView | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["country"] = country

    params["family"] = family

    json_view: str | Unset = UNSET
    if not isinstance(view, Unset):
        json_view = view.value

    params["view"] = json_view

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/formats",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | FormatList | None:
    if response.status_code == 200:
        response_200 = FormatList.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | FormatList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    country: str | Unset = UNSET,
    family: str | Unset = UNSET,
    view: ListFormatsView | Unset = UNSET,
) -> Response[Error | FormatList]:
    """The label formats offered, filtered by country and family

     Every format, filtered by `country` and `family`, in catalog order.

    Args:
        country (str | Unset):
        family (str | Unset):
        view (ListFormatsView | Unset): The views of the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FormatList]
    """

    kwargs = _get_kwargs(
        country=country,
        family=family,
        view=view,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    country: str | Unset = UNSET,
    family: str | Unset = UNSET,
    view: ListFormatsView | Unset = UNSET,
) -> Error | FormatList | None:
    """The label formats offered, filtered by country and family

     Every format, filtered by `country` and `family`, in catalog order.

    Args:
        country (str | Unset):
        family (str | Unset):
        view (ListFormatsView | Unset): The views of the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FormatList
    """

    return sync_detailed(
        client=client,
        country=country,
        family=family,
        view=view,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    country: str | Unset = UNSET,
    family: str | Unset = UNSET,
    view: ListFormatsView | Unset = UNSET,
) -> Response[Error | FormatList]:
    """The label formats offered, filtered by country and family

     Every format, filtered by `country` and `family`, in catalog order.

    Args:
        country (str | Unset):
        family (str | Unset):
        view (ListFormatsView | Unset): The views of the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FormatList]
    """

    kwargs = _get_kwargs(
        country=country,
        family=family,
        view=view,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    country: str | Unset = UNSET,
    family: str | Unset = UNSET,
    view: ListFormatsView | Unset = UNSET,
) -> Error | FormatList | None:
    """The label formats offered, filtered by country and family

     Every format, filtered by `country` and `family`, in catalog order.

    Args:
        country (str | Unset):
        family (str | Unset):
        view (ListFormatsView | Unset): The views of the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FormatList
    """

    return (
        await asyncio_detailed(
            client=client,
            country=country,
            family=family,
            view=view,
        )
    ).parsed
