"""The web layer: it turns a request into an engine action, asks the engine, and renders the
result; it never decides a rule (design.md Part 2). ``create_app(data_dir)`` builds the
application. Its rooms, each importing only those below it (docs/architecture.md):
``routes`` (the endpoints), ``site`` (one app's services), ``show`` (what is shown) and
``live`` (polls, presence, the computers' moves), ``storage`` (the tables behind their locks,
the database), ``table`` (a table, its people and its players) and ``http`` (what every
request goes through).

``create_app`` is imported on first use, so that ``app.web.serve`` (the CLI's ``serve``
subcommand, built with every other subcommand) does not load FastAPI for ``trionfi replay``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.web.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from app.web.app import create_app  # noqa: PLC0415 - lazily, see above

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
