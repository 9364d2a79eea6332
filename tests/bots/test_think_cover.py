"""A computer's think time tells nothing of its hand (``app.bots.worker.ThinkTimes``): a
decision that searched is shown when it is made, and one that skipped its search (a single
legal card, say) is shown after a recent search's think time in the same public situation.
The cover never changes the card played."""

from __future__ import annotations

from random import Random

import pytest

from app.bots import base, worker
from app.bots.hard import candidates
from app.bots.knowledge import read
from app.bots.worker import Decision, ThinkTimes, decide_covered
from app.engine.observation import Observation
from tests.bots.helpers import a_play, card_plays

SETTINGS = base.BotSettings(hard_budget=2_000)


def hard(obs: Observation, seed: int = 5) -> Decision:
    """Hard's decision at ``obs``, with a small budget."""
    return worker.request(obs, "hard", SETTINGS, Random(seed))


def test_a_search_is_shown_when_made_and_its_think_time_kept() -> None:
    times = ThinkTimes()
    searched = hard(a_play("troccas", legal=3, hand=10))
    action, cover = decide_covered(searched, times)
    assert cover == 0.0
    assert action == worker.decide(searched)
    only = hard(a_play("troccas", legal=1, hand=10))
    assert times.cover(only.obs, "hard") > 0  # the search's time, kept for a skipped one


def test_a_single_legal_card_waits_as_long_as_a_search_took() -> None:
    times = ThinkTimes()
    only = hard(a_play("troccas", legal=1, hand=10))
    times.record(only.obs, "hard", 0.25)
    action, cover = decide_covered(only, times)
    assert action == worker.decide(only)
    assert 0.2 < cover <= 0.25  # the search's 0.25 s, less what this decision took


def test_with_no_search_yet_nothing_is_waited() -> None:
    only = hard(a_play("troccas", legal=1))
    assert decide_covered(only, ThinkTimes())[1] == 0.0


def test_a_cover_comes_from_the_same_level_game_and_phase_only() -> None:
    only = hard(a_play("troccas", legal=1, hand=10))
    times = ThinkTimes()
    times.record(only.obs, "medium", 0.25)
    times.record(a_play("danish-tarok", legal=1, hand=10), "hard", 0.25)
    assert times.cover(only.obs, "hard") == 0.0


def test_the_cover_is_a_time_of_the_nearest_hand_size() -> None:
    times = ThinkTimes()
    times.record(a_play("troccas", legal=1, hand=14), "hard", 0.4)
    times.record(a_play("troccas", legal=1, hand=9), "hard", 0.1)
    times.record(a_play("troccas", legal=1, hand=3), "hard", 0.01)
    assert times.cover(a_play("troccas", legal=1, hand=10), "hard") == 0.1
    assert times.cover(a_play("troccas", legal=1, hand=13), "hard") == 0.4


def test_the_cover_is_drawn_from_the_recent_times() -> None:
    times = ThinkTimes()
    obs = a_play("troccas", legal=1, hand=10)
    for index in range(ThinkTimes.KEPT + 8):
        times.record(obs, "hard", float(index))
    drawn = {times.cover(obs, "hard") for _ in range(400)}
    assert drawn == {float(index) for index in range(8, ThinkTimes.KEPT + 8)}


@pytest.mark.parametrize("game_key", ["troccas", "danish-tarok"])
def test_alike_legal_cards_are_covered_as_a_single_card_is(game_key: str) -> None:
    """Several legal cards, all alike: the computer plays one without a search, and waits
    as long as a search took."""
    alike = next(
        obs
        for obs in card_plays(game_key, seed=5)
        if len(obs.legal) > 1 and len(candidates(obs, read(obs))) == 1
    )
    times = ThinkTimes()
    times.record(alike, "hard", 0.25)
    action, cover = decide_covered(hard(alike), times)
    assert action == worker.decide(hard(alike))
    assert 0.2 < cover <= 0.25


@pytest.mark.parametrize("game_key", ["troccas", "danish-tarok"])
def test_covering_never_changes_the_card(game_key: str) -> None:
    """The cover is drawn from a stream of its own: with or without kept times, every
    decision of a deal is the one the level makes in-process."""
    times = ThinkTimes()
    for index, obs in enumerate(card_plays(game_key, seed=3)):
        if index % 7:
            continue
        decision = hard(obs, seed=index)
        assert decide_covered(decision, times)[0] == worker.decide(decision)
