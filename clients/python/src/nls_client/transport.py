"""The transport every request goes through: retries on 429 and 503 that honour Retry-After.

It sits under httpx, so the generated operations (``Client.generated``) retry exactly as the
hand-written helpers do.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from .errors import error_code, retry_after_seconds

RetryHook = Callable[[int, float, int], None]
"""Called before each retry with (status, wait in seconds, attempt number)."""


def is_retryable(response: httpx.Response) -> bool:
    """A 429 is retried only for ``rate_limited``.

    ``payload_too_large`` is also a 429 with Retry-After, but the same body would be refused
    again. A 503 (``unavailable``: the database is busy, a password check is queued) is retried
    whatever its body says.
    """
    if response.status_code == 503:
        return True
    if response.status_code != 429:
        return False
    response.read()
    return error_code(response) != "payload_too_large"


class RetryTransport(httpx.BaseTransport):
    """Wraps a transport; waits what Retry-After says (else 1, 2, 4... s), at most ``max_wait``."""

    def __init__(
        self,
        inner: httpx.BaseTransport | None = None,
        max_retries: int = 3,
        max_wait: float = 60.0,
        on_retry: RetryHook | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._inner = inner or httpx.HTTPTransport()
        self._max_retries = max_retries
        self._max_wait = max_wait
        self._on_retry = on_retry
        self._sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        # Bodies are built from bytes by httpx and the generated code, so they can be sent again.
        request.read()
        attempt = 0
        while True:
            response = self._inner.handle_request(request)
            if attempt >= self._max_retries or not is_retryable(response):
                return response
            attempt += 1
            wait = min(float(retry_after_seconds(response) or 2 ** (attempt - 1)), self._max_wait)
            if self._on_retry is not None:
                self._on_retry(response.status_code, wait, attempt)
            response.close()
            self._sleep(wait)

    def close(self) -> None:
        self._inner.close()
