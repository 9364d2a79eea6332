"""The "Tricks of this deal" panel and why a trick was won (issue 12), through the routes.

The panel is checked against the engine's own record of the deal (the download replayed): one
row per finished trick, newest first, with its leader, its cards in playing order and who played
each, its winner and why. It holds public cards only: never another seat's hand, never the
hidden discard.
"""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

import pytest

from app.engine.cards import FOOL, IS_TRUMP, SUIT_OF, Card, Suit, code, codes, display_name
from app.engine.deal import Deal, Phase, Trick
from app.engine.options import Options
from app.engine.record import parse_record, replay
from app.engine.winning import why_won
from app.web.table.model import seat_names
from tests.web.factory import build_table, play_until
from tests.web.support import Person, TestClient, finish_deal, start

Seat = Any


def panel_of(page: str) -> str:
    found = re.search(r'<details id="tricks".*?</details>', page, re.S)
    assert found, "the page has no tricks panel"
    return found.group(0)


def rows_of(panel: str) -> list[tuple[dict[str, str], str]]:
    """Each row's data attributes and its text (tags stripped, spaces collapsed)."""
    rows = []
    for chunk in panel.split('<li class="trick-row" ')[1:]:
        attrs = dict(re.findall(r'data-([a-z]+)="([^"]*)"', chunk.split(">", 1)[0]))
        text = re.sub(r"<[^>]+>", " ", chunk.split('<p class="trick-row-won">', 1)[0])
        won = re.sub(
            r"<[^>]+>", "", chunk.split('<p class="trick-row-won">', 1)[1].split("</p>")[0]
        )
        rows.append((attrs, html_lib.unescape(" ".join(text.split()) + " | " + won)))
    return rows


def text_of(fragment: str) -> str:
    return html_lib.unescape(" ".join(re.sub(r"<[^>]+>", " ", fragment).split()))


def recorded_deal(person: Person, number: int = 1) -> Deal:
    response = person.client.get(f"{person.url}/deals/{number}.json", headers=person.headers)
    assert response.status_code == 200
    return replay(parse_record(response.json()))


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_the_panel_lists_every_trick_of_a_deal_played_through(
    client: TestClient, game: str
) -> None:
    person = start(client, game=game)
    finish_deal(person)
    page = person.get().text
    deal = recorded_deal(person)
    names = seat_names(game)
    rows = rows_of(panel_of(page))
    assert len(rows) == deal.trick_count == len(deal.tricks)
    assert [int(attrs["trick"]) for attrs, _ in rows] == list(range(deal.trick_count, 0, -1))
    for (attrs, text), trick in zip(rows, reversed(deal.tricks), strict=True):
        assert int(attrs["leader"]) == trick.leader
        assert int(attrs["winner"]) == trick.winner
        assert attrs["cards"].split() == codes(trick.cards)
        assert f"Trick {trick.number} led by {names[trick.leader]}" in text
        plays = [
            f"{names[trick.seat_of(i, deal.seat_count)]}: {display_name(card)}"
            for i, card in enumerate(trick.cards)
        ]
        shown = re.sub(r" \(led as \w+\)", "", text)
        assert " ".join(plays) in shown, (plays, shown)
        verb = "win" if trick.winner == 0 else "wins"
        why = why_won(trick.cards, trick.named, deal.chicks).text()
        assert text.endswith(f"| {names[trick.winner]} {verb}: {why}")


def test_cards_played_so_far_by_suit(client: TestClient) -> None:
    person = start(client)
    finish_deal(person)
    panel = panel_of(person.get().text)
    played = re.findall(r"<dt>([^<]+?)(?: <span class=\"fine\">\(([^)]*)\)</span>)?</dt>", panel)
    assert [label.strip() for label, _ in played] == [
        "Trumps",
        "Fool",
        "Cups",
        "Coins",
        "Swords",
        "Staves",
    ]
    deal = recorded_deal(person)
    in_tricks = [card for trick in deal.tricks for card in trick.cards]
    trumps = sum(IS_TRUMP[card] for card in in_tricks)
    cups = sum(SUIT_OF[card] is Suit.CUPS for card in in_tricks)
    assert f'Trumps <span class="fine">({trumps} of 21)</span>' in panel
    assert f'Cups <span class="fine">({cups} of 14)</span>' in panel
    assert "<dt>Fool</dt><dd>played</dd>" in panel
    assert "75 cards played" in panel  # 25 tricks of 3: the discard is no trick


def test_the_badges_say_why_the_trick_was_won(client: TestClient, seat: Seat) -> None:
    """#trick (a finished trick until the next lead) and #last-trick give the reason."""
    table, token = build_table(deals_before=1)

    def led_after_two(deal: Deal) -> bool:
        return len(deal.tricks) >= 2 and not deal.trick and deal.turn == 0

    assert play_until(table, led_after_two)
    person = seat(table, token)
    deal = table.match.deal
    assert deal is not None
    last, before = deal.tricks[-1], deal.tricks[-2]
    page = person.html
    trick_box = re.search(r'<div id="trick".*?<p class="status"', page, re.S)
    assert trick_box
    why = why_won(last.cards, last.named, False).text()
    assert f"won by {seat_names('danish-tarok')[last.winner]}: {why}" in html_lib.unescape(
        trick_box.group(0)
    )
    assert f": </span>{why}</span></p>" in html_lib.unescape(trick_box.group(0))
    last_box = re.search(r'<div id="last-trick".*?<details id="tricks"', page, re.S)
    assert last_box
    earlier = why_won(before.cards, before.named, False).text()
    assert earlier[:1].upper() + earlier[1:] + "." in text_of(last_box.group(0))


def _finished_trick(table: Any, wanted: Any, seed: int = 0) -> Trick:
    """Play random moves until the last finished trick is ``wanted`` and the person leads."""

    def ready(deal: Deal) -> bool:
        return bool(deal.tricks) and not deal.trick and deal.turn == 0 and wanted(deal.tricks[-1])

    assert play_until(table, ready, seed=seed, limit=400)
    return table.match.deal.tricks[-1]  # type: ignore[no-any-return]


def _trumped(trick: Trick) -> bool:
    return (
        trick.cards[0] != FOOL
        and not IS_TRUMP[trick.cards[0]]
        and any(IS_TRUMP[card] for card in trick.cards)
    )


def _fool_in(trick: Trick) -> bool:
    return FOOL in trick.cards


def _queen_over_king(trick: Trick) -> bool:
    return why_won(trick.cards, trick.named, True).queen_over_king


@pytest.mark.parametrize(
    ("options", "wanted", "phrase"),
    [
        (Options(), _trumped, "trumped"),
        (Options(), _fool_in, "the Fool does not win"),
        (Options(chicks_rule=True), _queen_over_king, "the Queen beats the King (Chicks rule)"),
    ],
)
def test_why_texts_in_built_positions(
    client: TestClient, seat: Seat, options: Options, wanted: Any, phrase: str
) -> None:
    for attempt in range(12):
        table, token = build_table(options=options, seed=attempt * 7)
        deal = table.match.deal
        assert deal is not None
        if play_until(
            table,
            lambda d: bool(d.tricks) and not d.trick and d.turn == 0 and wanted(d.tricks[-1]),
            seed=attempt,
            limit=400,
        ):
            break
    else:
        pytest.skip("no seed gave the position")
    person = seat(table, token)
    trick = deal.tricks[-1]
    winner = seat_names("danish-tarok")[trick.winner]
    page = html_lib.unescape(person.html)
    assert re.search(rf"Trick {trick.number}, won by {winner}: [^\"]*{re.escape(phrase)}", page)
    attrs, text = rows_of(panel_of(person.html))[0]
    assert int(attrs["trick"]) == trick.number  # newest first
    assert phrase in text


def test_no_hidden_card_reaches_the_panel(client: TestClient, seat: Seat) -> None:
    """With the discard concealed, halfway through the deal: only the cards played show."""
    table, token = build_table(options=Options(conceal_discards=True), deals_before=2)

    def halfway(deal: Deal) -> bool:
        return len(deal.tricks) >= 12 and deal.turn == 0 and deal.phase is Phase.PLAY

    assert play_until(table, halfway, limit=400)
    person = seat(table, token)
    deal = table.match.deal
    assert deal is not None
    assert deal.dealer != 0, "the person is not the dealer, so the discard is hidden"
    panel = panel_of(person.html)
    played = {card for trick in deal.tricks for card in trick.cards} | set(deal.trick)
    hidden: set[Card] = set(deal.discarded)
    for other in (1, 2):
        hidden |= set(deal.holdings[other])
    assert hidden.isdisjoint(played)
    text = text_of(panel)
    shown_codes = " ".join(re.findall(r'data-cards="([^"]*)"', panel)).split()
    for card in hidden:
        assert display_name(card) not in text, display_name(card)
        assert code(card) not in shown_codes
    counted = sum(int(n) for n in re.findall(r"\((\d+) of \d+\)", panel))
    fool = 1 if FOOL in played else 0
    assert counted + fool == len(played)
    # the same holds for the htmx partial
    partial = person.get(htmx=True).text
    assert panel_of(partial) == panel


def test_the_link_jumps_into_the_panel_without_javascript(client: TestClient, seat: Seat) -> None:
    table, token = build_table()
    assert play_until(table, lambda d: len(d.tricks) >= 3 and d.turn == 0 and not d.trick)
    person = seat(table, token)
    link = re.search(r'<a class="tricks-link"[^>]*href="([^"]+)"[^>]*>(.*?)</a>', person.html)
    assert link
    assert link.group(1) == "#tricks-list"
    deal = table.match.deal
    assert deal is not None
    finished = len(deal.tricks)
    assert text_of(link.group(2)) == f"Tricks of this deal: {finished}"
    panel = panel_of(person.html)
    assert 'id="tricks-list"' in panel
    assert '<h2 id="tricks-title">Tricks of this deal</h2>' in panel


def test_each_row_is_drawn_once_per_language_and_viewer(client: TestClient) -> None:
    """A finished trick never changes: its row is drawn once and kept (the panel goes with
    every answer); a reader of another language gets it in theirs, the same reader again
    the very same panel."""
    person = start(client, game="troccas")
    finish_deal(person)
    english = panel_of(person.get().text)
    german = panel_of(
        client.get(person.url, headers={**person.headers, "Accept-Language": "de"}).text
    )
    rows = english.count('<li class="trick-row" ')
    assert rows == 19  # Swiss Troccas: 76 cards, four seats
    assert german.count('<li class="trick-row" ') == rows
    assert f"Trick {rows}" in english
    assert f"Stich {rows}" in german
    assert f"Trick {rows}" not in german
    assert panel_of(person.get().text) == english
