"""The route tests' fixtures (an app on a fresh data directory) for the language tests."""

from tests.web.conftest import client, data_dir, seat

__all__ = ["client", "data_dir", "seat"]
