"""The bots' fast simulator plays exactly like the engine (design.md Part 2: "if a bot uses
its own faster simulator, a test plays many random deals through both and demands the same
results")."""

from __future__ import annotations

from random import Random

import pytest

from app.bots.sim import Sim
from app.engine.deal import Phase
from app.engine.observation import observe
from app.engine.options import DANISH, GAMES
from tests.bots.helpers import deal_at, machine_step


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("block", range(4))
def test_simulator_matches_the_engine(game: str, block: int) -> None:
    for seed in range(block * 100, block * 100 + 100):
        deal = deal_at(game, seed)
        if deal.is_over:
            continue
        obs = observe(deal, deal.turn, see_all=True)
        assert obs.all_hands is not None
        sim = Sim.from_world(obs, [list(h) for h in obs.all_hands], deal.discarded)
        start_balances = list(deal.books.balances)
        rng = Random(seed)
        while not deal.is_over:
            if deal.phase is Phase.PLAY:
                assert sim.turn == deal.turn, seed
                assert sorted(sim.legal()) == sorted(deal.legal_cards()), seed
                assert sim.holding(deal.turn) == sorted(
                    deal.holdings[deal.turn], key=lambda c: c
                ) or sorted(sim.holding(deal.turn)) == sorted(deal.holdings[deal.turn])
                before = len(deal.history)
                machine_step(deal, rng)
                action = deal.history[before]
                sim.play(action.card, None if action.name is None else int(action.name))  # type: ignore[union-attr]
            else:
                machine_step(deal, rng)
        assert sim.is_over, seed
        assert deal.counts is not None
        assert sim.final_counts() == deal.counts, seed
        changes = [b - a for a, b in zip(start_balances, deal.books.balances, strict=True)]
        if game == DANISH:
            assert sim.delta == changes, seed
            assert sim.pots == [deal.books.pots["king-pot"], deal.books.pots["pagat-pot"]]
        else:
            assert sim.payoffs() == [deal.teams[s % 2]["result"] for s in range(4)], seed  # type: ignore[index]


def test_holdings_round_trip() -> None:
    deal = deal_at(DANISH, 3, plays=10)
    obs = observe(deal, deal.turn, see_all=True)
    assert obs.all_hands is not None
    sim = Sim.from_world(obs, [list(h) for h in obs.all_hands], deal.discarded)
    for seat in range(3):
        assert sorted(sim.holding(seat)) == sorted(deal.holdings[seat])
    clone = sim.clone()
    clone.play(clone.legal()[0])
    assert sorted(sim.holding(deal.turn)) == sorted(deal.holdings[deal.turn])


def test_the_running_winner_is_the_winner_worked_out_afresh() -> None:
    for seed in range(200):
        deal = deal_at(GAMES[seed % 2], seed)
        if deal.is_over:
            continue
        obs = observe(deal, deal.turn, see_all=True)
        assert obs.all_hands is not None
        sim = Sim.from_world(obs, [list(h) for h in obs.all_hands], deal.discarded)
        rng = Random(seed)
        while not sim.is_over:
            legal = sim.legal()
            card = legal[int(rng.random() * len(legal))]
            name = 4 if card == 77 and not sim.trick and sim.danish and sim.number < 25 else None
            sim.play(card, name)
            if sim.trick and sim.trick != [77]:
                assert sim.winner_index() == sim.winner_of(sim.trick), seed
