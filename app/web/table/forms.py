"""The game's own forms: the home page's choices (a ``Setup``: the game, the level, the rule
options and the table settings), a friends' table's seats, and the cards and suits of a move.

Each field is read with ``app.web.http.reading``, which trusts nothing; what a value means
(a game, a level, an option, a card) is checked here, and anything a page of ours never sends
is a ``BadForm``. Which games and options exist is the engine's (``GAMES``, ``Options``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from starlette.datastructures import FormData

from app.engine.cards import SUIT_BY_CODE, Card, Suit, UnknownCard, parse
from app.engine.games import GAMES
from app.engine.options import DANISH, Options
from app.i18n import N_
from app.web.http.reading import BadForm, flag, text, whole_number
from app.web.table.model import (
    CARD_STYLES,
    DEFAULT_CARD_STYLE,
    FOOL_ASK,
    FOOL_PRESETS,
    SPEEDS,
    TableSettings,
)
from app.web.table.players import DEFAULT_LEVEL, PAGE_LEVELS
from app.web.table.programs import PREFIX as PROGRAM_PREFIX

NOLO_HELP: tuple[tuple[str, int, int, str], ...] = (
    ("help_0_2", 0, 2, N_("Player can help Left try for No Tricks")),
    ("help_2_0", 2, 0, N_("Left can help Player try for No Tricks")),
    ("help_0_1", 0, 1, N_("Player can help Right try for No Tricks")),
    ("help_1_0", 1, 0, N_("Right can help Player try for No Tricks")),
)
"""The seed's four boxes (rules.md 2.13, Danish Tarok): field name, helper seat, trier seat,
seed text."""
NOLO_BOX_SEATS = 3
"""The boxes name the seats of a game of three: the Player, Right and Left."""


def seed_nolo_boxes(game: str) -> bool:
    """Whether the seed's No Tricks boxes apply: they name the seats of a game of three with
    a No Tricks contract (Danish Tarok; not its form for four, whose seats they do not name)."""
    rules = GAMES[game]
    return rules.has_nolo and rules.seat_count == NOLO_BOX_SEATS


def option_prefix(game: str) -> str:
    """The prefix of a game's option fields (``dk_chicks_rule``): both games' options share
    the home page's form, and some options exist in both."""
    return f"{GAMES[game].short}_"


@dataclass(frozen=True)
class Setup:
    game: str
    level: str
    options: Options
    settings: TableSettings


def card(value: str) -> Card:
    try:
        return parse(value)
    except UnknownCard:
        raise BadForm("that is not a card") from None


def cards(form: FormData, name: str) -> list[Card]:
    values = form.getlist(name)
    if len(values) > 10:
        raise BadForm("too many cards")
    return [card(value) for value in values if isinstance(value, str)]


def suit_name(form: FormData) -> Suit | None:
    raw = form.get("name")
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or raw.upper() not in SUIT_BY_CODE:
        raise BadForm("that is not a suit the Fool can stand for")
    return SUIT_BY_CODE[raw.upper()]


def computer_choices(programs: Sequence[str] = ()) -> list[str]:
    """What a computer seat may be: a level, or an outside program (``program:NAME``)."""
    return [*PAGE_LEVELS, *(PROGRAM_PREFIX + name for name in programs)]


def setup(form: FormData, programs: Sequence[str] = ()) -> Setup:
    """The home page's choices; ``programs`` are the server's outside programs' names."""
    game = text(form, "game", DANISH)
    if game not in GAMES:
        raise BadForm("choose Danish Tarok or Swiss Troccas")
    level = text(form, "difficulty", DEFAULT_LEVEL)
    if level not in computer_choices(programs):
        level = DEFAULT_LEVEL
    prefix = option_prefix(game)
    options = Options(**{key: flag(form, prefix + key) for key in Options.keys_for(game)})
    speed = text(form, "speed", "normal")
    fool_ask, fool_preset = fool_choice(form, TableSettings())
    settings = TableSettings(
        speed=speed if speed in SPEEDS else "normal",
        tap_to_continue=flag(form, "tap_to_continue"),
        hints=flag(form, "hints"),
        names_on_hover=flag(form, "names_on_hover"),
        card_style=card_style(form, DEFAULT_CARD_STYLE),
        fool_preset=fool_preset,
        fool_ask=fool_ask,
        see_all=flag(form, "see_all"),
        nolo_help=tuple(
            (helper, trier)
            for name, helper, trier, _ in NOLO_HELP
            if seed_nolo_boxes(game) and flag(form, name)
        ),
    )
    return Setup(game, level, options, settings)


def rule_options(form: FormData, game: str, current: Options, locked: Sequence[str]) -> Options:
    """The form "Rules for the next deal": a checkbox per option of ``game``; a locked
    option keeps its current value whatever the form says."""
    values = {
        key: getattr(current, key) if key in locked else flag(form, option_prefix(game) + key)
        for key in Options.keys_for(game)
    }
    return Options(**values)


def card_style(form: FormData, current: str) -> str:
    """The choice "Card style": one of ``CARD_STYLES``. A form from before the choice existed
    sends the checkbox ``four_colour`` instead (on: four colours, absent: the default); a value
    no page sends keeps ``current``."""
    if "card_style" not in form:
        return "four-colour" if flag(form, "four_colour") else DEFAULT_CARD_STYLE
    choice = text(form, "card_style", current)
    return choice if choice in CARD_STYLES else current


def fool_choice(form: FormData, current: TableSettings) -> tuple[bool, str]:
    """The choice "Leading the Fool as…": whether to ask, and the suit named (preselected
    when asking).

    "Ask me each time" keeps the current preset to preselect; a value no page sends keeps
    the current choice."""
    choice = text(form, "fool_preset", current.fool_choice)
    if choice == FOOL_ASK:
        return True, current.fool_preset
    if choice in FOOL_PRESETS:
        return False, choice
    return current.fool_ask, current.fool_preset


def table_settings(form: FormData, current: TableSettings) -> TableSettings:
    """The settings a table's own settings form may change (pages only, never a rule)."""
    speed = text(form, "speed", current.speed)
    fool_ask, fool_preset = fool_choice(form, current)
    return TableSettings(
        speed=speed if speed in SPEEDS else current.speed,
        tap_to_continue=flag(form, "tap_to_continue"),
        hints=flag(form, "hints"),
        names_on_hover=flag(form, "names_on_hover"),
        card_style=card_style(form, current.card_style),
        fool_preset=fool_preset,
        fool_ask=fool_ask,
        see_all=current.see_all,
        nolo_help=current.nolo_help,
    )


PERSON_CHOICE = "person"
NAME_LENGTH = 24
SEAT_FIELDS = ("seat_0", "seat_1", "seat_2", "seat_3")


@dataclass(frozen=True)
class FriendsSetup:
    """The home page's "Create a table": the game, the options, and who sits where."""

    game: str
    options: Options
    settings: TableSettings
    seats: list[str]
    """Per seat, ``person``, a computer level or ``program:NAME``."""
    name: str
    """The creator's name."""


def person_name(form: FormData) -> str:
    """A person's name as typed: trimmed, single spaces, no control characters. Escaping is
    the templates' job (every name is shown through Jinja's autoescape)."""
    raw = text(form, "name", "")
    cleaned = " ".join("".join(ch for ch in raw if ch.isprintable()).split())
    if not cleaned:
        raise BadForm("give your name")
    if len(cleaned) > NAME_LENGTH:
        raise BadForm(f"a name has at most {NAME_LENGTH} characters")
    if cleaned.casefold() == "you":
        raise BadForm("choose a name other than “You”")
    return cleaned


def friends_setup(form: FormData, programs: Sequence[str] = ()) -> FriendsSetup:
    base = setup(form, programs)
    count = GAMES[base.game].seat_count
    choices = computer_choices(programs)
    seats = []
    for field_name in SEAT_FIELDS[:count]:
        choice = text(form, field_name, PERSON_CHOICE)
        if choice != PERSON_CHOICE and choice not in choices:
            raise BadForm("each seat is a person, a computer level or a program of this server")
        seats.append(choice)
    if PERSON_CHOICE not in seats:
        raise BadForm("choose “A person” for at least one seat: yours")
    return FriendsSetup(base.game, base.options, base.settings, seats, person_name(form))


def seat_choice(form: FormData, seat_count: int) -> int:
    seat = whole_number(text(form, "seat"), 0, seat_count - 1)
    if seat is None:
        raise BadForm("that is not a seat at this table")
    return seat
