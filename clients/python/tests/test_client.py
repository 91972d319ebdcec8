import importlib
import os
import pkgutil
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from conftest import pancakes

import nls_client._generated.api as generated_api
from nls_client import (
    AuthenticationError,
    BadRequestError,
    Client,
    NotFoundError,
    VersionMismatchError,
    WebhookVerificationError,
    verify_webhook,
)


def test_a_create_retried_with_its_idempotency_key_returns_the_first_recipe(nls, unique):
    first = nls.create_recipe(pancakes(unique), idempotency_key=unique)
    again = nls.create_recipe(pancakes(unique), idempotency_key=unique)
    assert again.id == first.id
    assert first.version == 1
    assert [r.id for r in nls.recipes(q=unique)] == [first.id]
    # Without a key of the caller's, each create gets a fresh one: a second recipe.
    assert nls.create_recipe(pancakes(unique)).id != first.id


def test_a_stale_if_match_raises_and_the_retrying_update_applies_to_the_current_version(nls, unique):
    recipe = nls.create_recipe(pancakes(unique))
    nls.update_recipe(recipe.id, {"servings": 5}, if_match=recipe.version)
    with pytest.raises(VersionMismatchError) as stale:
        nls.update_recipe(recipe.id, {"servings": 6}, if_match=recipe.version)
    assert stale.value.status == 412 and stale.value.code == "version_mismatch"
    assert stale.value.request_id

    seen = []

    def double(current):
        seen.append(current.version)
        if len(seen) == 1:
            # Someone else writes between our read and our write: ours must get 412 and retry.
            nls.update_recipe(recipe.id, {"servings": 7})
        return {"servings": current.servings * 2}

    updated = nls.update_recipe_retrying(recipe.id, double)
    assert seen == [2, 3]
    assert updated.servings == 14 and updated.version == 4


def test_lists_are_read_page_after_page(nls, unique):
    made = {
        nls.create_ingredient({"name": f"{unique} paste {i}", "nutrients_per_100g": {"calories": 100 + i}}).id
        for i in range(5)
    }
    listed = [i.id for i in nls.ingredients(q=unique, limit=2)]
    assert len(listed) == 5 and set(listed) == made


def test_errors_are_typed_and_carry_the_body_and_request_id(nls, unique):
    with pytest.raises(NotFoundError) as missing:
        nls.get_recipe("rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091")
    assert missing.value.code == "not_found" and missing.value.request_id

    with pytest.raises(BadRequestError) as invalid:
        nls.create_recipe({"name": unique, "servings": 0, "ingredients": [{"name": "milk", "grams": 100}]})
    assert invalid.value.code == "validation_failed"
    assert any(d.get("field") == "servings" for d in invalid.value.details)

    with pytest.raises(AuthenticationError) as unauthorized:
        with Client(os.environ["NLS_URL"], "nls_" + "A" * 43) as stranger:
            stranger.get_recipe("rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091")
    assert unauthorized.value.status == 401 and unauthorized.value.code == "unauthorized"


def test_a_generated_operation_shares_the_key_and_the_typed_errors(nls, unique):
    recipe = nls.create_recipe(pancakes(unique))
    # Found by operationId, wherever the generator files it.
    module = next(
        importlib.import_module(m.name)
        for m in pkgutil.walk_packages(generated_api.__path__, generated_api.__name__ + ".")
        if m.name.endswith(".get_recipe")
    )
    fetched = module.sync(recipe.id, client=nls.generated)
    assert fetched.id == recipe.id and fetched.name == unique
    with pytest.raises(NotFoundError):
        module.sync("rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091", client=nls.generated)


def test_rate_limited_requests_are_retried_after_retry_after():
    url = os.environ.get("NLS_LIMITED_URL")
    if not url:
        pytest.skip("NLS_LIMITED_URL names no server with a low rate limit")
    waits = []
    key = os.environ.get("NLS_LIMITED_API_KEY") or os.environ["NLS_API_KEY"]
    with Client(url, key, on_retry=lambda status, wait, attempt: waits.append((status, wait))) as nls:
        # 30 a minute, burst 30: a burst of 33 meets the limit, and every request still succeeds.
        for _ in range(33):
            assert next(nls.foods(q="banana", limit=1)).id.startswith("fooddb:")
    assert waits, "the limiter never answered 429"
    assert all(status == 429 and wait >= 1 for status, wait in waits)


class _Receiver(BaseHTTPRequestHandler):
    deliveries: list = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["content-length"]))
        _Receiver.deliveries.append((dict(self.headers.items()), body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_a_delivery_the_service_signed_verifies_and_a_tampered_one_does_not(nls):
    server = HTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        hook = nls.create_webhook({"url": f"http://127.0.0.1:{server.server_port}/hook", "events": ["label.changed"]})
        nls.request("POST", f"/v1/webhooks/{hook.id}/test")
        deadline = time.monotonic() + 30
        while not _Receiver.deliveries and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _Receiver.deliveries, nls.request("GET", f"/v1/webhooks/{hook.id}/deliveries").text
        headers, body = _Receiver.deliveries[0]
    finally:
        server.shutdown()

    event = verify_webhook(hook.secret, headers, body)
    assert event["type"] == "ping"
    with pytest.raises(WebhookVerificationError):
        verify_webhook(hook.secret, headers, body.replace(b"ping", b"pong"))
    with pytest.raises(WebhookVerificationError):
        verify_webhook(hook.secret, headers, body, now=int(headers["webhook-timestamp"]) + 3600)
    with pytest.raises(WebhookVerificationError):
        other = "whsec_" + "A" * 43 + "="
        verify_webhook(other, headers, body)
