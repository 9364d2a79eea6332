"""A table's own requests (its page, its frames, its poll, every action) run on the event loop
from end to end: FastAPI runs a plain ``def`` endpoint or dependency in its thread pool, a hop
between threads on every request that cost a third of a table answer's CPU (issue 20). The
work that may block (the database, a hint's search, an outside program) hops on purpose, in
the route's own code; a dependency never does."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

import app.web.routes


def _calls(dependant: Dependant) -> list[Any]:
    found = [dependant.call] if dependant.call is not None else []
    for sub in dependant.dependencies:
        found.extend(_calls(sub))
    return found


def _routes() -> list[APIRoute]:
    found = []
    for module in pkgutil.iter_modules(app.web.routes.__path__):
        router = getattr(importlib.import_module(f"app.web.routes.{module.name}"), "router", None)
        if router is not None:
            found.extend(route for route in router.routes if isinstance(route, APIRoute))
    return found


def test_every_table_request_stays_on_the_event_loop() -> None:
    routes = [route for route in _routes() if route.path.startswith("/tables/{table_id}")]
    paths = {route.path for route in routes}
    assert {"/tables/{table_id}", "/tables/{table_id}/poll"} <= paths
    assert "/tables/{table_id}/{action}" in paths
    for route in routes:
        for call in _calls(route.dependant):
            assert inspect.iscoroutinefunction(call), f"{route.path}: {call} hops to a thread"
