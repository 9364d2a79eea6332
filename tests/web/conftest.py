"""Fixtures of the route tests: an app on a fresh data directory and a person at a table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.web.table.model import Table
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


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the whole run (``tools.pgcluster``): its URL."""
    from tools.pgcluster import NoPostgres, cluster

    try:
        with cluster() as url:
            yield url
    except NoPostgres as error:
        pytest.skip(str(error))


@pytest.fixture
def postgres_url(postgres_cluster: str, request: pytest.FixtureRequest) -> str:
    """A fresh empty database in the session's cluster, for one test."""
    from tools.pgcluster import fresh_database

    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name)[-50:].lower()
    return fresh_database(postgres_cluster, name)
