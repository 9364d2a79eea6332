"""The medium bot's Danish Tarok play: the last trick first, then the Kings, then the count.

The seed's convention comes before all (rules.md 2.15): against the trump hand a King covers
another honour of its suit whenever it can (``conventions.cover_honour``). Then the
priorities after pagat's strategy notes (rules.md 2.15): make your own Ultimo, never carry a
King or the I into a last trick it cannot win (a Bagud costs about 145 tokens), keep the
highest trump for the last trick, cash Kings while the others still follow, capture honours
with them, win tricks cheaply and give away only worthless cards.
"""

from __future__ import annotations

from app.bots.constants import TRUMPS
from app.bots.conventions import cover_honour
from app.bots.odds import SUIT, Choice, Table, name_of
from app.bots.words import only_card, situation, suit_word
from app.engine.cards import FOOL, IS_TRUMP, PAGAT, WORLD, Card

SURE = 0.95
LIKELY = 0.7


def play(t: Table) -> Choice:
    legal: list[int] = list(t.obs.legal)
    if len(legal) == 1:
        return Choice(legal[0], only_card(t.obs, legal[0]), fool_name(t, legal[0]))
    cover = cover_honour(t.obs)
    if cover is not None:
        return cover
    found = _endgame(t, legal)
    if found is not None:
        return found
    if not t.trick:
        return _lead(t, legal)
    return _follow(t, legal)


def fool_name(t: Table, card: int) -> int | None:
    """Trumps, where playing ``card`` names a suit (a led Fool before the last trick): the
    others must spend theirs."""
    return TRUMPS if t.obs.names_suit(Card(card)) else None


# ---------------------------------------------------------------------- the last tricks


def _endgame(t: Table, legal: list[int]) -> Choice | None:
    left = len(t.obs.hand)
    trumps_out = t.trumps_out()
    if PAGAT in t.obs.hand and trumps_out == 0 and left > 1:
        others = [c for c in legal if c != PAGAT]
        if others:
            pick = _cheapest_loser(t, others)
            return Choice(
                pick, "no trump is left against your I: keep it for the last trick, a Pagat Ultimo"
            )
    if left != 2:
        return None
    return _ultimo_or_bagud(t, legal, trumps_out)


def _ultimo_or_bagud(t: Table, legal: list[int], trumps_out: int) -> Choice | None:
    kings = [c for c in t.obs.hand if c < 56 and c % 14 == t.top]
    others = [c for c in legal if c not in kings]
    if len(kings) == 1 and others:
        king = kings[0]
        other = others[0]
        clears = trumps_out == 0 or (
            trumps_out == 1 and not t.trick and IS_TRUMP[other] and t.is_boss(other)
        )
        if clears and t.win_chance(other) >= SURE:
            return Choice(
                other,
                f"Ultimo: your {name_of(king)} will be your last card, no trump will be left "
                "and you keep the lead",
            )
    for card in legal:
        if t.is_ultimo_card(card) and (card != PAGAT or trumps_out > 0):
            return Choice(
                card, f"get your {name_of(card)} out now: lost in the last trick it is a Bagud"
            )
    bosses = [c for c in t.obs.hand if IS_TRUMP[c] and t.is_boss(c)]
    rest = [c for c in legal if c not in bosses]
    if bosses and rest:
        return Choice(
            _cheapest_loser(t, rest),
            f"keep your {name_of(bosses[0])} for the last trick: it cannot be beaten",
        )
    return None


# ---------------------------------------------------------------------- leading


def _lead(t: Table, legal: list[int]) -> Choice:
    kings = [c for c in legal if c < 56 and c % 14 == t.top]
    scored = sorted(((t.win_chance(k), -len(t.by_suit[SUIT[k]]), k) for k in kings), reverse=True)
    if scored and scored[0][0] >= 0.8:
        king = scored[0][2]
        why = f"the others should still follow {suit_word(SUIT[king])}: your {name_of(king)} wins"
        return Choice(king, why)
    for card in sorted(legal, key=lambda c: -t.value[c]):
        if (
            not IS_TRUMP[card]
            and card != FOOL
            and t.value[card] >= 2
            and t.is_boss(card)
            and t.win_chance(card) >= 0.8
        ):
            why = f"it is the highest {suit_word(SUIT[card])} left and should win the trick"
            return Choice(card, why)
    trumps = t.by_suit[TRUMPS]
    kings = [c for c in t.obs.hand if c < 56 and c % 14 == t.top]
    if kings and len(trumps) >= 3 and len(_top_run(t)) >= 2 and t.trumps_out():
        card = _top_run(t)[-1]
        return Choice(card, "lead trumps to draw the others' trumps, so your Kings are safe")
    low = _low_lead(t, legal)
    if low is not None:
        return low
    if FOOL in legal:
        why = "the others must play trumps to it, and the Fool comes back to you"
        return Choice(FOOL, why, TRUMPS)
    return Choice(_cheapest_loser(t, legal), "it is your least useful card to lead")


def _low_lead(t: Table, legal: list[int]) -> Choice | None:
    """A low card from the longest plain suit: the others run out of it first and must spend
    their trumps on it, which decides the last trick. Suits guarding a King come last."""
    best: tuple[float, int] | None = None
    for suit in range(4):
        cards = [c for c in t.by_suit[suit] if c in legal]
        if not cards:
            continue
        low = cards[-1]
        if t.is_ultimo_card(low):
            continue
        score = float(len(cards)) - 1.5 * t.value[low]
        if any(c % 14 == t.top for c in cards):
            score -= 4
        if best is None or score > best[0]:
            best = (score, low)
    if best is None:
        return None
    named = suit_word(SUIT[best[1]])
    why = f"lead low in your long {named}: the others run out of it first and must trump it"
    return Choice(best[1], why)


# ---------------------------------------------------------------------- following


def _follow(t: Table, legal: list[int]) -> Choice:
    best = t.current_best()
    chances = {c: t.win_chance(c) for c in legal if c != FOOL}
    keep = reserved(t)
    winners = [c for c, p in chances.items() if p >= LIKELY and c not in keep]
    pagat = PAGAT in winners and chances[PAGAT] >= 0.85 and t.trumps_out() > 0
    if pagat:
        return Choice(PAGAT, "your I wins this trick: the others must follow suit")
    kings = [c for c in winners if t.is_ultimo_card(c)]
    if kings:
        return Choice(kings[0], f"your {name_of(kings[0])} takes this trick")
    if winners and best is not None:
        card = min(winners, key=lambda c: (IS_TRUMP[c], t.strength[c]))
        if _worth_winning(t, card):
            return Choice(card, "it wins the trick cheaply")
    if FOOL in legal and _fool_now(t, legal):
        return Choice(FOOL, "the Fool comes back to you and saves a better card")
    return _give_away(t, _cheapest_loser(t, legal))


def _give_away(t: Table, card: int) -> Choice:
    """The cheapest card to lose, with what the seat sees that makes the trick not worth
    fighting for ("Left has no Cups left and can trump")."""
    seen = situation(t, card, giving=True)
    why = "give away your least useful card"
    return Choice(card, f"{seen}: {why}" if seen else why)


def _worth_winning(t: Table, card: int) -> bool:
    if not IS_TRUMP[card] or card == PAGAT:
        return True
    trumps = t.by_suit[TRUMPS]
    if trumps and card == trumps[0] and t.is_boss(card) and len(t.obs.hand) <= 6:
        return t.points_in_trick() >= 5
    return t.strength[card] < 115 or t.points_in_trick() >= 3


def _fool_now(t: Table, legal: list[int]) -> bool:
    others = [c for c in legal if c != FOOL]
    loser = _cheapest_loser(t, others)
    return t.obs.trick_number >= 19 or t.is_ultimo_card(loser) or _loss_cost(t, loser) >= 9


def reserved(t: Table) -> set[int]:
    """Trumps kept for the last trick: the World always, and late in the deal the highest
    trump still in play when it is mine."""
    trumps = t.by_suit[TRUMPS]
    keep = {c for c in trumps if c == WORLD}
    if trumps and len(t.obs.hand) <= 6 and t.is_boss(trumps[0]):
        keep.add(trumps[0])
    return keep


def _top_run(t: Table) -> list[int]:
    """My trumps that no trump still in play can beat, from the top down."""
    run: list[int] = []
    for card in t.by_suit[TRUMPS]:
        if t.higher_out(card):
            break
        run.append(card)
    return run


def _cheapest_loser(t: Table, cards: list[int]) -> int:
    return min(cards, key=lambda c: (_loss_cost(t, c), t.strength[c]))


def _loss_cost(t: Table, card: int) -> int:
    """Roughly what giving ``card`` away costs: its points, a King's or the I's fine, a
    trump's use for the last trick, and the guard it gives a King."""
    if card == FOOL:
        return 6
    cost = 3 * t.value[card]
    if t.is_ultimo_card(card):
        cost += 30
    if card in reserved(t):
        cost += 60
    if IS_TRUMP[card]:
        cost += 2 + (t.strength[card] - 100) // 3
    elif len(t.by_suit[SUIT[card]]) <= 2 and any(
        c % 14 == t.top for c in t.by_suit[SUIT[card]] if c != card
    ):
        cost += 4
    return cost
