"""Pinned decisions of hard and ismcts (issue 11): the simulator and the playout policy are
tuned for speed, and speed must not change play. Each row is a position (a random deal of
``tests.bots.helpers.deal_at``, random options included), a level and a stream seed, with the
card the level played there when the table was written (commit 5423a74, before the speed-up).

A deliberate change of the bots' play changes some of these cards: then regenerate the rows
(same positions and seeds) and say so in the commit; a speed change must leave them alone.
"""

from __future__ import annotations

from random import Random

import pytest

from app.bots import playout
from app.bots.base import BotSettings, get_bot
from app.bots.ismcts import IsmctsBot
from app.bots.knowledge import read
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.engine.actions import Action, PlayCard
from app.engine.cards import code
from app.engine.danish import FOOL_DEADLINE
from app.engine.observation import observe
from tests.bots.helpers import deal_at

PINNED = [
    ("danish-tarok", 500, "hard", "SW-Q"),
    ("danish-tarok", 501, "hard", "CU-2"),  # the other seats' playouts random (session 6)
    ("danish-tarok", 502, "hard+see", "T3"),
    ("danish-tarok", 503, "ismcts", "ST-Q"),
    ("danish-tarok", 504, "ismcts+see", "CU-6"),
    ("danish-tarok", 505, "hard", "CU-K"),
    ("danish-tarok", 506, "hard", "T14"),
    ("danish-tarok", 507, "hard", "CO-6"),
    ("danish-tarok", 508, "hard+see", "CU-10"),
    ("danish-tarok", 510, "ismcts+see", "T14"),
    ("danish-tarok", 511, "hard", "T9"),  # the other seats' playouts random (session 6)
    ("troccas", 500, "hard", "ST-9"),
    ("troccas", 501, "hard", "T1"),
    ("troccas", 502, "hard+see", "SW-Q"),
    ("troccas", 504, "ismcts+see", "CU-5"),
    ("troccas", 505, "hard", "T13"),
    ("troccas", 506, "hard", "T2"),
    ("troccas", 508, "hard+see", "CO-9"),
    ("troccas", 510, "ismcts+see", "SW-10"),
]


def _decide(level: str, game: str, seed: int) -> Action:
    deal = deal_at(game, seed)
    obs = observe(deal, deal.turn, see_all=level.endswith("+see"))
    see_all = level.endswith("+see")
    if level.startswith("hard"):
        bot = get_bot("hard", BotSettings(hard_budget=3000, see_all=see_all))
        return bot.choose(obs, Random(seed - 500))
    return IsmctsBot(40, see_all=see_all).choose(obs, Random(seed - 500))


@pytest.mark.parametrize(("game", "seed", "level", "card"), PINNED)
def test_the_same_position_and_stream_give_the_pinned_card(
    game: str, seed: int, level: str, card: str
) -> None:
    action = _decide(level, game, seed)
    assert isinstance(action, PlayCard)
    assert code(action.card) == card


def _endgames(count: int) -> list[Sim]:
    """Danish worlds at the start of trick 24 (the playout's exact endgame), random options."""
    found: list[Sim] = []
    seed = 0
    while len(found) < count:
        seed += 1
        deal = deal_at("danish-tarok", 700 + seed, plays=0)
        obs = observe(deal, deal.turn)
        world = sample_world(read(obs), obs, Random(seed))
        sim = Sim.from_world(obs, world.holdings, world.discard)
        while sim.number < 24:
            card = playout.choose(sim)
            sim.play(card, playout.fool_name(sim, card))
        found.append(sim)
    return found


def test_the_remembered_endgame_gives_the_searched_payoffs() -> None:
    """``search`` remembers Danish endgames by their key; a remembered result is the result
    of searching afresh, also when only the tokens each seat had before differ."""
    playout.ENDGAMES.clear()
    for sim in _endgames(40):
        fresh = playout._search(sim.clone()).payoffs()
        assert playout.search(sim.clone()) == fresh
        assert playout.search(sim.clone()) == fresh  # remembered
        richer = sim.clone()
        richer.delta = [d + 7 * s for s, d in enumerate(richer.delta)]
        assert playout.search(richer) == [f + 7 * s for s, f in enumerate(fresh)]
    assert playout.ENDGAMES


def test_the_cost_tables_are_the_cost_functions() -> None:
    assert FOOL_DEADLINE == 23  # the tables' early and late Danish tricks split there
    for sim in _endgames(6):
        for number in (1, 22, 23, 24):
            sim.number = number
            for card in range(78):
                assert playout.LOSS_COST[sim.danish][sim.chicks][sim.danish and number < 23][
                    card
                ] == playout._loss_cost(sim, card)
                assert playout.WIN_COST[sim.chicks][card] == playout._win_cost(sim, card)


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_remembered_searches_from_inside_a_trick_are_the_fresh_ones(game: str) -> None:
    """The hard level's exact endgames start after its card, inside a trick."""
    playout.ENDGAMES.clear()
    checked = 0
    for seed in range(60):
        seats = 3 if game == "danish-tarok" else 4
        deal = deal_at(game, 900 + seed, plays=((25 if seats == 3 else 19) - 3) * seats)
        if deal.is_over:
            continue
        obs = observe(deal, deal.turn)
        world = sample_world(read(obs), obs, Random(seed))
        sim = Sim.from_world(obs, world.holdings, world.discard)
        card = sim.legal()[0]
        sim.play(card, playout.fool_name(sim, card))
        if sim.is_over:
            continue
        if game == "danish-tarok":
            fresh = playout._search(sim.clone()).payoffs()
        else:
            value = playout._minimax(sim.clone(), -(10**9), 10**9, {})
            fresh = [value if seat % 2 == 0 else -value for seat in range(seats)]
        assert playout.search(sim.clone()) == fresh
        assert playout.search(sim.clone()) == fresh
        checked += 1
    assert checked > 20
