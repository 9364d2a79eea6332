"""Hand records (``trionfi-hand/1``) and hand results (``trionfi-result/1``), design.md 1.3-1.4.

A record is one deal from the cards dealt to the last action. ``parse_record`` validates its
shape (``BadRecord``), ``replay`` checks every action through the engine (``IllegalActionAt``),
and ``result`` describes a deal, complete or not, from the omniscient view.

An entry ``{"seat": s, "take_back": card}`` takes back that seat's last card play with every
action after it (``Deal.check_take_back``); replaying it rebuilds the deal without them.
Records without take backs read as they always did.

An entry ``{"seat": s, "redeal": true}`` asks for a new deal of a hand with no trumps (rules.md
2.3a, option ``trumpless_redeal``; ``false`` declines): it ends the deal as void, and the
record holds that deal alone. Records without the option read as they always did.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from app.engine.actions import (
    AskRedeal,
    CallBob,
    ChooseChicks,
    DemandFool,
    Discard,
    Entry,
    IllegalAction,
    PlayCard,
    TakeBack,
)
from app.engine.cards import (
    DECK_SIZE,
    SUIT_BY_CODE,
    SUIT_CODES,
    Card,
    UnknownCard,
    code,
    codes,
    parse,
)
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES, Game
from app.engine.ledger import KING_POT, PAGAT_POT, Books
from app.engine.options import BadOptions, Options

HAND_FORMAT = "trionfi-hand/1"
RESULT_FORMAT = "trionfi-result/1"
POT_NAMES = {KING_POT: "king", PAGAT_POT: "pagat"}


class BadRecord(ValueError):
    """A record that is not a well-formed ``trionfi-hand/1``."""


class IllegalActionAt(Exception):
    """An action of a record that the rules refuse."""

    def __init__(self, index: int, action: Any, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.action = action
        self.reason = reason

    def to_json(self) -> dict[str, Any]:
        return {
            "error": "illegal-action",
            "index": self.index,
            "action": self.action,
            "reason": self.reason,
        }


@dataclass
class HandRecord:
    game: Game
    options: Options
    dealer: int
    deal: list[list[Card]]
    talon: list[Card]
    before: Books | None
    actions: list[Entry] = field(default_factory=list)
    """The deal's log: its actions, and any take backs with the actions they undid."""
    raw_actions: list[Any] = field(default_factory=list)

    @property
    def redealt_by(self) -> int | None:
        """The player who asked for a new deal (rules.md 2.3a): the deal is void, nobody paid
        anything in it and the same dealer deals again; None for a deal played."""
        for action in self.actions:
            if isinstance(action, AskRedeal) and action.redeal:
                return action.seat
        return None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": HAND_FORMAT,
            "game": self.game.key,
            "options": self.options.to_json(self.game.key),
            "dealer": self.dealer,
        }
        out = self.game.sits_out(self.dealer)
        if out is not None:
            data["sits_out"] = out
        data |= {
            "deal": [codes(cards) for cards in self.deal],
            "talon": codes(self.talon),
        }
        if self.before is not None:
            data["before"] = before_to_json(self.before, self.game)
        data["actions"] = [action.to_json() for action in self.actions]
        return data


def before_to_json(books: Books, game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {"balances": list(books.balances)}
    if game.has_pots:
        data["pots"] = {POT_NAMES[pot]: books.pots[pot] for pot in (KING_POT, PAGAT_POT)}
    return data


def record_of(deal: Deal) -> HandRecord:
    """The hand record of a deal so far."""
    game = GAMES[deal.game]
    return HandRecord(
        game,
        deal.table_options,
        deal.dealer,
        [list(cards) for cards in deal.dealt],
        list(deal.talon),
        deal.before,
        list(deal.log),
    )


# ------------------------------------------------------------------ parsing


def parse_record(data: Any) -> HandRecord:
    """Validate a decoded JSON record; raise ``BadRecord`` with the reason."""
    if not isinstance(data, dict):
        raise BadRecord("a hand record is a JSON object")
    if data.get("format") != HAND_FORMAT:
        raise BadRecord(f"format must be {HAND_FORMAT!r}")
    game = GAMES.get(data.get("game"))  # type: ignore[arg-type]
    if game is None:
        raise BadRecord("game must be 'danish-tarok', 'danish-tarok-4' or 'troccas'")
    try:
        options = Options.from_json(game.key, data.get("options", {}))
    except BadOptions as error:
        raise BadRecord(str(error)) from None
    dealer = _seat(data.get("dealer"), game, "dealer")
    _check_sits_out(data, game, dealer)
    deal, talon = _parse_cards(data, game, dealer)
    before = _parse_before(data.get("before"), game)
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise BadRecord("actions must be a list")
    actions = [_parse_action(raw, index, game) for index, raw in enumerate(raw_actions)]
    return HandRecord(game, options, dealer, deal, talon, before, actions, raw_actions)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, game: Game, what: str) -> int:
    if not _is_int(value) or not 0 <= value < game.seat_count:
        raise BadRecord(f"{what} must be a seat number from 0 to {game.seat_count - 1}")
    return value


def _check_sits_out(data: dict[str, Any], game: Game, dealer: int) -> None:
    """``sits_out``, where a record has it, names the seat opposite the dealer (2.17)."""
    out = game.sits_out(dealer)
    if "sits_out" not in data:
        return
    if out is None:
        raise BadRecord(f"in {game.name} no seat sits out")
    if data["sits_out"] != out:
        raise BadRecord(f"sits_out must be {out}, the seat opposite the dealer")


def _card_list(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise BadRecord(f"{what} must be a list of card codes")
    try:
        return [parse(item) for item in value]
    except UnknownCard as error:
        raise BadRecord(f"{what}: {error}") from None


def _parse_cards(
    data: dict[str, Any], game: Game, dealer: int
) -> tuple[list[list[Card]], list[Card]]:
    raw_deal = data.get("deal")
    if not isinstance(raw_deal, list) or len(raw_deal) != game.seat_count:
        raise BadRecord(f"deal must list the cards of {game.seat_count} seats")
    deal = [_card_list(cards, f"deal[{seat}]") for seat, cards in enumerate(raw_deal)]
    talon = _card_list(data.get("talon", []), "talon")
    for seat, cards in enumerate(deal):
        size = game.dealer_hand_size if seat == dealer else game.hand_size
        if seat == game.sits_out(dealer):
            size = 0
        if len(cards) != size:
            raise BadRecord(f"seat {seat} must be dealt {size} cards, not {len(cards)}")
    if len(talon) != game.talon_size:
        raise BadRecord(f"the talon must hold {game.talon_size} cards, not {len(talon)}")
    everything = [card for cards in deal for card in cards] + talon
    if len(set(everything)) != len(everything):
        seen: set[Card] = set()
        duplicated = next(c for c in everything if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise BadRecord(f"card {code(duplicated)} is dealt twice")
    if len(everything) != DECK_SIZE:
        raise BadRecord(f"the deal must hold all {DECK_SIZE} cards")
    return deal, talon


def _parse_before(raw: Any, game: Game) -> Books | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise BadRecord("before must be an object")
    balances = raw.get("balances")
    if (
        not isinstance(balances, list)
        or len(balances) != game.seat_count
        or not all(_is_int(b) for b in balances)
    ):
        raise BadRecord(f"before.balances must be {game.seat_count} whole numbers")
    pots = {KING_POT: 0, PAGAT_POT: 0}
    if game.has_pots:
        raw_pots = raw.get("pots")
        if not isinstance(raw_pots, dict) or set(raw_pots) != {"king", "pagat"}:
            raise BadRecord('before.pots must be {"king": n, "pagat": n}')
        for key, pot in (("king", KING_POT), ("pagat", PAGAT_POT)):
            if not _is_int(raw_pots[key]) or raw_pots[key] < 0:
                raise BadRecord(f"before.pots.{key} must be a whole number, 0 or more")
            pots[pot] = raw_pots[key]
    return Books(list(balances), pots if game.has_pots else {})


ACTION_KINDS = ("discard", "play", "demand_fool", "bob", "chicks", "redeal", "take_back")


def _parse_action(raw: Any, index: int, game: Game) -> Entry:
    where = f"actions[{index}]"
    if not isinstance(raw, dict):
        raise BadRecord(f"{where} must be an object")
    seat = _seat(raw.get("seat"), game, f"{where}.seat")
    kinds = [kind for kind in ACTION_KINDS if kind in raw]
    if len(kinds) != 1:
        raise BadRecord(f"{where} must have exactly one of {', '.join(ACTION_KINDS)}")
    kind = kinds[0]
    allowed = {"seat", kind} | ({"name"} if kind == "play" else set())
    extra = set(raw) - allowed
    if extra:
        raise BadRecord(f"{where} has unknown keys: {', '.join(sorted(extra))}")
    value = raw[kind]
    if kind == "discard":
        return Discard(seat, tuple(_card_list(value, f"{where}.discard")))
    if kind in ("play", "take_back"):
        try:
            card = parse(value)
        except UnknownCard as error:
            raise BadRecord(f"{where}.{kind}: {error}") from None
        if kind == "take_back":
            return TakeBack(seat, card)
        return PlayCard(seat, card, _parse_name(raw.get("name"), where))
    if not isinstance(value, bool):
        raise BadRecord(f"{where}.{kind} must be true or false")
    if kind == "chicks":
        return ChooseChicks(seat, value)
    if kind == "redeal":
        return AskRedeal(seat, value)
    return DemandFool(seat, value) if kind == "demand_fool" else CallBob(seat, value)


def _parse_name(raw: Any, where: str) -> Any:
    if raw is None:
        return None
    suit = SUIT_BY_CODE.get(raw.upper()) if isinstance(raw, str) else None
    if suit is None:
        raise BadRecord(f"{where}.name must be one of CU, CO, SW, ST, T")
    return suit


# ------------------------------------------------------------------ replay


def start(record: HandRecord) -> Deal:
    """The deal of a record before any action."""
    return record.game.new_deal(
        [list(cards) for cards in record.deal],
        list(record.talon),
        record.dealer,
        record.options,
        record.before.copy() if record.before is not None else None,
    )


def replay(record: HandRecord) -> Deal:
    """Apply every action of the record; raise ``IllegalActionAt`` at the first refused one."""
    deal = start(record)
    for index, action in enumerate(record.actions):
        try:
            deal.apply(action)
        except IllegalAction as error:
            raw = record.raw_actions[index] if index < len(record.raw_actions) else action.to_json()
            raise IllegalActionAt(index, raw, error.reason) from None
    return deal


# ------------------------------------------------------------------ results


def next_decision(deal: Deal) -> dict[str, Any] | None:
    """Whose turn, which kind of action, and the legal choices; None once the deal is over."""
    if deal.phase is Phase.OVER:
        return None
    if deal.phase is Phase.DISCARD:
        return {"seat": deal.turn, "action": "discard", "legal": codes(deal.legal_discard_cards())}
    if deal.phase is Phase.PLAY:
        return {"seat": deal.turn, "action": "play", "legal": codes(deal.legal_cards())}
    return {"seat": deal.turn, "action": deal.phase.value, "legal": [True, False]}


def result(deal: Deal) -> dict[str, Any]:
    """The ``trionfi-result/1`` object of a deal (design.md 1.4)."""
    game = GAMES[deal.game]
    data: dict[str, Any] = {
        "format": RESULT_FORMAT,
        "game": deal.game,
        "complete": deal.is_over,
        "next": next_decision(deal),
        "discard": {"seat": deal.dealer, "cards": codes(deal.discarded)}
        if deal.discarded
        else None,
        "declarations": [d.to_json() for d in deal.declarations_made()],
        "tricks": [
            {
                "number": trick.number,
                "leader": trick.leader,
                "cards": codes(trick.cards),
                "winner": trick.winner,
                "named": SUIT_CODES[trick.named] if trick.named is not None else None,
            }
            for trick in deal.tricks
        ],
        "bobs": [bob.to_json() for bob in deal.bobs_made()],
        "ledger": [entry.to_json() for entry in deal.books.ledger],
        "counts": list(deal.counts) if deal.counts is not None else None,
        "balances": list(deal.books.balances),
    }
    if deal.is_void:
        data["redeal"] = {"seat": deal.redealt_by}
    if game.has_pots:
        data["pots"] = {POT_NAMES[pot]: deal.books.pots[pot] for pot in (KING_POT, PAGAT_POT)}
    if game.partnerships:
        counts = deal.counts
        data["teams"] = [t.to_json() for t in game.team_counts(counts)] if counts else None
    return data
