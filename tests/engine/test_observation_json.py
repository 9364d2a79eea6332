"""The observation's ``legal`` object carries what a program would otherwise need the rules for
(issue 18): a discard's size, and which legal plays name a suit (``static/docs/bot-protocol.md``).
Reading JSON back takes the objects written before these fields and after alike."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from app.engine.cards import codes
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.observation import observation_from_json, observe
from app.engine.options import DANISH, TROCCAS, Options
from app.engine.simulate import random_action

NEW_KEYS = ("size", "names_suit")


def decisions(game: str, seed: int, options: Options) -> list[Deal]:
    """Copies of one random deal at each of its decisions, in order."""
    deal = GAMES[game].shuffle_and_deal(Random(seed), seed % GAMES[game].seat_count, options)
    rng = Random(seed)
    found: list[Deal] = []
    while not deal.is_over:
        found.append(deal.copy())
        deal.apply(random_action(deal, rng))
    return found


def old_json(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as an observation was written before ``size`` and ``names_suit``."""
    legal = data["legal"]
    if legal is None:
        return data
    return {**data, "legal": {k: v for k, v in legal.items() if k not in NEW_KEYS}}


def check_legal(deal: Deal) -> bool:
    """The legal object of the seat to act, against the engine; whether a play named a suit."""
    obs = observe(deal, deal.turn)
    legal = obs.to_json()["legal"]
    assert legal["cards"] == codes(obs.legal)
    if deal.phase is Phase.DISCARD:
        assert legal["size"] == deal.discard_size
        assert "names_suit" not in legal
        return False
    if deal.phase is Phase.PLAY:
        leading = not deal.trick
        naming = [c for c in obs.legal if deal.names_suit(c, deal.trick_number, leading)]
        assert legal["names_suit"] == codes(naming)
        assert "size" not in legal
        return bool(naming)
    assert not set(NEW_KEYS) & set(legal)
    return False


@pytest.mark.parametrize(
    ("game", "options"),
    [
        (DANISH, Options()),
        (DANISH, Options(traditional_fool_timing=True)),
        (TROCCAS, Options(manual_bob=True)),
    ],
    ids=["danish", "danish-traditional-fool", "troccas-manual-bob"],
)
def test_legal_carries_the_discard_size_and_the_plays_that_name_a_suit(
    game: str, options: Options
) -> None:
    named = 0
    phases: set[Phase] = set()
    for seed in range(12):
        for deal in decisions(game, seed, options):
            phases.add(deal.phase)
            named += check_legal(deal)
    assert {Phase.DISCARD, Phase.PLAY} <= phases
    if game == DANISH:
        assert named, "no led Fool in these deals: the test saw no play that names a suit"
    else:
        assert not named


@pytest.mark.parametrize("game", [DANISH, TROCCAS])
def test_observations_read_back_from_old_and_new_json(game: str) -> None:
    for deal in decisions(game, 3, Options())[::7]:
        for seat in range(deal.seat_count):
            obs = observe(deal, seat)
            data = obs.to_json()
            assert (data["legal"] is None) is (seat != deal.turn)
            assert observation_from_json(data) == obs
            assert observation_from_json(old_json(data)) == obs
