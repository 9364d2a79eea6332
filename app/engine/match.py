"""A match: a series of deals with running balances, the pots and the dealer's rotation.

One deal is the engine's unit; the match carries what passes from one deal to the next
(rules.md 2.1-2.2, 3.1, 3.6). The person at seat 0 deals first, or whoever draws the lowest
trump under the options ``draw_first_dealer`` and ``draw_partners`` (rules.md 2.1a, 3.1a); the
deal passes to the dealer's right, except after a void deal (rules.md 2.3a: a player dealt no
trump asked for a new deal), which the same dealer deals again and which changes no balance or
pot. Each deal's cards come from its own stream derived from the match's seed with a keyed
hash (``keyed_stream``), and so does the draw: at a table the seed is a server-side secret,
and neither a deal's cards nor anything else public (the drawn cards included, a deal dealt
again too: its stream is that of its own place in the match) lets anyone work out another
deal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine.deal import Deal
from app.engine.draw import Draw, draw
from app.engine.games import GAMES, Game
from app.engine.ledger import KING_POT, PAGAT_POT, Books
from app.engine.options import MATCH_OPTIONS, OPTION_LABELS, Options
from app.engine.phrases import N_, Phrase
from app.engine.record import HandRecord, parse_record, record_of, replay
from app.engine.rng import keyed_stream


@dataclass
class DealSummary:
    """One finished deal as the score sheet shows it."""

    number: int
    dealer: int
    changes: list[int]
    balances: list[int]
    pots: dict[str, int] | None
    counts: list[int]
    options: Options
    """The rule options the deal was played with."""
    redealt_by: int | None = None
    """The player who asked for a new deal (rules.md 2.3a): a void deal, nothing paid."""


class OptionsLocked(ValueError):
    """A change of rule options that the match does not allow now."""


@dataclass
class Match:
    game: Game
    options: Options
    seed: int | str
    """The key of the deals' streams: at a table, a secret that never leaves the server."""
    records: list[HandRecord] = field(default_factory=list)
    """The finished deals, oldest first."""
    deal: Deal | None = None
    """The deal in progress (or finished and not yet filed)."""
    last_books: Books | None = field(default=None, repr=False)
    """Balances and pots after the last filed deal; None before the first."""
    filed: list[DealSummary] = field(default_factory=list, repr=False)
    """The score sheet's rows of the filed deals, kept so that no deal is replayed twice."""
    drawn: Draw | None = None
    """The draw before the first deal (rules.md 2.1a, 3.1a), each seat's cards at the seat
    its player took; None without the draw's options (or before the first deal)."""

    @classmethod
    def new(cls, game_key: str, options: Options, seed: int | str) -> Match:
        return cls(GAMES[game_key], options, seed)

    @property
    def dealer(self) -> int:
        """The dealer of the current (or next) deal."""
        played = sum(1 for record in self.records if record.redealt_by is None)
        return (self.first_dealer + played) % self.game.seat_count

    @property
    def first_dealer(self) -> int:
        """Seat 0, or the seat that drew the lowest trump (rules.md 2.1a, 3.1a)."""
        return self.drawn.first_dealer if self.drawn is not None else 0

    @property
    def draws(self) -> bool:
        """Whether the match starts with a draw (its options ask for one)."""
        partners = self.options.draw_partners and bool(self.game.partnerships)
        return self.options.draw_first_dealer or partners

    def hold_draw(self, anchor: int = 0) -> tuple[int, ...]:
        """Draw before the first deal, if the options ask for it, from the match's own stream
        (so the drawn cards, shown to all, tell nothing about the deals).

        Returns the new seating, ``seating[new seat] = old seat``: with partners drawn the
        players move so that partners sit opposite, the player at ``anchor`` at seat 0
        (``Draw.seating``); otherwise everyone stays. Idempotent: once drawn, or once the
        first deal is dealt, it changes nothing and everyone stays."""
        stay = tuple(range(self.game.seat_count))
        if self.drawn is not None or not self.draws or self.deal is not None or self.records:
            return stay
        partners = self.options.draw_partners and bool(self.game.partnerships)
        rng = keyed_stream(str(self.seed), "draw")
        result = draw(rng, self.game.seat_count, partners)
        self.drawn = result.seated(anchor)
        return result.seating(anchor)

    def change_options(self, options: Options) -> None:
        """Play the next deals with ``options`` (rules.md 2.13 and 3.7: options change only
        between deals, and not those of ``locked_options``).

        The deal just played keeps its own options: its record carries them.
        """
        if self.deal is not None and not self.deal.is_over:
            raise OptionsLocked(Phrase(N_("the rule options change only between deals")))
        wanted = options.of_game(self.game.key)
        for key, _ in self.options.changes_to(wanted, self.game.key):
            if key in self.locked_options():
                label = Phrase(OPTION_LABELS[key][0])
                raise OptionsLocked(
                    Phrase(
                        N_("in %(game)s the %(option)s stays for the whole match"),
                        game=self.game.name,
                        option=label,
                    )
                )
        self.options = wanted

    def locked_options(self) -> list[str]:
        """The options that may no longer change once the first deal is dealt: the Swiss
        Chicks rule (rules.md 3.7: "decide before first discard to first hand") and the
        draws before the match (rules.md 2.1a, 3.1a)."""
        started = self.deal is not None or bool(self.records)
        if not started:
            return []
        game = self.game.key
        return [
            *self.game.fixed_options,
            *(k for k in MATCH_OPTIONS if k in Options.keys_for(game)),
        ]

    def start_deal(self) -> Deal:
        """Shuffle and deal the next deal (filing the previous one if it is over)."""
        if self.deal is not None:
            if not self.deal.is_over:
                raise ValueError("the current deal is not over")
            self.file_deal()
        self.hold_draw()
        rng = keyed_stream(str(self.seed), "deal", len(self.records))
        self.deal = self.game.shuffle_and_deal(rng, self.dealer, self.options, self.last_books)
        return self.deal

    def file_deal(self) -> None:
        """Move the finished current deal into the match's records."""
        if self.deal is None or not self.deal.is_over:
            raise ValueError("no finished deal to file")
        self._file(record_of(self.deal), self.deal)
        self.deal = None

    def _file(self, record: HandRecord, deal: Deal) -> None:
        self.filed.append(self._summary(len(self.records) + 1, deal))
        self.records.append(record)
        if not deal.is_void:  # a void deal leaves the books as they were (rules.md 2.3a)
            self.last_books = deal.books

    def _summary(self, number: int, deal: Deal) -> DealSummary:
        previous = self.filed[-1].balances if self.filed else [0] * self.game.seat_count
        balances = list(deal.books.balances)
        pots = None
        if self.game.has_pots:
            pots = {"king": deal.books.pots[KING_POT], "pagat": deal.books.pots[PAGAT_POT]}
        changes = [now - before for now, before in zip(balances, previous, strict=True)]
        counts = list(deal.counts or [])
        return DealSummary(
            number, deal.dealer, changes, balances, pots, counts, deal.options, deal.redealt_by
        )

    def summaries(self) -> list[DealSummary]:
        """The score sheet: one row per finished deal (filed or not), oldest first."""
        rows = list(self.filed)
        if self.deal is not None and self.deal.is_over:
            rows.append(self._summary(len(rows) + 1, self.deal))
        return rows

    def pot_equity(self) -> float:
        """Each player's share of the pots' contents (rules.md 2.2: shown, never paid out)."""
        books = self._current_books()
        if books is None or not self.game.has_pots:
            return 0.0
        return sum(books.pots.values()) / self.game.seat_count

    def _current_books(self) -> Books | None:
        return self.deal.books if self.deal is not None else self.last_books

    # ------------------------------------------------------------ persistence

    def to_json(self, *, records: bool = True) -> dict[str, Any]:
        """The match as JSON; without ``records`` the finished deals are left out (a store
        that files each finished deal once saves the rest at every move, and the records
        would otherwise be written out again each time, more with every deal)."""
        return {
            "game": self.game.key,
            "options": self.options.to_json(self.game.key),
            "seed": self.seed,
            **({"records": [record.to_json() for record in self.records]} if records else {}),
            "deal": record_of(self.deal).to_json() if self.deal is not None else None,
            **({"draw": self.drawn.to_json()} if self.drawn is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        game = GAMES[data["game"]]
        match = cls(game, Options.from_json(game.key, data.get("options", {})), data["seed"])
        if data.get("draw") is not None:
            match.drawn = Draw.from_json(data["draw"])
        for raw in data.get("records", []):
            record = parse_record(raw)
            match._file(record, replay(record))
        if data.get("deal") is not None:
            match.deal = replay(parse_record(data["deal"]))
        return match
