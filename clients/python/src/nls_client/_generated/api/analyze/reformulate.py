from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reformulation_request import ReformulationRequest
from ...models.reformulation_result import ReformulationResult
from ...types import Response


def _get_kwargs(
    *,
    body: ReformulationRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/reformulate",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReformulationResult | None:
    if response.status_code == 200:
        response_200 = ReformulationResult.from_dict(response.json())

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

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ReformulationResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ReformulationRequest,
) -> Response[Error | ReformulationResult]:
    """Reformulate a recipe given whole

     As `POST /v1/recipes/{id}/reformulate`, for a recipe sent as the body of
    `POST /v1/analyze` (with `ingredients`; not an aggregate of `foods`) together with the
    reformulation fields. Nothing is saved.

    Args:
        body (ReformulationRequest): `POST /v1/reformulate`: an analysis body (the fields of `POST
            /v1/analyze`) and the
            reformulation fields.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReformulationResult]
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
    client: AuthenticatedClient,
    body: ReformulationRequest,
) -> Error | ReformulationResult | None:
    """Reformulate a recipe given whole

     As `POST /v1/recipes/{id}/reformulate`, for a recipe sent as the body of
    `POST /v1/analyze` (with `ingredients`; not an aggregate of `foods`) together with the
    reformulation fields. Nothing is saved.

    Args:
        body (ReformulationRequest): `POST /v1/reformulate`: an analysis body (the fields of `POST
            /v1/analyze`) and the
            reformulation fields.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReformulationResult
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ReformulationRequest,
) -> Response[Error | ReformulationResult]:
    """Reformulate a recipe given whole

     As `POST /v1/recipes/{id}/reformulate`, for a recipe sent as the body of
    `POST /v1/analyze` (with `ingredients`; not an aggregate of `foods`) together with the
    reformulation fields. Nothing is saved.

    Args:
        body (ReformulationRequest): `POST /v1/reformulate`: an analysis body (the fields of `POST
            /v1/analyze`) and the
            reformulation fields.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReformulationResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ReformulationRequest,
) -> Error | ReformulationResult | None:
    """Reformulate a recipe given whole

     As `POST /v1/recipes/{id}/reformulate`, for a recipe sent as the body of
    `POST /v1/analyze` (with `ingredients`; not an aggregate of `foods`) together with the
    reformulation fields. Nothing is saved.

    Args:
        body (ReformulationRequest): `POST /v1/reformulate`: an analysis body (the fields of `POST
            /v1/analyze`) and the
            reformulation fields.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReformulationResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
