"""Typed errors: one class per family of the service's error codes.

The service sends every code with one fixed status (web/src/error.rs), so the status names
the family, and a code added later still lands in the right class.
"""

from __future__ import annotations

import json
from typing import Any

import httpx


class NlsError(Exception):
    """Any error answer of the service.

    ``code`` is the stable machine code (``validation_failed``, ...), ``details`` its per-code
    details (shapes in the document's ``components.x-error-details``), ``request_id`` the
    request's ``x-request-id`` to quote to the operator, ``retry_after`` the seconds the
    service asked to wait, when it said.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Any = None,
        request_id: str | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.request_id = request_id
        self.retry_after = retry_after


class BadRequestError(NlsError):
    """400 and 415: the request is malformed or names something unknown."""


class AuthenticationError(NlsError):
    """401: missing, malformed, unknown or revoked key."""


class PermissionDeniedError(NlsError):
    """403: the plan does not include this (``plan_*``), or ``csrf_failed``."""


class NotFoundError(NlsError):
    """404: no such resource, or another account's."""


class ConflictError(NlsError):
    """409: a conflict with stored state (``ingredient_in_use``, ``idempotency_key_reused``, ...)."""


class VersionMismatchError(NlsError):
    """412 ``version_mismatch``: the ``If-Match`` version is no longer the current one."""


class UnprocessableError(NlsError):
    """422: understood, but the label cannot be made as asked."""


class RateLimitError(NlsError):
    """429: ``rate_limited`` (retried by the client first) or ``payload_too_large``."""


class ServerError(NlsError):
    """5xx: the service failed or is unavailable."""


_BY_STATUS: dict[int, type[NlsError]] = {
    400: BadRequestError,
    415: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    412: VersionMismatchError,
    422: UnprocessableError,
    429: RateLimitError,
}


def retry_after_seconds(response: httpx.Response) -> int | None:
    """``Retry-After`` in whole seconds (the service sends delta-seconds only)."""
    try:
        value = int(response.headers.get("retry-after", ""))
    except ValueError:
        return None
    return value if value >= 0 else None


def error_code(response: httpx.Response) -> str | None:
    """The ``error.code`` of a JSON error body, if it is one."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    error = body.get("error") if isinstance(body, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    return code if isinstance(code, str) else None


def error_from_response(response: httpx.Response) -> NlsError:
    """The typed error for an error response (a body that is not the JSON shape still gives one)."""
    code, message, details = "unknown", f"HTTP {response.status_code}", None
    try:
        body = json.loads(response.content)
        error = body["error"]
        code, message, details = str(error["code"]), str(error.get("message", "")), error.get("details")
    except (ValueError, KeyError, TypeError):
        if response.content:
            message = response.content[:200].decode("utf-8", "replace")
    cls = _BY_STATUS.get(response.status_code) or (ServerError if response.status_code >= 500 else NlsError)
    return cls(
        response.status_code,
        code,
        message,
        details,
        response.headers.get("x-request-id"),
        retry_after_seconds(response),
    )
