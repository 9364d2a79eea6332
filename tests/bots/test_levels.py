"""Every level always returns a legal action, deterministically, in both games and under
every combination of options and bot settings."""

from __future__ import annotations

from random import Random

import pytest

from app.bots.base import LEVEL_NAMES, SLIDER, BotSettings, get_bot, hint
from app.engine.actions import Discard, PlayCard
from app.engine.cards import IS_PIP
from app.engine.deal import Phase
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import GAMES as GAME_KEYS
from app.engine.rng import stream
from app.engine.simulate import random_action
from tests.bots.helpers import deal_at, random_options

TINY = 300
"""A hard budget small enough for unit tests (one sampled world per decision)."""


def random_settings(rng: Random, seats: int) -> BotSettings:
    pairs = {
        (helper, trier)
        for helper in range(seats)
        for trier in range(seats)
        if helper != trier and rng.random() < 0.2
    }
    return BotSettings(frozenset(pairs), rng.random() < 0.3, TINY)


@pytest.mark.parametrize("game", GAME_KEYS)
@pytest.mark.parametrize("block", range(3))
def test_every_level_plays_only_legal_actions(game: str, block: int) -> None:
    """Whole deals with the four levels mixed; ``apply`` checks each action first."""
    game_obj = GAMES[game]
    for number in range(block * 6, block * 6 + 6):
        rng = Random(number)
        options = random_options(game, rng)
        settings = random_settings(rng, game_obj.seat_count)
        deal = game_obj.shuffle_and_deal(rng, number % game_obj.seat_count, options)
        levels = [LEVEL_NAMES[(number + s) % 4] for s in range(game_obj.seat_count)]
        while not deal.is_over:
            seat = deal.turn
            obs = observe(deal, seat, see_all=settings.see_all)
            action = get_bot(levels[seat], settings).choose(obs, stream(number, seat))
            assert action.seat == seat
            deal.apply(action)


@pytest.mark.parametrize("game", GAME_KEYS)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_same_observation_and_stream_give_the_same_action(game: str, level: str) -> None:
    bot = get_bot(level, BotSettings(hard_budget=1500))
    for seed in range(12):
        deal = deal_at(game, 700 + seed)
        if deal.is_over:
            continue
        obs = observe(deal, deal.turn)
        first = bot.choose(obs, Random(seed))
        again = get_bot(level, BotSettings(hard_budget=1500)).choose(obs, Random(seed))
        assert first == again


def test_the_slider_offers_three_levels_and_random_is_only_a_baseline() -> None:
    assert SLIDER == ("easy", "medium", "hard")
    assert set(LEVEL_NAMES) == {"random", *SLIDER}
    with pytest.raises(KeyError):
        get_bot("impossible")


@pytest.mark.parametrize("game", GAME_KEYS)
def test_machine_dealers_discard_only_pips(game: str) -> None:
    """rules.md 2.4 (SEED-DK: "The machine players discard only pips"). The Troccas kitty has
    no such rule (rules.md 3.3: any card but the Kings, T1, T21 and the Fool): there the hard
    level may bank a court card whose points the search finds safer in the kitty."""
    game_obj = GAMES[game]
    for seed in range(60):
        rng = Random(seed)
        deal = game_obj.shuffle_and_deal(rng, seed % game_obj.seat_count, random_options(game, rng))
        if deal.phase is Phase.CHICKS:  # Chicks decided after the deal comes first (2.14a)
            deal.apply(random_action(deal, rng))
        obs = observe(deal, deal.dealer)
        pips = [c for c in obs.legal if IS_PIP[c]]
        for level in LEVEL_NAMES:
            action = get_bot(level).choose(obs, Random(seed))
            assert isinstance(action, Discard)
            deal.check(action)
            if len(pips) >= len(action.cards) and (game == "danish-tarok" or level != "hard"):
                assert all(IS_PIP[c] for c in action.cards), (level, seed)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_hints_are_legal_actions_with_reasons(level: str) -> None:
    for game in GAME_KEYS:
        for seed in range(10):
            deal = deal_at(game, 900 + seed)
            if deal.is_over:
                continue
            obs = observe(deal, deal.turn)
            found = get_bot(level, BotSettings(hard_budget=TINY)).hint(obs, Random(seed))
            deal.check(found.action)
            assert isinstance(found.action, PlayCard)
            assert found.reason
            assert len(found.reason) < 200
            assert "\n" not in found.reason


def test_module_hint_defaults_to_the_hard_level() -> None:
    deal = deal_at("troccas", 4, plays=9)
    obs = observe(deal, deal.turn)
    found = hint(obs, Random(1), settings=BotSettings(hard_budget=TINY))
    deal.check(found.action)
    assert found == get_bot("hard", BotSettings(hard_budget=TINY)).hint(obs, Random(1))


def test_hard_hint_speaks_of_the_trick_not_of_sampled_deals() -> None:
    deal = deal_at("danish-tarok", 8, plays=4)
    obs = observe(deal, deal.turn)
    if len(obs.legal) > 1:
        found = get_bot("hard", BotSettings(hard_budget=4000)).hint(obs, Random(2))
        assert "trick" in found.reason
        assert "sampled" not in found.reason
        assert "average" not in found.reason


def test_discard_hint_and_phase() -> None:
    deal = GAMES["danish-tarok"].shuffle_and_deal(Random(5), 1, random_options("x", Random(0)))
    assert deal.phase is Phase.DISCARD
    found = get_bot("medium").hint(observe(deal, 1), Random(0))
    assert isinstance(found.action, Discard)
    assert "pips" in found.reason


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_asking_a_seat_that_is_not_to_act_is_refused(level: str) -> None:
    deal = deal_at("danish-tarok", 12, plays=5)
    other = (deal.turn + 1) % 3
    with pytest.raises(ValueError, match="no decision"):
        get_bot(level).choose(observe(deal, other), Random(0))
