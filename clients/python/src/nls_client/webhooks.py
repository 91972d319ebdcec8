"""Verifies a webhook delivery as docs/WEBHOOKS.md describes (Standard Webhooks).

``webhook-signature`` holds one or more ``v1,<base64 HMAC-SHA256(secret, "{id}.{timestamp}.{body}")>``
entries (two during a secret rotation); any match is enough.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any


class WebhookVerificationError(Exception):
    """The delivery's signature or timestamp does not check out."""


def _header(headers: Mapping[str, str], name: str) -> str:
    # Plain dicts keep the sender's case; httpx/werkzeug/Django header maps are case-insensitive.
    value = headers.get(name) or next((v for k, v in headers.items() if k.lower() == name), None)
    if not value:
        raise WebhookVerificationError(f"missing {name} header")
    return value


def verify_webhook(
    secret: str,
    headers: Mapping[str, str],
    body: bytes,
    tolerance: int = 300,
    now: float | None = None,
) -> dict[str, Any]:
    """Checks a delivery and returns its parsed body ``{"type", "timestamp", "data"}``.

    ``body`` must be the raw bytes received. Deliveries whose ``webhook-timestamp`` is more
    than ``tolerance`` seconds from now are refused, against replays.
    Raises :class:`WebhookVerificationError` otherwise.
    """
    delivery_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    try:
        sent_at = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number") from None
    if abs((time.time() if now is None else now) - sent_at) > tolerance:
        raise WebhookVerificationError("webhook-timestamp is too far from now")

    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{delivery_id}.{timestamp}.".encode() + body
    expected = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    if not any(hmac.compare_digest(candidate, expected) for candidate in signatures.split()):
        raise WebhookVerificationError("no signature matches")
    return json.loads(body)
