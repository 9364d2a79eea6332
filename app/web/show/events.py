"""What the announcements say: each step of a deal told in words, from one seat's view.

An event is worked out from two observations of the same seat (before and after one action)
and the action itself, and only from what that seat may know: a discard is named only when the
observation shows it, a play once it is on the table. The texts feed the ``#announcements``
live region (design.md 1.6) and the visible log beside the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from app.engine.actions import Action, ChooseChicks, DemandFool, Discard, PlayCard
from app.engine.cards import SUIT_NAMES, display_name
from app.engine.declarations import Declaration
from app.engine.ledger import KING_POT, PAGAT_POT, Account, LedgerEntry
from app.engine.observation import Observation
from app.engine.troccas import Bob


@dataclass(frozen=True)
class Event:
    kind: str
    """``deal``, ``discard``, ``declaration``, ``play``, ``trick``, ``bob``, ``payment``,
    ``decision``, ``over``."""
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

    def subject(self, seat: int) -> str:
        return self.seat_names[seat]

    def object(self, account: Account) -> str:
        if account == self.viewer:
            return "you"
        if isinstance(account, int):
            return self.seat_names[account]
        if account == KING_POT:
            return "the Queen pot" if self.chicks else "the King pot"
        if account == PAGAT_POT:
            return "the Pagat pot"
        return str(account)

    def possessive(self, seat: int) -> str:
        """Whose: "your" for the viewer, "Left's" for the others."""
        return "your" if seat == self.viewer else f"{self.seat_names[seat]}'s"

    def verb(self, seat: int, plain: str, third: str) -> str:
        return plain if seat == self.viewer else third

    def says(self, seat: int, plain: str, third: str) -> str:
        return f"{self.subject(seat)} {self.verb(seat, plain, third)}"


LEDGER_KINDS: dict[str, str] = {
    "pot-founding": "Founding the pots",
    "pot-refill": "Refilling an empty pot",
    "dealer-fee": "Dealer's fee",
    "declaration": "Declaration",
    "card-lost": "An Ultimo card lost",
    "pagat-trick": "The Pagat wins a trick",
    "king-ultimo": "King Ultimo",
    "pagat-ultimo": "Pagat Ultimo",
    "bagud": "Bagud (a failed Ultimo)",
    "last-trick": "The last trick",
    "tout": "Tout (every trick)",
    "nolo": "Nolo (no trick)",
    "count": "The count",
    "result": "Team result",
}

DECLARATION_KINDS: dict[str, str] = {
    "trumps": "trumps",
    "matadors": "matadors",
    "full-cavalry": "full cavalry",
    "abundant-cavalry": "abundant cavalry",
    "half-cavalry": "half cavalry",
    "full-kings": "full kings",
    "abundant-kings": "abundant kings",
    "half-kings": "half kings",
}


def ledger_label(kind: str, chicks: bool) -> str:
    label = LEDGER_KINDS.get(kind, kind.replace("-", " ").capitalize())
    return label.replace("King", "Queen") if chicks and kind == "king-ultimo" else label


def declaration_text(declaration: Declaration, chicks: bool) -> str:
    """A declaration as the pages say it, after "Left declares" or "Left:": "12 trumps, with
    the I", "5 matadors", "half cavalry in Cups, without the Knight", "half kings (three Kings
    and the Fool, none in Swords)". What is announced is the engine's detail (rules.md 2.5),
    worded around the kind; the detail itself is part of the hand record and stays as it is
    (for half kings it names only the suit of the missing King, which lies in a hand the
    viewer may not see)."""
    kind = DECLARATION_KINDS.get(declaration.kind, declaration.kind.replace("-", " "))
    detail = declaration.detail
    if declaration.kind in ("trumps", "matadors"):
        return detail  # "12 trumps, with the I", "5 matadors": the kind is in the detail
    if declaration.kind.endswith("-cavalry"):
        return f"{kind} in {detail}"  # detail: "Cups", "Cups, with the Fool", ...
    if declaration.kind.endswith("-kings"):
        kind = kind.replace("kings", "queens") if chicks else kind
        return f"{kind} ({detail})"  # detail: "all four Kings", "three Queens and the Fool, ..."
    return f"{kind}: {detail}"


def payment_lines(entries: list[LedgerEntry], names: Names) -> list[str]:
    """Ledger entries told in words, one line per run of the same kind and trick."""
    lines: list[str] = []
    for (kind, trick), group in groupby(entries, key=lambda e: (e.kind, e.trick)):
        if kind == "declaration":
            continue  # the declaration's own announcement says what it pays
        label = ledger_label(kind, names.chicks)
        if trick is not None and kind != "last-trick":  # not "The last trick, trick 25"
            label = f"{label}, trick {trick}"
        lines.append(f"{label}: {_describe(list(group), names)}.")
    return lines


def _describe(entries: list[LedgerEntry], names: Names) -> str:
    parts = [
        f"{names.subject(e.target)} {_signed(e.amount)}"
        for e in entries
        if e.source is None and isinstance(e.target, int)
    ]
    payers: dict[Account, list[LedgerEntry]] = {}
    for entry in entries:
        if entry.source is not None:
            payers.setdefault(entry.source, []).append(entry)
    shapes = {tuple((e.target, e.amount) for e in paid) for paid in payers.values()}
    if len(payers) == len(names.seat_names) and len(shapes) == 1:
        amounts = [f"{e.amount} to {names.object(e.target)}" for e in next(iter(payers.values()))]
        return f"everyone pays {_join(amounts)}"
    for source, paid in payers.items():
        amounts = [f"{e.amount} to {names.object(e.target)}" for e in paid]
        if isinstance(source, int):
            payer = names.says(source, "pay", "pays")
        else:
            payer = f"{names.object(source)} pays"
        parts.append(f"{payer} {_join(amounts)}")
    return "; ".join(parts)


def _signed(amount: int) -> str:
    """+5, −5 (a real minus, read "minus"), 0."""
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def step_events(
    before: Observation, after: Observation, action: Action, names: Names
) -> list[Event]:
    """What one action showed the viewer, in the order it happened."""
    events = _action_events(before, after, action, names)
    for declaration in after.declarations[len(before.declarations) :]:
        text = declaration_text(declaration, names.chicks)
        each = f"{declaration.value} from each other player"
        says = names.says(declaration.seat, "declare", "declares")
        events.append(Event("declaration", f"{says} {text}: {each}.", declaration.seat))
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        says = names.says(trick.winner, "win", "wins")
        events.append(Event("trick", f"{says} trick {trick.number}.", trick.winner))
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
        card = display_name(action.card)
        if action.name is not None:
            says = names.says(seat, "lead", "leads")
            return [Event("play", f"{says} {card} as {SUIT_NAMES[action.name]}.", seat)]
        return [Event("play", f"{names.says(seat, 'play', 'plays')} {card}.", seat)]
    if isinstance(action, Discard):
        return [Event("discard", discard_text(after, seat, names), seat)]
    if isinstance(action, DemandFool):
        text = "demand the Fool" if action.demand else "do not demand the Fool"
        if seat != names.viewer:
            text = "demands the Fool" if action.demand else "does not demand the Fool"
        return [Event("decision", f"{names.subject(seat)} {text}.", seat)]
    if isinstance(action, ChooseChicks):
        return [Event("decision", chicks_text(seat, action.chicks, names), seat)]
    text = names.says(seat, "call", "calls") if action.call else names.says(seat, "let", "lets")
    return [Event("decision", f"{text} {'Bob!' if action.call else 'the Bob go.'}", seat)]


def chicks_text(seat: int, chicks: bool, names: Names) -> str:
    """The Chicks choice as announced to the table (rules.md 2.14, 3.8)."""
    says = names.says(seat, "choose", "chooses")
    if chicks:
        return f"{says} the Chicks rule for this deal: Queens beat Kings."
    return f"{says} to play this deal without Chicks: Kings beat Queens."


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def discard_text(obs: Observation, seat: int, names: Names) -> str:
    count = NUMBER_WORDS.get(obs.discard_size, str(obs.discard_size))
    if obs.rules.discard_name == "kitty":
        what = f"{names.verb(seat, 'put', 'puts')} {count} cards in the kitty"
    else:
        what = f"{names.verb(seat, 'discard', 'discards')} {count} cards"
    if obs.discard is not None:
        shown = ", ".join(display_name(card) for card in obs.discard)
        return f"{names.subject(seat)} {what}: {shown}."
    return f"{names.subject(seat)} {what}."


def bob_text(bob: Bob, names: Names) -> str:
    """A Bob (rules.md 3.5): where the page is, or the page taken for a spot card of the
    trick ("Bob! Right takes Page of Cups from you and gives you 3 of Coins from the trick")."""
    suit = SUIT_NAMES[bob.suit].lower()
    if bob.revealed is not None:
        return f"Bob in {suit}: the page of that suit is in {names.possessive(bob.revealed)} hand."
    assert bob.source is not None
    assert bob.target is not None
    assert bob.page is not None
    assert bob.returned is not None
    taker, page, spot = bob.target, display_name(bob.page), display_name(bob.returned)
    if bob.source == taker:
        swaps = names.says(taker, "swap", "swaps")
        return f"Bob! {swaps} {page} for {spot} from the trick."
    takes, gives = names.says(taker, "take", "takes"), names.verb(taker, "give", "gives")
    giver = names.object(bob.source)
    return f"Bob! {takes} {page} from {giver} and {gives} {giver} {spot} from the trick."


def over_text(obs: Observation, names: Names) -> str:
    assert obs.counts is not None
    counts = ", ".join(f"{names.subject(seat)} {count}" for seat, count in enumerate(obs.counts))
    return f"The deal is over. Counts: {counts}."
