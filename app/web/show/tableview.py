"""What a page may know of a table besides the deal: a read-only view, never the table itself.

A ``Table`` holds the match, and so every hand of the deal in play; a template handed one could
show any of them. Pages get a ``TableView`` instead: frozen, holding the table's settings and
its seats as the pages show them (names, kinds, levels; no seat token or rejoin key) and
nothing of the deal, which reaches them only as the viewer's ``Observation`` (design.md 1.6).
``tests/web/test_template_contexts.py`` checks that no template's context holds a table, a
match or a deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.cards import Card
from app.engine.options import Options
from app.web.table.model import Table, TableSettings
from app.web.table.players import LEVEL_LABELS, player_label


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as the pages show it."""

    name: str
    is_person: bool
    is_free: bool
    """A person's seat that nobody has taken yet (a friends' table's lobby)."""
    level: str
    """A computer seat's level or program, as the pages name it ("Hard", "Program mine")."""
    stand_in: str
    """The level of the computer player standing in for an absent person ("" if none)."""
    program: str | None


@dataclass(frozen=True, slots=True)
class TableView:
    id: str
    game: str
    is_friends: bool
    host: int | None
    code: str | None
    started: bool
    finished: bool
    version: int
    deal_number: int
    settings: TableSettings
    seats: tuple[SeatInfo, ...]
    selection: tuple[Card, ...]
    """The cards the dealer has chosen so far for the discard: the dealer's own view only
    (empty for every other viewer, since they are cards of the dealer's hidden hand)."""
    next_options: Options
    """The rule options of the next deal (between deals they may differ from the deal's)."""
    locked_options: tuple[str, ...]
    """The options that may no longer change in this match."""

    def free_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.is_free]


def table_view(table: Table, *, discarding: bool = False) -> TableView:
    """The view of ``table``; ``discarding`` when its viewer is the dealer choosing the
    discard, the only viewer who may see the cards chosen so far."""
    match = table.match
    return TableView(
        id=table.id,
        game=table.game,
        is_friends=table.is_friends,
        host=table.host,
        code=table.code,
        started=table.started,
        finished=table.finished,
        version=table.version,
        deal_number=table.deal_number,
        settings=table.settings,
        seats=tuple(
            SeatInfo(
                name=seat.name,
                is_person=seat.kind == "person",
                is_free=seat.is_free,
                level=player_label(seat) if seat.kind == "bot" else "",
                stand_in=LEVEL_LABELS.get(seat.stand_in or "", seat.stand_in or ""),
                program=seat.program,
            )
            for seat in table.seats
        ),
        selection=tuple(table.selection) if discarding else (),
        next_options=match.options,
        locked_options=tuple(match.locked_options()),
    )
