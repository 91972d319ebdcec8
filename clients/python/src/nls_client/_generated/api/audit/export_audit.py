import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    types: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params["types"] = types

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/audit",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    types: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[Error | str]:
    """The account's events as NDJSON or CSV, for audit

     Streams the account's events in the log's order (the order they are published in; each
    writing transaction's events together). Only events every reader can already see are
    sent, so continuing from a line's `cursor` never misses one. A download that returned
    `limit` lines continues with `?cursor=` and the same filters; one with fewer is
    complete. `Accept: text/csv` gives CSV (RFC 4180, a header row; a field a spreadsheet
    would run as a formula starts with `'`), anything else NDJSON. The server holds one page
    of 200 events at a time, whatever the length.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        types (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        types=types,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    types: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Error | str | None:
    """The account's events as NDJSON or CSV, for audit

     Streams the account's events in the log's order (the order they are published in; each
    writing transaction's events together). Only events every reader can already see are
    sent, so continuing from a line's `cursor` never misses one. A download that returned
    `limit` lines continues with `?cursor=` and the same filters; one with fewer is
    complete. `Accept: text/csv` gives CSV (RFC 4180, a header row; a field a spreadsheet
    would run as a formula starts with `'`), anything else NDJSON. The server holds one page
    of 200 events at a time, whatever the length.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        types (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        types=types,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    types: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[Error | str]:
    """The account's events as NDJSON or CSV, for audit

     Streams the account's events in the log's order (the order they are published in; each
    writing transaction's events together). Only events every reader can already see are
    sent, so continuing from a line's `cursor` never misses one. A download that returned
    `limit` lines continues with `?cursor=` and the same filters; one with fewer is
    complete. `Accept: text/csv` gives CSV (RFC 4180, a header row; a field a spreadsheet
    would run as a formula starts with `'`), anything else NDJSON. The server holds one page
    of 200 events at a time, whatever the length.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        types (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        types=types,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    types: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Error | str | None:
    """The account's events as NDJSON or CSV, for audit

     Streams the account's events in the log's order (the order they are published in; each
    writing transaction's events together). Only events every reader can already see are
    sent, so continuing from a line's `cursor` never misses one. A download that returned
    `limit` lines continues with `?cursor=` and the same filters; one with fewer is
    complete. `Accept: text/csv` gives CSV (RFC 4180, a header row; a field a spreadsheet
    would run as a formula starts with `'`), anything else NDJSON. The server holds one page
    of 200 events at a time, whatever the length.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        types (str | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            types=types,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
