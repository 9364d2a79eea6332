"""An independent referee of Danish Tarok for four, written from rules.md 2.17 only.

Like ``referee.py`` it knows nothing of ``app.engine``: it reads a ``trionfi-hand/1`` record of
``danish-tarok-4`` as plain JSON. It checks what 2.17 adds (the seat opposite the dealer sits
out, holds no card, acts never; all four found and refill the pots), turns the record into
the three-player record of the same deal (the dealer, ``dealer + 1`` and ``dealer + 3`` as
seats 0, 1 and 2, the pots already filled) and judges that with the three-player referee,
whose ledger it maps back onto the real seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.engine.referee import DANISH, KING_POT, PAGAT_POT, RefereeError, judge

SEATS = 4
STAKE = 20
POT_KEYS = {KING_POT: "king", PAGAT_POT: "pagat"}

Entry = tuple[str, Any, Any, Any, int]


@dataclass
class FourVerdict:
    sits_out: int
    ledger: list[Entry]
    balances: list[int]
    pots: dict[str, int]
    counts: list[int] | None


def players(dealer: int) -> tuple[int, int, int]:
    """2.17: the dealer, the dealer's right, the seat after the one sitting out."""
    return dealer, (dealer + 1) % SEATS, (dealer + 3) % SEATS


def judge_four(record: dict[str, Any]) -> FourVerdict:
    dealer = record["dealer"]
    out = (dealer + 2) % SEATS
    if record.get("sits_out") != out:
        raise RefereeError(f"seat {out} sits out, the record says {record.get('sits_out')}")
    if record["deal"][out]:
        raise RefereeError("the seat sitting out was dealt cards")
    real = players(dealer)
    place = {seat: index for index, seat in enumerate(real)}
    if any(action["seat"] == out for action in record.get("actions", [])):
        raise RefereeError("the seat sitting out acted")
    ledger, balances, pots = _opening(record.get("before"))
    three = {
        "format": "trionfi-hand/1",
        "game": DANISH,
        "options": record.get("options", {}),
        "dealer": 0,
        "deal": [record["deal"][seat] for seat in real],
        "talon": record["talon"],
        "before": {
            "balances": [balances[seat] for seat in real],
            "pots": {POT_KEYS[pot]: amount for pot, amount in pots.items()},
        },
        "actions": [{**a, "seat": place[a["seat"]]} for a in record.get("actions", [])],
    }
    referee = judge(three)
    if referee.redealt_by is not None:  # 2.3a: a void deal, the books as they were
        before = record.get("before") or {}
        start = before.get("pots", {"king": 0, "pagat": 0})
        pots = {pot: start[key] for pot, key in POT_KEYS.items()}
        return FourVerdict(out, [], list(before.get("balances", [0] * SEATS)), pots, None)

    def account(value: Any) -> Any:
        return real[value] if isinstance(value, int) else value

    ledger += [(k, t, account(a), account(b), n) for k, t, a, b, n in referee.ledger]
    for index, seat in enumerate(real):
        balances[seat] = referee.balances[index]
    counts = None
    if referee.counts is not None:
        counts = [0] * SEATS
        for index, seat in enumerate(real):
            counts[seat] = referee.counts[index]
    return FourVerdict(out, ledger, balances, dict(referee.pots), counts)


def _opening(before: dict[str, Any] | None) -> tuple[list[Entry], list[int], dict[str, int]]:
    """2.17: each of the four pays 20 into each pot at the founding, and into each empty pot
    at a later deal's start (the dealer's fee is the three-player referee's)."""
    ledger: list[Entry] = []
    if before is None:
        balances, pots, kind = [0] * SEATS, {KING_POT: 0, PAGAT_POT: 0}, "pot-founding"
    else:
        balances = list(before["balances"])
        pots = {pot: before["pots"][key] for pot, key in POT_KEYS.items()}
        kind = "pot-refill"
    for pot in (KING_POT, PAGAT_POT):
        if pots[pot] == 0:
            for seat in range(SEATS):
                ledger.append((kind, None, seat, pot, STAKE))
                balances[seat] -= STAKE
                pots[pot] += STAKE
    return ledger, balances, pots
