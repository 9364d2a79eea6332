"""The serving process's heap (issue 20): what start-up built is left out of the garbage
collector's walks, and the youngest generation is collected less often; only in
``trionfi serve``, never in a process that builds apps and lets them go (the tests)."""

from __future__ import annotations

import argparse
import gc
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn

from app.web import app as web_app
from app.web.serve import YOUNG_OBJECTS, serve, settle_heap


@pytest.fixture
def heap_restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("heap_restored")
def test_settling_freezes_what_is_alive_and_collects_the_young_less_often() -> None:
    kept = [[index] for index in range(1_000)]  # alive, and tracked by the collector
    _, middle, oldest = gc.get_threshold()

    settle_heap()

    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold() == (YOUNG_OBJECTS, middle, oldest)
    assert not any(kept[0] is found for found in gc.get_objects())


@pytest.mark.usefixtures("heap_restored")
def test_serve_settles_the_heap_once_the_app_is_built_and_before_it_serves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    steps: list[str] = []

    def built(*args: object, **kwargs: object) -> object:
        steps.append("app built")
        return object()

    def served(*args: object, **kwargs: object) -> None:
        steps.append(f"served, frozen: {gc.get_freeze_count() > 0}")

    monkeypatch.setattr(web_app, "create_app", built)
    monkeypatch.setattr(uvicorn, "run", served)
    gc.unfreeze()
    args = argparse.Namespace(
        host="127.0.0.1",
        port=8000,
        data=str(tmp_path),
        no_rate_limits=True,
        bot_processes=0,
        database=None,
    )

    serve(args, [], 2000)

    assert steps == ["app built", "served, frozen: True"]
    assert gc.get_threshold()[0] == YOUNG_OBJECTS
