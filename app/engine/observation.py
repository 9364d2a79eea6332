"""What one seat may know of a deal (OpenSpiel's information state), and nothing else.

Bots, pages and the bot protocol see a deal only through ``observe``: the seat's own cards,
the public history, the others' card counts, whatever the rules reveal (a shown discard,
declarations, Bob reveals, face-up cards) and the legal choices when it is the seat's turn.
``Observation.to_json`` is the one serialisation every consumer uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.cards import SUIT_BY_CODE, SUIT_CODES, Card, Suit, codes, parse, sorted_cards
from app.engine.deal import Deal, Phase, Trick
from app.engine.declarations import Declaration
from app.engine.games import GAMES, Game
from app.engine.ledger import LedgerEntry
from app.engine.options import Options
from app.engine.troccas import Bob


@dataclass(frozen=True)
class Observation:
    game: str
    options: Options
    seat: int
    seat_count: int
    dealer: int
    phase: Phase
    turn: int
    """The seat to act, or -1 once the deal is over."""
    trick_number: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    won_tricks: tuple[int, ...]
    discard: tuple[Card, ...] | None
    """The dealer's discard or kitty where this seat may see it, else None."""
    discard_made: bool
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    """The current trick's cards so far, in playing order from ``leader``."""
    leader: int
    named: Suit | None
    declarations: tuple[Declaration, ...]
    bobs: tuple[Bob, ...]
    face_up: tuple[Card | None, ...] | None
    """Troccas option: each seat's last dealt card, shown to everyone."""
    fool_demanded: bool
    ledger: tuple[LedgerEntry, ...]
    balances: tuple[int, ...]
    pots: tuple[int, int] | None
    legal: tuple[Card, ...]
    """Playable cards, or the cards that may be discarded, when it is this seat's turn."""
    counts: tuple[int, ...] | None
    all_hands: tuple[tuple[Card, ...], ...] | None = None
    """Every seat's holding: only with the match setting "opponents see all hands"."""
    players: tuple[int, ...] = ()
    """The seats that play the deal where one sits out (rules.md 2.17); empty: every seat."""

    @property
    def sits_out(self) -> int | None:
        """The seat that sits out the deal (Danish Tarok for four); None where all play."""
        if not self.players:
            return None
        return next(s for s in range(self.seat_count) if s not in self.players)

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def rules(self) -> Game:
        """The game's rules that do not depend on the deal: its registry entry."""
        return GAMES[self.game]

    @property
    def discard_size(self) -> int:
        """How many cards the dealer lays away (3 in Danish Tarok, the 2-card kitty)."""
        return self.rules.discard_size

    def names_suit(self, card: Card) -> bool:
        """Whether playing ``card`` now names the suit it stands for (rules.md 2.7c): the
        play must then say which (``PlayCard.name``)."""
        return self.rules.names_suit(card, self.trick_number, leading=not self.trick)

    @property
    def decision(self) -> str | None:
        """The kind of action this seat must take now, if any."""
        return self.phase.value if self.is_my_turn else None

    def seat_in_trick(self, index: int) -> int:
        if not self.players:
            return (self.leader + index) % self.seat_count
        players = self.players
        return players[(players.index(self.leader) + index) % len(players)]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options.to_json(self.game),
            "seat": self.seat,
            "seats": self.seat_count,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turn": self.turn if self.turn >= 0 else None,
            "trick_number": self.trick_number,
            "hand": codes(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "won_tricks": list(self.won_tricks),
            "discard": codes(self.discard) if self.discard is not None else None,
            "discard_made": self.discard_made,
            "tricks": [_trick_json(trick) for trick in self.tricks],
            "trick": {
                "leader": self.leader,
                "cards": codes(self.trick),
                "named": SUIT_CODES[self.named] if self.named is not None else None,
            },
            "declarations": [d.to_json() for d in self.declarations],
            "bobs": [bob.to_json() for bob in self.bobs],
            "face_up": (
                [codes([c])[0] if c is not None else None for c in self.face_up]
                if self.face_up is not None
                else None
            ),
            "fool_demanded": self.fool_demanded,
            "ledger": [entry.to_json() for entry in self.ledger],
            "balances": list(self.balances),
            "pots": {"king": self.pots[0], "pagat": self.pots[1]} if self.pots else None,
            "legal": self._legal_json() if self.is_my_turn else None,
            "counts": list(self.counts) if self.counts is not None else None,
            **({"all_hands": [codes(h) for h in self.all_hands]} if self.all_hands else {}),
            **({"sits_out": self.sits_out} if self.players else {}),
        }

    def _legal_json(self) -> dict[str, Any]:
        """The decision and its legal cards, with what a program would otherwise have to know
        of the rules: how many cards a discard lays away, and which plays name a suit."""
        legal: dict[str, Any] = {"action": self.decision, "cards": codes(self.legal)}
        if self.phase is Phase.DISCARD:
            legal["size"] = self.discard_size
        elif self.phase is Phase.PLAY:
            legal["names_suit"] = codes([card for card in self.legal if self.names_suit(card)])
        return legal


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "number": trick.number,
        "leader": trick.leader,
        "cards": codes(trick.cards),
        "winner": trick.winner,
        "named": SUIT_CODES[trick.named] if trick.named is not None else None,
    }


def legal_for(deal: Deal, seat: int) -> tuple[Card, ...]:
    if deal.turn != seat:
        return ()
    if deal.phase is Phase.PLAY:
        return tuple(sorted_cards(deal.legal_cards()))
    if deal.phase is Phase.DISCARD:
        return tuple(sorted_cards(deal.legal_discard_cards()))
    return ()


def observe(deal: Deal, seat: int, see_all: bool = False) -> Observation:
    """Everything ``seat`` may know of ``deal`` now.

    ``see_all`` is the explicit, labelled match setting "opponents see all hands" (rules.md
    2.13, 3.7: off by default); only then does the observation carry the others' holdings.
    """
    return _observation(deal, seat, seat, see_all)


def observe_public(deal: Deal, layout_seat: int = 0) -> Observation:
    """What anyone at the table may know, holding no cards: a spectator's view. No hand, no
    legal moves, the discard only when the rules show it to the table; ``layout_seat`` is
    only the seat the view is laid out from (it sees no more than any other onlooker)."""
    return _observation(deal, None, layout_seat, see_all=False)


def _observation(deal: Deal, seat: int | None, layout_seat: int, see_all: bool) -> Observation:
    """``seat``'s view (None: an onlooker's), laid out from ``layout_seat``."""
    return Observation(
        game=deal.game,
        options=deal.options,
        seat=layout_seat,
        seat_count=deal.seat_count,
        dealer=deal.dealer,
        phase=deal.phase,
        turn=deal.turn,
        trick_number=deal.trick_number,
        hand=tuple(sorted_cards(deal.holdings[seat])) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in deal.holdings),
        won_tricks=tuple(deal.won),
        discard=deal.visible_discard(seat),
        discard_made=bool(deal.discarded),
        tricks=tuple(deal.tricks),
        trick=tuple(deal.trick),
        leader=deal.leader,
        named=deal.named,
        declarations=deal.declarations_made(),
        bobs=deal.bobs_made(),
        face_up=deal.face_up_cards(),
        fool_demanded=deal.fool_was_demanded,
        ledger=tuple(deal.books.ledger),
        balances=tuple(deal.books.balances),
        pots=deal.pot_sizes(),
        legal=legal_for(deal, seat) if seat is not None else (),
        counts=tuple(deal.counts) if deal.counts is not None else None,
        all_hands=tuple(tuple(sorted_cards(h)) for h in deal.holdings) if see_all else None,
        players=deal.players if deal.sits_out is not None else (),
    )


# ------------------------------------------------------------------ reading JSON back


def _cards(items: list[str]) -> tuple[Card, ...]:
    return tuple(parse(item) for item in items)


def _suit(value: str | None) -> Suit | None:
    return SUIT_BY_CODE[value] if value is not None else None


def _trick_from_json(data: dict[str, Any], players: tuple[int, ...]) -> Trick:
    leader = data["leader"]
    order: tuple[int, ...] = ()
    if players:
        start = players.index(leader)
        order = tuple(players[(start + i) % len(players)] for i in range(len(players)))
    return Trick(
        data["number"], leader, _cards(data["cards"]), data["winner"], _suit(data["named"]), order
    )


def _bob_from_json(data: dict[str, Any]) -> Bob:
    suit = SUIT_BY_CODE[data["suit"]]
    if "revealed" in data:
        return Bob(data["trick"], suit, revealed=data["revealed"])
    return Bob(
        data["trick"], suit, data["from"], data["to"], parse(data["page"]), parse(data["returned"])
    )


def observation_from_json(data: dict[str, Any]) -> Observation:
    """The observation that ``Observation.to_json`` wrote (for programs speaking the protocol).

    ``legal``'s ``size`` and ``names_suit`` follow from the rules, so they are not read back: an
    object written before them reads as well.

    Raises ``KeyError``, ``ValueError`` or ``TypeError`` on a malformed object.
    """
    game = data["game"]
    legal = data.get("legal")
    face_up = data.get("face_up")
    pots = data.get("pots")
    out = data.get("sits_out")
    players = tuple(s for s in range(data["seats"]) if s != out) if out is not None else ()
    return Observation(
        game=game,
        options=Options.from_json(game, data.get("options", {})),
        seat=data["seat"],
        seat_count=data["seats"],
        dealer=data["dealer"],
        phase=Phase(data["phase"]),
        turn=data["turn"] if data["turn"] is not None else -1,
        trick_number=data["trick_number"],
        hand=_cards(data["hand"]),
        hand_sizes=tuple(data["hand_sizes"]),
        won_tricks=tuple(data["won_tricks"]),
        discard=_cards(data["discard"]) if data["discard"] is not None else None,
        discard_made=data["discard_made"],
        tricks=tuple(_trick_from_json(t, players) for t in data["tricks"]),
        trick=_cards(data["trick"]["cards"]),
        leader=data["trick"]["leader"],
        named=_suit(data["trick"]["named"]),
        declarations=tuple(Declaration(**d) for d in data["declarations"]),
        bobs=tuple(_bob_from_json(b) for b in data["bobs"]),
        face_up=(
            tuple(parse(c) if c is not None else None for c in face_up)
            if face_up is not None
            else None
        ),
        fool_demanded=data["fool_demanded"],
        ledger=tuple(
            LedgerEntry(e["kind"], e["trick"], e["from"], e["to"], e["amount"])
            for e in data["ledger"]
        ),
        balances=tuple(data["balances"]),
        pots=(pots["king"], pots["pagat"]) if pots is not None else None,
        legal=_cards(legal["cards"]) if legal is not None else (),
        counts=tuple(data["counts"]) if data["counts"] is not None else None,
        all_hands=(tuple(_cards(h) for h in data["all_hands"]) if data.get("all_hands") else None),
        players=players,
    )
