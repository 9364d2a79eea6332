"""A friends' table waiting for its people: who sits where, who is here, who may start."""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.games import GAMES
from app.i18n import gettext, ngettext
from app.web.show.tableview import TableView


def seat_labels(game: str) -> list[str]:
    """The seats of a new table of ``game`` as its form names them: "Seat 1", or in a game of
    fixed partnerships "Seat 1, partner of seat 3" (``Game.partner_of``)."""
    rules = GAMES[game]
    labels = []
    for seat in range(rules.seat_count):
        partner = rules.partner_of(seat)
        if partner is None:
            labels.append(gettext("Seat %(seat)s") % {"seat": seat + 1})
        else:
            label = gettext("Seat %(seat)s, partner of seat %(partner)s")
            labels.append(label % {"seat": seat + 1, "partner": partner + 1})
    return labels


@dataclass(frozen=True, slots=True)
class LobbySeat:
    seat: int
    name: str
    level: str
    is_free: bool
    is_viewer: bool
    is_host: bool
    connected: bool | None


@dataclass(frozen=True, slots=True)
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
        return gettext(GAMES[self.table.game].name)

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
        named = [gettext(" and ").join(str(seat + 1) for seat in team) for team in teams]
        if len(named) == 2:
            together = gettext("seats %(team)s play together against seats %(other)s")
            return together % {"team": named[0], "other": named[1]}
        return "seats " + " play together against seats ".join(named)

    @property
    def drawing(self) -> str:
        """What the draw before the match will do (rules.md 2.1a, 3.1a); "" without one."""
        options = self.table.next_options
        if options.draw_partners and GAMES[self.table.game].partnerships:
            return gettext(
                "When the host starts, everyone draws cards until a trump: the two highest "
                "play together against the two lowest, the lowest deals first, and everyone "
                "moves to their drawn seat, partners opposite."
            )
        if options.draw_first_dealer:
            return gettext(
                "When the host starts, everyone draws cards until a trump: the lowest deals first."
            )
        return ""

    def title(self) -> str:
        waiting = len(self.table.free_seats())
        if waiting:
            title = ngettext(
                "Waiting for %(count)s person · %(game)s · Trionfi",
                "Waiting for %(count)s people · %(game)s · Trionfi",
                waiting,
            )
            return title % {"count": waiting, "game": self.game_name}
        return gettext("Ready to start · %(game)s · Trionfi") % {"game": self.game_name}

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
