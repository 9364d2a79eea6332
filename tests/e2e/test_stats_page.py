"""Your statistics in the browser (issue 21): /stats with finished deals of both games (one with
an Ultimo), the best deal and the chart, at a phone's and a desktop's size, light and dark;
the figures are the finished deals' own, the chart has its text alternative, axe-core finds
nothing."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable

import pytest

from app.engine.ledger import ULTIMOS_MADE
from app.web.http.cookies import PLAYER_COOKIE
from app.web.table.model import Table, TableSettings, hash_token
from tests.e2e.conftest import Server, Tab
from tests.e2e.test_glance import axe_check
from tests.web.factory import build_table, play_out, save

pytestmark = pytest.mark.e2e

Opener = Callable[..., Tab]


def minus(text: str) -> int:
    """A number as the page writes it (+5, −5) read back."""
    return int(text.replace("−", "-").replace("+", ""))


def finished(game: str, seed: int, player: str) -> Table:
    """A match of one deal, played to its end by random moves, the person's seat this
    browser's."""
    table, _ = build_table(game, settings=TableSettings(speed="instant"), level="easy", seed=seed)
    table.seats[0].player = hash_token(player)
    deal = table.match.deal
    assert deal is not None
    play_out(deal, 1 if seed == 0 else seed)
    return table


@pytest.fixture(scope="module")
def player(server: Server) -> tuple[str, list[Table]]:
    """One browser's finished deals: two of Danish Tarok (the first ends in the person's King
    Ultimo, tests/web/test_stats.py), one of Swiss Troccas."""
    token = secrets.token_urlsafe(24)
    tables = [finished("danish-tarok", 0, token), finished("danish-tarok", 1, token)]
    tables.append(finished("troccas", 2, token))
    for table in tables:
        save(table, server.data_dir)
    return token, tables


def result_of(table: Table) -> int:
    return int(table.match.summaries()[-1].changes[0])


def ultimos_of(table: Table) -> int:
    deal = table.match.deal
    assert deal is not None
    return len({e.kind for e in deal.books.ledger if e.kind in ULTIMOS_MADE and e.target == 0})


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_statistics_page_shows_the_finished_deals(
    open_tab: Opener, server: Server, player: tuple[str, list[Table]], size: str, scheme: str
) -> None:
    token, tables = player
    danish = [result_of(t) for t in tables if t.match.game.key == "danish-tarok"]
    troccas = [result_of(t) for t in tables if t.match.game.key == "troccas"]
    tab = open_tab(size)
    page = tab.page
    page.context.add_cookies([{"name": PLAYER_COOKIE, "value": token, "url": server.url}])
    page.goto(f"{server.url}/stats")
    totals = dict(
        page.eval_on_selector_all(
            ".stats-totals div",
            "els => els.map(e => [e.querySelector('dt').textContent.trim(),"
            " e.querySelector('dd').firstChild.textContent.trim()])",
        )
    )
    assert totals["Deals played"] == "3"
    assert totals["Matches played"] == "3"
    assert totals["Ultimos made"] == str(sum(ultimos_of(t) for t in tables))
    assert int(totals["Ultimos made"]) >= 1
    # the results by game and level: each game's played, won and total
    lines = page.eval_on_selector_all(
        ".stats-levels tbody tr:not(.stats-game-row)",
        "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))",
    )
    assert [(line[0], int(line[1]), int(line[2]), minus(line[3])) for line in lines] == [
        ("Easy", len(danish), sum(r > 0 for r in danish), sum(danish)),
        ("Easy", len(troccas), sum(r > 0 for r in troccas), sum(troccas)),
    ]
    # each game's best deal, and its chart with a bar a deal and a text alternative
    for key, results in (("danish-tarok", danish), ("troccas", troccas)):
        section = page.locator(f"section.stats-game[aria-labelledby='stats-{key}-title']")
        best = re.search(r"Best deal: ([+−]?\d+)", section.locator("p").first.inner_text())
        assert best is not None
        assert minus(best.group(1)) == max(results)
        chart = section.locator("svg.results-chart")
        assert chart.get_attribute("role") == "img"
        label = chart.get_attribute("aria-labelledby")
        words = page.locator(f"[id='{label}']").text_content() or ""
        assert f"{len(results)}" in words
        assert chart.locator(".bar").count() == len(results)
        assert chart.is_visible()
        listed = section.locator(".stats-table tbody tr td.num").all_inner_texts()
        assert [minus(text.split()[0]) for text in listed] == results
    # nothing wider than the screen, and axe-core finds nothing
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_check(tab, scheme, "stats") == []
    page.screenshot(path=str(tab.shot(f"stats-{scheme}")), full_page=True)
