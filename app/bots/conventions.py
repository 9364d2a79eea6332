"""Behaviour every level shares, from the seeds (rules.md 2.4, 2.7d, 2.13, 2.15, 3.5, 3.7).

- The dealer lays away only pip cards (falling back on other legal cards only when fewer
  pips are allowed): short suits without a King first, so the hand can trump them.
- Against a seat that declared trumps, a King covers another honour of its suit whenever it
  can (Danish, rules.md 2.15; under the Chicks rule the Queen, rules.md 2.14).
- A machine always demands the Fool under the traditional timing, and always calls a Bob.
- The four "... can help ... try for No Tricks" settings: a bot may try for Nolo when its
  hand allows it, and a bot helps a player who tries by taking the tricks that player would
  otherwise win.
"""

from __future__ import annotations

from app.bots.constants import TRUMPS
from app.bots.odds import Choice, beats, led_suit, name_of, winner_index
from app.bots.words import SUIT_WORDS
from app.engine.cards import (
    FOOL,
    IS_PIP,
    IS_TRUMP,
    STRENGTH,
    SUIT_OF,
    Card,
)
from app.engine.observation import Observation
from app.engine.options import DANISH

SUIT: tuple[int, ...] = tuple(int(s) for s in SUIT_OF)


def discard_choice(obs: Observation) -> tuple[tuple[int, ...], str]:
    """The dealer's discard: pips only, from the shortest suits without a King, low first."""
    size = obs.discard_size
    top = 1 if obs.options.chicks_rule else 0
    strength = STRENGTH[obs.options.chicks_rule]
    hand = list(obs.hand)
    length = {s: sum(1 for c in hand if SUIT[c] == s) for s in range(4)}
    guarded = {SUIT[c] for c in hand if c < 56 and c % 14 == top}
    pips = [c for c in obs.legal if IS_PIP[c]]
    pool = pips if len(pips) >= size else list(obs.legal)
    ranked = sorted(
        pool,
        key=lambda c: (
            not IS_PIP[c],
            SUIT[c] in guarded,
            length.get(SUIT[c], 9),
            strength[c],
        ),
    )
    chosen = tuple(sorted(ranked[:size]))
    return chosen, _discard_reason(chosen, length)


def _discard_reason(chosen: tuple[int, ...], length: dict[int, int]) -> str:
    """Why these cards: the short suits they empty or shorten, which the hand can then trump."""
    suits = sorted({SUIT[c] for c in chosen if SUIT[c] < 4}, key=lambda s: length[s])
    if not suits or not all(IS_PIP[c] for c in chosen):
        return "they are the cards you need least"
    gone = [s for s in suits if sum(1 for c in chosen if SUIT[c] == s) == length[s]]
    if gone:
        named = " or ".join(SUIT_WORDS[s] for s in gone)
        return f"pips from your short suits: with no {named} left you can trump them"
    named = " and ".join(SUIT_WORDS[s] for s in suits)
    return f"pips from your short {named}, so that you can trump them sooner"


# ---------------------------------------------------------------------- the King's cover


def cover_honour(obs: Observation) -> Choice | None:
    """The seed's convention (rules.md 2.15): when a seat has declared trumps and the trick is
    being won by an honour of the suit led (a Page, Knight or Queen; under Chicks a Page,
    Knight or King), a seat other than that one covers it with the suit's King (the Queen
    under Chicks) whenever it holds it, whatever its chance of winning the trick: the others
    then know that a King not shown this way is with the trump hand. A trick already trumped
    has no honour to cover."""
    if obs.game != DANISH:  # strategy: a convention of the Danish seed's players
        return None
    enemy = strongest_declarer(obs)
    cards: list[int] = list(obs.trick)
    if enemy is None or enemy == obs.seat or not cards or cards == [FOOL]:
        return None
    led = led_suit(cards, None if obs.named is None else int(obs.named))
    if led is None or led == TRUMPS:
        return None
    top = 1 if obs.options.chicks_rule else 0
    best = cards[winner_index(cards, led, STRENGTH[obs.options.chicks_rule])]
    if IS_TRUMP[best] or SUIT[best] != led or best % 14 > 3 or best % 14 == top:
        return None
    king = next((c for c in obs.legal if c < 56 and SUIT[c] == led and c % 14 == top), None)
    if king is None:
        return None
    reason = f"cover the {name_of(best)} with your {name_of(king)} against the trump hand"
    return Choice(king, reason, convention=True)


def strongest_declarer(obs: Observation) -> int | None:
    """The seat that declared the most trumps (the "enemy" of the seed's convention)."""
    best: tuple[int, int] | None = None
    for declaration in obs.declarations:
        if declaration.kind == "trumps" and (best is None or declaration.value > best[0]):
            best = (declaration.value, declaration.seat)
    return None if best is None else best[1]


# ---------------------------------------------------------------------- Nolo ("No Tricks")


def nolo_partners(obs: Observation, pairs: frozenset[tuple[int, int]]) -> tuple[bool, int | None]:
    """(whether this seat may try for Nolo, the seat this seat helps, if any, now trying)."""
    if not obs.rules.has_nolo or not pairs:  # a contract of some games only (rules.md 2.10)
        return False, None
    may_try = any(trier == obs.seat and helper != obs.seat for helper, trier in pairs)
    helped = next(
        (
            trier
            for helper, trier in pairs
            if helper == obs.seat and trier != obs.seat and obs.won_tricks[trier] == 0
        ),
        None,
    )
    return may_try, helped


def nolo_hand(obs: Observation) -> bool:
    """A hand that can hope to win no trick: no King, few and low trumps, few high courts."""
    top = 1 if obs.options.chicks_rule else 0
    mine = [
        c
        for trick in obs.tricks
        for i, c in enumerate(trick.cards)
        if trick.seat_of(i, obs.seat_count) == obs.seat
    ]
    holding = (
        list(obs.hand)
        + mine
        + [c for i, c in enumerate(obs.trick) if obs.seat_in_trick(i) == obs.seat]
    )
    if any(c < 56 and c % 14 == top for c in holding):
        return False
    trumps = [c for c in holding if IS_TRUMP[c]]
    courts = [c for c in holding if c < 56 and c % 14 < 3]
    return len(trumps) <= 3 and all(c - 55 <= 12 for c in trumps) and len(courts) <= 2


def try_nolo(obs: Observation) -> Choice | None:
    """Play so as to win no trick: the highest card that still loses, else the lowest."""
    if obs.won_tricks[obs.seat] > 0 or not nolo_hand(obs):
        return None
    strength = STRENGTH[obs.options.chicks_rule]
    legal = list(obs.legal)
    if not obs.trick or obs.trick == (FOOL,):
        card = min(legal, key=lambda c: (c != FOOL, IS_TRUMP[c], strength[c]))
        return Choice(card, "No Tricks: lead your lowest card", _nolo_name(obs, card))
    cards: list[int] = list(obs.trick)
    led = led_suit(cards, None if obs.named is None else int(obs.named))
    best = cards[winner_index(cards, led, strength)]
    losers = [c for c in legal if c == FOOL or not beats(c, best, strength)]
    if losers:
        card = max(losers, key=lambda c: (c != FOOL, strength[c]))
        return Choice(card, "No Tricks: the highest card that still loses the trick")
    card = min(legal, key=lambda c: strength[c])
    return Choice(card, "No Tricks: your lowest card")


def help_nolo(obs: Observation, trier: int) -> Choice | None:
    """Help ``trier`` win no trick: beat its card when it is winning this trick."""
    cards: list[int] = list(obs.trick)
    if not cards or cards == [FOOL]:
        return None
    strength = STRENGTH[obs.options.chicks_rule]
    led = led_suit(cards, None if obs.named is None else int(obs.named))
    index = winner_index(cards, led, strength)
    seats = obs.seat_count
    trier_played = (trier - obs.leader) % seats < len(cards)
    if not trier_played:
        card = max(obs.legal, key=lambda c: (c != FOOL, strength[c]))
        return Choice(card, "help No Tricks: play high so that they can stay under")
    if (obs.leader + index) % seats != trier:
        return None
    beaters = [c for c in obs.legal if beats(c, cards[index], strength)]
    if not beaters:
        return None
    card = min(beaters, key=lambda c: strength[c])
    return Choice(card, f"help No Tricks: take the trick with the {name_of(card)}")


def _nolo_name(obs: Observation, card: int) -> int | None:
    """Trumps, where playing ``card`` names a suit (a led Fool)."""
    return TRUMPS if obs.names_suit(Card(card)) else None
