"""The easy bot: sensible, human-looking cards with little memory.

It looks only at its own hand and the trick on the table, the way a weaker player does who
forgets which cards have gone: lead a King, or low from the longest suit; second hand low,
last hand wins as cheaply as it can; trump low; never throw a King or a counting card when a
blank will do; leave a partner's trick alone. It keeps no count, infers no voids and makes
no plan for the last trick.

Since it takes any trick it can with a King, it covers an honour with its King whenever the
seed's convention asks (rules.md 2.15), and also when no one declared trumps.
"""

from __future__ import annotations

from random import Random

from app.bots.constants import TRUMPS
from app.bots.odds import Choice, beats, led_suit, name_of, winner_index
from app.bots.words import only_card
from app.engine.cards import FOOL, IS_TRUMP, PAGAT, STRENGTH, SUIT_OF, VALUE, Card
from app.engine.observation import Observation
from app.engine.options import DANISH

SUIT: tuple[int, ...] = tuple(int(s) for s in SUIT_OF)


def play(obs: Observation, rng: Random) -> Choice:
    legal: list[int] = list(obs.legal)
    if len(legal) == 1:
        return Choice(legal[0], only_card(obs, legal[0]), _fool_name(obs, legal[0]))
    chicks = obs.options.chicks_rule
    if not obs.trick or (len(obs.trick) == 1 and obs.trick[0] == FOOL):
        return _lead(obs, legal, chicks, rng)
    return _follow(obs, legal, chicks)


def _fool_name(obs: Observation, card: int) -> int | None:
    """Trumps, where playing ``card`` names a suit (a led Fool in Danish Tarok)."""
    return TRUMPS if obs.names_suit(Card(card)) else None


def _is_top(card: int, chicks: bool) -> bool:
    return card < 56 and card % 14 == (1 if chicks else 0)


def _lead(obs: Observation, legal: list[int], chicks: bool, rng: Random) -> Choice:
    strength = STRENGTH[chicks]
    kings = [c for c in legal if _is_top(c, chicks)]
    if kings and rng.random() < 0.8:
        king = max(kings, key=lambda k: sum(1 for c in legal if SUIT[c] == SUIT[k]))
        return Choice(king, "a King wins the trick while the others still follow its suit")
    plain = [c for c in legal if not IS_TRUMP[c] and c != FOOL and not _is_top(c, chicks)]
    if plain:
        lengths = {s: sum(1 for c in plain if SUIT[c] == s) for s in range(4)}
        suit = max(lengths, key=lambda s: lengths[s])
        low = min((c for c in plain if SUIT[c] == suit), key=lambda c: strength[c])
        return Choice(low, "lead low from your longest suit")
    trumps = sorted((c for c in legal if IS_TRUMP[c]), key=lambda c: strength[c])
    if trumps:
        pick = trumps[1] if trumps[0] == PAGAT and len(trumps) > 1 else trumps[0]
        return Choice(pick, "lead a low trump and keep your high ones")
    card = legal[0]
    return Choice(card, "lead what you have left", _fool_name(obs, card))


def _follow(obs: Observation, legal: list[int], chicks: bool) -> Choice:
    strength = STRENGTH[chicks]
    value = VALUE[chicks]
    cards: list[int] = list(obs.trick)
    led = led_suit(cards, None if obs.named is None else int(obs.named))
    best_index = winner_index(cards, led, strength)
    best = cards[best_index]
    winner = (obs.leader + best_index) % obs.seat_count
    last = len(cards) == obs.seat_count - 1
    partner_wins = winner == obs.rules.partner_of(obs.seat)
    beaters = sorted((c for c in legal if beats(c, best, strength)), key=lambda c: strength[c])
    if not partner_wins and beaters:
        tops = [c for c in beaters if _is_top(c, chicks)]
        if tops:
            return Choice(tops[0], f"your {name_of(tops[0])} takes the trick")
        if last or not IS_TRUMP[beaters[0]]:
            pick = beaters[0] if last else beaters[-1]
            return Choice(pick, "it wins the trick" if last else "it should win the trick")
        if IS_TRUMP[beaters[0]]:
            return Choice(beaters[0], "take the trick with your lowest trump that wins it")
    # strategy: Danish Tarok's Fool is due by trick 23 (rules.md 2.7d); easy plays it from 20
    if FOOL in legal and obs.game == DANISH and obs.trick_number >= 20:
        return Choice(FOOL, "the Fool must be played by trick 23")
    card = min(
        legal,
        key=lambda c: (
            c == FOOL,
            _is_top(c, chicks) or c == PAGAT,
            value[c] if not partner_wins else -value[c],
            IS_TRUMP[c],
            strength[c],
        ),
    )
    return Choice(card, "play a low card and keep your better ones")
