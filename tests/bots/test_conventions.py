"""The seed's machine-player behaviours (rules.md 2.7d, 2.13, 2.15, 3.7)."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from app.bots.base import LEVEL_NAMES, BotSettings, get_bot
from app.bots.conventions import cover_honour
from app.bots.knowledge import read
from app.bots.odds import Table
from app.engine.actions import CallBob, DemandFool, PlayCard
from app.engine.cards import ALL_CARDS, FOOL, Card, display_name, parse
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import Options
from app.engine.simulate import random_action


def cards(*codes: str) -> list[Card]:
    return [parse(code) for code in codes]


def danish_deal(
    hands: list[list[Card]],
    dealer: int = 2,
    talon: tuple[str, ...] = ("CO-8", "CO-7", "CO-6"),
    options: Options | None = None,
) -> Deal:
    """A Danish deal with the given cards first in each holding, the rest dealt in order."""
    extra = cards(*talon)
    used = {c for hand in hands for c in hand} | set(extra)
    rest = [c for c in ALL_CARDS if c not in used]
    full = [list(hand) for hand in hands]
    for seat in range(3):
        while len(full[seat]) < 25:
            full[seat].append(rest.pop(0))
    return GAMES["danish-tarok"].new_deal(full, extra, dealer, options or Options())


def keep_the_fool(deal: Deal, rng: Random) -> None:
    """A random action, playing the Fool only when it is the only legal card."""
    if deal.phase is Phase.PLAY:
        legal = [c for c in deal.legal_cards() if c != FOOL] or deal.legal_cards()
        deal.apply(PlayCard(deal.turn, legal[int(rng.random() * len(legal))]))
    else:
        deal.apply(random_action(deal, rng))


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_a_machine_always_demands_the_fool(level: str) -> None:
    options = Options(traditional_fool_timing=True)
    found = 0
    for seed in range(40):
        rng = Random(seed)
        deal = GAMES["danish-tarok"].shuffle_and_deal(rng, seed % 3, options)
        while not deal.is_over and deal.phase is not Phase.DEMAND_FOOL:
            keep_the_fool(deal, rng)
        if deal.phase is Phase.DEMAND_FOOL:
            action = get_bot(level).choose(observe(deal, deal.turn), rng)
            assert action == DemandFool(deal.turn, True)
            found += 1
    assert found >= 10


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_a_machine_always_calls_bob(level: str) -> None:
    options = Options(manual_bob=True)
    found = 0
    for seed in range(80):
        rng = Random(seed)
        deal = GAMES["troccas"].shuffle_and_deal(rng, seed % 4, options)
        while not deal.is_over and deal.phase is not Phase.BOB:
            deal.apply(random_action(deal, rng))
        if deal.phase is Phase.BOB:
            action = get_bot(level).choose(observe(deal, deal.turn), rng)
            assert action == CallBob(deal.turn, True)
            found += 1
    assert found >= 5


def _cover_position() -> Deal:
    """Seat 1 declares 12 trumps; seat 0 leads the Knight of Cups, seat 1 follows low, and
    seat 2 holds the King of Cups."""
    trumps = [f"T{n}" for n in range(2, 14)]
    deal = danish_deal(
        [
            cards("CU-N", "CU-3"),
            cards(*trumps, "CU-2"),
            cards("CU-K", "CU-5", "CU-7", "SW-2", "SW-3", "SW-4", "SW-5"),
        ]
    )
    deal.apply(get_bot("medium").choose(observe(deal, 2), Random(0)))
    deal.apply(PlayCard(0, parse("CU-N")))
    deal.apply(PlayCard(1, parse("CU-2")))
    return deal


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_against_the_trump_hand_a_king_covers_an_honour(level: str) -> None:
    deal = _cover_position()
    assert any(d.kind == "trumps" and d.seat == 1 for d in deal.declared)
    found = get_bot(level, BotSettings(hard_budget=2000)).hint(observe(deal, 2), Random(3))
    assert found.action == PlayCard(2, parse("CU-K"))


def test_the_cover_hint_names_the_convention() -> None:
    found = get_bot("medium").hint(observe(_cover_position(), 2), Random(3))
    assert "cover" in found.reason
    assert "King of Cups" in found.reason


CUPS = ("CU-K", "CU-Q", "CU-N", "CU-P", *(f"CU-{rank}" for rank in range(10, 1, -1)), "CU-A")


def _hopeless_cover_position(led: str, chicks: bool) -> Deal:
    """Seat 2 (the dealer) declares 16 trumps and holds no Cups; seat 0 leads ``led``, a Cups
    honour, and seat 1 holds every other Cup: its top Cup can only lose to seat 2's trump."""
    deal = danish_deal(
        [
            cards(led),
            cards(*(c for c in CUPS if c != led)),
            cards(*(f"T{n}" for n in range(6, 22))),
        ],
        options=Options(chicks_rule=chicks),
    )
    deal.apply(get_bot("medium").choose(observe(deal, 2), Random(0)))
    deal.apply(PlayCard(0, parse(led)))
    return deal


HOPELESS = [
    ("CU-N", False, "CU-K"),
    ("CU-Q", False, "CU-K"),
    ("CU-P", False, "CU-K"),
    ("CU-N", True, "CU-Q"),
    ("CU-K", True, "CU-Q"),
]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize(("led", "chicks", "top"), HOPELESS)
def test_a_king_covers_even_with_little_chance_of_winning(
    level: str, led: str, chicks: bool, top: str
) -> None:
    """rules.md 2.15 "when they can": the cover does not wait for a good chance; under the
    Chicks rule the Queen covers (rules.md 2.14), the King among the honours it covers."""
    deal = _hopeless_cover_position(led, chicks)
    assert [d.seat for d in deal.declared if d.kind == "trumps"] == [2]
    obs = observe(deal, 1)
    table = Table(obs, read(obs, False))
    assert table.win_chance(parse(top)) < 0.1
    for seed in range(3):
        found = get_bot(level, BotSettings(hard_budget=2000)).hint(obs, Random(seed))
        assert found.action == PlayCard(1, parse(top))
    if level != "easy":  # hard plays medium's card unsearched, with medium's reason
        assert found.reason == get_bot("medium").hint(obs, Random(0)).reason
        assert found.reason.startswith(f"cover the {display_name(parse(led))} with your")


def test_no_cover_without_a_trump_hand_nor_for_the_trump_hand_itself() -> None:
    deal = _hopeless_cover_position("CU-N", False)
    obs = observe(deal, 1)
    assert cover_honour(obs) is not None
    assert cover_honour(replace(obs, declarations=())) is None
    assert cover_honour(replace(obs, seat=2)) is None


def test_an_honour_already_trumped_is_not_covered() -> None:
    """Seat 1, the trump hand, has trumped seat 0's Knight: no honour wins the trick."""
    deal = _cover_position()  # seat 1 followed with the 2 of Cups: the Knight still wins
    obs = observe(deal, 2)
    trumped = replace(obs, trick=(parse("CU-N"), parse("T13")))
    assert cover_honour(obs) is not None
    assert cover_honour(trumped) is None


LOW_HAND = (
    "CU-P", "CU-10", "CU-9", "CU-8", "CU-7", "CU-6", "T2", "T3", "CO-9", "SW-2", "SW-3", "SW-4",
    "SW-5", "SW-6", "SW-7", "SW-8", "SW-9", "SW-10", "ST-2", "ST-3", "ST-4", "ST-5", "ST-6",
    "ST-7", "ST-8",
)  # fmt: skip


def _nolo_position() -> Deal:
    """Seat 2 holds no King and only low trumps; seat 0 leads the 5 of Cups, seat 1 the 4."""
    deal = danish_deal([cards("CU-5"), cards("CU-4"), cards(*LOW_HAND)])
    deal.apply(get_bot("easy").choose(observe(deal, 2), Random(0)))
    deal.apply(PlayCard(0, parse("CU-5")))
    deal.apply(PlayCard(1, parse("CU-4")))
    return deal


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_allowed_to_try_for_no_tricks_stays_under(level: str) -> None:
    deal = _nolo_position()
    settings = BotSettings(nolo_help=frozenset({(0, 2)}), hard_budget=500)
    found = get_bot(level, settings).hint(observe(deal, 2), Random(1))
    assert isinstance(found.action, PlayCard)
    assert found.action.card != parse("CU-P")
    assert "No Tricks" in found.reason
    deal.apply(found.action)
    assert deal.tricks[-1].winner != 2


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_helps_the_player_who_tries_for_no_tricks(level: str) -> None:
    """Seat 0 tries (the person); seat 2 helps by taking the trick seat 0 would win."""
    deal = danish_deal([cards("CU-3"), cards("CU-4"), cards("CU-P", "CU-2", *LOW_HAND[6:])])
    deal.apply(get_bot("easy").choose(observe(deal, 2), Random(0)))
    deal.apply(PlayCard(0, parse("CU-3")))
    deal.apply(PlayCard(1, parse("CU-4")))
    settings = BotSettings(nolo_help=frozenset({(2, 0)}), hard_budget=500)
    obs = observe(deal, 2)
    found = get_bot(level, settings).hint(obs, Random(1))
    lowest = parse("CU-2") if parse("CU-2") in obs.hand else parse("CU-P")
    assert found.action == PlayCard(2, lowest)
    assert "No Tricks" in found.reason


def test_without_the_setting_nobody_tries_for_no_tricks() -> None:
    deal = _nolo_position()
    found = get_bot("medium").hint(observe(deal, 2), Random(1))
    assert "No Tricks" not in found.reason
