from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.app_session import AppSession
from ...models.error import Error
from ...models.sign_up_request import SignUpRequest
from ...types import Response


def _get_kwargs(
    *,
    body: SignUpRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/auth/v1/signup",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AppSession | Error | None:
    if response.status_code == 201:
        response_201 = AppSession.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AppSession | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignUpRequest,
) -> Response[AppSession | Error]:
    """Create an account on the free plan and sign in to the app

     Creates an account on the free plan and starts an app session. 400 `validation_failed`
    (`details` per field: an e-mail address, a password of at least 10 characters, an
    account name of 1 to 200), 409 `email_taken`, 429 `rate_limited` (a client's sign-ups
    per hour, and the address's sign-in attempts, which sign-ups count too), 403
    `csrf_failed` from another origin.

    Args:
        body (SignUpRequest): `POST /auth/v1/signup` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AppSession | Error]
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
    body: SignUpRequest,
) -> AppSession | Error | None:
    """Create an account on the free plan and sign in to the app

     Creates an account on the free plan and starts an app session. 400 `validation_failed`
    (`details` per field: an e-mail address, a password of at least 10 characters, an
    account name of 1 to 200), 409 `email_taken`, 429 `rate_limited` (a client's sign-ups
    per hour, and the address's sign-in attempts, which sign-ups count too), 403
    `csrf_failed` from another origin.

    Args:
        body (SignUpRequest): `POST /auth/v1/signup` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AppSession | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignUpRequest,
) -> Response[AppSession | Error]:
    """Create an account on the free plan and sign in to the app

     Creates an account on the free plan and starts an app session. 400 `validation_failed`
    (`details` per field: an e-mail address, a password of at least 10 characters, an
    account name of 1 to 200), 409 `email_taken`, 429 `rate_limited` (a client's sign-ups
    per hour, and the address's sign-in attempts, which sign-ups count too), 403
    `csrf_failed` from another origin.

    Args:
        body (SignUpRequest): `POST /auth/v1/signup` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AppSession | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SignUpRequest,
) -> AppSession | Error | None:
    """Create an account on the free plan and sign in to the app

     Creates an account on the free plan and starts an app session. 400 `validation_failed`
    (`details` per field: an e-mail address, a password of at least 10 characters, an
    account name of 1 to 200), 409 `email_taken`, 429 `rate_limited` (a client's sign-ups
    per hour, and the address's sign-in attempts, which sign-ups count too), 403
    `csrf_failed` from another origin.

    Args:
        body (SignUpRequest): `POST /auth/v1/signup` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AppSession | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
