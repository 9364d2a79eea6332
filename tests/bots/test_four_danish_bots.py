"""Every level plays whole deals of Danish Tarok for four (rules.md 2.17) through its
three-player view (``app/bots/seating.py``), and never makes an illegal move."""

from __future__ import annotations

import json
from random import Random

import pytest

from app.arena import Setup, run
from app.bots.base import LEVEL_NAMES, BotSettings, arena_bot, get_bot, hint
from app.bots.seating import four_seat_action, three_seat
from app.cli import main
from app.engine.match import Match
from app.engine.observation import observe
from app.engine.options import DANISH, DANISH_FOUR, Options


def play_deals(level: str, deals: int, settings: BotSettings | None = None) -> Match:
    match = Match.new(DANISH_FOUR, Options(), f"bots-{level}")
    for number in range(deals):
        deal = match.start_deal()
        rng = Random(number)
        while not deal.is_over:
            bot = arena_bot(level, settings, ismcts_iterations=30)
            deal.check(action := bot.choose(observe(deal, deal.turn), rng))
            deal.apply(action)
    return match


@pytest.mark.parametrize("level", [*LEVEL_NAMES, "ismcts"])
def test_each_level_plays_whole_four_player_deals(level: str) -> None:
    deals = 1 if level in ("hard", "ismcts") else 4
    match = play_deals(level, deals, BotSettings(hard_budget=2000))
    assert match.deal is not None
    assert match.deal.is_over


def test_the_three_player_view_is_the_deal_among_the_players() -> None:
    match = Match.new(DANISH_FOUR, Options(), "view")
    deal = match.start_deal()
    rng = Random(3)
    while len(deal.tricks) < 5:
        deal.apply(get_bot("easy").choose(observe(deal, deal.turn), rng))
    obs = observe(deal, deal.turn)
    three, real = three_seat(obs)
    assert three.game == DANISH
    assert three.seat_count == 3
    assert three.dealer == 0
    assert real == (deal.dealer, (deal.dealer + 1) % 4, (deal.dealer + 3) % 4)
    assert real[three.seat] == obs.seat
    assert three.hand == obs.hand
    assert three.hand_sizes == tuple(len(deal.holdings[s]) for s in real)
    for trick, seen in zip(deal.tricks, three.tricks, strict=True):
        assert real[seen.winner] == trick.winner
        assert [real[seen.seat_of(i, 3)] for i in range(3)] == list(trick.order)
    out = deal.sits_out
    kept = [e for e in deal.books.ledger if out not in (e.source, e.target)]
    assert len(three.ledger) == len(kept)
    action = get_bot("medium").choose(three, Random(0))
    assert four_seat_action(action, real).seat == obs.seat


def test_the_sitter_out_gets_no_hint() -> None:
    deal = Match.new(DANISH_FOUR, Options(), "hint").start_deal()
    with pytest.raises(ValueError, match="no decision"):
        hint(observe(deal, deal.sits_out or 0), Random(0), "medium")


def test_the_arena_plays_danish_tarok_for_four() -> None:
    """A level counts only the deals it plays: with one deal the seat opposite the dealer (a
    random player here) sits out and has no result, and the report says so without failing."""
    players = ("easy", "medium", "random", "medium")
    data = run(Setup(DANISH_FOUR, players, 1, 2, False), 1, False)
    assert data["levels"]["random"]["decisions"] == 0
    assert data["levels"]["easy"]["decisions"] > 0
    duplicate = run(Setup(DANISH_FOUR, players, 2, 2, True), 1, False)
    assert duplicate["seatings"] == 4
    assert all(figures["decisions"] > 0 for figures in duplicate["levels"].values())


def test_the_command_offers_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["arena", "--game", DANISH_FOUR, "--players", "easy,random,easy,random", "--deals", "2",
         "--json", "--quiet"]
    )  # fmt: skip
    assert status == 0
    assert json.loads(capsys.readouterr().out)["game"] == DANISH_FOUR
