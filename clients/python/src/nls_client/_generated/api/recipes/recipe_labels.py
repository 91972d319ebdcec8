from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.label_set import LabelSet
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    formats: str | Unset = UNSET,
    countries: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["formats"] = formats

    params["countries"] = countries

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/recipes/{id}/labels".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | LabelSet | None:
    if response.status_code == 200:
        response_200 = LabelSet.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | LabelSet]:
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
    formats: str | Unset = UNSET,
    countries: str | Unset = UNSET,
) -> Response[Error | LabelSet]:
    """The recipe's label in several formats at once (several markets)

     The recipe's label in each format, each computed under its own law (rounding,
    reference values, terms, allergens and their exemptions), from the recipe as it is now.
    Each format is checked against the plan (403 `plan_format_not_allowed`); an unknown
    one is 400 `unknown_label_format`. A format the recipe cannot be labelled in (a layout
    needing data it lacks) gives an entry with `error` instead of `label`.

    Args:
        id (str):
        formats (str | Unset):
        countries (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LabelSet]
    """

    kwargs = _get_kwargs(
        id=id,
        formats=formats,
        countries=countries,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    formats: str | Unset = UNSET,
    countries: str | Unset = UNSET,
) -> Error | LabelSet | None:
    """The recipe's label in several formats at once (several markets)

     The recipe's label in each format, each computed under its own law (rounding,
    reference values, terms, allergens and their exemptions), from the recipe as it is now.
    Each format is checked against the plan (403 `plan_format_not_allowed`); an unknown
    one is 400 `unknown_label_format`. A format the recipe cannot be labelled in (a layout
    needing data it lacks) gives an entry with `error` instead of `label`.

    Args:
        id (str):
        formats (str | Unset):
        countries (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LabelSet
    """

    return sync_detailed(
        id=id,
        client=client,
        formats=formats,
        countries=countries,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    formats: str | Unset = UNSET,
    countries: str | Unset = UNSET,
) -> Response[Error | LabelSet]:
    """The recipe's label in several formats at once (several markets)

     The recipe's label in each format, each computed under its own law (rounding,
    reference values, terms, allergens and their exemptions), from the recipe as it is now.
    Each format is checked against the plan (403 `plan_format_not_allowed`); an unknown
    one is 400 `unknown_label_format`. A format the recipe cannot be labelled in (a layout
    needing data it lacks) gives an entry with `error` instead of `label`.

    Args:
        id (str):
        formats (str | Unset):
        countries (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LabelSet]
    """

    kwargs = _get_kwargs(
        id=id,
        formats=formats,
        countries=countries,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    formats: str | Unset = UNSET,
    countries: str | Unset = UNSET,
) -> Error | LabelSet | None:
    """The recipe's label in several formats at once (several markets)

     The recipe's label in each format, each computed under its own law (rounding,
    reference values, terms, allergens and their exemptions), from the recipe as it is now.
    Each format is checked against the plan (403 `plan_format_not_allowed`); an unknown
    one is 400 `unknown_label_format`. A format the recipe cannot be labelled in (a layout
    needing data it lacks) gives an entry with `error` instead of `label`.

    Args:
        id (str):
        formats (str | Unset):
        countries (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LabelSet
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            formats=formats,
            countries=countries,
        )
    ).parsed
