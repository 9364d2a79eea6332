"""Token movements: one ``LedgerEntry`` per payment, so the score sheet can be itemised.

An account is a seat number, ``"king-pot"`` or ``"pagat-pot"``. A settlement that is no payment
between two parties (the Danish count, the Troccas result) has ``source`` None and a signed
amount for ``target`` (design.md 1.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KING_POT = "king-pot"
PAGAT_POT = "pagat-pot"
POTS = (KING_POT, PAGAT_POT)

KING_ULTIMO = "king-ultimo"
PAGAT_ULTIMO = "pagat-ultimo"
ULTIMOS_MADE = frozenset({KING_ULTIMO, PAGAT_ULTIMO})
"""The kinds of the entries paid to the one who made an Ultimo (rules.md 2.10)."""

Account = int | str | None


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    kind: str
    trick: int | None
    source: Account
    target: Account
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "trick": self.trick,
            "from": self.source,
            "to": self.target,
            "amount": self.amount,
        }


class Books:
    """Balances per seat and the two pots, changed only through entries of the ledger."""

    def __init__(self, balances: list[int], pots: dict[str, int]) -> None:
        self.balances = balances
        self.pots = pots
        self.ledger: list[LedgerEntry] = []

    def copy(self) -> Books:
        books = Books(list(self.balances), dict(self.pots))
        books.ledger = list(self.ledger)
        return books

    def pay(
        self, kind: str, trick: int | None, source: Account, target: Account, amount: int
    ) -> None:
        self.ledger.append(LedgerEntry(kind, trick, source, target, amount))
        self._move(source, -amount)
        self._move(target, amount)

    def settle(self, kind: str, seat: int, amount: int) -> None:
        """A signed settlement of one seat that no other party pays (count, result)."""
        self.ledger.append(LedgerEntry(kind, None, None, seat, amount))
        self.balances[seat] += amount

    def _move(self, account: Account, amount: int) -> None:
        if isinstance(account, int):
            self.balances[account] += amount
        elif account is not None:
            self.pots[account] += amount
