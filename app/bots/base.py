"""The bot interface every level implements, and the registry of levels."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Protocol

from app.engine.actions import Action, CallBob, DemandFool, Discard, PlayCard
from app.engine.cards import FOOL, IS_PIP, PLAIN_SUITS, Card, Suit
from app.engine.deal import Phase
from app.engine.observation import Observation
from app.engine.rng import shuffle

NAMEABLE: tuple[Suit, ...] = (*PLAIN_SUITS, Suit.TRUMPS)


@dataclass(frozen=True)
class Hint:
    """A suggested action with a one-line reason a person understands."""

    action: Action
    reason: str


@dataclass(frozen=True)
class BotSettings:
    """Per-match settings that change only how the computer plays (rules.md 2.13, 2.15, 3.7).

    ``nolo_help`` holds (helper, trier) seat pairs from the four "... can help ... try for No
    Tricks" boxes: the trier may try for Nolo and the helper takes tricks for them.
    ``see_all`` is "opponents see all hands" (off by default); a bot reads other hands only
    through an observation built with it.
    """

    nolo_help: frozenset[tuple[int, int]] = frozenset()
    see_all: bool = False


class Bot(Protocol):
    level: str

    def choose(self, obs: Observation, rng: Random) -> Action:
        """A legal action for ``obs.seat``; called only when it is that seat's turn."""
        ...


class RandomBot:
    """Uniformly random legal actions: the baseline for tests and the arena."""

    level = "random"

    def choose(self, obs: Observation, rng: Random) -> Action:
        if obs.phase is Phase.PLAY:
            card = obs.legal[int(rng.random() * len(obs.legal))]
            return PlayCard(obs.seat, card, fool_name(obs, card, rng))
        if obs.phase is Phase.DISCARD:
            return Discard(obs.seat, random_pip_discard(obs, rng))
        if obs.phase is Phase.DEMAND_FOOL:
            return DemandFool(obs.seat, True)
        return CallBob(obs.seat, True)


def random_pip_discard(obs: Observation, rng: Random) -> tuple[Card, ...]:
    """Random legal cards to lay away, pips only where there are enough (machine dealers
    discard only pip cards, rules.md 2.4), which is always legal."""
    size = discard_size(obs)
    pips = [c for c in obs.legal if IS_PIP[c]]
    choices = pips if len(pips) >= size else list(obs.legal)
    shuffle(choices, rng)
    return tuple(sorted(choices[:size]))


def discard_size(obs: Observation) -> int:
    return 3 if obs.game == "danish-tarok" else 2


def fool_name(obs: Observation, card: Card, rng: Random) -> Suit | None:
    """A suit to name when leading the Fool in Danish Tarok before the last trick."""
    if card != FOOL or obs.trick or obs.game != "danish-tarok" or obs.trick_number == 25:
        return None
    return NAMEABLE[int(rng.random() * len(NAMEABLE))]


LEVELS: dict[str, Bot] = {"random": RandomBot()}


def get_bot(level: str) -> Bot:
    """The bot of a level; raises ``KeyError`` for an unknown level."""
    return LEVELS[level]
