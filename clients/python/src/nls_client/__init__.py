"""Typed client for the Nutrition Label Service API.

``Client`` is the entry point; ``nls_client._generated`` holds the models and operations
generated from the service's OpenAPI document (``scripts/clients.sh generate``).
"""

from ._generated import models
from .client import Client, etag
from .errors import (
    AuthenticationError,
    BadRequestError,
    ConflictError,
    NlsError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    UnprocessableError,
    VersionMismatchError,
)
from .webhooks import WebhookVerificationError, verify_webhook

__all__ = [
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ConflictError",
    "NlsError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "UnprocessableError",
    "VersionMismatchError",
    "WebhookVerificationError",
    "etag",
    "models",
    "verify_webhook",
]
