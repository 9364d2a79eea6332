"""Why a trick's winner won it, in the words of rules.md 2.8 and 3.4 rule 7.

``Deal.trick_winner`` decides who wins; ``why_won`` says which rule decided, so that the pages
can put it next to the winner: "trumped", "highest Cups", "the Fool does not win". It follows
the same steps: leave the Fool out; the highest trump wins; otherwise the highest card of the
suit led, where a led Fool's named suit is the suit led (Danish Tarok, 2.7c), or else the second
card sets it (Troccas 3.4 rule 4; a Fool led to trick 25 under traditional timing, 2.7d); when
nobody followed the named suit nor trumped, the first non-Fool card's suit (2.7c fallback).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.engine.cards import (
    FOOL,
    IS_TRUMP,
    KING,
    QUEEN,
    RANK_OF,
    STRENGTH,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    Suit,
    plain,
)
from app.engine.phrases import N_, Phrase


class WinRule(StrEnum):
    """The rule that picked the winning card."""

    TRUMPED = "trumped"
    """A plain suit was led (or named) and the highest trump took it."""
    HIGHEST_TRUMP = "highest-trump"
    """Trumps were led (or named by the Fool): the highest trump."""
    HIGHEST_OF_SUIT = "highest-of-suit"
    """No trump: the highest card of the suit led."""
    FIRST_CARD_SUIT = "first-card-suit"
    """A Fool led as a suit nobody played, and no trump: the highest card of the first
    non-Fool card's suit (rules.md 2.7c)."""


@dataclass(frozen=True, slots=True)
class TrickReason:
    """Why the card at ``index`` won its trick."""

    index: int
    """The winning card's place in the trick (0 = the leader's card)."""
    rule: WinRule
    suit: Suit
    """The suit of the winning card (``Suit.TRUMPS`` when a trump won)."""
    led: Suit | None
    """The suit led: the first card's, a led Fool's named suit, or the second card's."""
    fool_led: bool
    named: Suit | None
    fool_played: bool
    """The Fool is in the trick: it never wins (rules.md 2.7a, 3.4 rule 3)."""
    queen_over_king: bool
    """The Chicks rule decided: the winning Queen beat the King of her suit (2.14, 3.8)."""

    @property
    def code(self) -> str:
        return self.rule.value

    def text(self) -> Phrase:
        """A short phrase for the winner's badge: "trumped", "highest Cups; the Fool does not
        win", "highest Swords: no Cups (the Fool's suit), no trump" (a ``Phrase``, said in the
        reader's language where it is shown)."""
        parts = self._parts()
        text = parts[0]
        for more in parts[1:]:
            text = Phrase(N_("%(reason)s; %(more)s"), reason=text, more=more)
        return text

    def _parts(self) -> list[Phrase]:
        parts = [self._main()]
        if self.queen_over_king:
            parts.append(Phrase(N_("the Queen beats the King (Chicks rule)")))
        if self.fool_played:
            parts.append(Phrase(N_("the Fool does not win")))
        return parts

    def _main(self) -> Phrase:
        suit = SUIT_NAMES[self.suit]
        if self.rule is WinRule.TRUMPED:
            return Phrase(N_("trumped"))
        if self.rule is WinRule.HIGHEST_TRUMP:
            main = Phrase(N_("highest trump"))
        elif self.rule is WinRule.FIRST_CARD_SUIT:
            if self.named is Suit.TRUMPS:
                return Phrase(
                    N_("highest %(suit)s: the Fool named trumps, none was played"), suit=suit
                )
            named = Phrase(N_("the suit led")) if self.named is None else SUIT_NAMES[self.named]
            return Phrase(
                N_("highest %(suit)s: no %(named)s (the Fool's suit), no trump"),
                suit=suit,
                named=named,
            )
        else:
            main = Phrase(N_("highest %(suit)s"), suit=suit)
        if self.fool_led and self.named is not None:
            return Phrase(N_("%(reason)s (the Fool's suit)"), reason=main)
        if self.fool_led:
            return Phrase(N_("%(reason)s (set by the second card)"), reason=main)
        return main


def led_suit(cards: tuple[Card, ...], named: Suit | None) -> Suit | None:
    """The suit the others must follow (the led card's, a led Fool's named suit, else the
    second card's); None while nothing sets it. The deal's play rules use it too."""
    if not cards:
        return None
    if cards[0] != FOOL:
        return SUIT_OF[cards[0]]
    if named is not None:
        return named
    return SUIT_OF[cards[1]] if len(cards) > 1 else None


def why_won(cards: tuple[Card, ...], named: Suit | None, chicks: bool) -> TrickReason:
    """Which card of a complete trick wins, and by which rule (``cards`` in playing order)."""
    strength = STRENGTH[chicks]
    plays = [card for card in cards if card != FOOL]
    if not plays:
        raise ValueError("a trick needs a card other than the Fool")
    led = led_suit(cards, named)
    trumps = [card for card in plays if IS_TRUMP[card]]
    if trumps:
        rule = WinRule.HIGHEST_TRUMP if led is Suit.TRUMPS else WinRule.TRUMPED
        suit = Suit.TRUMPS
    elif led is not None and any(SUIT_OF[card] is led for card in plays):
        rule, suit = WinRule.HIGHEST_OF_SUIT, led
    else:
        rule, suit = WinRule.FIRST_CARD_SUIT, SUIT_OF[plays[0]]
    best = max((card for card in plays if SUIT_OF[card] is suit), key=lambda c: strength[c])
    return TrickReason(
        index=cards.index(best),
        rule=rule,
        suit=suit,
        led=led,
        fool_led=cards[0] == FOOL,
        named=named if cards[0] == FOOL else None,
        fool_played=FOOL in cards,
        queen_over_king=chicks and _queen_over_king(best, plays),
    )


def _queen_over_king(best: Card, plays: list[Card]) -> bool:
    """The winner is a Queen and the King of her suit is in the trick: without the Chicks rule
    the King would have won."""
    if IS_TRUMP[best] or RANK_OF[best] != QUEEN:
        return False
    return plain(SUIT_OF[best], KING) in plays
