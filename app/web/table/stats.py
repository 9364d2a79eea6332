"""What a finished deal counts for in the statistics of the browsers that played it.

A person's seat keeps the hash of its browser's player cookie (``Seat.player``). Once the
deal is over, each such seat has a ``DealResult``: the game, whom it played against (the
computers' level, or ``friends``), its result (the change of its balance in this deal: tokens
in Danish Tarok, points in Troccas, where both partners get their team's result), the Ultimo
it made, and whether the match ended with this deal. The database files each once
(``app.web.storage.database``); ``app.web.show.stats`` adds them up for the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.ledger import ULTIMOS_MADE
from app.engine.record import replay
from app.web.table.model import Table

FRIENDS = "friends"
"""The level of a deal at a friends' table (whoever else sat there)."""
PROGRAM = "program"
"""The level of a deal against outside programs (``trionfi serve --bot``)."""
MIXED = "mixed"
"""The computers played at more than one level (a table of an older version, say)."""


@dataclass(frozen=True)
class DealResult:
    """One finished deal of one seat, as the statistics keep it."""

    player: str
    """The hash of the player cookie of the browser at the seat."""
    table_id: str
    deal: int
    """The deal's number in its match (1 for the first)."""
    game: str
    level: str
    """``easy``, ``medium``, ``hard``, ``random``, ``program``, ``mixed`` or ``friends``."""
    seat: int
    result: int
    ultimos: int
    ended_match: bool
    """The match ended with this deal (the host of a friends' table ended it)."""
    at: float
    """When it was filed (seconds since the epoch)."""


def opponents_level(table: Table) -> str:
    """Whom the table's person played against, as the statistics group deals."""
    if table.is_friends:
        return FRIENDS
    levels = {
        PROGRAM if seat.program is not None else seat.level or ""
        for seat in table.seats
        if seat.kind == "bot"
    }
    return levels.pop() if len(levels) == 1 else MIXED


def finished_deal_results(table: Table, now: float) -> list[DealResult]:
    """The results of the table's current deal for each seat a known browser holds; none
    while the deal is not over.

    A void deal (a new deal asked for a hand with no trumps, rules.md 2.3a) is no deal played:
    it has no results. If the match ended after one, the latest deal played is filed again,
    now as the one the match ended with (filing keeps the greater ``ended_match``)."""
    deal = table.match.deal
    if deal is None or not deal.is_over:
        return []
    rows = table.match.summaries()
    number = len(rows)
    if deal.is_void:
        if not table.finished:
            return []
        played = [n for n, row in enumerate(rows, 1) if row.redealt_by is None]
        if not played:
            return []
        number = played[-1]
        deal = replay(table.match.records[number - 1])
    sheet = rows[number - 1]
    level = opponents_level(table)
    results = []
    for seat, place in enumerate(table.seats):
        if place.kind != "person" or place.player is None or seat not in deal.players:
            continue  # a deal sat out (Danish Tarok for four) is no deal played
        ultimos = {
            entry.kind
            for entry in deal.books.ledger
            if entry.kind in ULTIMOS_MADE and entry.target == seat
        }
        results.append(
            DealResult(
                player=place.player,
                table_id=table.id,
                deal=sheet.number,
                game=table.game,
                level=level,
                seat=seat,
                result=sheet.changes[seat],
                ultimos=len(ultimos),
                ended_match=table.finished,
                at=now,
            )
        )
    return results
