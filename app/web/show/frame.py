"""The table page's view model: one frame of the deal, as one viewer sees it.

A frame is the table at one step of the deal: the latest step, or an earlier one while the
pages reveal the bots' moves one at a time. It is built by ``app.web.show.pacing.make_frame``
from the viewer's observation at that step and a read-only view of the table (``TableView``):
the table itself, which holds every hand, never reaches a template.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.engine.cards import FOOL, Card, code, display_name
from app.engine.deal import Phase, Trick
from app.engine.observation import Observation
from app.i18n import gettext, ngettext, pgettext
from app.web.http.words import seat_name
from app.web.show.cards import NAMEABLE_SUITS, POSITIONS, CardView, TrickView, card_view
from app.web.show.cards import named_suit as suit_label
from app.web.show.events import Event, Names, bob_text, declaration_text
from app.web.show.handrows import HandRows
from app.web.show.rulebook import (
    OptionField,
    RuleLine,
    change_notice,
    option_fields,
    played_with,
    rules_on,
)
from app.web.show.summary import Summary
from app.web.show.tableview import TableView
from app.web.show.tricks import TricksPanel, tricks_panel, win_reason
from app.web.show.verdict import unit
from app.web.table.forms import option_prefix
from app.web.table.model import CARD_STYLES, FOOL_ASK, FOOL_PRESETS, SPEEDS

DECISIONS = ("play", "discard", "fool", "demand_fool", "bob", "chicks", "redeal", "declarations")
"""The modes in which the viewer is to act."""


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    level: str
    is_person: bool
    is_viewer: bool
    position: str
    cards: int
    tricks: int
    balance: int
    is_dealer: bool
    is_turn: bool
    face_up: CardView | None = None
    connected: bool | None = None
    """At a friends' table: whether the person's page is open now (None for a bot)."""
    stand_in: str = ""
    """The level of the computer player standing in for an absent person."""
    standing_in: str = ""
    """Says that the fallback level made this program seat's latest decision, and why."""
    is_partner: bool = False
    """The viewer's partner in a game of fixed partnerships (``Game.partner_of``)."""
    unit: str = ""
    """The balance's unit, agreeing with it: "tokens", "point" (``verdict.unit``)."""
    sits_out: bool = False
    """The seat opposite the dealer in Danish Tarok for four: it plays no card this deal."""

    @property
    def shows_partner_badge(self) -> bool:
        """The "Partner" badge, unless the seat is already called so (against the computer
        the seat opposite is "Partner": "Partner Partner" says it twice)."""
        called = self.name.casefold()
        return self.is_partner and called not in ("partner", gettext("Partner").casefold())


@dataclass
class Frame:
    """Everything the table template needs for one step of the deal."""

    table: TableView
    obs: Observation
    viewer: int | None
    """The viewer's seat; None for a spectator."""
    names: list[str]
    """The seats' names as the viewer reads them (their own is "You" at a friends' table)."""
    version: int
    step: int
    is_latest: bool
    mode: str
    """``play``, ``discard``, ``fool``, ``demand_fool``, ``bob``, ``chicks``, ``redeal`` (a
    hand dealt no trump may ask for a new deal), ``declarations`` (the pause),
    ``wait`` (someone else acts, or the pages are still revealing moves) or ``over``."""
    events: list[Event] = field(default_factory=list)
    """Announcements since the viewer's last action, up to this step."""
    deal_events: list[Event] = field(default_factory=list)
    """The whole deal's log up to this step, as the viewer reads it (the "Full log")."""
    message: str | None = None
    message_kind: str = "info"
    hint: str | None = None
    hinted: tuple[Card, ...] = ()
    next_version: int | None = None
    """The next frame to fetch, while moves remain to be revealed."""
    delay_ms: int = 0
    tap: bool = False
    """Wait for "Continue" before the next frame (the finished trick stays in view)."""
    summary: Summary | None = None
    thinking: bool = False
    """The latest step, and a computer is deciding its move (``app.web.live.computers``): the
    page polls for it (a page without JavaScript offers Refresh)."""
    presence: tuple[bool | None, ...] = ()
    standing_in_texts: tuple[str, ...] = ()
    """Per seat, the note that the fallback level made its program's latest decision."""
    take_back: CardView | None = None
    """The viewer's card that a "Take back" would return to their hand (against the
    computer, while the deal runs); None when there is none to take back."""
    barred: dict[Card, str] = field(default_factory=dict)
    """The viewer's cards that may not be played now, each with the engine's reason."""
    binding: str | None = None
    """The rule that bars them, as a sentence ("You must follow Cups.")."""

    @property
    def game_name(self) -> str:
        return gettext(self.obs.rules.name)

    @property
    def said_names(self) -> list[str]:
        """The seats' names in the reader's language ("You", "Left" translated; a person's
        name as typed): ``names`` stays English for ``Names``, which words the viewer's own."""
        return [seat_name(name) for name in self.names]

    @property
    def is_host(self) -> bool:
        return self.viewer is not None and self.viewer == self.table.host

    @property
    def phase_attr(self) -> str:
        if self.mode == "declarations":
            return "declarations"
        return self.obs.phase.value

    @property
    def turn_attr(self) -> int:
        if self.mode == "declarations" and self.viewer is not None:
            return self.viewer
        return self.obs.turn

    def title(self) -> str:
        """The tab title: whose turn it is, unmistakably."""
        if self.mode == "over":
            return gettext("Deal over · %(game)s · Trionfi") % {"game": self.game_name}
        if self.mode in DECISIONS:
            return gettext("▶ Your turn · %(game)s · Trionfi") % {"game": self.game_name}
        if self.obs.turn >= 0:
            return gettext("%(seat)s to play · %(game)s · Trionfi") % {
                "seat": self.said_names[self.obs.turn],
                "game": self.game_name,
            }
        return gettext("%(game)s · Trionfi") % {"game": self.game_name}

    def status(self) -> str:
        """One line under the trick saying what happens now."""
        obs = self.obs
        if self.mode == "over":
            if self.summary is not None and self.summary.redeal:
                return self.summary.redeal  # a void deal: who asked, who deals again
            return gettext("The deal is over.")
        if self.mode == "declarations":
            return gettext("Declarations are made. Continue when you have read them.")
        if self.mode == "discard":
            return self._discard_status()
        question = self._question()
        if question:
            return question
        if self.mode == "play":
            return self._play_status()
        if self.tap:  # "Tap to continue": the finished trick stays until the person goes on
            return gettext("Continue when you are ready.")
        if obs.turn < 0:
            return ""
        name = self.said_names[obs.turn]
        if self.viewer is not None and self.viewer == obs.sits_out:
            return gettext("You sit out this deal. %(status)s") % {
                "status": self._others_status(name)
            }
        return self._others_status(name)

    def _question(self) -> str:
        """The status of a yes/no decision or the led Fool's suit; "" in any other mode."""
        if self.mode == "fool":
            return gettext("Which suit does your Fool stand for?")
        if self.mode == "demand_fool":
            return gettext("Trick 23: do you demand that the Fool be played now?")
        if self.mode == "bob":
            return gettext("Your King can take the page: call Bob?")
        if self.mode == "chicks":
            return gettext("Your turn: play this deal with the Chicks rule or without?")
        if self.mode == "redeal":
            return gettext("You hold no trump: ask for a new deal, or play this hand?")
        return ""

    def _discard_status(self) -> str:
        """The viewer's turn to lay away cards: "Your turn: choose 3 cards for the kitty."."""
        count = self.obs.discard_size
        if self.obs.rules.discard_name == "kitty":
            text = ngettext(
                "Your turn: choose %(count)d card for the kitty.",
                "Your turn: choose %(count)d cards for the kitty.",
                count,
            )
        else:
            text = ngettext(
                "Your turn: choose %(count)d card to discard.",
                "Your turn: choose %(count)d cards to discard.",
                count,
            )
        return text % {"count": count}

    def _others_status(self, name: str) -> str:
        """What the table waits for while another seat is to move."""
        obs = self.obs
        if obs.turn == self.viewer:  # a frame before the viewer's own move, being revealed
            return gettext("Your discard.") if obs.phase is Phase.DISCARD else gettext("Your move.")
        absent = self.absence(obs.turn) if self.is_latest else ""
        if absent:
            return absent
        if obs.phase is Phase.DISCARD:
            return gettext("%(seat)s is discarding.") % {"seat": name}
        if obs.phase is Phase.CHICKS:
            return gettext("%(seat)s decides whether this deal plays the Chicks rule.") % {
                "seat": name
            }
        if obs.phase is Phase.REDEAL:  # says no more than the pause itself (rules.md 2.3a)
            return gettext("%(seat)s looks at their cards.") % {"seat": name}
        if self.is_latest:
            return gettext("%(seat)s is thinking…") % {"seat": name}
        return gettext("%(seat)s to play.") % {"seat": name}

    def absence(self, seat: int) -> str:
        """What the table waits for when the person at ``seat`` is to move and away (a
        friends' table: ``live.presence``): the person, or the computer standing in."""
        if not self.presence or self.presence[seat] is not False:
            return ""
        name = self.said_names[seat]
        if self.table.seats[seat].stand_in:
            return gettext("A computer plays for %(seat)s, who is away: it is thinking…") % {
                "seat": name
            }
        text = gettext("%(seat)s is away: the table waits for %(seat)s.") % {"seat": name}
        if self.is_host and not self.table.finished:
            more = gettext("You can let a computer play for %(seat)s until they are back.")
            text += " " + more % {"seat": name}
        return text

    def _play_status(self) -> str:
        """The viewer's turn to play, and what binds them: "Your turn: you must follow Cups."."""
        leading = not self.obs.trick
        rule = self.binding
        if rule is None:
            if leading:
                return gettext("Your turn: lead a card.")
            return gettext("Your turn: play a card.")
        if leading:
            return gettext("Your turn: lead a card. %(rule)s") % {"rule": rule}
        return gettext("Your turn: %(rule)s") % {"rule": f"{rule[:1].lower()}{rule[1:]}"}

    # ------------------------------------------------------------------ parts

    def seats(self) -> list[SeatView]:
        obs = self.obs
        positions = POSITIONS[obs.seat_count]
        played = {card for trick in obs.tricks for card in trick.cards} | set(obs.trick)
        partner = None if self.viewer is None else obs.rules.partner_of(self.viewer)
        views = []
        for seat, info in enumerate(self.table.seats):
            face_up = None
            card = obs.face_up[seat] if obs.face_up is not None else None
            if card is not None and seat != self.viewer and card not in played:
                face_up = card_view(card, seat)  # shown until it is played
            views.append(
                SeatView(
                    seat=seat,
                    name=self.said_names[seat],
                    level=info.level,
                    is_person=info.is_person,
                    is_viewer=seat == self.viewer,
                    position=positions[(seat - obs.seat) % obs.seat_count],
                    cards=obs.hand_sizes[seat],
                    tricks=obs.won_tricks[seat],
                    balance=obs.balances[seat],
                    is_dealer=seat == obs.dealer,
                    is_turn=seat == self.turn_attr,
                    face_up=face_up,
                    connected=self.presence[seat] if self.presence else None,
                    stand_in=info.stand_in,
                    standing_in=self.standing_in_texts[seat] if self.standing_in_texts else "",
                    is_partner=partner is not None and seat == partner,
                    unit=unit(obs.rules, obs.balances[seat]),
                    sits_out=seat == obs.sits_out,
                )
            )
        return views

    def hand(self) -> list[CardView]:
        obs = self.obs
        legal = set(obs.legal) if self.mode in ("play", "discard") else set()
        pressed = set(self.table.selection) if self.mode == "discard" else set()
        hinted = set(self.hinted)
        views = [
            card_view(card, obs.seat, legal=card in legal, pressed=card in pressed,
                      hinted=card in hinted)
            for card in obs.hand
        ]  # fmt: skip
        if self.mode != "play":
            return views
        notes = {why: f"why-not-{index}" for index, why in enumerate(self.why_notes(), 1)}
        for index, card in enumerate(obs.hand):
            why = self.barred.get(card)
            if why is not None:
                views[index] = replace(views[index], why=why, why_id=notes[why])
        return views

    def why_notes(self) -> list[str]:
        """The distinct reasons why cards of the hand may not be played, in the hand's order:
        each is one note that the cards it bars point to (``aria-describedby``)."""
        if self.mode != "play":
            return []
        barred = self.barred
        return list(dict.fromkeys(barred[card] for card in self.obs.hand if card in barred))

    def hand_rows(self) -> HandRows:
        """Where the rows of the viewer's hand end (issue 21), from the deal's hand size."""
        return HandRows(len(self.obs.hand), self.obs.rules.trick_count)

    def trick(self) -> TrickView | None:
        """The trick in play; or the finished trick until the next lead (design.md 1.6)."""
        obs = self.obs
        if obs.trick:
            cards = tuple(
                card_view(card, obs.seat_in_trick(i), viewer=obs.seat, seats=obs.seat_count)
                for i, card in enumerate(obs.trick)
            )
            return TrickView(obs.trick_number, cards, False, named=suit_label(obs.named))
        if obs.tricks:
            return self._finished(obs.tricks[-1])
        return None

    def last_trick(self) -> TrickView | None:
        """The trick before the one ``#trick`` shows; at the deal's end its final trick (the
        one ``#trick`` still shows), so that "Last trick" is the last one there is."""
        tricks = self.obs.tricks
        if self.obs.trick or (self.obs.phase is Phase.OVER and tricks):
            return self._finished(tricks[-1]) if tricks else None
        return self._finished(tricks[-2]) if len(tricks) > 1 else None

    def _finished(self, trick: Trick) -> TrickView:
        obs = self.obs
        cards = tuple(
            card_view(card, trick.seat_of(i, obs.seat_count), viewer=obs.seat,
                      seats=obs.seat_count, winner=trick.seat_of(i, obs.seat_count) == trick.winner)
            for i, card in enumerate(trick.cards)
        )  # fmt: skip
        why = win_reason(trick, obs.options.chicks_rule)
        return TrickView(
            trick.number,
            cards,
            True,
            trick.winner,
            self.said_names[trick.winner],
            suit_label(trick.named),
            why,
        )

    def deal_tricks(self) -> TricksPanel:
        """The "Tricks of this deal" panel: the finished tricks and the cards played so far."""
        return tricks_panel(self.obs, self.said_names)

    def discards(self) -> tuple[list[CardView], int]:
        """The discard as shown to the viewer (cards), or how many cards lie face down."""
        obs = self.obs
        if not obs.discard_made:
            return [], 0
        if obs.discard is not None:
            return [card_view(card, obs.dealer) for card in obs.discard], 0
        return [], obs.discard_size

    def declarations(self) -> list[tuple[str, str, int]]:
        return [
            (
                self.said_names[d.seat],
                declaration_text(d, self.obs.options.chicks_rule),
                d.value,
            )
            for d in self.obs.declarations
        ]

    def pots(self) -> list[tuple[str, int]]:
        """The pots by their first word ("King", "Pagat"), the word "pot" written after it by
        the page (hidden on a phone)."""
        if self.obs.pots is None:
            return []
        king = pgettext("pot", "Queen") if self.obs.options.chicks_rule else pgettext("pot", "King")
        return [(king, self.obs.pots[0]), (pgettext("pot", "Pagat"), self.obs.pots[1])]

    # ------------------------------------------------------------ rule options

    def rules(self) -> list[RuleLine]:
        """The rule options in force in the deal shown."""
        return rules_on(self.obs.options, self.obs.game)

    def next_deal_changes(self) -> list[tuple[str, bool]]:
        """The options changed for the next deal (only once this one is over)."""
        if self.mode != "over":
            return []
        return self.obs.options.changes_to(self.table.next_options, self.obs.game)

    def next_deal_rules(self) -> str:
        """How the next deal's options differ from this one's ("with the Chicks rule")."""
        return played_with(self.next_deal_changes())

    def rules_notice(self) -> str:
        """The change of options for the next deal, told to everyone at the table."""
        changer = 0 if self.table.host is None else self.table.host
        return change_notice(self.next_deal_changes(), by_viewer=self.viewer == changer)

    @property
    def may_change_rules(self) -> bool:
        """Against the computer the person, at a friends' table the host, between deals."""
        table = self.table
        if self.mode != "over" or table.finished or self.viewer is None:
            return False
        return table.host is None or self.viewer == table.host

    def rule_fields(self) -> list[OptionField]:
        table, game = self.table, self.obs.game
        locked = list(table.locked_options)
        return option_fields(table.next_options, game, locked, option_prefix(game))

    @property
    def fool_names_a_suit(self) -> bool:
        """Whether a Fool led in this game names a suit (rules.md 2.7c): the settings then
        offer the suit it stands for without asking."""
        return self.obs.rules.led_fool_names_suit

    def speeds(self) -> list[tuple[str, str]]:
        """The table's speeds, slowest last: (key, label)."""
        return [(key, gettext(label)) for key, (label, _) in SPEEDS.items()]

    @property
    def card_styles(self) -> dict[str, tuple[str, str]]:
        """The choices "Card style" (label and explanation, translated by the template)."""
        return CARD_STYLES

    def fool_presets(self) -> list[tuple[str, str]]:
        """The choices "Leading the Fool as…" of the table's settings (rules.md 2.13)."""
        presets = [(value, gettext(label)) for value, label in FOOL_PRESETS.items()]
        return [(FOOL_ASK, gettext("Ask me each time")), *presets]

    def fool_choices(self) -> list[tuple[str, str, bool]]:
        preset = self.table.settings.fool_preset
        return [(value, label, value == preset) for value, label in NAMEABLE_SUITS]

    def selection_codes(self) -> list[str]:
        return [code(card) for card in self.table.selection]

    def first_legal_index(self) -> int:
        """Where keyboard focus lands when it becomes the viewer's turn: the hinted card, or
        the first playable one."""
        hand = self.obs.hand
        for wanted in (set(self.hinted), set(self.obs.legal)):
            for index, card in enumerate(hand):
                if card in wanted:
                    return index
        return -1

    def bob_lines(self) -> list[str]:
        viewer = -1 if self.viewer is None else self.viewer
        names = Names(self.names, viewer, self.obs.options.chicks_rule)
        return [bob_text(bob, names) for bob in self.obs.bobs]

    def bob_suit(self) -> str:
        """The suit of the trick that gives the pending Bob (the last finished trick)."""
        tricks = self.obs.tricks
        if not tricks:
            return ""
        trick = tricks[-1]
        first = trick.cards[1] if trick.cards[0] == FOOL else trick.cards[0]
        return display_name(first).rsplit(" of ", 1)[-1].lower()
