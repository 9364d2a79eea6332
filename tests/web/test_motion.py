"""What the moving cards (static/js/motion.js) need from the table page: the script, at its
hashed address, and the table's pace on #table (``data-delay-ms``), which sets their timing
and, at Instant (0), keeps them still. The motion itself is tested in tests/e2e/test_motion.py."""

from __future__ import annotations

from typing import Any

import pytest

from app.web.table.model import SPEEDS, TableSettings
from tests.web.factory import build_table
from tests.web.support import TestClient, attribute, start


@pytest.mark.parametrize("speed", sorted(SPEEDS))
def test_the_table_carries_its_pace_for_the_moving_cards(client: TestClient, speed: str) -> None:
    person = start(client, speed=speed)
    assert "/static/js/motion.js?v=" in person.html
    assert attribute(person.html, "data-delay-ms") == str(SPEEDS[speed][1])
    redrawn = person.get(htmx=True).text  # the partial htmx swaps in says it too
    assert attribute(redrawn, "data-delay-ms") == str(SPEEDS[speed][1])


def test_a_new_speed_changes_the_pace_at_the_next_redraw(seat: Any) -> None:
    person = seat(*build_table(settings=TableSettings(speed="slow")))
    assert attribute(person.html, "data-delay-ms") == "1500"
    person.post("settings", {"speed": "instant"})
    person.get(htmx=True)
    assert attribute(person.html, "data-delay-ms") == "0"
