"""The tests talk to a live service: NLS_URL and NLS_API_KEY (scripts/clients.sh test starts one)."""

import os
import uuid

import pytest

from nls_client import Client


@pytest.fixture
def nls():
    if not (os.environ.get("NLS_URL") and os.environ.get("NLS_API_KEY")):
        pytest.skip("NLS_URL and NLS_API_KEY name no live server")
    with Client() as client:
        yield client


@pytest.fixture
def unique():
    """A prefix no other test run uses, so the tests share one account without meeting."""
    return f"py-{uuid.uuid4().hex[:10]}"


def pancakes(name: str) -> dict:
    return {
        "name": name,
        "servings": 4,
        "ingredients": [{"name": "all-purpose flour", "grams": 250}, {"name": "milk", "grams": 300}],
    }
