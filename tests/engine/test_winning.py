"""Why a trick was won (app.engine.winning): every rule of rules.md 2.8, 2.7c and 3.4 on built
tricks, and agreement with the engine's own trick winner over random deals under the options
that touch trick play (the Chicks rule, the Fool as last trump, traditional Fool timing)."""

from __future__ import annotations

from itertools import product
from random import Random

import pytest

from app.engine.cards import Suit, parse
from app.engine.games import GAMES
from app.engine.options import DANISH, TROCCAS, Options
from app.engine.simulate import play_random_deal
from app.engine.winning import TrickReason, WinRule, led_suit, why_won


def why(text: str, named: Suit | None = None, chicks: bool = False) -> TrickReason:
    return why_won(tuple(parse(word) for word in text.split()), named, chicks)


@pytest.mark.parametrize(
    ("cards", "index", "rule", "text"),
    [
        # Round suits rank K Q N P A 2 .. 10: the Ace beats the 10 (rules.md 1.2).
        ("CU-10 CU-A CU-2", 1, WinRule.HIGHEST_OF_SUIT, "highest Cups"),
        # Long suits rank K Q N P 10 9 .. 2 A.
        ("SW-A SW-10 SW-2", 1, WinRule.HIGHEST_OF_SUIT, "highest Swords"),
        # A card of another suit never wins, however high.
        ("ST-2 CU-K ST-3", 2, WinRule.HIGHEST_OF_SUIT, "highest Staves"),
        ("CU-K T1 CU-Q", 1, WinRule.TRUMPED, "trumped"),
        ("CO-K T3 T2", 1, WinRule.TRUMPED, "trumped"),
        ("T5 T20 T3", 1, WinRule.HIGHEST_TRUMP, "highest trump"),
        ("CU-5 FOOL CU-9", 0, WinRule.HIGHEST_OF_SUIT, "highest Cups; the Fool does not win"),
        ("T2 FOOL T1", 0, WinRule.HIGHEST_TRUMP, "highest trump; the Fool does not win"),
        # Troccas: four cards, two partnerships.
        ("ST-2 ST-K CU-K ST-3", 1, WinRule.HIGHEST_OF_SUIT, "highest Staves"),
        ("SW-K SW-Q T1 SW-N", 2, WinRule.TRUMPED, "trumped"),
    ],
)
def test_plain_leads(cards: str, index: int, rule: WinRule, text: str) -> None:
    reason = why(cards)
    assert (reason.index, reason.rule, reason.text()) == (index, rule, text)
    assert reason.code == rule.value
    assert not reason.fool_led


def test_a_led_fool_names_the_suit_led() -> None:
    reason = why("FOOL CU-3 CU-K", Suit.CUPS)
    assert reason.index == 2
    assert reason.led is Suit.CUPS
    assert reason.fool_led
    assert reason.text() == "highest Cups (the Fool's suit); the Fool does not win"


def test_a_named_suit_can_be_trumped() -> None:
    reason = why("FOOL SW-3 T2", Suit.CUPS)
    assert (reason.index, reason.rule) == (2, WinRule.TRUMPED)
    assert reason.text() == "trumped; the Fool does not win"


def test_the_fool_named_as_trumps() -> None:
    reason = why("FOOL T2 T9", Suit.TRUMPS)
    assert (reason.index, reason.rule) == (2, WinRule.HIGHEST_TRUMP)
    assert reason.text() == "highest trump (the Fool's suit); the Fool does not win"


def test_nobody_has_the_named_suit_nor_a_trump() -> None:
    """rules.md 2.7c fallback: the highest card of the first non-Fool card's suit."""
    reason = why("FOOL SW-3 ST-K", Suit.CUPS)
    assert (reason.index, reason.rule, reason.suit) == (1, WinRule.FIRST_CARD_SUIT, Suit.SWORDS)
    assert reason.text() == (
        "highest Swords: no Cups (the Fool's suit), no trump; the Fool does not win"
    )
    reason = why("FOOL CO-2 CO-K", Suit.TRUMPS)
    assert (reason.index, reason.rule, reason.suit) == (2, WinRule.FIRST_CARD_SUIT, Suit.COINS)
    assert reason.text().startswith("highest Coins: the Fool named trumps, none was played")


def test_a_led_fool_without_a_name_lets_the_second_card_set_the_suit() -> None:
    """Troccas 3.4 rule 4 (and a Fool led to trick 25 under traditional timing, 2.7d)."""
    reason = why("FOOL CO-A CO-K SW-K")
    assert (reason.index, reason.led) == (2, Suit.COINS)
    assert reason.text() == "highest Coins (set by the second card); the Fool does not win"
    assert why("FOOL CU-3 CU-K T1").text() == "trumped; the Fool does not win"


def test_chicks_rule_queen_beats_king() -> None:
    reason = why("CU-K CU-Q CU-2", chicks=True)
    assert reason.index == 1
    assert reason.queen_over_king
    assert reason.text() == "highest Cups; the Queen beats the King (Chicks rule)"
    plain = why("CU-K CU-Q CU-2")
    assert plain.index == 0
    assert not plain.queen_over_king
    assert plain.text() == "highest Cups"


def test_chicks_rule_is_not_mentioned_when_it_changed_nothing() -> None:
    assert why("CU-Q CU-N CU-2", chicks=True).text() == "highest Cups"
    assert why("CU-K CU-Q T1", chicks=True).text() == "trumped"
    # The King of another suit does not count.
    assert not why("ST-Q CU-K ST-2", chicks=True).queen_over_king


def test_a_trick_of_only_the_fool_is_refused() -> None:
    with pytest.raises(ValueError, match="other than the Fool"):
        why_won((parse("FOOL"),), None, False)
    assert led_suit((), None) is None


@pytest.mark.parametrize(
    ("game", "chicks", "last_trump", "traditional"),
    [
        (game, chicks, last_trump, traditional)
        for game, chicks, last_trump, traditional in product(
            (DANISH, TROCCAS), (False, True), (False, True), (False, True)
        )
        if game == DANISH or not traditional
    ],
)
def test_agrees_with_the_engine_on_random_deals(
    game: str, chicks: bool, last_trump: bool, traditional: bool
) -> None:
    """The reason's card is the engine's winner in every trick, whatever the options."""
    flags = {"chicks_rule": chicks, "fool_is_last_trump": last_trump}
    if traditional:
        flags["traditional_fool_timing"] = True
    options = Options(**flags)
    rng = Random(f"{game}{chicks}{last_trump}{traditional}")
    seats = GAMES[game].seat_count
    fool_tricks = 0
    for dealer in range(6):
        deal = play_random_deal(GAMES[game], rng, dealer % seats, options)
        for trick in deal.tricks:
            reason = why_won(trick.cards, trick.named, chicks)
            assert trick.seat_of(reason.index, seats) == trick.winner
            assert reason.fool_played == ("the Fool does not win" in reason.text())
            assert not reason.queen_over_king or chicks
            fool_tricks += reason.fool_played
    assert fool_tricks > 0
