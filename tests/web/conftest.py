"""Fixtures of the route tests: an app on a fresh data directory and a person at a table;
the storage tests' ``backend``, each test once on SQLite and once on PostgreSQL (a throwaway
cluster, ``tools.pgcluster``). Without PostgreSQL those are skipped, except under CI
(``CI=true``), where they fail: CI must run the storage tests against both databases."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from app.web.table.model import Table
from tests.web.backends import Backend
from tests.web.factory import save
from tests.web.support import Person, TestClient, inline_app


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def client(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(inline_app(data_dir)) as test_client:
        yield test_client


@pytest.fixture
def seat(client: TestClient, data_dir: Path) -> Any:
    """Put a built table into the app's store and return the person sitting at it."""

    def sit(table: Table, token: str) -> Person:
        save(table, data_dir)
        person = Person(client, table.id, token)
        person.get()
        return person

    return sit


def no_postgres(reason: str) -> NoReturn:
    """Skip a PostgreSQL test here, fail it under CI (``CI=true``)."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI runs the storage tests on PostgreSQL too, but: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the whole run (``tools.pgcluster``): its URL."""
    from tools.pgcluster import NoPostgres, binaries, cluster

    try:
        import psycopg  # noqa: F401
    except ImportError:
        no_postgres("psycopg is not installed")
    try:
        binaries()
    except NoPostgres as error:
        no_postgres(str(error))
    with cluster() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_cluster: str, request: pytest.FixtureRequest) -> str:
    """A fresh empty database in the session's cluster, for one test."""
    from tools.pgcluster import fresh_database

    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name)[-50:].lower()
    return fresh_database(postgres_cluster, name)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, data_dir: Path) -> Backend:
    """The storage a test runs on: the data directory's SQLite file, or a fresh PostgreSQL
    database (the test runs once with each)."""
    if request.param == "sqlite":
        return Backend(data_dir, None)
    return Backend(data_dir, request.getfixturevalue("postgres_url"))
