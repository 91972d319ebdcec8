"""The hand-written layer over the generated client.

The generated package (``_generated``, openapi-python-client) has a typed model per schema and
a function per operation. This adds what a generator cannot know: the API key from the
environment, typed errors, retries on 429/503, Idempotency-Key on creates, If-Match and the
re-read-and-retry helper, and iterators over paged lists. It depends only on the API's paths
and the schema names of ``components.schemas``, both part of the v1 contract.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

import httpx

from ._generated.client import AuthenticatedClient
from ._generated.models import (
    AnalysisResult,
    Food,
    Ingredient,
    Recipe,
    WebhookWithSecret,
)
from .errors import VersionMismatchError, error_from_response
from .transport import RetryHook, RetryTransport


class _Model(Protocol):
    version: int


V = TypeVar("V", bound=_Model)
Body = dict[str, Any]


def _raise_for_error(response: httpx.Response) -> None:
    # A response hook, so the generated operations raise the same typed errors.
    if response.is_error:
        response.read()
        raise error_from_response(response)


def _as_dict(body: Any) -> Body:
    """Accepts a plain dict or a generated model (which has ``to_dict``)."""
    return body.to_dict() if hasattr(body, "to_dict") else dict(body)


def etag(version: int) -> str:
    """The ``If-Match`` value for a version, as ``ETag`` carries it."""
    return f'"{version}"'


class Client:
    """A client for one account's API key.

    ``base_url`` is the service's origin (``NLS_URL`` by default; a trailing ``/v1`` is
    accepted) and ``api_key`` its key (``NLS_API_KEY`` by default). Every non-2xx answer
    raises an :class:`~nls_client.errors.NlsError` subclass; 429 ``rate_limited`` and 503 are
    first retried up to ``max_retries`` times, waiting what ``Retry-After`` says.
    """

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        max_retries: int = 3,
        max_wait: float = 60.0,
        timeout: float = 60.0,
        on_retry: RetryHook | None = None,
    ) -> None:
        base_url = base_url or os.environ.get("NLS_URL")
        api_key = api_key or os.environ.get("NLS_API_KEY")
        if not base_url or not api_key:
            raise ValueError("give base_url and api_key, or set NLS_URL and NLS_API_KEY")
        base_url = base_url.rstrip("/").removesuffix("/v1")
        self._http = httpx.Client(
            base_url=base_url,
            headers={"Authorization": f"Bearer {api_key}"},
            transport=RetryTransport(max_retries=max_retries, max_wait=max_wait, on_retry=on_retry),
            timeout=timeout,
            event_hooks={"response": [_raise_for_error]},
        )
        # Every operation of the document (``nls_client._generated.api``), through the same
        # connection, retries and errors: ``some_operation.sync(client=nls.generated, ...)``.
        self.generated = AuthenticatedClient(base_url=base_url, token=api_key)
        self.generated.set_httpx_client(self._http)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """Any request (``path`` from the document, e.g. ``/v1/webhooks/{id}/test``) with the
        client's key, retries and typed errors; ``kwargs`` as for ``httpx.Client.request``."""
        return self._http.request(method, path, **kwargs)

    # Recipes ----------------------------------------------------------------------------

    def create_recipe(self, recipe: Body | Any, idempotency_key: str | None = None) -> Recipe:
        """Creates a recipe; a retry with the same ``idempotency_key`` (a fresh UUID by default)
        returns the first answer instead of a second recipe."""
        return self._create("/v1/recipes", Recipe, recipe, idempotency_key)

    def get_recipe(self, recipe_id: str, version: int | None = None, as_of: str | None = None) -> Recipe:
        """The recipe, or as it was at ``version`` or ``as_of`` (RFC 3339)."""
        params = {k: v for k, v in {"version": version, "as_of": as_of}.items() if v is not None}
        return Recipe.from_dict(self._http.get(f"/v1/recipes/{recipe_id}", params=params).json())

    def update_recipe(self, recipe_id: str, changes: Body | Any, if_match: int | None = None) -> Recipe:
        """Partial update; with ``if_match`` (a version) only of that version, else
        :class:`~nls_client.errors.VersionMismatchError`."""
        return self._update(f"/v1/recipes/{recipe_id}", Recipe, changes, if_match)

    def update_recipe_retrying(self, recipe_id: str, change: Callable[[Recipe], Body], attempts: int = 5) -> Recipe:
        """Reads the recipe, asks ``change`` for the update to make to that version and writes it
        with If-Match; when someone else wrote in between (412), reads again and asks again."""
        return _retrying(
            lambda: self.get_recipe(recipe_id), lambda c, v: self.update_recipe(recipe_id, c, v), change, attempts
        )

    def delete_recipe(self, recipe_id: str, if_match: int | None = None) -> None:
        self._http.delete(f"/v1/recipes/{recipe_id}", headers=_if_match(if_match))

    def recipes(
        self, q: str | None = None, limit: int | None = None, include_archived: bool = False
    ) -> Iterator[Recipe]:
        """Every recipe (filtered by name with ``q``), fetching page after page as it goes."""
        return self._pages(
            "/v1/recipes", Recipe, {"q": q, "limit": limit, "include_archived": include_archived or None}
        )

    def label_svg(self, recipe_id: str, **params: Any) -> str:
        """The label drawn as SVG text (query parameters of ``GET /v1/recipes/{id}/label.svg`` as keywords)."""
        return self.label_file(recipe_id, "label.svg", **params).decode("utf-8")

    def label_file(self, recipe_id: str, file: str = "label.png", **params: Any) -> bytes:
        """A label file's bytes: ``label.svg``, ``label.png`` or ``label.pdf``."""
        return self._http.get(f"/v1/recipes/{recipe_id}/{file}", params=params).content

    # Ingredients --------------------------------------------------------------------------

    def create_ingredient(self, ingredient: Body | Any, idempotency_key: str | None = None) -> Ingredient:
        return self._create("/v1/ingredients", Ingredient, ingredient, idempotency_key)

    def get_ingredient(self, ingredient_id: str) -> Ingredient:
        return Ingredient.from_dict(self._http.get(f"/v1/ingredients/{ingredient_id}").json())

    def update_ingredient(self, ingredient_id: str, changes: Body | Any, if_match: int | None = None) -> Ingredient:
        return self._update(f"/v1/ingredients/{ingredient_id}", Ingredient, changes, if_match)

    def update_ingredient_retrying(
        self, ingredient_id: str, change: Callable[[Ingredient], Body], attempts: int = 5
    ) -> Ingredient:
        """Like :meth:`update_recipe_retrying`, for a custom ingredient."""
        return _retrying(
            lambda: self.get_ingredient(ingredient_id),
            lambda c, v: self.update_ingredient(ingredient_id, c, v),
            change,
            attempts,
        )

    def delete_ingredient(self, ingredient_id: str, if_match: int | None = None) -> None:
        self._http.delete(f"/v1/ingredients/{ingredient_id}", headers=_if_match(if_match))

    def ingredients(
        self, q: str | None = None, limit: int | None = None, include_archived: bool = False
    ) -> Iterator[Ingredient]:
        return self._pages(
            "/v1/ingredients", Ingredient, {"q": q, "limit": limit, "include_archived": include_archived or None}
        )

    # Foods, analysis, webhooks ----------------------------------------------------------------

    def foods(self, q: str | None = None, limit: int | None = None) -> Iterator[Food]:
        """Foods of the shipped database matching ``q``, page after page."""
        return self._pages("/v1/foods", Food, {"q": q, "limit": limit})

    def analyze(self, request: Body | Any) -> AnalysisResult:
        """A label, claims and how each name resolved, for ingredients not saved as a recipe."""
        return AnalysisResult.from_dict(self._http.post("/v1/analyze", json=_as_dict(request)).json())

    def create_webhook(self, webhook: Body | Any) -> WebhookWithSecret:
        """Registers an endpoint; the answer's ``secret`` is shown this once. (The service keeps
        no Idempotency-Key for webhooks, so none is sent.)"""
        return WebhookWithSecret.from_dict(self._http.post("/v1/webhooks", json=_as_dict(webhook)).json())

    # The shapes every resource shares ------------------------------------------------------

    def _create(self, path: str, model: Any, body: Body | Any, idempotency_key: str | None) -> Any:
        headers = {"Idempotency-Key": idempotency_key or str(uuid.uuid4())}
        return model.from_dict(self._http.post(path, json=_as_dict(body), headers=headers).json())

    def _update(self, path: str, model: Any, changes: Body | Any, if_match: int | None) -> Any:
        return model.from_dict(self._http.put(path, json=_as_dict(changes), headers=_if_match(if_match)).json())

    def _pages(self, path: str, model: Any, params: dict[str, Any]) -> Iterator[Any]:
        # Lists answer {data, next_cursor}; next_cursor is null on the last page (API_DECISIONS.md §8).
        query = {k: v for k, v in params.items() if v is not None}
        while True:
            page = self._http.get(path, params=query).json()
            for item in page["data"]:
                yield model.from_dict(item)
            cursor = page.get("next_cursor")
            if not cursor:
                return
            query["cursor"] = cursor


def _if_match(version: int | None) -> dict[str, str]:
    return {} if version is None else {"If-Match": etag(version)}


def _retrying(read: Callable[[], V], write: Callable[[Body, int], V], change: Callable[[V], Body], attempts: int) -> V:
    for attempt in range(1, attempts + 1):
        current = read()
        try:
            return write(change(current), current.version)
        except VersionMismatchError:
            if attempt == attempts:
                raise
    raise ValueError("attempts must be at least 1")
