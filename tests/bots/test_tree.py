"""Hard's information-set tree (``app.bots.tree``): it counts what it tries and plays legal
cards only, the same for the same stream (honest: ``test_honesty``)."""

from __future__ import annotations

import math
from random import Random

import pytest

from app.bots.base import BotSettings, get_bot
from app.bots.hard import candidates
from app.bots.knowledge import read
from app.bots.tree import iterations_for, search_cards
from app.engine.actions import PlayCard
from app.engine.deal import Phase
from app.engine.observation import Observation, observe
from app.engine.options import GAMES as GAME_KEYS
from tests.bots.helpers import deal_at

BUDGET = 1500


def _positions(game: str, first: int, count: int) -> list[tuple[int, Observation]]:
    found: list[tuple[int, Observation]] = []
    for seed in range(first, first + count):
        deal = deal_at(game, seed)
        if deal.is_over or deal.phase is not Phase.PLAY:
            continue
        obs = observe(deal, deal.turn)
        if len(obs.legal) >= 2 and len(obs.hand) > 3:
            found.append((seed, obs))
    return found


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_iteration_goes_through_one_card_of_the_root(game: str) -> None:
    """The root's cards are the distinct legal cards; their visits add up to the iterations,
    each card is tried, and its mean and standard error are those of its results."""
    positions = _positions(game, 400, 24)
    assert len(positions) >= 8
    for seed, obs in positions:
        know = read(obs)
        cards = candidates(obs, know)
        found = search_cards(obs, know, Random(seed), cards, {}, BUDGET)
        assert [root.card for root in found] == cards
        assert sum(root.visits for root in found) == iterations_for(obs, BUDGET)
        for root in found:
            assert root.visits >= 1
            assert 0 <= root.trick_wins <= root.visits
            assert math.isfinite(root.mean)
            assert root.error == math.inf if root.visits < 2 else root.error >= 0


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_same_stream_gives_the_same_card(game: str) -> None:
    bot = get_bot("hard", BotSettings(hard_budget=BUDGET))
    for seed, obs in _positions(game, 1300, 10):
        action = bot.choose(obs, Random(seed))
        assert action == bot.choose(obs, Random(seed))
        assert isinstance(action, PlayCard)
        assert action.card in obs.legal
