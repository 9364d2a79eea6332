"""The bots never peek: a deal that differs only in what a seat cannot see gives that seat
the same observation and its bot the same choice ("opponents will not look at other
hands", rules.md 2.13, 3.7)."""

from __future__ import annotations

from random import Random

import pytest

from app.bots.base import BotSettings, get_bot
from app.bots.ismcts import RANDOM_LEVEL, IsmctsBot
from app.engine.observation import observe
from app.engine.options import GAMES
from tests.bots.helpers import deal_at, reshuffled

SETTINGS = BotSettings(hard_budget=400)
LEVELS = ("random", "easy", "medium", "hard")


@pytest.mark.parametrize("game", GAMES)
def test_choice_does_not_depend_on_hidden_cards(game: str) -> None:
    compared = 0
    for seed in range(40):
        deal = deal_at(game, 1000 + seed)
        if deal.is_over:
            continue
        seat = deal.turn
        other = reshuffled(deal, seat, seed)
        if other is None:
            continue
        assert [sorted(h) for h in other.holdings] != [sorted(h) for h in deal.holdings]
        obs, obs_other = observe(deal, seat), observe(other, seat)
        assert obs == obs_other
        for level in LEVELS:
            bot = get_bot(level, SETTINGS)
            assert bot.choose(obs, Random(seed)) == bot.choose(obs_other, Random(seed)), level
        for reference in (IsmctsBot(16), IsmctsBot(16, level=RANDOM_LEVEL)):  # honest too
            assert reference.choose(obs, Random(seed)) == reference.choose(obs_other, Random(seed))
        compared += 1
    assert compared >= 30


@pytest.mark.parametrize("game", GAMES)
def test_reshuffled_deals_really_differ_for_the_others(game: str) -> None:
    """The honesty test is not vacuous: the other seats do see a different deal."""
    differing = 0
    for seed in range(20):
        deal = deal_at(game, 2000 + seed)
        if deal.is_over:
            continue
        other = reshuffled(deal, deal.turn, seed)
        if other is None:
            continue
        seats = [s for s in range(deal.seat_count) if s != deal.turn]
        differing += any(observe(deal, s) != observe(other, s) for s in seats)
    assert differing >= 15


@pytest.mark.parametrize("game", GAMES)
def test_all_hands_are_ignored_unless_the_setting_is_on(game: str) -> None:
    """An observation that carries every hand changes nothing for a bot whose match did not
    switch on "opponents see all hands"."""
    for seed in range(15):
        deal = deal_at(game, 3000 + seed)
        if deal.is_over:
            continue
        seat = deal.turn
        plain, seeing = observe(deal, seat), observe(deal, seat, see_all=True)
        for level in ("medium", "hard"):
            bot = get_bot(level, SETTINGS)
            assert bot.choose(plain, Random(seed)) == bot.choose(seeing, Random(seed))
