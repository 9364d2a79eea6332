"""Danish Tarok for four seen as the three-player deal it is (rules.md 2.17).

The bots know two games. In a four-player deal the seat opposite the dealer sits out and the
other three play an ordinary three-player deal, so a bot is handed that deal: ``three_seat``
turns a seat's observation into the observation of the same seat at a three-player table
dealt by seat 0 (the dealer 0, the dealer's right 1, the seat after the one sitting out 2),
and ``four_seat_action`` turns the bot's answer back onto the real seats. Nothing is added:
the seat sitting out holds no card, and its balance is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from app.engine.actions import Action
from app.engine.deal import Trick
from app.engine.declarations import Declaration
from app.engine.ledger import Account, LedgerEntry
from app.engine.observation import Observation
from app.engine.options import DANISH

T = TypeVar("T")


def players_from_dealer(obs: Observation) -> tuple[int, ...]:
    """The players of the deal in playing order from the dealer: the three-player seats."""
    players = obs.players
    start = players.index(obs.dealer)
    return tuple(players[(start + i) % len(players)] for i in range(len(players)))


def three_seat(obs: Observation) -> tuple[Observation, tuple[int, ...]]:
    """``obs`` as the three-player observation, and the real seat of each three-player seat.

    An observation where every seat plays is returned as it is (with the identity seats)."""
    if obs.sits_out is None:
        return obs, tuple(range(obs.seat_count))
    real = players_from_dealer(obs)
    place = {seat: index for index, seat in enumerate(real)}
    out = (obs.sits_out,)  # its payments (the pots' founding, refills) are left out

    def seat(s: int) -> int:
        return place[s] if s >= 0 else s

    def account(a: Account) -> Account:
        return place[a] if isinstance(a, int) else a

    def per_player(values: Sequence[T]) -> tuple[T, ...]:
        return tuple(values[s] for s in real)

    three = replace(
        obs,
        game=DANISH,
        seat=seat(obs.seat),
        seat_count=len(real),
        dealer=0,
        turn=seat(obs.turn),
        hand_sizes=per_player(obs.hand_sizes),
        won_tricks=per_player(obs.won_tricks),
        tricks=tuple(
            Trick(t.number, place[t.leader], t.cards, place[t.winner], t.named) for t in obs.tricks
        ),
        leader=place[obs.leader],
        declarations=tuple(
            Declaration(place[d.seat], d.kind, d.detail, d.value) for d in obs.declarations
        ),
        ledger=tuple(
            LedgerEntry(e.kind, e.trick, account(e.source), account(e.target), e.amount)
            for e in obs.ledger
            if e.source not in out and e.target not in out
        ),
        balances=per_player(obs.balances),
        counts=per_player(obs.counts) if obs.counts is not None else None,
        all_hands=per_player(obs.all_hands) if obs.all_hands is not None else None,
        players=(),
    )
    return three, real


def three_seat_names(names: Sequence[str] | None, real: tuple[int, ...]) -> list[str] | None:
    """The seats' names in three-player order."""
    if names is None:
        return None
    return [names[s] if s < len(names) else "" for s in real]


def three_seat_pairs(
    pairs: frozenset[tuple[int, int]], real: tuple[int, ...]
) -> frozenset[tuple[int, int]]:
    """Seat pairs (the Nolo helpers) among the players, in three-player seats."""
    place = {seat: index for index, seat in enumerate(real)}
    return frozenset((place[a], place[b]) for a, b in pairs if a in place and b in place)


def four_seat_action(action: Action, real: tuple[int, ...]) -> Action:
    """A three-player seat's action as the real seat's."""
    return replace(action, seat=real[action.seat])
