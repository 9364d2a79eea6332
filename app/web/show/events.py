"""What the announcements say: each step of a deal told in words, from one seat's view.

An event is worked out from two observations of the same seat (before and after one action)
and the action itself, and only from what that seat may know: a discard is named only when the
observation shows it, a play once it is on the table. The texts feed the ``#announcements``
live region (design.md 1.6) and the visible log beside the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from app.engine.actions import (
    Action,
    AskRedeal,
    ChooseChicks,
    DemandFool,
    Discard,
    PlayCard,
)
from app.engine.cards import SUIT_NAMES, display_name
from app.engine.declarations import Declaration
from app.engine.draw import Draw
from app.engine.ledger import KING_POT, PAGAT_POT, Account, LedgerEntry
from app.engine.observation import Observation
from app.engine.troccas import Bob
from app.i18n import N_, gettext, pgettext
from app.web.http.words import say, seat_name


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    """``draw`` (before the match), ``deal``, ``discard``, ``declaration``, ``play``,
    ``trick``, ``bob``, ``payment``, ``decision``, ``over``."""
    text: str
    seat: int | None = None


class Names:
    """Seat and account names, and verbs that agree with them ("You play", "Left plays"): the
    viewer's own seat is "You" (``viewer_names``), which takes the plain verb, "you" after a
    verb or preposition and "your" for what it holds, never "You's"."""

    def __init__(self, seat_names: list[str], viewer: int, chicks: bool) -> None:
        self.seat_names = seat_names
        self.viewer = viewer
        self.chicks = chicks

    def key(self) -> tuple[object, ...]:
        """What the words told with these names depend on (to keep them: ``Timeline``)."""
        return (self.viewer, self.chicks, *self.seat_names)

    def subject(self, seat: int) -> str:
        return seat_name(self.seat_names[seat])

    def object(self, account: Account) -> str:
        if account == self.viewer:
            return pgettext("object", "you")
        if isinstance(account, int):
            return seat_name(self.seat_names[account])
        if account == KING_POT:
            return gettext("the Queen pot") if self.chicks else gettext("the King pot")
        if account == PAGAT_POT:
            return gettext("the Pagat pot")
        return str(account)

    def possessive(self, seat: int) -> str:
        """Whose: "your" for the viewer, "Left's" for the others."""
        if seat == self.viewer:
            return gettext("your")
        return gettext("%(seat)s's") % {"seat": seat_name(self.seat_names[seat])}

    def tell(self, seat: int, own: str, other: str, **params: int | str) -> str:
        """A sentence about ``seat``'s doing, whole, so that translators word it: ``own`` when
        the seat is the viewer's ("You play %(card)s."), else ``other`` with the seat's name
        as ``%(seat)s`` ("%(seat)s plays %(card)s.")."""
        if seat == self.viewer and self.seat_names[seat] == "You":
            return gettext(own) % params
        return gettext(other) % {"seat": self.subject(seat), **params}

    def verb(self, seat: int, plain: str, third: str) -> str:
        return plain if seat == self.viewer else third

    def says(self, seat: int, plain: str, third: str) -> str:
        return f"{self.subject(seat)} {self.verb(seat, plain, third)}"


LEDGER_KINDS: dict[str, str] = {
    "pot-founding": N_("Founding the pots"),
    "pot-refill": N_("Refilling an empty pot"),
    "dealer-fee": N_("Dealer's fee"),
    "declaration": N_("Declaration"),
    "card-lost": N_("An Ultimo card lost"),
    "pagat-trick": N_("The Pagat wins a trick"),
    "king-ultimo": N_("King Ultimo"),
    "pagat-ultimo": N_("Pagat Ultimo"),
    "bagud": N_("Bagud (a failed Ultimo)"),
    "last-trick": N_("The last trick"),
    "tout": N_("Tout (every trick)"),
    "nolo": N_("Nolo (no trick)"),
    "count": N_("The count"),
    "result": N_("Team result"),
}

DECLARATION_KINDS: dict[str, str] = {
    "trumps": N_("trumps"),
    "matadors": N_("matadors"),
    "full-cavalry": N_("full cavalry"),
    "abundant-cavalry": N_("abundant cavalry"),
    "half-cavalry": N_("half cavalry"),
    "full-kings": N_("full kings"),
    "abundant-kings": N_("abundant kings"),
    "half-kings": N_("half kings"),
}


def ledger_label(kind: str, chicks: bool) -> str:
    if chicks and kind == "king-ultimo":
        return gettext("Queen Ultimo")
    if kind in LEDGER_KINDS:
        return gettext(LEDGER_KINDS[kind])
    return kind.replace("-", " ").capitalize()


def declaration_text(declaration: Declaration, chicks: bool) -> str:
    """A declaration as the pages say it, after "Left declares" or "Left:": "12 trumps, with
    the I", "5 matadors", "half cavalry in Cups, without the Knight", "half kings (three Kings
    and the Fool, none in Swords)". What is announced is the engine's detail (rules.md 2.5),
    worded around the kind; the detail itself is part of the hand record and stays as it is
    (for half kings it names only the suit of the missing King, which lies in a hand the
    viewer may not see)."""
    kind = DECLARATION_KINDS.get(declaration.kind, declaration.kind.replace("-", " "))
    detail = say(declaration.detail)
    if declaration.kind in ("trumps", "matadors"):
        return detail  # "12 trumps, with the I", "5 matadors": the kind is in the detail
    if declaration.kind.endswith("-cavalry"):
        # detail: "Cups", "Cups, with the Fool", ...
        return gettext("%(kind)s in %(detail)s") % {"kind": gettext(kind), "detail": detail}
    if declaration.kind.endswith("-kings"):
        kind = kind.replace("kings", "queens") if chicks else kind
        # detail: "all four Kings", "three Queens and the Fool, ..."
        return gettext("%(kind)s (%(detail)s)") % {"kind": gettext(kind), "detail": detail}
    return gettext("%(kind)s: %(detail)s") % {"kind": gettext(kind), "detail": detail}


QUEENS_KINDS = (N_("full queens"), N_("abundant queens"), N_("half queens"))
"""The kings' declarations under Chicks (``declaration_text`` words them so)."""


def payment_lines(entries: list[LedgerEntry], names: Names) -> list[str]:
    """Ledger entries told in words, one line per run of the same kind and trick."""
    lines: list[str] = []
    for (kind, trick), group in groupby(entries, key=lambda e: (e.kind, e.trick)):
        if kind == "declaration":
            continue  # the declaration's own announcement says what it pays
        label = ledger_label(kind, names.chicks)
        if trick is not None and kind != "last-trick":  # not "The last trick, trick 25"
            label = gettext("%(kind)s, trick %(trick)s") % {"kind": label, "trick": trick}
        line = gettext("%(kind)s: %(payments)s.")
        lines.append(line % {"kind": label, "payments": _describe(list(group), names)})
    return lines


def _describe(entries: list[LedgerEntry], names: Names) -> str:
    parts = [
        gettext("%(seat)s %(amount)s")
        % {"seat": names.subject(e.target), "amount": _signed(e.amount)}
        for e in entries
        if e.source is None and isinstance(e.target, int)
    ]
    payers: dict[Account, list[LedgerEntry]] = {}
    for entry in entries:
        if entry.source is not None:
            payers.setdefault(entry.source, []).append(entry)
    shapes = {tuple((e.target, e.amount) for e in paid) for paid in payers.values()}
    if len(payers) == len(names.seat_names) and len(shapes) == 1:
        amounts = _amounts(next(iter(payers.values())), names)
        return gettext("everyone pays %(amounts)s") % {"amounts": amounts}
    for source, paid in payers.items():
        params = {"amounts": _amounts(paid, names)}
        if source == names.viewer:
            parts.append(
                gettext("%(seat)s pay %(amounts)s") % {"seat": names.subject(source), **params}
            )
        elif isinstance(source, int):
            parts.append(
                gettext("%(seat)s pays %(amounts)s") % {"seat": names.subject(source), **params}
            )
        else:
            parts.append(
                gettext("%(seat)s pays %(amounts)s") % {"seat": names.object(source), **params}
            )
    return "; ".join(parts)


def _amounts(paid: list[LedgerEntry], names: Names) -> str:
    """What one account pays, to whom: "5 to Left and 5 to you"."""
    return _join(
        [
            gettext("%(amount)s to %(whom)s") % {"amount": e.amount, "whom": names.object(e.target)}
            for e in paid
        ]
    )


def _signed(amount: int) -> str:
    """+5, −5 (a real minus, read "minus"), 0."""
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _join(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return gettext("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def step_events(
    before: Observation, after: Observation, action: Action, names: Names
) -> list[Event]:
    """What one action showed the viewer, in the order it happened."""
    events = _action_events(before, after, action, names)
    for declaration in after.declarations[len(before.declarations) :]:
        text = names.tell(
            declaration.seat,
            N_("You declare %(declaration)s: %(value)s from each other player."),
            N_("%(seat)s declares %(declaration)s: %(value)s from each other player."),
            declaration=declaration_text(declaration, names.chicks),
            value=declaration.value,
        )
        events.append(Event("declaration", text, declaration.seat))
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        text = names.tell(
            trick.winner,
            N_("You win trick %(trick)s."),
            N_("%(seat)s wins trick %(trick)s."),
            trick=trick.number,
        )
        events.append(Event("trick", text, trick.winner))
    events.extend(
        Event("bob", bob_text(bob, names), bob.target) for bob in after.bobs[len(before.bobs) :]
    )
    lines = payment_lines(list(after.ledger[len(before.ledger) :]), names)
    events.extend(Event("payment", line) for line in lines)
    if after.counts is not None and before.counts is None:
        events.append(Event("over", over_text(after, names)))
    return events


def _action_events(
    before: Observation, after: Observation, action: Action, names: Names
) -> list[Event]:
    seat = action.seat
    if isinstance(action, PlayCard):
        card = say(display_name(action.card))
        if action.name is not None:
            suit = say(SUIT_NAMES[action.name])
            text = names.tell(
                seat,
                N_("You lead %(card)s as %(suit)s."),
                N_("%(seat)s leads %(card)s as %(suit)s."),
                card=card,
                suit=suit,
            )
            return [Event("play", text, seat)]
        text = names.tell(seat, N_("You play %(card)s."), N_("%(seat)s plays %(card)s."), card=card)
        return [Event("play", text, seat)]
    if isinstance(action, Discard):
        return [Event("discard", discard_text(after, seat, names), seat)]
    if isinstance(action, DemandFool):
        if action.demand:
            text = names.tell(seat, N_("You demand the Fool."), N_("%(seat)s demands the Fool."))
        else:
            text = names.tell(
                seat, N_("You do not demand the Fool."), N_("%(seat)s does not demand the Fool.")
            )
        return [Event("decision", text, seat)]
    if isinstance(action, ChooseChicks):
        return [Event("decision", chicks_text(seat, action.chicks, names), seat)]
    if isinstance(action, AskRedeal):
        return redeal_events(action, after.dealer, names)
    if action.call:
        text = names.tell(seat, N_("You call Bob!"), N_("%(seat)s calls Bob!"))
    else:
        text = names.tell(seat, N_("You let the Bob go."), N_("%(seat)s lets the Bob go."))
    return [Event("decision", text, seat)]


def chicks_text(seat: int, chicks: bool, names: Names) -> str:
    """The Chicks choice as announced to the table (rules.md 2.14a, 3.8a)."""
    if chicks:
        return names.tell(
            seat,
            N_("You choose the Chicks rule for this deal: Queens beat Kings."),
            N_("%(seat)s chooses the Chicks rule for this deal: Queens beat Kings."),
        )
    return names.tell(
        seat,
        N_("You choose to play this deal without Chicks: Kings beat Queens."),
        N_("%(seat)s chooses to play this deal without Chicks: Kings beat Queens."),
    )


def draw_lines(drawn: Draw, names: Names) -> list[Event]:
    """The draw before the match (rules.md 2.1a, 3.1a) as the viewer reads it: each seat's
    trump, then the partnerships if drawn, then who deals first."""
    events = [
        Event(
            "draw",
            names.tell(
                seat,
                N_("You draw %(card)s."),
                N_("%(seat)s draws %(card)s."),
                card=say(display_name(trump)),
            ),
            seat,
        )
        for seat, trump in enumerate(drawn.trumps)
    ]
    if drawn.partners:
        count = len(drawn.trumps)
        teams = [(seat, seat + count // 2) for seat in range(count // 2)]
        for first, second in teams:
            if names.viewer in (first, second) and names.seat_names[names.viewer] == "You":
                partner = second if names.viewer == first else first
                text = gettext("%(partner)s and you play together.") % {
                    "partner": names.subject(partner)
                }
            else:
                text = gettext("%(first)s and %(second)s play together.") % {
                    "first": names.subject(first),
                    "second": names.subject(second),
                }
            events.append(Event("draw", text))
    dealer = drawn.first_dealer
    text = names.tell(dealer, N_("You deal first."), N_("%(seat)s deals first."))
    events.append(Event("draw", text, dealer))
    return events


def redeal_events(
    action: AskRedeal, dealer: int, names: Names, public: bool = False
) -> list[Event]:
    """A player dealt no trump asks for a new deal, or not (rules.md 2.3a). A demand is told
    to everyone; a decline only to its player (``public``: to everyone, as the replay of a
    finished deal shows it), since it would tell the others that this hand holds no trump."""
    seat = action.seat
    if action.redeal:
        asked = names.tell(
            seat,
            N_("You ask for a new deal: you hold no trump."),
            N_("%(seat)s asks for a new deal: no trumps."),
        )
        return [Event("decision", asked, seat), Event("redeal", deals_again(dealer, names), dealer)]
    if seat != names.viewer and not public:
        return []
    text = names.tell(
        seat,
        N_("You do not ask for a new deal."),
        N_("%(seat)s does not ask for a new deal."),
    )
    return [Event("decision", text, seat)]


def deals_again(dealer: int, names: Names) -> str:
    """A void deal's outcome (rules.md 2.3a): nobody pays, the same dealer deals again."""
    return names.tell(
        dealer,
        N_("Nobody pays anything in this deal, and you deal again."),
        N_("Nobody pays anything in this deal, and %(seat)s deals again."),
    )


NUMBER_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}


def discard_text(obs: Observation, seat: int, names: Names) -> str:
    size = obs.discard_size
    count = gettext(NUMBER_WORDS[size]) if size in NUMBER_WORDS else str(size)
    kitty = obs.rules.discard_name == "kitty"
    if obs.discard is not None:
        shown = ", ".join(say(display_name(card)) for card in obs.discard)
        own, other = DISCARD_SHOWN[kitty]
        return names.tell(seat, own, other, count=count, cards=shown)
    own, other = DISCARD_HIDDEN[kitty]
    return names.tell(seat, own, other, count=count)


DISCARD_SHOWN: dict[bool, tuple[str, str]] = {
    True: (
        N_("You put %(count)s cards in the kitty: %(cards)s."),
        N_("%(seat)s puts %(count)s cards in the kitty: %(cards)s."),
    ),
    False: (
        N_("You discard %(count)s cards: %(cards)s."),
        N_("%(seat)s discards %(count)s cards: %(cards)s."),
    ),
}
DISCARD_HIDDEN: dict[bool, tuple[str, str]] = {
    True: (
        N_("You put %(count)s cards in the kitty."),
        N_("%(seat)s puts %(count)s cards in the kitty."),
    ),
    False: (N_("You discard %(count)s cards."), N_("%(seat)s discards %(count)s cards.")),
}
"""(in the kitty?): the discard's log line, the viewer's and another seat's."""


def bob_text(bob: Bob, names: Names) -> str:
    """A Bob (rules.md 3.5): where the page is, or the page taken for a spot card of the
    trick ("Bob! Right takes Page of Cups from you and gives you 3 of Coins from the trick")."""
    suit = say(SUIT_NAMES[bob.suit]).lower()
    if bob.revealed is not None:
        return names.tell(
            bob.revealed,
            N_("Bob in %(suit)s: the page of that suit is in your hand."),
            N_("Bob in %(suit)s: the page of that suit is in %(seat)s's hand."),
            suit=suit,
        )
    assert bob.source is not None
    assert bob.target is not None
    assert bob.page is not None
    assert bob.returned is not None
    taker = bob.target
    page, spot = say(display_name(bob.page)), say(display_name(bob.returned))
    if bob.source == taker:
        return names.tell(
            taker,
            N_("Bob! You swap %(page)s for %(spot)s from the trick."),
            N_("Bob! %(seat)s swaps %(page)s for %(spot)s from the trick."),
            page=page,
            spot=spot,
        )
    return names.tell(
        taker,
        N_("Bob! You take %(page)s from %(giver)s and give %(giver)s %(spot)s from the trick."),
        N_(
            "Bob! %(seat)s takes %(page)s from %(giver)s and gives %(giver)s %(spot)s"
            " from the trick."
        ),
        page=page,
        spot=spot,
        giver=names.object(bob.source),
    )


def over_text(obs: Observation, names: Names) -> str:
    assert obs.counts is not None
    counts = ", ".join(f"{names.subject(seat)} {count}" for seat, count in enumerate(obs.counts))
    return gettext("The deal is over. Counts: %(counts)s.") % {"counts": counts}
