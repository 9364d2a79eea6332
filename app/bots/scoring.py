"""The simulator's payments and effects after a trick: Danish Tarok's fines, Ultimo, Bagud,
last trick, Nolo, Tout and count (rules.md 2.9-2.11), and the Troccas Bob (3.5).

Functions of ``Sim`` kept apart from its trick play; they follow ``app.engine.danish`` and
``app.engine.troccas`` step by step, and tests/bots/test_sim.py holds them to the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from app.bots.constants import FOOL, IS_PIP, PAGAT, SUIT, TRUMPS
from app.engine import danish, ledger

if TYPE_CHECKING:
    from app.bots.sim import Sim

# Final (a C variable when compiled, see app.bots.constants)
LAST_TRICK_BONUS: Final = danish.LAST_TRICK_BONUS
LOST_CARD_FINE: Final = danish.LOST_CARD_FINE
NOLO: Final = danish.NOLO
PAGAT_TRICK_REWARD: Final = danish.PAGAT_TRICK_REWARD
TOUT: Final = danish.TOUT
DANISH_PAR: Final = danish.PAR
KING_POT: Final = 0
PAGAT_POT: Final = 1
ULTIMO: Final = (danish.ULTIMO[ledger.KING_POT], danish.ULTIMO[ledger.PAGAT_POT])
"""What each other player pays for an Ultimo, by pot index (rules.md 2.10)."""


ULTIMO_CARDS: Final[tuple[frozenset[int], frozenset[int]]] = (
    frozenset({PAGAT, *(suit * 14 for suit in range(4))}),
    frozenset({PAGAT, *(suit * 14 + 1 for suit in range(4))}),
)
"""``ULTIMO_CARDS[top]``: the I and the four cards of rank ``top`` (0 Kings, 1 Queens)."""


def is_ultimo_card(card: int, top: int) -> bool:
    """Kings (Queens under Chicks) and the I: the Danish Ultimo cards."""
    return card == PAGAT or (card < 56 and card % 14 == top)


def pay_during_play(sim: Sim, winner: int, winning: int) -> None:
    """Lost Ultimo cards and the optional Pagat reward (rules.md 2.9)."""
    delta = sim.delta
    ultimo = ULTIMO_CARDS[sim.top]
    for position, card in enumerate(sim.trick):
        if card in ultimo:
            owner = (sim.leader + position) % 3
            if owner != winner:
                delta[owner] -= 3 * LOST_CARD_FINE
                delta[(owner + 1) % 3] += LOST_CARD_FINE
                delta[(owner + 2) % 3] += LOST_CARD_FINE
                sim.pots[PAGAT_POT if card == PAGAT else KING_POT] += LOST_CARD_FINE
    if winning == PAGAT and sim.pagat_reward:
        pay_from_others(sim, winner, PAGAT_TRICK_REWARD)


def pay_from_others(sim: Sim, seat: int, amount: int) -> None:
    sim.delta[seat] += 2 * amount
    sim.delta[(seat + 1) % 3] -= amount
    sim.delta[(seat + 2) % 3] -= amount


def settle_danish(sim: Sim, last: list[int], leader: int, winner: int, index: int) -> None:
    """Steps A-F of rules.md 2.10 and the count of 2.11."""
    won = sim.won
    every = sim.tricks_total
    tout = every in won
    nolo = 0 in won
    special = tout or nolo
    end_of_play = list(sim.pots)
    winning = last[index]
    ultimo = ULTIMO_CARDS[sim.top]
    ultimo_won = winning in ultimo
    if ultimo_won and not special:
        pot = PAGAT_POT if winning == PAGAT else KING_POT
        sim.delta[winner] += end_of_play[pot]
        sim.pots[pot] -= end_of_play[pot]
        pay_from_others(sim, winner, ULTIMO[pot])
    failed = False
    for position, card in enumerate(last):
        if card == winning or card not in ultimo:
            continue
        failed = True
        owner = (leader + position) % 3
        pot = PAGAT_POT if card == PAGAT else KING_POT
        pay_from_others(sim, owner, -ULTIMO[pot])
        sim.delta[owner] -= end_of_play[pot]
        sim.pots[pot] += end_of_play[pot]
    paid_last = not (ultimo_won or failed) or (failed and not ultimo_won and sim.last_paid_on_fail)
    if paid_last and not special:
        pay_from_others(sim, winner, LAST_TRICK_BONUS)
    if tout:
        pay_from_others(sim, won.index(every), TOUT)
    elif nolo:
        pay_from_others(sim, won.index(0), NOLO)
    else:
        settle_count(sim)


def settle_count(sim: Sim) -> None:
    delta = sim.delta
    if not sim.round_count:
        count = sim.count
        for seat in range(3):
            delta[seat] += count[seat] - DANISH_PAR
        delta[sim.dealer] += sim.discard_bonus
        return
    amounts = [c - DANISH_PAR for c in sim.final_counts()]
    if sim.round_count:
        next_dealer = (sim.dealer + 1) % 3
        for seat in range(3):
            if seat != next_dealer:
                amounts[seat] = 5 * ((2 * amounts[seat] + 5) // 10)
        amounts[next_dealer] = -sum(a for s, a in enumerate(amounts) if s != next_dealer)
    for seat in range(3):
        sim.delta[seat] += amounts[seat]


def bob(sim: Sim, winner: int, winning: int) -> None:
    """The Bob after a trick (rules.md 3.5), always called."""
    trick = sim.trick
    suit = SUIT[trick[1]] if trick[0] == FOOL else SUIT[trick[0]]
    if suit >= TRUMPS or sim.opened >> suit & 1:
        return
    sim.opened |= 1 << suit
    if winning != suit * 14 + sim.top:
        return
    page = suit * 14 + 3
    if page in trick:
        return
    holder = next((s for s in range(sim.seats) if page in sim.hands[s][suit]), -1)
    if holder < 0:
        return
    spots = [c for c in trick if IS_PIP[c]]
    if not spots:
        return
    strength = sim.strength
    if holder == winner:
        returned = max(spots, key=lambda c: (strength[c], -SUIT[c]))
    else:
        played = trick[(holder - sim.leader) % sim.seats]
        if SUIT[played] == suit and played % 14 < 4:
            return
        returned = min(spots, key=lambda c: (strength[c], SUIT[c]))
    sim.hands[holder][suit].remove(page)
    cards = sim.hands[holder][SUIT[returned]]
    position = 0
    while position < len(cards) and strength[cards[position]] > strength[returned]:
        position += 1
    cards.insert(position, returned)
    sim.count[winner] += sim.value[page] - sim.value[returned]
