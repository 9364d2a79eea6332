"""The storage tests' PostgreSQL fixtures: without PostgreSQL they skip on a developer's
machine but fail under CI (``CI=true``), where the storage tests must run on both databases."""

from __future__ import annotations

import pytest

from tests.web.conftest import no_postgres


def test_no_postgres_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI runs the storage tests on PostgreSQL"):
        no_postgres("no PostgreSQL server found")


def test_no_postgres_skips_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL server found"):
        no_postgres("no PostgreSQL server found")
