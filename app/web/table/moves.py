"""What a person's posted action does to a table: turn the form into an engine action, let
the engine decide, then let the bots answer.

The handlers run under the table's lock, off the event loop (bots may think). They never
decide a rule: legality is the engine's (``Deal.apply`` raises ``IllegalAction`` and changes
nothing); a refusal becomes ``Refused`` with a message for the person and an HTTP status.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.datastructures import FormData

from app.engine.actions import (
    Action,
    AskRedeal,
    CallBob,
    ChooseChicks,
    DemandFool,
    Discard,
    IllegalAction,
    PlayCard,
    TakeBack,
)
from app.engine.cards import SUIT_BY_CODE, Card, display_name
from app.engine.deal import Deal, Phase
from app.engine.match import OptionsLocked
from app.engine.observation import observe
from app.i18n import N_, gettext, ngettext
from app.web.http.reading import BadForm, single, text, version
from app.web.http.words import say, seat_name
from app.web.table import forms
from app.web.table.model import Table


class Refused(Exception):
    """An action the table refuses, with the message to show and the status to send."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Outcome:
    start: int | None = None
    """The step of the deal to show first (the person's own action); None: the latest."""
    prompt: str | None = None
    announce: str | None = "replace"
    """How the announcements change: ``replace`` (since the person's action), ``append``
    (the steps shown from ``start`` on) or None (unchanged)."""
    message: str | None = None
    """A line for the person about what was done (a take back)."""


def current_deal(table: Table) -> Deal:
    deal = table.match.deal
    if deal is None:
        raise Refused(gettext("There is no deal in progress."), 409)
    return deal


def require_turn(table: Table, seat: int, phase: Phase) -> Deal:
    deal = current_deal(table)
    if deal.is_over:
        raise Refused(gettext("The deal is over."), 409)
    if deal.turn != seat:
        message = gettext("It is not your turn: %(seat)s is to play.")
        raise Refused(message % {"seat": seat_name(table.seat_name(deal.turn))}, 409)
    if deal.phase is not phase:
        message = gettext("That is not the decision now: %(decision)s.")
        raise Refused(message % {"decision": gettext(_phase_words(deal.phase))}, 409)
    return deal


def _phase_words(phase: Phase) -> str:
    return {
        Phase.DISCARD: N_("the dealer lays cards away"),
        Phase.PLAY: N_("a card is to be played"),
        Phase.DEMAND_FOOL: N_("the Fool may be demanded"),
        Phase.BOB: N_("the Bob may be called"),
        Phase.CHICKS: N_("the forehand decides the Chicks rule"),
        Phase.REDEAL: N_("a player dealt no trump may ask for a new deal"),
        Phase.OVER: N_("the deal is over"),
    }[phase]


def sentence(reason: str) -> str:
    """An engine reason ("must follow Cups") as a sentence for the person, in their language
    (a ``Phrase`` is translated; a rule that starts "must"/"may" gets its "you")."""
    text = say(reason).strip().rstrip(".")
    if reason.startswith("must ") or reason.startswith("may "):
        # Translators: an engine rule ("must follow Cups") said to the person.
        text = gettext("you %(rule)s") % {"rule": text}
    return f"{text[:1].upper()}{text[1:]}."


@dataclass(frozen=True)
class PlayLimits:
    """What keeps the person at a seat from playing some of their cards now, as sentences."""

    barred: dict[Card, str]
    """Each held card that may not be played, and why ("You must follow Cups.")."""
    binding: str | None
    """The rule that bars them (None: any card may be played, or it is not their turn)."""


def play_limits(table: Table, seat: int) -> PlayLimits:
    """The engine's reasons (``Deal.why_not_playable``) for the seat's cards that may not be
    played, in the words a refused play of one gets (``carry_out``). They are the seat's own:
    they follow from its hand and the cards on the table."""
    deal = table.match.deal
    if deal is None or deal.phase is not Phase.PLAY or deal.turn != seat:
        return PlayLimits({}, None)
    barred = {}
    for card in deal.holdings[seat]:
        reason = deal.why_not_playable(seat, card)
        if reason is not None:
            barred[card] = sentence(reason)
    rule = deal.binding_rule(seat)
    return PlayLimits(barred, sentence(rule) if rule is not None else None)


def carry_out(table: Table, action: Action) -> Outcome:
    """Apply the person's action, then the bots' answers; show from the person's step on."""
    deal = current_deal(table)
    try:
        deal.apply(action)
    except IllegalAction as refusal:
        raise Refused(sentence(refusal.reason)) from None
    table.version += 1
    start = table.version - table.deal_base
    return Outcome(start)


def own_card(deal: Deal, seat: int, raw: str) -> Card:
    card = forms.card(raw)
    if card not in observe(deal, seat).hand:
        raise Refused(gettext("That card is not in your hand."))
    return card


def play(table: Table, seat: int, form: FormData) -> Outcome:
    deal = require_turn(table, seat, Phase.PLAY)
    card = own_card(deal, seat, single(form, "card"))
    name = forms.suit_name(form)
    obs = observe(deal, seat)
    if name is None and card in obs.legal and obs.names_suit(card):
        if table.settings.fool_ask:
            return Outcome(prompt="fool", announce=None)
        name = SUIT_BY_CODE[table.settings.fool_preset]  # the preset, named without asking
    return carry_out(table, PlayCard(seat, card, name))


def select(table: Table, seat: int, form: FormData) -> Outcome:
    """Choose a card for the discard, or put it back (idempotent: the form says which)."""
    deal = require_turn(table, seat, Phase.DISCARD)
    size = deal.discard_size
    if "select" in form:
        card = own_card(deal, seat, text(form, "select"))
        if card in table.selection:
            return Outcome(announce=None)
        reason = deal.why_not_discard(card)
        if reason is not None:
            raise Refused(
                gettext("%(card)s: %(reason)s")
                % {"card": say(display_name(card)), "reason": sentence(reason)}
            )
        if len(table.selection) >= size:
            raise Refused(
                ngettext(
                    "You have chosen %(size)s card already: put it back first.",
                    "You have chosen %(size)s cards already: put one back first.",
                    size,
                )
                % {"size": size}
            )
        table.selection.append(card)
    else:
        card = own_card(deal, seat, text(form, "unselect"))
        if card in table.selection:
            table.selection.remove(card)
    return Outcome(announce=None)


def discard(table: Table, seat: int, form: FormData) -> Outcome:
    deal = require_turn(table, seat, Phase.DISCARD)
    chosen = forms.cards(form, "card")
    if len(chosen) != deal.discard_size:
        count = deal.discard_size
        raise Refused(
            ngettext(
                "Choose exactly %(count)d card, then press Discard.",
                "Choose exactly %(count)d cards, then press Discard.",
                count,
            )
            % {"count": count}
        )
    hand = observe(deal, seat).hand
    if any(card not in hand for card in chosen):
        raise Refused(gettext("That card is not in your hand."))
    if len(set(chosen)) != len(chosen):
        count = deal.discard_size
        raise Refused(
            ngettext("Choose %(count)d different card.", "Choose %(count)d different cards.", count)
            % {"count": count}
        )
    outcome = carry_out(table, Discard(seat, tuple(sorted(chosen))))
    table.selection = []
    return outcome


def decide(table: Table, seat: int, form: FormData) -> Outcome:
    """A yes/no decision: demand the Fool (rules.md 2.7d), call Bob (3.5, 3.7), play the
    deal with the Chicks rule (2.14a, 3.8a) or ask for a new deal of a hand with no trumps
    (2.3a)."""
    deal = current_deal(table)
    choice = text(form, "choice")
    if choice not in ("yes", "no"):
        raise BadForm("the choice must be yes or no")
    if deal.phase is Phase.DEMAND_FOOL:
        require_turn(table, seat, Phase.DEMAND_FOOL)
        return carry_out(table, DemandFool(seat, choice == "yes"))
    if deal.phase is Phase.CHICKS:
        require_turn(table, seat, Phase.CHICKS)
        return carry_out(table, ChooseChicks(seat, choice == "yes"))
    if deal.phase is Phase.REDEAL:
        require_turn(table, seat, Phase.REDEAL)
        return carry_out(table, AskRedeal(seat, choice == "yes"))
    require_turn(table, seat, Phase.BOB)
    return carry_out(table, CallBob(seat, choice == "yes"))


def acknowledge(table: Table, seat: int, form: FormData) -> Outcome:
    """The person has read the declarations: the pages go on after the discard. The click
    names no version (the computers play on while the person reads, ``app.web.live.computers``);
    a second one is refused."""
    current_deal(table)
    if table.has_acknowledged(seat):
        raise Refused(gettext("You had read the declarations already; here is the table now."), 409)
    table.acknowledge(seat)
    return Outcome(start=2, announce="append")


def next_deal(table: Table, seat: int, form: FormData) -> Outcome:
    """Deal again: any seated person may, once the deal is over (the first click counts)."""
    deal = current_deal(table)
    if table.finished:
        raise Refused(gettext("The match is over: this table takes no more deals."), 409)
    if not deal.is_over:
        raise Refused(gettext("The deal is not over yet."), 409)
    table.match.start_deal()
    table.version += 1
    table.deal_base = table.version
    table.selection = []
    return Outcome(start=0)


TAKE_BACK_STALE = N_(
    "That take back was for a table that has moved on (it was sent twice, or from an older "
    "page), so nothing was done. Here it is now."
)


def take_back(table: Table, seat: int, form: FormData) -> Outcome:
    """Take back the person's last card against the computer (``Deal.check_take_back``), with
    the computers' moves after it; the person is to play that card's turn again.

    The form's version is the table's when the page was drawn: the computers may have moved
    since (the take back waits for the table's lock and undoes their moves too), but a page
    drawn before the card it would take back, or before another take back, is stale."""
    if table.is_friends:
        raise Refused(gettext("Cards are taken back only at a table against the computer."), 403)
    deal = current_deal(table)
    try:
        card = deal.check_take_back(seat)
    except IllegalAction as refusal:
        raise Refused(sentence(refusal.reason), 409) from None
    since = table.take_back_version(seat)
    if since is None or not since <= version(form) <= table.version:
        raise Refused(gettext(TAKE_BACK_STALE), 409)
    deal.apply(TakeBack(seat, card))
    table.version += 1
    table.deal_base = table.version - len(deal.history)
    table.taken_back_at = table.version
    steps = len(deal.history)
    number = table.deal_number
    table.fallbacks = [f for f in table.fallbacks if f.deal != number or f.step <= steps]
    return Outcome(message=taken_back_message(table, seat))


def taken_back_message(table: Table, seat: int | None) -> str | None:
    """What the person is told after their take back (also on the page a plain form's
    redirect leads to); None if the deal's latest entry is not that seat's take back."""
    deal = table.match.deal
    latest = deal.log[-1] if deal is not None and deal.log else None
    if not isinstance(latest, TakeBack) or latest.seat != seat:
        return None
    return gettext("You took back %(card)s: it is your turn again.") % {
        "card": say(display_name(latest.card))
    }


def change_rules(table: Table, seat: int, form: FormData) -> Outcome:
    """Change the rule options for the next deal (rules.md 2.13, 3.7): between deals only,
    by the person against the computer or the host at a friends' table."""
    deal = current_deal(table)
    if table.host is not None and seat != table.host:
        raise Refused(gettext("Only the host (who created the table) changes the rules."), 403)
    if table.finished:
        raise Refused(gettext("The match is over: this table takes no more deals."), 409)
    if not deal.is_over:
        raise Refused(gettext("The rules change only between deals: finish this deal first."), 409)
    match = table.match
    options = forms.rule_options(form, table.game, match.options, match.locked_options())
    try:
        match.change_options(options)
    except OptionsLocked as refusal:
        raise Refused(sentence(refusal.args[0]), 409) from None
    return Outcome(announce=None)


def change_settings(table: Table, seat: int, form: FormData) -> Outcome:
    if table.host is not None and seat != table.host:
        raise Refused(gettext("Only the person who created the table changes its settings."), 403)
    table.settings = forms.table_settings(form, table.settings)
    return Outcome(announce=None)
