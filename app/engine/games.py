"""The registry of games: one entry per game module (python-chess's variant registry)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from app.engine import danish, danish_four, troccas
from app.engine.cards import Card
from app.engine.deal import Deal, TeamCount
from app.engine.ledger import Books
from app.engine.options import DANISH, DANISH_FOUR, TROCCAS, Options
from app.engine.phrases import N_


@dataclass(frozen=True)
class Game:
    """A game: how it is dealt, and the rules that do not depend on a deal, asked of its deal
    class (a third game is one module with its ``Deal`` subclass, and an entry here)."""

    key: str
    name: str
    seat_count: int
    hand_size: int
    """Cards each seat was dealt (the dealer: ``dealer_hand_size``)."""
    dealer_hand_size: int
    talon_size: int
    deal_class: type[danish.DanishDeal] | type[troccas.TroccasDeal]
    deal_cards: Callable[[Random, int], tuple[list[list[Card]], list[Card]]]
    has_pots: bool
    short: str
    """A short tag of the game's own (``dk``, ``tr``): where two games' fields share a form.
    Danish Tarok for four has Danish Tarok's options, so it shares ``dk``."""
    result_unit: str
    """What a deal's result is counted in: ``tokens`` (each for themself) or ``team points``."""
    summary: str
    """The game in a few words, for a page offering it (marked for translation)."""
    table_label: str
    """The game with its seats, for a list of games to set a friends' table up with."""
    options_title: str
    """The heading of the game's rule options (games sharing ``short`` share options)."""
    pages: str = ""
    """The game whose rules and strategy pages tell this one (its own key where empty)."""

    @property
    def pages_key(self) -> str:
        """The key of the rules and strategy pages for this game (Danish Tarok's pages tell
        its form for four too)."""
        return self.pages or self.key

    @property
    def trick_count(self) -> int:
        return self.deal_class.trick_count

    @property
    def discard_size(self) -> int:
        """How many cards the dealer lays away (rules.md 2.4, 3.3)."""
        return self.deal_class.discard_size

    @property
    def discard_name(self) -> str:
        """``discard`` or ``kitty``: the game's word for what the dealer lays away."""
        return self.deal_class.discard_name

    @property
    def partnerships(self) -> tuple[tuple[int, ...], ...]:
        """Fixed partnerships as seats (rules.md 3.1); empty where each plays for themself."""
        return self.deal_class.partnerships

    @property
    def fixed_options(self) -> tuple[str, ...]:
        """Options that stay for the whole match once its first deal is dealt."""
        return self.deal_class.fixed_options

    @property
    def led_fool_names_suit(self) -> bool:
        """Whether a Fool led before the last trick names a suit (rules.md 2.7c)."""
        return self.deal_class.led_fool_names_suit

    @property
    def has_nolo(self) -> bool:
        """Whether a player may try for No Tricks (Nolo, rules.md 2.10)."""
        return self.deal_class.has_nolo

    def fool_due_in(self, options: Options, fool_demanded: bool) -> int | None:
        """The trick in which the Fool's holder must play it, if the rules set one (2.7)."""
        return self.deal_class.fool_due_in(options, fool_demanded)

    def names_suit(self, card: Card, trick_number: int, leading: bool) -> bool:
        """Whether playing ``card`` names the suit it stands for (rules.md 2.7c)."""
        return self.deal_class.names_suit(card, trick_number, leading)

    def players_of(self, dealer: int) -> tuple[int, ...]:
        """The seats that play a deal ``dealer`` deals (all but one sitting out, 2.17)."""
        return self.deal_class.players_of(dealer)

    def sits_out(self, dealer: int) -> int | None:
        """The seat that sits out a deal ``dealer`` deals; None where every seat plays."""
        players = self.players_of(dealer)
        return next((s for s in range(self.seat_count) if s not in players), None)

    def partner_of(self, seat: int) -> int | None:
        return self.deal_class.partner_of(seat)

    def team_counts(self, counts: list[int] | tuple[int, ...]) -> tuple[TeamCount, ...]:
        """Each partnership's count and result (rules.md 3.6); empty without partnerships."""
        return self.deal_class.team_counts(counts)

    def new_deal(
        self,
        dealt: list[list[Card]],
        talon: list[Card],
        dealer: int,
        options: Options,
        before: Books | None = None,
    ) -> Deal:
        return self.deal_class(dealt, talon, dealer, options, before)

    def shuffle_and_deal(
        self, rng: Random, dealer: int, options: Options, before: Books | None = None
    ) -> Deal:
        dealt, talon = self.deal_cards(rng, dealer)
        return self.new_deal(dealt, talon, dealer, options, before)


GAMES: dict[str, Game] = {
    DANISH: Game(
        DANISH, N_("Danish Tarok"), 3, 25, 25, 3, danish.DanishDeal, danish.deal_cards, True,
        short="dk", result_unit="tokens",
        summary=N_("3 players, tokens and two pots, declarations, Ultimo"),
        table_label=N_("Danish Tarok (3 seats)"),
        options_title=N_("Danish Tarok options"),
    ),
    DANISH_FOUR: Game(
        DANISH_FOUR, N_("Danish Tarok for four"), 4, 25, 25, 3, danish_four.FourDanishDeal,
        danish_four.deal_cards, True, short="dk", result_unit="tokens",
        summary=N_("you and three computers; the seat opposite the dealer sits out each deal"),
        table_label=N_("Danish Tarok for four (4 seats, one sits out each deal)"),
        options_title=N_("Danish Tarok options"),
        pages=DANISH,
    ),
    TROCCAS: Game(
        TROCCAS, N_("Swiss Troccas"), 4, 19, 21, 0, troccas.TroccasDeal, troccas.deal_cards, False,
        short="tr", result_unit="team points",
        summary=N_("4 players, you and your partner opposite, the Bob"),
        table_label=N_("Swiss Troccas (4 seats)"),
        options_title=N_("Swiss Troccas options"),
    ),
}  # fmt: skip
