from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.export_request import ExportRequest
from ...types import Response


def _get_kwargs(
    *,
    body: ExportRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/functions/v1/export-label",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | None:
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ExportRequest,
) -> Response[Error]:
    """Render a label state to a file

     `fileType`: `svg`, `png`, `pdf`; `jpg` gives PNG bytes as `image/png`; anything else
    (`eps`, `ai`, ...) 400 `unsupported_file_type`. A `data` that is not a label:
    400 `validation_failed` naming the problem; an unknown format: 400 `unknown_label_format`.
    Outside the plan (file type, format, watermark) 403 with a `plan_*` code.

    Args:
        body (ExportRequest): `POST /functions/v1/export-label` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
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
    body: ExportRequest,
) -> Error | None:
    """Render a label state to a file

     `fileType`: `svg`, `png`, `pdf`; `jpg` gives PNG bytes as `image/png`; anything else
    (`eps`, `ai`, ...) 400 `unsupported_file_type`. A `data` that is not a label:
    400 `validation_failed` naming the problem; an unknown format: 400 `unknown_label_format`.
    Outside the plan (file type, format, watermark) 403 with a `plan_*` code.

    Args:
        body (ExportRequest): `POST /functions/v1/export-label` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ExportRequest,
) -> Response[Error]:
    """Render a label state to a file

     `fileType`: `svg`, `png`, `pdf`; `jpg` gives PNG bytes as `image/png`; anything else
    (`eps`, `ai`, ...) 400 `unsupported_file_type`. A `data` that is not a label:
    400 `validation_failed` naming the problem; an unknown format: 400 `unknown_label_format`.
    Outside the plan (file type, format, watermark) 403 with a `plan_*` code.

    Args:
        body (ExportRequest): `POST /functions/v1/export-label` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ExportRequest,
) -> Error | None:
    """Render a label state to a file

     `fileType`: `svg`, `png`, `pdf`; `jpg` gives PNG bytes as `image/png`; anything else
    (`eps`, `ai`, ...) 400 `unsupported_file_type`. A `data` that is not a label:
    400 `validation_failed` naming the problem; an unknown format: 400 `unknown_label_format`.
    Outside the plan (file type, format, watermark) 403 with a `plan_*` code.

    Args:
        body (ExportRequest): `POST /functions/v1/export-label` body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
