from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.analysis_request import AnalysisRequest
from ...models.analysis_result import AnalysisResult
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: AnalysisRequest,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["strict"] = strict

    params["fop"] = fop

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/analyze",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AnalysisResult | Error | None:
    if response.status_code == 200:
        response_200 = AnalysisResult.from_dict(response.json())

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
) -> Response[AnalysisResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AnalysisRequest,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
) -> Response[AnalysisResult | Error]:
    """Compute a label and claims; nothing is saved

    Args:
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        body (AnalysisRequest): The analysis request (spec §2.3 plus `racc_g`).

            `servings` and `ingredients` are required, except for `us.aggr`, which takes `foods`
            instead. `label_format` `us.auto` picks the first layout the `package` allows in FDA's
            order of preference among the formats the catalog holds and the plan may use.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisResult | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        strict=strict,
        fop=fop,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: AnalysisRequest,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
) -> AnalysisResult | Error | None:
    """Compute a label and claims; nothing is saved

    Args:
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        body (AnalysisRequest): The analysis request (spec §2.3 plus `racc_g`).

            `servings` and `ingredients` are required, except for `us.aggr`, which takes `foods`
            instead. `label_format` `us.auto` picks the first layout the `package` allows in FDA's
            order of preference among the formats the catalog holds and the plan may use.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisResult | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        strict=strict,
        fop=fop,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AnalysisRequest,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
) -> Response[AnalysisResult | Error]:
    """Compute a label and claims; nothing is saved

    Args:
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        body (AnalysisRequest): The analysis request (spec §2.3 plus `racc_g`).

            `servings` and `ingredients` are required, except for `us.aggr`, which takes `foods`
            instead. `label_format` `us.auto` picks the first layout the `package` allows in FDA's
            order of preference among the formats the catalog holds and the plan may use.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisResult | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        strict=strict,
        fop=fop,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AnalysisRequest,
    strict: bool | Unset = False,
    fop: str | Unset = UNSET,
) -> AnalysisResult | Error | None:
    """Compute a label and claims; nothing is saved

    Args:
        strict (bool | Unset):  Default: False.
        fop (str | Unset):
        body (AnalysisRequest): The analysis request (spec §2.3 plus `racc_g`).

            `servings` and `ingredients` are required, except for `us.aggr`, which takes `foods`
            instead. `label_format` `us.auto` picks the first layout the `package` allows in FDA's
            order of preference among the formats the catalog holds and the plan may use.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisResult | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            strict=strict,
            fop=fop,
        )
    ).parsed
