"""Why a card may not be played, on the table page (issue 21): the status says what binds the
person ("Your turn: you must follow Cups."), each card that may not be played carries the
engine's reason (``data-why``, a note it is described by), and a post of one, with or without
htmx, is refused with the same sentence and changes nothing."""

from __future__ import annotations

import html as html_text
import re
from typing import Any

from app.engine.cards import FOOL, code, parse
from app.engine.deal import Deal, Phase
from app.web.table.moves import sentence
from tests.web.factory import build_table, play_until
from tests.web.support import TestClient, message, status_of

Seat = Any


def must_follow(deal: Deal) -> bool:
    return (
        deal.phase is Phase.PLAY
        and deal.turn == 0
        and bool(deal.trick)
        and len(deal.legal_cards()) < len(deal.holdings[0])
    )


def card_tags(page: str) -> dict[str, str]:
    """Each card button of the hand, by its card code."""
    found = re.finditer(r'(<button [^>]*name="card" value="([^"]+)"[^>]*>)', page)
    return {match.group(2): match.group(1) for match in found}


def why_of(tag: str) -> str | None:
    found = re.search(r'data-why="([^"]*)"', tag)
    return html_text.unescape(found.group(1)) if found else None


def status_line(page: str) -> str:
    found = re.search(r'<p class="status[^"]*" id="status"[^>]*>([^<]*)</p>', page)
    assert found, "no status line"
    return html_text.unescape(found.group(1))


def following_table(game: str = "danish-tarok") -> tuple[Any, str, Deal]:
    table, token = build_table(game)
    assert play_until(table, must_follow)
    deal = table.match.deal
    assert deal is not None
    return table, token, deal


def test_each_card_that_may_not_be_played_carries_the_engine_reason(seat: Seat) -> None:
    for game in ("danish-tarok", "troccas"):
        table, token, deal = following_table(game)
        person = seat(table, token)
        tags = card_tags(person.html)
        assert set(tags) == {code(card) for card in deal.holdings[0]}
        for card in deal.holdings[0]:
            tag = tags[code(card)]
            reason = deal.why_not_playable(0, card)
            if reason is None:
                assert why_of(tag) is None
                assert "aria-disabled" not in tag
                continue
            assert why_of(tag) == sentence(reason)
            assert 'aria-disabled="true"' in tag
            note = re.search(r'aria-describedby="(why-not-\d+)"', tag)
            assert note, tag
            said = re.search(rf'<p id="{note.group(1)}" class="sr-only">([^<]*)</p>', person.html)
            assert said
            assert html_text.unescape(said.group(1)) == sentence(reason)
        assert 'id="why-not" class="why-not" role="status" aria-live="polite"' in person.html


def test_the_status_says_what_binds_the_person(seat: Seat) -> None:
    table, token, deal = following_table()
    person = seat(table, token)
    rule = deal.binding_rule(0)
    assert rule is not None
    said = sentence(rule)
    assert status_line(person.html) == f"Your turn: {said[:1].lower()}{said[1:]}"
    if rule.startswith("must follow"):  # the suit's name capitalised
        assert re.fullmatch(r"Your turn: you must follow (Cups|Coins|Swords|Staves|Trumps)\.",
                            status_line(person.html))  # fmt: skip


def test_a_free_lead_says_lead_a_card(seat: Seat) -> None:
    def free_lead(deal: Deal) -> bool:
        return deal.phase is Phase.PLAY and deal.turn == 0 and not deal.trick

    table, token = build_table()
    assert play_until(table, lambda d: free_lead(d) and d.binding_rule(0) is None)
    person = seat(table, token)
    assert status_line(person.html) == "Your turn: lead a card."
    assert "data-why" not in person.html


def test_the_fool_deadline_binds_the_lead(seat: Seat) -> None:
    """rules.md 2.7d: leading trick 23 with the Fool in hand, it is the only card."""

    def holds_the_fool_at_trick_23(deal: Deal) -> bool:
        return (
            deal.phase is Phase.PLAY
            and deal.turn == 0
            and deal.trick_number == 23
            and FOOL in deal.holdings[0]
        )

    for attempt in range(40):
        table, token = build_table(wanted=lambda d: FOOL in d.holdings[0], seed=attempt * 7)
        if play_until(table, holds_the_fool_at_trick_23, seed=attempt, keep_fool=True):
            break
    else:
        raise AssertionError("no table kept the Fool to trick 23 with the person to play")
    deal = table.match.deal
    assert deal is not None
    person = seat(table, token)
    if deal.trick:
        assert status_line(person.html) == "Your turn: the Fool must be played by trick 23."
    else:
        assert status_line(person.html) == (
            "Your turn: lead a card. The Fool must be played by trick 23."
        )
    tags = card_tags(person.html)
    assert why_of(tags["FOOL"]) is None
    for card, tag in tags.items():
        if card != "FOOL":
            assert why_of(tag) == "The Fool must be played by trick 23."


def barred_card(deal: Deal) -> str:
    card = next(c for c in deal.holdings[0] if deal.why_not_playable(0, c) is not None)
    return code(card)


def test_posting_a_card_that_may_not_be_played_is_refused_with_its_reason(
    seat: Seat, client: TestClient
) -> None:
    """Without JavaScript the card's form is posted: the refusal says the card's own reason,
    and nothing changes (the version, the hand, the trick)."""
    table, token, deal = following_table()
    person = seat(table, token)
    card = barred_card(deal)
    why = why_of(card_tags(person.html)[card])
    phase, turn, version = person.state()
    hand = person.hand()
    for htmx in (False, True):
        response = person.post("play", {"version": version, "card": card}, htmx=htmx)
        assert status_of(response) == 422
        assert html_text.unescape(message(person.html)) == why
        assert person.state() == (phase, turn, version)
        assert person.hand() == hand
    assert parse(card) in table.match.deal.holdings[0]  # the table object itself is untouched


def test_a_frame_that_waits_shows_no_reasons(seat: Seat) -> None:
    """The reasons are the person's own, on their turn to play: the frame before it (a
    computer's move, as the pages reveal it) shows none, and no card is aria-disabled."""
    table, token, _ = following_table()
    person = seat(table, token)
    assert "data-why" in person.html
    person.get(f"/at/{table.version - 1}", htmx=True)
    assert 'data-phase="play"' in person.html
    assert "data-why" not in person.html
    assert "aria-disabled" not in person.html.split('id="hand"', 1)[1]
