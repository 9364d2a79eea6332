"""Who sits at a table: a new table against the computer (the person at seat 0), and a friends'
table before and around the game: creating it, taking seats, starting the match, a computer
player standing in for an absent person, and ending the match.

Every function here runs under the table's lock and either changes the table (and its
version, so that every page sees the change at its next poll) or raises ``Refused`` and
changes nothing. Which seat a request speaks for is the routes' business (the seat cookie);
the rules are the engine's.
"""

from __future__ import annotations

import secrets
import time

from app.engine.match import Match
from app.engine.options import DANISH, DANISH_FOUR, TROCCAS
from app.web.table import players
from app.web.table.forms import PERSON_CHOICE, FriendsSetup, Setup
from app.web.table.model import (
    Seat,
    Table,
    hash_token,
    new_seed,
    new_table_id,
    new_token,
    seat_names,
)
from app.web.table.moves import Refused
from app.web.table.programs import ProgramPool


def new_computer_table(
    setup: Setup,
    programs: ProgramPool | None = None,
    move_computers: bool = True,
    player: str | None = None,
) -> tuple[Table, str]:
    """A table against the computer: the person at seat 0, who deals first (or, under the
    draw's options, whoever draws the lowest trump: rules.md 2.1a, 3.1a; the person stays at
    seat 0 and the draw's seating moves only the computers, who are alike and named by their
    places); the computers make their first moves now, or (``move_computers`` false) once the
    table is saved.
    ``player`` is the hash of the person's player cookie (``Seat.player``)."""
    table_id = new_table_id()
    token = new_token()
    names = seat_names(setup.game)
    seats = [Seat("person", names[0], token_hash=hash_token(token), player=player)]
    seats += [players.computer_seat(name, setup.level) for name in names[1:]]
    seed = new_seed()
    match = Match.new(setup.game, setup.options, seed)
    table = Table(table_id, match, seats, setup.settings, seed=seed)
    match.hold_draw(anchor=0)
    match.start_deal()
    if move_computers:
        players.advance(table, programs)
    return table, token


COMPUTER_NAMES: dict[str, tuple[str, ...]] = {
    DANISH: ("Karen", "Mads", "Signe", "Ida"),
    DANISH_FOUR: ("Karen", "Mads", "Signe", "Ida"),
    TROCCAS: ("Gian", "Ursina", "Flurin", "Mengia"),
}
"""The computer players' names at a friends' table: Danish names at a Danish Tarok table,
Romansh ones at a Swiss Troccas table (a game of the Grisons); then the other game's."""


def computer_names(game: str) -> tuple[str, ...]:
    """Every name a computer player may have at a table of ``game``, preferred first."""
    own = COMPUTER_NAMES.get(game, ())
    others = (name for names in COMPUTER_NAMES.values() for name in names if name not in own)
    return own + tuple(others)


def free_computer_name(table_names: list[str], game: str) -> str:
    """The first computer name nobody at the table has (compared without case)."""
    taken = {name.casefold() for name in table_names}
    for name in computer_names(game):
        if name.casefold() not in taken:
            return name
    return f"Computer {len(table_names) + 1}"  # more computers than names: never at 4 seats


def new_friends_table(
    setup: FriendsSetup, code: str, player: str | None = None
) -> tuple[Table, str]:
    """A table waiting for its people; the creator takes the first seat chosen for a person
    (seat 0 deals first, design.md 1.2) and hosts. Returns the table and the creator's token.
    The computers get names of their own, none the creator's."""
    table_id = new_table_id()
    names = [setup.name]
    seats = []
    for choice in setup.seats:
        if choice == PERSON_CHOICE:
            seats.append(Seat("person", ""))
            continue
        name = free_computer_name(names, setup.game)
        names.append(name)
        seats.append(players.computer_seat(name, choice))
    host = setup.seats.index(PERSON_CHOICE)
    seed = new_seed()
    match = Match.new(setup.game, setup.options, seed)
    table = Table(table_id, match, seats, setup.settings, seed=seed, host=host, code=code)
    table.started = False
    table.created = time.time()
    token = seat_person(table, host, setup.name, player)
    return table, token


def seat_person(table: Table, seat: int, name: str, player: str | None = None) -> str:
    """Give a free seat to a person: a new token (returned, for the cookie) and rejoin key;
    ``player`` is the hash of their browser's player cookie (``Seat.player``)."""
    token = new_token()
    place = table.seats[seat]
    place.name = name
    place.token_hash = hash_token(token)
    place.player = player
    place.rejoin_key = new_rejoin_key()
    table.version += 1
    return token


def new_rejoin_key() -> str:
    return secrets.token_urlsafe(18)


def take_seat(
    table: Table, seat: int, name: str, current: int | None, player: str | None = None
) -> str:
    """A person joins: ``current`` is the seat this browser already holds, if any."""
    if current is not None:
        raise Refused("This browser has a seat at this table already.", 409)
    if table.started:
        raise Refused("The game has started: every seat is taken. You can watch.", 409)
    if not 0 <= seat < len(table.seats) or not table.seats[seat].is_free:
        raise Refused("That seat is taken now: choose another one.", 409)
    people = {place.name.casefold() for place in table.seats if place.kind == "person"}
    if name.casefold() in people - {""}:
        raise Refused(f"Someone here is called {name} already: add an initial.", 409)
    rename_computer_called(table, name)
    return seat_person(table, seat, name, player)


def rename_computer_called(table: Table, name: str) -> None:
    """A person takes the name of a computer player: the computer takes another name (a
    computer's name is ours to choose; a person's is theirs)."""
    for place in table.seats:
        if place.kind == "bot" and place.name.casefold() == name.casefold():
            others = [other.name for other in table.seats if other is not place] + [name]
            place.name = free_computer_name(others, table.game)


def start_match(table: Table, seat: int) -> None:
    """The host starts once every seat is filled: the first deal, and the bots' first moves."""
    require_host(table, seat)
    if table.started:
        raise Refused("The game has started already.", 409)
    if table.free_seats():
        raise Refused("Wait until every seat is taken.", 409)
    table.started = True
    reseat(table, table.match.hold_draw(anchor=0))
    table.match.start_deal()
    table.version += 1
    table.deal_base = table.version


def reseat(table: Table, seating: tuple[int, ...]) -> None:
    """Move everyone to the seat the draw gave them (``seating[new] = old``, rules.md 3.1a):
    each person's seat, with its token's hash, rejoin key and player, moves whole, so their
    cookie and rejoin link open their own new seat and no other; the host goes along."""
    if seating == tuple(range(len(table.seats))):
        return
    table.seats = [table.seats[old] for old in seating]
    for new, old in enumerate(seating):
        table.seats[new].drawn_from = old if old != new else None
    if table.host is not None:
        table.host = seating.index(table.host)
    table.acknowledged = [
        table.acknowledged[old] if old < len(table.acknowledged) else -1 for old in seating
    ]


def hand_to_computer(table: Table, seat: int, target: int, level: str, present: bool) -> None:
    """The host lets a computer player play for an absent person, until given back."""
    require_host(table, seat)
    place = person_seat(table, target)
    if target == seat:
        raise Refused("You are here: play your own cards.", 409)
    if present:
        raise Refused(f"{place.name} is here: only an absent person's seat can go.", 409)
    if place.stand_in is not None:
        raise Refused(f"A computer plays for {place.name} already.", 409)
    place.stand_in = level
    changed(table)


def give_back(table: Table, seat: int, target: int) -> None:
    """The seat goes back to its person: the host's choice, or the person's own."""
    if seat not in (table.host, target):
        raise Refused("Only the table's host or the seat's person can do that.", 403)
    place = person_seat(table, target)
    if place.stand_in is None:
        raise Refused(f"{place.name} plays their own cards already.", 409)
    place.stand_in = None
    changed(table)


def end_match(table: Table, seat: int) -> None:
    """The host ends the match after a deal: the score sheet stays, no more deals."""
    require_host(table, seat)
    deal = table.match.deal
    if deal is None or not deal.is_over:
        raise Refused("End the match when a deal is over.", 409)
    if table.finished:
        raise Refused("The match is over already.", 409)
    table.finished = True
    changed(table)


def rejoin(table: Table, seat: int, key: str, player: str | None = None) -> str:
    """Take a seat back with its private link: a new cookie token and a new link, so the
    device that held the seat, and anyone who saw the old link, can only watch now. The
    deals from now on count for this browser's statistics (``player``)."""
    place = rejoin_seat(table, seat, key)
    token = new_token()
    place.token_hash = hash_token(token)
    if player is not None:
        place.player = player
    place.rejoin_key = new_rejoin_key()
    return token


def rejoin_seat(table: Table, seat: int, key: str) -> Seat:
    """The seat whose current rejoin link this is; an old or made-up link is refused."""
    return table.seats[rejoin_index(table, seat, key)]


def rejoin_index(table: Table, seat: int, key: str) -> int:
    """The seat whose current rejoin link names ``seat`` with ``key``: that seat, or the seat
    its person moved to when the draw reseated the table (``Seat.drawn_from``, rules.md
    3.1a), so that a link handed out in the lobby still opens its person's seat, and only
    theirs. An old or made-up link is refused."""
    if not 0 <= seat < len(table.seats):
        raise Refused("That rejoin link is not valid.", 403)
    candidates = [seat] + [
        index
        for index, place in enumerate(table.seats)
        if index != seat and place.drawn_from == seat
    ]
    for index in candidates:
        expected = table.seats[index].rejoin_key
        if expected is not None and secrets.compare_digest(expected.encode(), key.encode()):
            return index
    raise Refused("That rejoin link is not valid: it was used or replaced since, or mistyped.", 403)


def reissue_rejoin(table: Table, seat: int) -> None:
    """The seat's person asks for a new rejoin link: the old one stops working."""
    if not table.is_friends:
        raise Refused("Only a table for friends has rejoin links.", 409)
    place = person_seat(table, seat)
    place.rejoin_key = new_rejoin_key()


def changed(table: Table) -> None:
    """A change of seats or of the match, not of the deal.

    Before the start the lobby's version counts it. During the match the version counts the
    deal's steps only (a frame's version is the deal's base plus its step), so such a change
    reaches the pages through the poll's table marks (``Presence.marks``) instead."""
    if not table.started:
        table.version += 1


def require_host(table: Table, seat: int) -> None:
    if table.host is None or seat != table.host:
        raise Refused("Only the person who created the table can do that.", 403)


def person_seat(table: Table, target: int) -> Seat:
    if not 0 <= target < len(table.seats) or table.seats[target].kind != "person":
        raise Refused("That seat is not a person's.", 409)
    place = table.seats[target]
    if place.is_free:
        raise Refused("Nobody sits there yet.", 409)
    return place
