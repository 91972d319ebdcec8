from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.token_request import TokenRequest
from ...models.token_response import TokenResponse
from ...types import Response


def _get_kwargs(
    *,
    body: TokenRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/auth/v1/token",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TokenResponse | None:
    if response.status_code == 200:
        response_200 = TokenResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | TokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TokenRequest,
) -> Response[Error | TokenResponse]:
    """Exchange e-mail and password for a session token

     The token is valid for one hour. Wrong e-mail, wrong password or an account without a
    password: 401 `unauthorized` with the same message. Beyond the address's attempts (10 a
    minute): 429 `rate_limited` with `Retry-After`, before any password is checked.

    Args:
        body (TokenRequest): `POST /auth/v1/token` body, also the app's sign-in (`POST
            /auth/v1/session`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TokenResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: TokenRequest,
) -> Error | TokenResponse | None:
    """Exchange e-mail and password for a session token

     The token is valid for one hour. Wrong e-mail, wrong password or an account without a
    password: 401 `unauthorized` with the same message. Beyond the address's attempts (10 a
    minute): 429 `rate_limited` with `Retry-After`, before any password is checked.

    Args:
        body (TokenRequest): `POST /auth/v1/token` body, also the app's sign-in (`POST
            /auth/v1/session`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TokenResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TokenRequest,
) -> Response[Error | TokenResponse]:
    """Exchange e-mail and password for a session token

     The token is valid for one hour. Wrong e-mail, wrong password or an account without a
    password: 401 `unauthorized` with the same message. Beyond the address's attempts (10 a
    minute): 429 `rate_limited` with `Retry-After`, before any password is checked.

    Args:
        body (TokenRequest): `POST /auth/v1/token` body, also the app's sign-in (`POST
            /auth/v1/session`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TokenResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: TokenRequest,
) -> Error | TokenResponse | None:
    """Exchange e-mail and password for a session token

     The token is valid for one hour. Wrong e-mail, wrong password or an account without a
    password: 401 `unauthorized` with the same message. Beyond the address's attempts (10 a
    minute): 429 `rate_limited` with `Retry-After`, before any password is checked.

    Args:
        body (TokenRequest): `POST /auth/v1/token` body, also the app's sign-in (`POST
            /auth/v1/session`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TokenResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
