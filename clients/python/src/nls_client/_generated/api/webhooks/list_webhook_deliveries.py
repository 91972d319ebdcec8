from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.page_webhook_delivery import PageWebhookDelivery
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/webhooks/{id}/deliveries".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PageWebhookDelivery | None:
    if response.status_code == 200:
        response_200 = PageWebhookDelivery.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PageWebhookDelivery]:
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
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Error | PageWebhookDelivery]:
    """The endpoint's deliveries and their attempts, newest first

     Business plan. Each delivery is `POST`ed as JSON `{"type", "timestamp", "data"}`, signed per the
    Standard Webhooks specification: `webhook-id` (the same on every attempt of one delivery), `webhook-
    timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
    "{id}.{timestamp}.{body}" under the secret's bytes>` (after a rotation, a second `v1,` entry signed
    with the old secret, space-separated, for 24 hours). Types: `label.changed` (exactly when a recipe's
    printed label changes, whatever caused it: `data` has `recipe_id`, `recipe_name`, `format`,
    `version_before`, `version_after`, `changes: [{field, before, after}]` over printed values, and
    `cause: {type, id, version}`), `recipe.created`, `recipe.updated`, `recipe.deleted`,
    `ingredient.updated`, `embed.disabled`, and `ping`. 2xx is success; no redirect is followed; 10 s
    per attempt; failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h, in order
    per recipe; an endpoint whose every attempt fails for 5 days is disabled (`disabled_reason`, and an
    `endpoint.disabled` entry in its delivery log). URLs must be https and may not reach private,
    loopback, link-local or metadata addresses, checked when saved and after DNS resolution at every
    attempt. 503 `unavailable` when the operator has not configured webhooks.

    Args:
        id (str):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PageWebhookDelivery]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Error | PageWebhookDelivery | None:
    """The endpoint's deliveries and their attempts, newest first

     Business plan. Each delivery is `POST`ed as JSON `{"type", "timestamp", "data"}`, signed per the
    Standard Webhooks specification: `webhook-id` (the same on every attempt of one delivery), `webhook-
    timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
    "{id}.{timestamp}.{body}" under the secret's bytes>` (after a rotation, a second `v1,` entry signed
    with the old secret, space-separated, for 24 hours). Types: `label.changed` (exactly when a recipe's
    printed label changes, whatever caused it: `data` has `recipe_id`, `recipe_name`, `format`,
    `version_before`, `version_after`, `changes: [{field, before, after}]` over printed values, and
    `cause: {type, id, version}`), `recipe.created`, `recipe.updated`, `recipe.deleted`,
    `ingredient.updated`, `embed.disabled`, and `ping`. 2xx is success; no redirect is followed; 10 s
    per attempt; failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h, in order
    per recipe; an endpoint whose every attempt fails for 5 days is disabled (`disabled_reason`, and an
    `endpoint.disabled` entry in its delivery log). URLs must be https and may not reach private,
    loopback, link-local or metadata addresses, checked when saved and after DNS resolution at every
    attempt. 503 `unavailable` when the operator has not configured webhooks.

    Args:
        id (str):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PageWebhookDelivery
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Error | PageWebhookDelivery]:
    """The endpoint's deliveries and their attempts, newest first

     Business plan. Each delivery is `POST`ed as JSON `{"type", "timestamp", "data"}`, signed per the
    Standard Webhooks specification: `webhook-id` (the same on every attempt of one delivery), `webhook-
    timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
    "{id}.{timestamp}.{body}" under the secret's bytes>` (after a rotation, a second `v1,` entry signed
    with the old secret, space-separated, for 24 hours). Types: `label.changed` (exactly when a recipe's
    printed label changes, whatever caused it: `data` has `recipe_id`, `recipe_name`, `format`,
    `version_before`, `version_after`, `changes: [{field, before, after}]` over printed values, and
    `cause: {type, id, version}`), `recipe.created`, `recipe.updated`, `recipe.deleted`,
    `ingredient.updated`, `embed.disabled`, and `ping`. 2xx is success; no redirect is followed; 10 s
    per attempt; failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h, in order
    per recipe; an endpoint whose every attempt fails for 5 days is disabled (`disabled_reason`, and an
    `endpoint.disabled` entry in its delivery log). URLs must be https and may not reach private,
    loopback, link-local or metadata addresses, checked when saved and after DNS resolution at every
    attempt. 503 `unavailable` when the operator has not configured webhooks.

    Args:
        id (str):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PageWebhookDelivery]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Error | PageWebhookDelivery | None:
    """The endpoint's deliveries and their attempts, newest first

     Business plan. Each delivery is `POST`ed as JSON `{"type", "timestamp", "data"}`, signed per the
    Standard Webhooks specification: `webhook-id` (the same on every attempt of one delivery), `webhook-
    timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
    "{id}.{timestamp}.{body}" under the secret's bytes>` (after a rotation, a second `v1,` entry signed
    with the old secret, space-separated, for 24 hours). Types: `label.changed` (exactly when a recipe's
    printed label changes, whatever caused it: `data` has `recipe_id`, `recipe_name`, `format`,
    `version_before`, `version_after`, `changes: [{field, before, after}]` over printed values, and
    `cause: {type, id, version}`), `recipe.created`, `recipe.updated`, `recipe.deleted`,
    `ingredient.updated`, `embed.disabled`, and `ping`. 2xx is success; no redirect is followed; 10 s
    per attempt; failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h, in order
    per recipe; an endpoint whose every attempt fails for 5 days is disabled (`disabled_reason`, and an
    `endpoint.disabled` entry in its delivery log). URLs must be https and may not reach private,
    loopback, link-local or metadata addresses, checked when saved and after DNS resolution at every
    attempt. 503 `unavailable` when the operator has not configured webhooks.

    Args:
        id (str):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PageWebhookDelivery
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
