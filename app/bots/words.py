"""Hints in the words a player uses at the table: the card, the seats and what the seat knows.

Every reason a hint gives is built from the hinting seat's own view (its ``Table``: the cards
played, the voids the others have shown, the trick on the table) and never from a sampled
deal: a hint names only cards the seat holds, sees on the table or has seen played. The hard
level's search is put into the same words: what the card does to this trick, and how it
compares with the best other card ("keeps your King of Cups for later"), with no counts of
sampled deals and no averages (issue 12).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.bots.constants import TRUMPS
from app.bots.odds import SUIT, Table, led_suit, name_of
from app.engine.actions import (
    Action,
    AskRedeal,
    CallBob,
    ChooseChicks,
    DemandFool,
    Discard,
    PlayCard,
)
from app.engine.cards import FOOL, IS_TRUMP, PAGAT, WORLD
from app.engine.observation import Observation
from app.engine.phrases import Phrase
from app.i18n import N_

ONLY_CARD = Phrase(N_("it is your only legal card"))

SUIT_WORDS: tuple[str, ...] = (
    Phrase(N_("Cups")),
    Phrase(N_("Coins")),
    Phrase(N_("Swords")),
    Phrase(N_("Staves")),
    Phrase(N_("trumps")),
)
"""Suits as a player says them: "no Cups left", "lead trumps"."""


def the_card(card: int) -> str:
    """ "the 9 of Cups", "the Fool", and a trump by its name ("XXI The World")."""
    if card == FOOL:
        return Phrase(N_("the Fool"))
    if IS_TRUMP[card]:
        return name_of(card)
    return Phrase(N_("the %(card)s"), card=name_of(card))


def suit_word(suit: int) -> str:
    return SUIT_WORDS[suit]


def seat_word(seat: int, me: int, seats: int, names: Sequence[str] | None = None) -> str:
    """Another seat as the hinting player reads it: by the name the page shows when given,
    else Right (who plays after you), Left (before you) and in Troccas "your partner", who
    sits across (design.md 1.2)."""
    if names is not None and 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    step = (seat - me) % seats
    if step == 1:
        return Phrase(N_("Right"))
    if step == seats - 1:
        return Phrase(N_("Left"))
    return Phrase(N_("your partner"))


def card_list(cards: Sequence[int]) -> str:
    """ "the 2 of Cups, the 5 of Swords and the 7 of Swords"."""
    names = [the_card(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def sentence(action: Action, reason: str) -> str:
    """The whole hint: "Play the 9 of Cups: Left has no Cups left and can trump."."""
    what = _action_words(action)
    if isinstance(reason, Phrase) and not reason.endswith("."):
        return Phrase(N_("%(what)s: %(reason)s."), what=what, reason=reason)
    reason = reason.strip().rstrip(".")
    if reason:
        return Phrase(N_("%(what)s: %(reason)s."), what=what, reason=reason)
    return Phrase(N_("%(what)s."), what=what)


def _action_words(action: Action) -> str:
    if isinstance(action, PlayCard):
        card = the_card(action.card)
        if action.name is not None:
            suit = suit_word(int(action.name))
            return Phrase(N_("Play %(card)s, naming %(suit)s"), card=card, suit=suit)
        return Phrase(N_("Play %(card)s"), card=card)
    if isinstance(action, Discard):
        return Phrase(N_("Lay away %(cards)s"), cards=card_list(action.cards))
    if isinstance(action, DemandFool):
        return Phrase(N_("Demand the Fool") if action.demand else N_("Do not demand the Fool"))
    if isinstance(action, AskRedeal):
        if action.redeal:
            return Phrase(N_("Ask for a new deal"))
        return Phrase(N_("Play this hand"))
    if isinstance(action, ChooseChicks):
        if action.chicks:
            return Phrase(N_("Play this deal with the Chicks rule"))
        return Phrase(N_("Play without Chicks"))
    assert isinstance(action, CallBob)
    return Phrase(N_("Call Bob") if action.call else N_("Let the Bob go"))


# ---------------------------------------------------------------------- the table as seen


def only_card(obs: Observation, card: int) -> str:
    """Why the one legal card: the last card, the suit that must be followed, or the trump
    that must be played for want of it."""
    if len(obs.hand) == 1:
        return Phrase(N_("it is your last card"))
    led = led_suit(obs.trick, None if obs.named is None else int(obs.named))
    if led is None or card == FOOL:
        return ONLY_CARD
    if SUIT[card] == led:
        return Phrase(N_("you must follow %(suit)s and it is your only one"), suit=suit_word(led))
    if IS_TRUMP[card]:
        return Phrase(N_("you have no %(suit)s and must trump"), suit=suit_word(led))
    return ONLY_CARD


def situation(t: Table, card: int, giving: bool = False) -> str | None:
    """What the seat can see that matters for ``card``: a seat still to play that has shown it
    has none of the suit and can trump it, else the card now winning the trick and whether
    ``card`` beats it (when ``giving`` it away, that the others can still take the trick)."""
    threat = trump_threat(t, card)
    if threat is not None:
        return threat
    best = t.current_best()
    if best is None:
        return None
    seat, winning = best
    whose = (
        Phrase(N_("your partner"))
        if t.is_partner(seat)
        else seat_word(seat, t.seat, t.seats, t.names)
    )
    if t.beats(card, winning) and giving:
        return Phrase(N_("the players still to play can take this trick"))
    params = {"whose": whose, "card": name_of(winning)}
    if t.beats(card, winning):
        if t.is_partner(seat):
            return Phrase(N_("it overtakes %(whose)s's %(card)s"), **params)
        return Phrase(N_("it beats %(whose)s's %(card)s"), **params)
    return Phrase(N_("%(whose)s's %(card)s is winning the trick"), **params)


def trump_threat(t: Table, card: int) -> str | None:
    """ "Left has no Cups left and can trump": an opponent still to play to this trick who did
    not follow the suit of ``card``'s trick earlier and may still hold a trump."""
    if card == FOOL or IS_TRUMP[card]:
        return None
    suit = t.led if t.trick else SUIT[card]
    if suit is None or suit == TRUMPS:
        return None
    for seat in t.later_seats():
        if t.is_partner(seat):
            continue
        voids = t.know.void.get(seat, set())
        if suit in voids and TRUMPS not in voids and t.holds_any(seat, _trumps_out(t)) > 0:
            who = seat_word(seat, t.seat, t.seats, t.names)
            return f"{who} has no {suit_word(suit)} left and can trump"
    return None


def _trumps_out(t: Table) -> list[int]:
    return [c for c in t.out if IS_TRUMP[c]]


def valuable(t: Table, card: int) -> bool:
    """A card worth keeping: a King (the Queen under Chicks), the I, the World, the highest
    trump still in play, or one of the counting honours."""
    if card == FOOL:
        return False
    if card in (PAGAT, WORLD) or t.is_ultimo_card(card):
        return True
    if IS_TRUMP[card]:
        return t.is_boss(card)
    return t.value[card] >= 3


def _stronger(t: Table, card: int, than: int) -> bool:
    """Whether ``card`` outranks ``than`` in the same suit (trumps included)."""
    same = SUIT[card] == SUIT[than] and FOOL not in (card, than)
    return same and t.strength[card] > t.strength[than]


# ---------------------------------------------------------------------- the search, in words


def trick_words(wins: int, tried: int, team: bool) -> str:
    """What a card does to this trick, from how often it won in the search's deals."""
    who = "your team " if team else ""
    if tried == 0:
        return "it is the best card here"
    share = wins / tried
    if share == 1.0:
        return f"{who}wins the trick" if team else "it wins the trick"
    if share >= 0.7:
        return f"{who}should win the trick" if team else "it should win the trick"
    if share >= 0.3:
        return f"{who}may win the trick" if team else "it may win the trick"
    if share > 0:
        return "it will most likely lose the trick"
    return "it gives up the trick"


def comparison(t: Table, chosen: int, other: int | None, other_wins: int, wins: int) -> str:
    """How ``chosen`` compares with ``other``, the best other card (``wins`` and ``other_wins``:
    how often each took the trick): what it keeps, or what the other would do, in plain
    terms."""
    if other is None:
        return "your other legal cards come to the same"
    if valuable(t, other) and not valuable(t, chosen):
        return f"it keeps your {name_of(other)} for later"
    if other_wins == wins and _stronger(t, other, chosen):
        return f"it keeps your higher {name_of(other)} for later"
    if other_wins > wins:
        return f"winning it with {the_card(other)} would cost more later in the deal"
    if other_wins < wins:
        lose = "would lose it" if other_wins == 0 else "could lose it"
        return f"{the_card(other)} {lose}"
    return f"it does better over the rest of the deal than {the_card(other)}"


def keeps_for_last(card: int) -> str:
    """The plan behind a play that keeps an Ultimo card: "it keeps your King of Cups for the
    last trick" (rules.md 2.10)."""
    return f"it keeps your {name_of(card)} for the last trick"
