"""The medium bot's Troccas play: partnership play for the team's count of 36.

Don't overtake a partner's safe trick, give it points instead; return the partner's lead;
cash Kings, first in suits not yet led, where they also make a Bob (rules.md 3.5); keep a
page out of an opponent's Bob by giving it to a partner's trick; save the Fool (it always
comes back) for a trick that would cost a valuable card; draw trumps when the team holds
the most.
"""

from __future__ import annotations

from app.bots.constants import TRUMPS
from app.bots.odds import SUIT, Choice, Table, name_of
from app.bots.words import only_card, situation, suit_word
from app.engine.cards import FOOL, IS_TRUMP, PAGAT, WORLD

LIKELY = 0.7


def play(t: Table) -> Choice:
    legal: list[int] = list(t.obs.legal)
    if len(legal) == 1:
        return Choice(legal[0], only_card(t.obs, legal[0]))
    if not t.trick or t.current_best() is None:
        return _lead(t, legal)
    return _follow(t, legal)


def _opened(t: Table) -> set[int]:
    opened: set[int] = set()
    for trick in t.obs.tricks:
        cards = trick.cards
        opened.add(SUIT[cards[1]] if cards[0] == FOOL else SUIT[cards[0]])
    return opened


# ---------------------------------------------------------------------- leading


def _lead(t: Table, legal: list[int]) -> Choice:
    opened = _opened(t)
    best: tuple[float, int] | None = None
    for card in legal:
        if IS_TRUMP[card] or card == FOOL or not t.is_boss(card):
            continue
        chance = t.win_chance(card)
        if chance < LIKELY:
            continue
        score = chance + t.value[card] / 4
        if card % 14 == t.top and SUIT[card] not in opened:
            score += 0.5
        if best is None or score > best[0]:
            best = (score, card)
    if best is not None:
        card = best[1]
        if card % 14 == t.top and SUIT[card] not in opened:
            why = "it should win the trick, and a Page it catches is Bobbed"
        else:
            why = f"it is the highest {suit_word(SUIT[card])} left and should win the trick"
        return Choice(card, why)
    back = _return_lead(t, legal)
    if back is not None:
        return back
    trumps = t.by_suit[TRUMPS]
    if trumps and t.is_boss(trumps[0]) and _team_trumps_rich(t):
        return Choice(trumps[0], "lead trumps to draw them: your team holds the most")
    return _low_lead(t, legal, opened)


def _partner(t: Table) -> int:
    """The seat's partner: Troccas is played in fixed partnerships (rules.md 3.1)."""
    assert t.partner is not None
    return t.partner


def _return_lead(t: Table, legal: list[int]) -> Choice | None:
    partner = _partner(t)
    for trick in reversed(t.obs.tricks):
        if trick.leader != partner or trick.cards[0] == FOOL or IS_TRUMP[trick.cards[0]]:
            continue
        suit = SUIT[trick.cards[0]]
        cards = [c for c in t.by_suit[suit] if c in legal]
        if not cards:
            return None
        low = cards[-1]
        if t.value[low] >= 3 and len(cards) > 1:
            low = cards[-2]
        return Choice(low, f"return your partner's lead in {suit_word(suit)}")
    return None


def _team_trumps_rich(t: Table) -> bool:
    mine = len(t.by_suit[TRUMPS])
    out = t.trumps_out()
    return mine >= 5 and mine * 2 >= out


def _low_lead(t: Table, legal: list[int], opened: set[int]) -> Choice:
    partner = _partner(t)
    best: tuple[float, int] | None = None
    for suit in range(4):
        cards = [c for c in t.by_suit[suit] if c in legal]
        if not cards:
            continue
        low = cards[-1]
        score = float(len(cards)) - t.value[low] * 2
        if any(c % 14 == t.top for c in cards):
            score -= 3
        page = suit * 14 + 3
        if page in cards and suit not in opened:
            score -= 2
        if t.holds_any(partner, t.out_of_suit(suit)) == 0.0 and t.by_suit[TRUMPS] == []:
            score += 1
        if best is None or score > best[0]:
            best = (score, low)
    if best is not None:
        named = suit_word(SUIT[best[1]])
        return Choice(best[1], f"lead low in your long {named} and keep your high cards")
    trumps = [c for c in legal if IS_TRUMP[c] and c not in (PAGAT, WORLD)]
    if trumps:
        return Choice(trumps[-1], "lead a low trump and keep your high ones")
    card = min(legal, key=lambda c: _loss_cost(t, c))
    return Choice(card, "it is your least useful card to lead")


# ---------------------------------------------------------------------- following


def _follow(t: Table, legal: list[int]) -> Choice:
    best = t.current_best()
    assert best is not None
    winner, _ = best
    if t.is_partner(winner) and t.hold_chance() >= LIKELY:
        return _smear(t, legal)
    chances = {c: t.win_chance(c) for c in legal if c != FOOL}
    winners = [c for c, p in chances.items() if p >= LIKELY]
    if PAGAT in winners and chances[PAGAT] >= 0.85:
        return Choice(PAGAT, "your I wins this trick: the others must follow suit")
    if winners and not t.is_partner(winner):
        card = min(winners, key=lambda c: _win_cost(t, c))
        if not IS_TRUMP[card] or t.strength[card] < 116 or t.points_in_trick() >= 3:
            return Choice(card, "it wins the trick cheaply")
    if FOOL in legal:
        loser = _cheapest_loser(t, [c for c in legal if c != FOOL])
        if _loss_cost(t, loser) >= 6:
            return Choice(FOOL, "the Fool comes back to your team and saves a better card")
    card = _cheapest_loser(t, legal)
    seen = situation(t, card, giving=True)
    why = "give away your least useful card"
    return Choice(card, f"{seen}: {why}" if seen else why)


def _smear(t: Table, legal: list[int]) -> Choice:
    """The partner's trick is safe: give it points, and a page out of reach of a Bob."""

    def gift(card: int) -> float:
        if card == FOOL:
            return -1.0
        if IS_TRUMP[card] and card != PAGAT:
            return -10.0 - t.strength[card] / 100
        value = 3 * t.value[card]
        if card % 14 == t.top and not IS_TRUMP[card]:
            value -= 6
        return value - t.strength[card] / 100

    card = max(legal, key=gift)
    if t.value[card] > 0:
        return Choice(card, f"your partner takes this trick: give it your {name_of(card)}")
    return Choice(card, "your partner takes this trick: don't overtake it")


def _win_cost(t: Table, card: int) -> float:
    if IS_TRUMP[card]:
        return 30 + t.strength[card] - 100
    if card % 14 == t.top:
        return -10
    return t.strength[card] / 2 - t.value[card]


def _cheapest_loser(t: Table, cards: list[int]) -> int:
    return min(cards, key=lambda c: (_loss_cost(t, c), t.strength[c]))


def _loss_cost(t: Table, card: int) -> int:
    if card == FOOL:
        return 5
    cost = 3 * t.value[card]
    if IS_TRUMP[card]:
        cost += 2 + (t.strength[card] - 100) // 3
    return cost
