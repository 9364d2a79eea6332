"""A table: one match, its seats and the settings that change only the pages and the bots.

Seats are generic (design.md 1.6 and Part 2): each is a person, known by the hash of a secret
token kept in an HttpOnly cookie, or a computer player of some level. A table against the
computer has one person at seat 0. Everything here round-trips through JSON so that the table
store can save a table on every change and a restart resumes it.

This module holds no rules: the match (``app.engine.match.Match``) does.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from app.engine.cards import Card, codes, parse
from app.engine.games import GAMES
from app.engine.match import Match
from app.engine.record import record_of
from app.i18n import N_

SeatKind = Literal["person", "bot"]

SPEEDS: dict[str, tuple[str, int]] = {
    "instant": (N_("Instant"), 0),
    "fast": (N_("Fast"), 350),
    "normal": (N_("Normal"), 800),
    "slow": (N_("Slow"), 1500),
}
"""Speed key -> (label, milliseconds between two revealed moves)."""

FOOL_PRESETS: dict[str, str] = {
    "T": N_("lowest trump"),
    "ST": N_("lowest staff"),
    "CU": N_("lowest cup"),
    "SW": N_("lowest sword"),
    "CO": N_("lowest coin"),
}
"""The seed's "Leading Fool as ..." list (rules.md 2.13): the suit code preselected."""
FOOL_ASK = "ask"
"""The choice "Ask me each time" beside the presets: leading the Fool asks for the suit."""

CARD_STYLES: dict[str, tuple[str, str]] = {
    "italian": (
        N_("Italian suits"),
        N_("Cups and Coins red, Swords and Staves black, as the game names them."),
    ),
    "four-colour": (
        N_("Four colours"),
        N_("Each suit its own colour, so the suits are easier to tell apart."),
    ),
    "french": (
        N_("French suits"),
        N_(
            "Hearts, diamonds, spades and clubs, as Danish players' cards have them; the game"
            " still names the suits Cups, Coins, Swords and Staves."
        ),
    ),
}
"""The card styles (the faces in ``static/cards``, ``cards/four-colour``, ``cards/french``):
key -> (label, explanation). rules.md 0.3: hearts = Cups, diamonds = Coins, spades = Swords,
clubs = Staves."""
DEFAULT_CARD_STYLE = "italian"


def seat_names(game: str) -> tuple[str, ...]:
    """The seats' names at a table against the computer (design.md 1.2): "You" at seat 0,
    then "Right" and "Left" around the table, and the seat opposite "Partner" in a game of
    fixed partnerships (Troccas: You, Right, Partner, Left)."""
    rules = GAMES[game]
    count = rules.seat_count
    names = ["You"] + [""] * (count - 1)
    names[1], names[count - 1] = "Right", "Left"
    for seat in range(2, count - 1):
        names[seat] = "Partner" if rules.partner_of(0) == seat else "Across"
    return tuple(names)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    kind: SeatKind
    name: str
    level: str | None = None
    """A bot's level (``easy``, ``medium``, ``hard``, ...)."""
    token_hash: str | None = None
    """A person's token, hashed; the token itself lives only in the person's cookie. None at a
    friends' table: the seat is free until someone takes it."""
    rejoin_key: str | None = None
    """The secret of the person's private rejoin link (kept whole: the page shows it again)."""
    stand_in: str | None = None
    """The level of the computer player that plays for an absent person (the host's choice)."""
    program: str | None = None
    """The outside program (``trionfi serve --bot NAME=...``) playing this bot seat; its
    ``level`` then decides whenever the program cannot."""
    player: str | None = None
    """The hash of the player cookie (``trionfi_player``) of the browser that took this
    person's seat: the browser whose statistics the seat's finished deals count for (None
    for a computer, a free seat, or a seat taken before statistics were kept)."""
    drawn_from: int | None = None
    """The seat this person (or computer) held before the draw for partners moved them here
    (rules.md 3.1a); None if they did not move. A rejoin link handed out before the start
    names the old seat and still opens this one (``seats.rejoin_index``)."""

    def admits(self, token: str | None) -> bool:
        """Whether ``token`` is this person's seat token."""
        if self.kind != "person" or self.token_hash is None or not token:
            return False
        return hmac.compare_digest(self.token_hash, hash_token(token))

    @property
    def is_free(self) -> bool:
        """A seat for a person that nobody has taken yet."""
        return self.kind == "person" and self.token_hash is None

    @property
    def is_computer(self) -> bool:
        """Whether the computer moves for this seat (a bot, or a stand-in for a person)."""
        return self.kind == "bot" or self.stand_in is not None

    @property
    def computer_level(self) -> str | None:
        return self.level if self.kind == "bot" else self.stand_in


@dataclass(frozen=True)
class Fallback:
    """A decision of a program seat that the fallback level made instead (the table says so)."""

    deal: int
    step: int
    """The step of the deal the decision became (1 for the deal's first action)."""
    seat: int
    fault: str
    """``crash``, ``garbage``, ``illegal``, ``timeout``, or ``absent`` (no such program on
    this server now)."""


@dataclass(frozen=True)
class TableSettings:
    """Settings of the pages and the computer players; none of them is a rule. Frozen: a
    change replaces the table's settings whole (``table_settings``), and the pages may be
    handed them as they are."""

    speed: str = "normal"
    tap_to_continue: bool = False
    hints: bool = True
    names_on_hover: bool = False
    card_style: str = DEFAULT_CARD_STYLE
    """One of ``CARD_STYLES``. Tables saved before the choice existed held the boolean
    ``four_colour`` instead (``from_json`` reads it)."""
    fool_preset: str = "T"
    """The suit a led Fool stands for: named at once, or preselected when ``fool_ask``."""
    fool_ask: bool = True
    """Leading the Fool asks for the suit (rules.md 2.7c); tables saved before the choice
    "Ask me each time" existed always asked, so a missing value means asking."""
    see_all: bool = False
    """"Opponents see all hands" (rules.md 2.13, 3.7): off by default."""
    nolo_help: tuple[tuple[int, int], ...] = ()
    """(helper, trier) seat pairs from the four "... can help ... try for No Tricks" boxes."""

    @property
    def fool_choice(self) -> str:
        """The settings forms' value: ``ask`` or the preset's suit code."""
        return FOOL_ASK if self.fool_ask else self.fool_preset

    @property
    def four_colour(self) -> bool:
        return self.card_style == "four-colour"

    @property
    def delay_ms(self) -> int:
        return SPEEDS.get(self.speed, SPEEDS["normal"])[1]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["nolo_help"] = [list(pair) for pair in self.nolo_help]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        if "card_style" not in known and data.get("four_colour"):  # saved before the choice
            known["card_style"] = "four-colour"
        if known.get("card_style") not in CARD_STYLES:
            known["card_style"] = DEFAULT_CARD_STYLE
        known["nolo_help"] = tuple((int(a), int(b)) for a, b in known.get("nolo_help", []))
        return cls(**known)


@dataclass
class Table:
    """A match at a table, with what the pages need to show it the same way after a restart."""

    id: str
    match: Match
    seats: list[Seat]
    settings: TableSettings
    seed: str
    """The key of the match's deals and of the computers' random choices: a secret of the
    server (``new_seed``), never shown, linked or sent anywhere (the match holds the same)."""
    version: int = 0
    """Grows by one with every action and every new deal (design.md 1.6 ``data-version``)."""
    deal_base: int = 0
    """The version of step 0 of the current deal: step k of the deal is ``deal_base + k``. A
    take back moves it on (the deal has fewer steps, the version still grows by one)."""
    taken_back_at: int = 0
    """The version of the table's latest take back (0: none): a take back posted from a page
    older than that is stale."""
    selection: list[Card] = field(default_factory=list)
    """The cards the person at seat 0 has chosen so far for the discard."""
    acknowledged: list[int] = field(default_factory=list)
    """Per seat, the number of the deal whose declarations that person has seen (the
    "Continue" pause); a missing entry is -1."""
    host: int | None = None
    """At a friends' table, the seat of the person who created it (who starts the match and
    may hand an absent person's seat to a computer player); None against the computer."""
    code: str | None = None
    """A friends' table's short code, to type instead of the link."""
    started: bool = True
    """False while a friends' table waits for its people (the lobby)."""
    finished: bool = False
    """The host ended the match: the table shows its score sheet and takes no more deals."""
    created: float = 0.0
    fallbacks: list[Fallback] = field(default_factory=list)
    """The current deal's program decisions made by the fallback level."""

    @property
    def game(self) -> str:
        return self.match.game.key

    @property
    def deal_number(self) -> int:
        """1 for the first deal of the match."""
        return len(self.match.records) + 1

    @property
    def is_friends(self) -> bool:
        """A table for people together (with a lobby, spectators and live updates)."""
        return self.host is not None

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    def has_acknowledged(self, seat: int) -> bool:
        seen = self.acknowledged[seat] if seat < len(self.acknowledged) else -1
        return seen == self.deal_number

    def acknowledge(self, seat: int) -> None:
        while len(self.acknowledged) <= seat:
            self.acknowledged.append(-1)
        self.acknowledged[seat] = self.deal_number

    def current_fallbacks(self) -> dict[int, Fallback]:
        """The current deal's fallback decisions, by step."""
        number = self.deal_number
        return {noted.step: noted for noted in self.fallbacks if noted.deal == number}

    def note_fallback(self, seat: int, fault: str) -> None:
        """The fallback level made the decision of ``seat``'s program at the coming step."""
        deal = self.match.deal
        assert deal is not None
        number = self.deal_number
        kept = [noted for noted in self.fallbacks if noted.deal == number]
        self.fallbacks = [*kept, Fallback(number, len(deal.history) + 1, seat, fault)]

    def take_back_version(self, seat: int) -> int | None:
        """The version from which a page may take back ``seat``'s last card: that of the
        play itself, or of the latest take back if it came later; None if there is no card
        to take back (no deal running, or no card of that seat standing in it)."""
        deal = self.match.deal
        if deal is None or deal.is_over:
            return None
        index = deal.last_play_of(seat)
        if index is None:
            return None
        return max(self.deal_base + index + 1, self.taken_back_at)

    def free_seats(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.is_free]

    def finished_deals(self) -> list[int]:
        """The numbers of the match's finished deals (the current one too once it is over)."""
        numbers = list(range(1, len(self.match.records) + 1))
        deal = self.match.deal
        if deal is not None and deal.is_over:
            numbers.append(len(numbers) + 1)
        return numbers

    def finished_record(self, number: int) -> dict[str, Any] | None:
        """Finished deal ``number``'s hand record (``trionfi-hand/1``); None for a deal that is
        not finished or does not exist."""
        records = self.match.records
        if 1 <= number <= len(records):
            return records[number - 1].to_json()
        deal = self.match.deal
        if number == len(records) + 1 and deal is not None and deal.is_over:
            return record_of(deal).to_json()
        return None

    def to_json(self, *, records: bool = True) -> dict[str, Any]:
        """The table as JSON; without ``records`` its finished deals are left out (see
        ``Match.to_json``)."""
        return {
            "id": self.id,
            "match": self.match.to_json(records=records),
            "seats": [asdict(seat) for seat in self.seats],
            "settings": self.settings.to_json(),
            "seed": self.seed,
            "version": self.version,
            "deal_base": self.deal_base,
            "taken_back_at": self.taken_back_at,
            "selection": codes(self.selection),
            "acknowledged": self.acknowledged,
            "host": self.host,
            "code": self.code,
            "started": self.started,
            "finished": self.finished,
            "created": self.created,
            "fallbacks": [asdict(noted) for noted in self.fallbacks],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        table = cls._read(data)
        if table.seed == table.id or str(table.match.seed) == table.id:
            table.reseed()
        return table

    def reseed(self) -> None:
        """A fresh secret seed for the deals to come (and the computers' choices from now on).

        Tables saved before seeds were secret used their public id as the seed, so that anyone
        could compute their deals; the deal in progress keeps its cards (its record has them)
        and the next deal is shuffled from the new secret."""
        self.seed = new_seed()
        self.match.seed = self.seed

    @classmethod
    def _read(cls, data: dict[str, Any]) -> Table:
        return cls(
            id=data["id"],
            match=Match.from_json(data["match"]),
            seats=[Seat(**seat) for seat in data["seats"]],
            settings=TableSettings.from_json(data.get("settings", {})),
            seed=data["seed"],
            version=data["version"],
            deal_base=data["deal_base"],
            taken_back_at=data.get("taken_back_at", 0),
            selection=[parse(c) for c in data.get("selection", [])],
            acknowledged=_acknowledged(data.get("acknowledged", [])),
            host=data.get("host"),
            code=data.get("code"),
            started=data.get("started", True),
            finished=data.get("finished", False),
            created=data.get("created", 0.0),
            fallbacks=[Fallback(**noted) for noted in data.get("fallbacks", [])],
        )


def _acknowledged(raw: int | list[int]) -> list[int]:
    """Tables saved before friends' tables kept one number, for the person at seat 0."""
    return [raw] if isinstance(raw, int) else [int(value) for value in raw]


def new_seed() -> str:
    """A table's secret seed: 256 bits from the operating system's CSPRNG."""
    return secrets.token_hex(32)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """Unguessable and short enough to read out: 12 URL-safe characters."""
    return secrets.token_urlsafe(9)


CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
"""Letters and digits nobody confuses when reading them off a screen (no 0/O, 1/I/L, 5/S,
2/Z, 8/B)."""
CODE_LENGTH = 6


def new_code() -> str:
    """A short code to type (25^6, about 244 million): it finds the table, it opens no seat."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(raw: str) -> str:
    """A typed code as stored: capitals, without spaces or dashes."""
    return "".join(raw.split()).replace("-", "").upper()
