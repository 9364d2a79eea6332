"""The application factory: ``create_app(data_dir)`` wires the store, templates and routers.

Static files (the stylesheet, htmx, the card faces) are served with long-lived cache headers;
their URLs carry a content hash, so a changed file gets a new address. Nothing is fetched from
elsewhere: the game works on a LAN without internet. Errors become pages (or, for htmx, a
partial that says what happened), never a bare 500 or a JSON body.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from app.bots.pool import BotPool
from app.i18n import N_
from app.paths import STATIC_DIR
from app.protocol.naming import Program
from app.web.http.guard import Guard
from app.web.http.head import HeadAsGet
from app.web.http.language import Language
from app.web.http.limits import Limiters, RateLimits, Slowed
from app.web.http.problems import Problem, error_page
from app.web.http.render import is_htmx, make_templates
from app.web.http.stylesheets import served_stylesheet
from app.web.routes import friends, home, language, learn, live, replays, stats, tables
from app.web.routes.damaged import TableDamaged, damaged_page
from app.web.site import Site
from app.web.storage.postgres import Listener, PostgresDatabase
from app.web.storage.store import DamagedTable, NoSuchTable, SaveFailed, TableStore
from app.web.storage.sweep import sweep_abandoned
from app.web.table.programs import DEFAULT_THINK_MS, LOG_NAME, ProgramPool

log = logging.getLogger(__name__)

LONG_CACHE = "public, max-age=31536000, immutable"
SHORT_CACHE = "public, max-age=3600"


class CachedStatic(StaticFiles):
    """Static files with Cache-Control: a year for hashed URLs (``?v=``), an hour otherwise;
    stylesheets without their comments (``http/stylesheets``)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200 and isinstance(response, FileResponse):
            response = self._stylesheet(response) or response
        if response.status_code in (200, 304):
            versioned = b"v=" in scope.get("query_string", b"")
            response.headers["Cache-Control"] = LONG_CACHE if versioned else SHORT_CACHE
        return response

    @staticmethod
    def _stylesheet(response: FileResponse) -> Response | None:
        """A stylesheet's answer as served (its comments left out); None for other files."""
        path = Path(response.path)
        if path.suffix != ".css":
            return None
        return Response(served_stylesheet(path), media_type="text/css; charset=utf-8")


def _listen(site: Site) -> Listener | None:
    """On a shared database, wake this server's polls at every other server's change."""
    database = site.store.database
    if not isinstance(database, PostgresDatabase):
        return None
    loop = asyncio.get_running_loop()

    def changed(table_id: str, version: int) -> None:
        if database.is_news(table_id, version):
            loop.call_soon_threadsafe(site.bus.changed, table_id, None)

    def present(table_id: str, seat: int, server: str) -> None:
        if server != database.server:
            loop.call_soon_threadsafe(site.presence.heard, table_id, seat)

    def announce(table_id: str, seat: int) -> None:
        loop.run_in_executor(None, database.announce, table_id, seat)

    site.presence.announce = announce
    listener = Listener(database.url, changed, present)
    listener.start()
    return listener


def create_app(
    data_dir: Path | str = "data",
    lan_base: str | None = None,
    programs: Sequence[Program] = (),
    think_ms: int = DEFAULT_THINK_MS,
    limits: RateLimits | None = None,
    inline_computers: bool = False,
    bot_processes: int = 0,
    database: str | None = None,
) -> FastAPI:
    """The app on ``data_dir``; ``lan_base`` (``http://192.168.1.20:8000/``) is the address
    invite links use when the host's own browser opened ``localhost``; ``programs`` are the
    outside programs (``trionfi serve --bot``) offered for computer seats, with their think
    budget in milliseconds. Their faults and stderr go to ``bots.log`` in ``data_dir``.
    ``limits`` are the rate limits per client address (``app.web.http.limits``; its defaults
    if None). The computers move off the request, one at a time (``app.web.live.computers``);
    ``inline_computers`` moves them inside the person's request, all at once, so that a
    route test sees a POST return with the computers moved. ``bot_processes`` worker
    processes make the computers' decisions (``app.bots.pool``; 0: in-process).
    ``database``, a ``postgresql://`` URL, keeps the tables there instead of ``data_dir``'s
    SQLite file, shared with other servers: their changes wake this server's polls
    (``app.web.storage.postgres.Listener``)."""
    store = TableStore(Path(data_dir), prove_writable=True, database=database)
    pool = ProgramPool(programs, Path(data_dir) / LOG_NAME, think_ms)
    bots = BotPool(0 if inline_computers else bot_processes)
    site = Site.build(store, pool, inline_computers, lan_base, bots)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep_idle_programs(pool))
        abandoned = asyncio.create_task(sweep_abandoned(store))
        listener = _listen(site)
        orphans = asyncio.create_task(site.computers.adopt_orphans())
        bots.start()
        yield
        orphans.cancel()
        if listener is not None:
            await asyncio.to_thread(listener.stop)
        await site.computers.stop()
        sweeper.cancel()
        abandoned.cancel()
        await asyncio.to_thread(pool.close_all)
        bots.close()  # on the loop: its workers' pipes are watched by it
        await asyncio.to_thread(store.close)

    app = FastAPI(
        title="Trionfi", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.site = site
    app.state.templates = make_templates()
    app.state.limiters = Limiters.of(limits or RateLimits())
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(Language)  # the reader's language, for everything inside
    app.add_middleware(Guard)
    app.add_middleware(HeadAsGet)  # the outermost: HEAD is GET for everything inside
    app.mount("/static", CachedStatic(directory=STATIC_DIR), name="static")
    app.include_router(home.router)
    app.include_router(stats.router)
    app.include_router(language.router)
    app.include_router(learn.router)
    app.include_router(live.router)
    app.include_router(friends.router)  # before the game's catch-all /tables/{id}/{action}
    app.include_router(tables.router)
    app.include_router(replays.router)  # after tables: its /deals/{n} must not take {n}.json
    _add_error_pages(app)
    return app


SWEEP_S = 60.0


async def _sweep_idle_programs(pool: ProgramPool) -> None:
    while True:
        await asyncio.sleep(SWEEP_S)
        await asyncio.to_thread(pool.close_idle)


def _add_error_pages(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def problem(request: Request, error: Problem) -> Response:
        if isinstance(error, TableDamaged) and not is_htmx(request):
            return damaged_page(request, error)
        response = error_page(request, error.status, error.title, error.message)
        if isinstance(error, Slowed):
            response.headers["Retry-After"] = str(error.retry_after)
        return response

    @app.exception_handler(DamagedTable)
    async def damaged_table(request: Request, error: DamagedTable) -> Response:
        return await problem(request, TableDamaged(error.damaged))

    @app.exception_handler(NoSuchTable)
    async def no_table(request: Request, error: NoSuchTable) -> Response:
        return error_page(
            request, 404, N_("No such table"), N_("There is no table at this address.")
        )

    @app.exception_handler(SaveFailed)
    async def not_saved(request: Request, error: SaveFailed) -> Response:
        message = N_("Could not save; nothing was changed. Try again.")
        return error_page(request, 503, N_("Not saved"), message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 404:
            return error_page(request, 404, "Not found", "There is nothing at this address.")
        if error.status_code == 405:
            return error_page(request, 405, "Not allowed", "That address does not take this.")
        return error_page(request, error.status_code, "Cannot do that", str(error.detail))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        return error_page(request, 400, "Not understood", "That request was not valid.")
