"""Actions as small frozen data (PokerKit style) and the typed errors of the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.cards import SUIT_CODES, Card, Suit, code, codes


class IllegalAction(Exception):
    """An action the rules do not allow now; the message names the rule."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer lays away cards: 3 in Danish Tarok, the 2-card kitty in Troccas."""

    seat: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "discard": codes(self.cards)}


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card; ``name`` is the suit a led Fool stands for in Danish Tarok."""

    seat: int
    card: Card
    name: Suit | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "play": code(self.card)}
        if self.name is not None:
            data["name"] = SUIT_CODES[self.name]
        return data


@dataclass(frozen=True, slots=True)
class DemandFool:
    """Traditional Fool timing (rules.md 2.7d): demand, or not, that the Fool be played now."""

    seat: int
    demand: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "demand_fool": self.demand}


@dataclass(frozen=True, slots=True)
class CallBob:
    """Manual Bob call (rules.md 3.5, 3.7): the trick's winner calls Bob or lets it go."""

    seat: int
    call: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bob": self.call}


@dataclass(frozen=True, slots=True)
class ChooseChicks:
    """Chicks decided after the deal (rules.md 2.14, 3.8): the forehand, having seen their
    hand, says whether the Chicks rule applies to this deal."""

    seat: int
    chicks: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "chicks": self.chicks}


@dataclass(frozen=True, slots=True)
class AskRedeal:
    """A new deal of a hand with no trumps (rules.md 2.3a, option ``trumpless_redeal``): a
    player dealt no trump (the Fool not counting) asks for a new deal, or does not."""

    seat: int
    redeal: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "redeal": self.redeal}


Action = Discard | PlayCard | DemandFool | CallBob | ChooseChicks | AskRedeal


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back ``card``, the seat's last card play of the deal, with every action after it
    (``Deal.check_take_back``). Not a move of the game: the deal is rebuilt without them, and
    the deal's log (its hand record) keeps the take back and what it undid."""

    seat: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "take_back": code(self.card)}


Entry = Action | TakeBack
"""One entry of a deal's log (``Deal.log``, a hand record's ``actions``)."""
