"""Card names on mouseover in the browser: the pointer resting on any card face of the table
(hand, trick, last trick, discard) is over an element titled with the card's name."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.engine.deal import Deal, Phase
from app.web.table.model import TableSettings
from tests.e2e.conftest import Server, Tab, seated_tab
from tests.web.factory import build_table, play_until

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]

UNDER_THE_POINTER = """(selector) => {
    const face = document.querySelector(selector);
    face.scrollIntoView({block: 'center'});
    const r = face.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 4);
    const titled = hit && hit.closest('[title]');
    return [face.querySelector('img').alt, titled ? titled.title : null];
}"""


def mid_play(deal: Deal) -> bool:
    return (
        deal.phase is Phase.PLAY and deal.turn == 0 and len(deal.tricks) >= 2 and bool(deal.trick)
    )


@pytest.mark.parametrize("on", [True, False])
def test_every_face_is_titled_under_the_pointer(open_tab: Opener, server: Server, on: bool) -> None:
    settings = TableSettings(speed="instant", names_on_hover=on)
    table, token = build_table("danish-tarok", settings=settings, deals_before=1)
    assert play_until(table, mid_play, keep_fool=True)
    tab = seated_tab(open_tab, server, table, token, "desktop")
    for selector in ("#hand .card", "#trick .played", "#last-trick .mini", "#discards .mini"):
        name, title = tab.page.evaluate(UNDER_THE_POINTER, selector)
        assert name
        assert title == (name if on else None), selector
