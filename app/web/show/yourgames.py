"""The home page's "Your games": this browser's tables, newest first, each saying what it
waits for.

Which tables: the entries of the ``trionfi_recent`` cookie (``app.web.http.cookies``), written when
this browser starts a game against the computer, creates a friends' table, takes a seat at one
or rejoins it; "Forget" takes one off. The seat cookie that proves a seat is scoped to its
table's address, so the home page cannot check it, and it need not: a row shows only what
anyone at the table sees (the game, the deal's number, whose turn it is) and links to the
table, whose page still asks for the seat cookie. The seat kept in the entry only words the
turn ("Your turn"); an entry without a person's seat says whose turn it is by name. A table
that is gone or whose saved row cannot be read is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.deal import Phase
from app.engine.games import GAMES
from app.i18n import gettext
from app.web.show.pacing import declarations_pending
from app.web.show.timeline import SPECTATOR, Timelines
from app.web.storage.store import DamagedTable, NoSuchTable, TableStore
from app.web.table.model import Table

YOUR_TURN = "Your turn"


@dataclass(frozen=True, slots=True)
class YourGame:
    id: str
    game: str
    with_friends: bool
    deal: int | None
    """The deal's number; None while a friends' table waits for its people."""
    turn: str
    """"Your turn", "Right to play", "Deal over", "Waiting for players" or "Match ended"."""

    @property
    def is_your_turn(self) -> bool:
        return self.turn == YOUR_TURN


async def your_games(
    store: TableStore, timelines: Timelines, entries: list[tuple[str, int | None]]
) -> list[YourGame]:
    """The games of this browser's ``(table id, seat)`` entries, in their order."""
    games = []
    for table_id, seat in entries:
        try:
            async with store.reading(table_id) as table:
                games.append(game_at(timelines, table, seat))
        except (NoSuchTable, DamagedTable):
            continue
    return games


def game_at(timelines: Timelines, table: Table, seat: int | None) -> YourGame:
    own = own_seat(table, seat)
    return YourGame(
        id=table.id,
        game=gettext(GAMES[table.game].name),
        with_friends=table.is_friends,
        deal=table.deal_number if table.started else None,
        turn=turn_text(timelines, table, own),
    )


def own_seat(table: Table, seat: int | None) -> int | None:
    """The person's seat the entry names: seat 0 against the computer, and at a friends'
    table the entry's seat if a person sits there; None otherwise."""
    if not table.is_friends:
        return 0
    if seat is None or not 0 <= seat < len(table.seats):
        return None
    return seat if table.seats[seat].kind == "person" else None


def turn_text(timelines: Timelines, table: Table, seat: int | None) -> str:
    """What the table waits for, as the person at ``seat`` (or a spectator) reads it."""
    if table.finished:
        return "Match ended"
    if not table.started:
        return "Waiting for players"
    viewer = SPECTATOR if seat is None else seat
    timeline = timelines.of(table, viewer)
    if declarations_pending(table, timeline, viewer):
        return YOUR_TURN  # the declarations wait for the person's "Continue"
    latest = timeline.observations[timeline.last]
    if latest.phase is Phase.OVER:
        return "Deal over"
    if latest.turn == seat:
        return YOUR_TURN
    return f"{timeline.names.seat_names[latest.turn]} to play"
