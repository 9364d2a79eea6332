"""A friends' table waiting for its people: who sits where, who is here, who may start."""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.games import GAMES
from app.web.show.tableview import TableView


def seat_labels(game: str) -> list[str]:
    """The seats of a new table of ``game`` as its form names them: "Seat 1", or in a game of
    fixed partnerships "Seat 1, partner of seat 3" (``Game.partner_of``)."""
    rules = GAMES[game]
    labels = []
    for seat in range(rules.seat_count):
        partner = rules.partner_of(seat)
        note = f", partner of seat {partner + 1}" if partner is not None else ""
        labels.append(f"Seat {seat + 1}{note}")
    return labels


@dataclass(frozen=True)
class LobbySeat:
    seat: int
    name: str
    level: str
    is_free: bool
    is_viewer: bool
    is_host: bool
    connected: bool | None


@dataclass(frozen=True)
class Lobby:
    """The lobby as ``viewer`` (a seat, or None for someone watching) sees it; ``presence`` is
    per seat whether its person's page is open (None for a computer or a free seat)."""

    table: TableView
    viewer: int | None
    presence: tuple[bool | None, ...]
    message: str | None = None
    message_kind: str = "info"

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def game_name(self) -> str:
        return GAMES[self.table.game].name

    @property
    def is_host(self) -> bool:
        return self.viewer is not None and self.viewer == self.table.host

    @property
    def partnerships(self) -> str:
        """The game's fixed partnerships in seat numbers from 1 ("seats 1 and 3 play together
        against seats 2 and 4"); "" where each plays for themself."""
        teams = GAMES[self.table.game].partnerships
        if not teams:
            return ""
        named = [" and ".join(str(seat + 1) for seat in team) for team in teams]
        return "seats " + " play together against seats ".join(named)

    def title(self) -> str:
        waiting = len(self.table.free_seats())
        if waiting:
            who = "1 person" if waiting == 1 else f"{waiting} people"
            return f"Waiting for {who} · {self.game_name} · Trionfi"
        return f"Ready to start · {self.game_name} · Trionfi"

    def seats(self) -> list[LobbySeat]:
        return [
            LobbySeat(
                seat=index,
                name=seat.name,
                level=seat.level,
                is_free=seat.is_free,
                is_viewer=index == self.viewer,
                is_host=index == self.table.host,
                connected=self.presence[index],
            )
            for index, seat in enumerate(self.table.seats)
        ]

    def free(self) -> list[int]:
        return self.table.free_seats()
