"""The ``ismcts`` reference opponent: legal, deterministic, and kept off the pages (honest:
``test_honesty``)."""

from __future__ import annotations

from random import Random

import pytest

from app.bots.base import ARENA_LEVELS, LEVELS, AsThreeSeats, BotSettings, arena_bot, get_bot
from app.bots.ismcts import LEVELS as LEVELS_OF_ISMCTS
from app.bots.ismcts import RANDOM_LEVEL, IsmctsBot, Node, random_play_out, search_tree
from app.bots.knowledge import read
from app.bots.sampling import sample_world
from app.bots.sim import Sim
from app.engine.actions import PlayCard
from app.engine.deal import Phase
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import GAMES as GAME_KEYS
from app.engine.rng import stream
from app.protocol.naming import BadProgram, check_name
from app.web.table.model import Seat
from app.web.table.players import DEFAULT_LEVEL, PAGE_LEVELS, level_of
from tests.bots.helpers import deal_at, random_options

TINY = 8


@pytest.mark.parametrize("level", LEVELS_OF_ISMCTS)
@pytest.mark.parametrize("game", GAME_KEYS)
def test_it_plays_only_legal_actions_through_whole_deals(game: str, level: str) -> None:
    bot = IsmctsBot(TINY, level=level)
    game_obj = GAMES[game]
    plays = 0
    for number in range(3):
        rng = Random(number)
        options = random_options(game, rng)
        deal = game_obj.shuffle_and_deal(rng, number % game_obj.seat_count, options)
        while not deal.is_over:
            obs = observe(deal, deal.turn)
            action = bot.choose(obs, stream(number, deal.turn, len(deal.history)))
            deal.check(action)  # raises IllegalAction
            plays += isinstance(action, PlayCard)
            deal.apply(action)
    assert plays == 3 * game_obj.seat_count * (25 if game == "danish-tarok" else 19)


@pytest.mark.parametrize("level", LEVELS_OF_ISMCTS)
@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_same_stream_gives_the_same_card(game: str, level: str) -> None:
    random = level == RANDOM_LEVEL
    checked = 0
    for seed in range(8):
        deal = deal_at(game, 500 + seed)
        if deal.is_over:
            continue
        obs = observe(deal, deal.turn)
        first = IsmctsBot(20, level=level).choose(obs, Random(seed))
        assert IsmctsBot(20, level=level).choose(obs, Random(seed)) == first
        root = search_tree(obs, Random(seed), 20, random_playouts=random)
        again = search_tree(obs, Random(seed), 20, random_playouts=random)
        assert _visits(root) == _visits(again)
        checked += 1
    assert checked >= 6


def _visits(root: Node) -> list[tuple[int, int, int]]:
    return [(card, child.visits, child.avail) for card, child in sorted(root.children.items())]


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_tree_counts_visits_and_availability(game: str) -> None:
    """Every iteration visits one root child; a child is available at least as often as it is
    visited (UCB1 with availability counts); the card chosen is the most visited."""
    found = 0
    for seed in range(16):
        deal = deal_at(game, 700 + seed)
        if deal.is_over:
            continue
        obs = observe(deal, deal.turn)
        if len(obs.legal) < 2:
            continue
        root = search_tree(obs, Random(seed), 60)
        assert root.visits == 60
        assert sum(child.visits for child in root.children.values()) == 60
        assert set(root.children) == set(obs.legal)  # the own hand's cards are always legal
        for child in root.children.values():
            assert child.seat == obs.seat
            assert child.avail >= child.visits >= 1
        card = IsmctsBot(60).play(obs, Random(seed))
        most = max(child.visits for child in root.children.values())
        assert root.children[card].visits == most
        found += 1
    assert found >= 8


@pytest.mark.parametrize("level", LEVELS_OF_ISMCTS)
@pytest.mark.parametrize("game", GAME_KEYS)
def test_all_hands_are_ignored_unless_the_setting_is_on(game: str, level: str) -> None:
    bot = arena_bot(level, BotSettings(), ismcts_iterations=16)
    for seed in range(8):
        deal = deal_at(game, 3000 + seed)
        if deal.is_over or deal.phase is not Phase.PLAY:
            continue
        plain, seeing = observe(deal, deal.turn), observe(deal, deal.turn, see_all=True)
        assert bot.choose(plain, Random(seed)) == bot.choose(seeing, Random(seed))


@pytest.mark.parametrize("level", LEVELS_OF_ISMCTS)
def test_random_playouts_play_legal_cards_to_the_end(level: str) -> None:
    """``ismcts-random`` plays its playouts with random legal cards: whole deals, payoffs that
    add up as the engine's (zero-sum in Troccas between the teams)."""
    for seed in range(6):
        deal = deal_at("troccas", 900 + seed)
        if deal.is_over or deal.phase is not Phase.PLAY:
            continue
        obs = observe(deal, deal.turn)
        world = sample_world(read(obs), obs, Random(seed))
        sim = Sim.from_world(obs, world.holdings, world.discard)
        payoffs = random_play_out(sim, Random(seed))
        assert sim.is_over
        assert payoffs[0] == payoffs[2] == -payoffs[1] == -payoffs[3]
    assert IsmctsBot(4, level=level).level == level


def test_it_is_an_arena_level_and_never_a_level_of_the_pages() -> None:
    assert "ismcts" in ARENA_LEVELS
    assert RANDOM_LEVEL in ARENA_LEVELS
    assert RANDOM_LEVEL not in LEVELS
    seated = arena_bot(RANDOM_LEVEL, ismcts_iterations=5)
    # every arena bot plays Danish Tarok for four too, through the three-seat adapter
    assert isinstance(seated, AsThreeSeats)
    assert isinstance(seated.bot, IsmctsBot)
    with pytest.raises(KeyError):
        IsmctsBot(5, level="medium")
    assert "ismcts" not in LEVELS
    with pytest.raises(KeyError):
        get_bot("ismcts")
    assert "ismcts" not in PAGE_LEVELS
    assert level_of(Seat("bot", "Right", level="ismcts")) == DEFAULT_LEVEL  # a page never plays it
    ismcts = arena_bot("ismcts", ismcts_iterations=5)
    assert isinstance(ismcts, AsThreeSeats)
    assert isinstance(ismcts.bot, IsmctsBot)
    assert arena_bot("medium") is get_bot("medium")
    with pytest.raises(BadProgram):
        check_name("ISMCTS")  # a program may not take its name
    with pytest.raises(ValueError, match="at least one iteration"):
        IsmctsBot(0)
