"""The fast policy that plays out sampled worlds for the hard bot, and the exact endgame search.

Inside a sampled world every holding is known, so the policy can ask exactly whether a card
is safe: "no later opponent can beat it". It cashes safe Kings (and Bobs them in Troccas),
wins tricks with the cheapest safe card, keeps the I and the Kings out of lost tricks,
smears points on a partner's safe trick, and otherwise gives the least it can. In Danish
Tarok the last two tricks are searched exactly, because the Ultimo, the Bagud and the last
trick decide most deals. ``search`` plays a small endgame exactly: every seat maximises its
own result (max-n; in Troccas that is the team's result, so it is minimax, with alpha-beta,
the playout's card tried first, and a table of the positions met at the start of a trick).

Danish playouts carry plans drawn per seat (``plan``): keep a King or the I for the last
trick and draw trumps to make it safe, or keep the highest trump back to stop another's.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Final, Protocol

from app.bots.constants import DECK_SIZE, FOOL, PAGAT, STRENGTH, SUIT, TRUMPS, VALUE, WORLD
from app.bots.sim import Sim
from app.engine.games import GAMES, Game
from app.engine.options import DANISH, TROCCAS


def _opponents(game: Game) -> tuple[tuple[int, ...], ...]:
    """Per seat, the seats playing against it, in the order they play after it."""
    seats = game.seat_count
    return tuple(
        tuple(
            (seat + step) % seats
            for step in range(1, seats)
            if (seat + step) % seats != game.partner_of(seat)
        )
        for seat in range(seats)
    )


def _later_opponents(game: Game) -> tuple[tuple[int, ...], ...]:
    """Per number of cards in the trick: how many seats after the one to play each opponent
    still to play sits (a partner sits as many seats away from every seat, rules.md 3.1)."""
    seats = game.seat_count
    partner = game.partner_of(0)
    partner_step = -1 if partner is None else partner  # seat 0's partner: that many seats on
    return tuple(
        tuple(step for step in range(1, seats - played) if step != partner_step)
        for played in range(seats)
    )


OPPONENTS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    GAMES[key].seat_count: _opponents(GAMES[key]) for key in (DANISH, TROCCAS)
}
"""``OPPONENTS[seats][seat]``, from the engine's partnerships: both others in Danish Tarok (3
seats), the two seats beside it in Troccas (4 seats, partners opposite)."""
LATER_OPPONENTS: Final[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = (
    _later_opponents(GAMES[TROCCAS]),
    _later_opponents(GAMES[DANISH]),
)
"""``LATER_OPPONENTS[danish][played]``: ``_later_opponents`` of each game, worked out once:
in Troccas only odd steps, the partner sitting opposite."""
NAME_TRUMPS: Final = TRUMPS
"""The suit a led Fool names in simulations: trumps, which draws the others' trumps."""


def play_out(sim: Sim) -> list[int]:
    """Play ``sim`` to the end of the deal with the playout policy; the payoffs."""
    danish = sim.danish
    total = sim.tricks_total
    exact = total - 1  # strategy: the last two Danish tricks are searched exactly
    while True:
        number = sim.number
        if number > total:
            break
        if danish and number >= exact and not sim.trick:
            return search(sim)
        card = choose(sim)
        if card == FOOL:
            sim.play(card, fool_name(sim, card))
        else:
            sim.play(card)  # called on sim, not bound once: compiled, a direct C call
    return sim.payoffs()


def fool_name(sim: Sim, card: int) -> int | None:
    """``NAME_TRUMPS`` where playing ``card`` names a suit (``Sim.naming``), else None."""
    if card == FOOL and not sim.trick and (sim.naming >> sim.number) & 1:
        return NAME_TRUMPS
    return None


def search(sim: Sim, table: Bounds | None = None) -> list[int]:
    """The payoffs of playing ``sim`` out exactly (max-n in Danish Tarok; in Troccas, a
    two-team zero-sum game, minimax with alpha-beta pruning); ``sim`` is used up. ``table``
    (Troccas) keeps what searches of the same world found at the start of each trick: pass
    one dict to every search of one world, so that lines meeting again are not searched twice.

    Results are remembered (``ENDGAMES``): the playouts of one decision reach the same last
    two tricks again and again, and its sampled worlds repeat once few cards are left."""
    key = _endgame_key(sim)
    if not sim.danish:
        known = ENDGAMES.get(key)
        if known is None:
            known = (_minimax(sim, -(10**9), 10**9, {} if table is None else table),)
            _remember(key, known)
        value = known[0]
        partner = sim.partner[0]
        return [value if seat in (0, partner) else -value for seat in range(sim.seats)]
    before = sim.delta
    gains = ENDGAMES.get(key)
    if gains is None:
        before = list(before)
        end = _search(sim).delta
        gains = tuple([e - b for e, b in zip(end, before, strict=True)])
        _remember(key, gains)
    return [b + g for b, g in zip(before, gains, strict=True)]


ENDGAMES: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
"""Endgames searched, by ``_endgame_key``: in Danish Tarok each seat's token gain along the
best line (the tokens a seat had before add to every line alike, so they are left out of the
key), in Troccas the result of seat 0's team."""
ENDGAMES_SIZE: Final = 20_000
"""Entries kept at most (a few MB); the whole table is emptied when it is full."""


def _remember(key: tuple[int, ...], result: tuple[int, ...]) -> None:
    if len(ENDGAMES) >= ENDGAMES_SIZE:
        ENDGAMES.clear()
    ENDGAMES[key] = result


def forget_endgames() -> None:
    """Empty ``ENDGAMES`` (a benchmark measures every decision from scratch; results never
    depend on it)."""
    ENDGAMES.clear()


def _endgame_key(sim: Sim) -> tuple[int, ...]:
    """Everything a search reads: the holdings, the trick so far, the seats to lead and to
    play, the trick number, tricks won, counts, pots, the suits opened (the Bob), the
    discard's count and the options."""
    named = sim.named
    led = sim.led
    best = sim.best
    key = [
        sim.danish,
        sim.number,
        sim.leader,
        sim.turn,
        sim.fool,
        sim.fool_demanded,
        -2 if named is None else named,
        -2 if led is None else led,
        best,
        sim.best_strength if best >= 0 else -1,  # (left over from an earlier trick)
        sim.opened,
        sim.dealer,
        sim.discard_bonus,
        sim.chicks,
        sim.traditional_fool,
        sim.last_trump,
        sim.pagat_reward,
        sim.last_paid_on_fail,
        sim.round_count,
        *sim.won,
        *sim.count,
        *sim.pots,
        len(sim.trick),
        *sim.trick,
    ]
    for hand in sim.hands:
        key.append(-1)
        for cards in hand:
            key += cards
    return tuple(key)


Bounds = dict[tuple[object, ...], tuple[int, int]]
"""Troccas: at the start of a trick, the bounds (low, high) of what seat 0's team still gains
from there, keyed by the holdings, the Fool's holder, the leader and the suits
opened (everything the rest of the deal depends on)."""


def _minimax(sim: Sim, alpha: int, beta: int, table: Bounds) -> int:
    """Troccas: the result of seat 0's team with best play by both teams."""
    while sim.number <= sim.tricks_total:
        legal = sim.legal()
        if len(legal) > 1:
            break
        sim.play(legal[0])
    else:
        return sim.payoffs()[0]
    if sim.trick:
        return _best_child(sim, legal, alpha, beta, table)
    holdings = tuple(tuple(cards) for hand in sim.hands for cards in hand)
    key = (holdings, sim.fool, sim.leader, sim.opened)
    base = sim.count[0] + sim.count[sim.partner[0]]
    low, high = table.get(key, (-(10**9), 10**9))
    low, high = low + base, high + base
    if low == high or low >= beta:
        return low
    if high <= alpha:
        return high
    alpha, beta = max(alpha, low), min(beta, high)
    best = _best_child(sim, legal, alpha, beta, table)
    if best <= alpha:
        high = best
    elif best >= beta:
        low = best
    else:
        low = high = best
    table[key] = (low - base, high - base)
    return best


def _best_child(sim: Sim, legal: list[int], alpha: int, beta: int, table: Bounds) -> int:
    """Alpha-beta over the seat's distinct cards, the playout policy's card first (a good
    card first makes the others cut sooner)."""
    turn = sim.turn
    ours = turn == 0 or turn == sim.partner[0]  # seat 0's team
    best = -(10**9) if ours else 10**9
    moves = distinct(sim, legal)
    noise, sim.noise = sim.noise, None  # the order must not draw from the stream: remembered
    first = choose(sim)  # searches would then draw less than fresh ones
    sim.noise = noise
    if first in moves:
        moves.remove(first)
        moves.insert(0, first)
    last = moves[-1]
    for card in moves:
        # the last card is played on ``sim`` itself: it is not needed any more
        child = sim.clone() if card != last else sim
        child.play(card)
        value = _minimax(child, alpha, beta, table)
        if ours:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _search(sim: Sim) -> Sim:
    """The final state of the best line; forced cards are played in place, so ``sim`` is
    changed and may be the result."""
    while sim.number <= sim.tricks_total:
        legal = sim.legal()
        if len(legal) > 1:
            break
        card = legal[0]
        sim.play(card, fool_name(sim, card) if card == FOOL else None)
    else:
        return sim
    seat = sim.turn
    best: Sim | None = None
    best_value = -(10**9)
    cards = distinct(sim, legal)
    last = cards[-1]
    for card in cards:
        # the last card is played on ``sim`` itself: it is not needed any more
        child = sim.clone() if card != last else sim
        child.play(card, fool_name(sim, card) if card == FOOL else None)
        end = _search(child)
        value = end.delta[seat]  # end.payoffs()[seat] (Danish Tarok)
        if value > best_value:
            best, best_value = end, value
    assert best is not None
    return best


def distinct(sim: Sim, legal: list[int]) -> list[int]:
    """Legal cards less those equivalent to a stronger kept one: adjacent cards of a suit in
    one holding with no other card between them left in play and the same value."""
    if len(legal) <= 1:
        return legal
    strength = sim.strength
    value = sim.value
    kept: list[int] = []
    previous = -1
    for card in legal:
        if (
            previous >= 0
            and card != FOOL
            and SUIT[card] == SUIT[previous]
            and value[card] == value[previous]
            and card not in (PAGAT, WORLD)
            and previous not in (PAGAT, WORLD)
            and not _between(sim, previous, card, strength)
        ):
            previous = card
            continue
        kept.append(card)
        previous = card
    return kept


def _between(sim: Sim, high: int, low: int, strength: tuple[int, ...]) -> bool:
    suit = SUIT[high]
    top, bottom = strength[high], strength[low]
    for hand in sim.hands:
        for card in hand[suit]:
            if bottom < strength[card] < top:
                return True
    return False


# ---------------------------------------------------------------------- the plans

KEEP_CHANCE: Final = 0.5
"""Danish: how often a seat holding a King (a Queen under Chicks) or the I keeps one for the
last trick in a playout (rules.md 2.10: the Ultimo)."""
GUARD_CHANCE: Final = 0.5
"""Danish: how often a seat keeps its highest trump back when another seat plans an Ultimo."""


NOISE: Final = 0.1
"""With every holding known (see-all), how often a Troccas playout plays a random legal card:
the variety a search over one known world has instead of sampling."""
DANISH_NOISE: Final = 0.5
"""How often the searching seat plays a random legal card in a Danish Tarok playout, hidden
cards or not. The policy alone cashes safe Kings and wins tricks with the I, so it seldom
carries one to the last trick, and a search over its playouts undervalues keeping one for an
Ultimo, and stopping another's. Against an information-set MCTS with random playouts (about
20 ms of CPU each per decision, 40 duplicate deals, seed 42), hard's deficit was 17.9 tokens a
deal with the policy alone, 10.4 with a random card 30% of the time, -3.3 at 50%, 0.4 at 70%
and 7.9 at 100% (every seat alike)."""
DANISH_OTHERS_NOISE: Final = 1.0
"""How often the other seats play a random legal card in the searching seat's Danish playouts:
always (their plans still keep their Ultimo cards and guard trumps back). A policy that
cashes its Kings is an opponent that never makes an Ultimo, so the search did not learn to
stop one. Against the same rival on 100 duplicate deals (seed 90, ``hard.MARGIN`` 2 then):
hard's deficit 8.4 tokens a deal with the others at 50%, 1.6 at 100% (with its own seat at
30%, 50% or 70%: 1.9, 1.6, 1.4); its own King Ultimos 5 -> 9 in 300 seats. On 300 deals
(seed 71): -5.85 [-9.49, -2.20] before, -3.54 [-7.45, +0.38] after."""


def noise_rates(danish: bool, seats: int, seat: int) -> list[float]:
    """Per seat, how often a playout plays a random legal card when its ``noise`` is set, in
    ``seat``'s search: in Danish Tarok the others more often; in see-all Troccas every seat
    alike."""
    if not danish:
        return [NOISE] * seats
    return [DANISH_NOISE if other == seat else DANISH_OTHERS_NOISE for other in range(seats)]


def ultimo_cards(sim: Sim, seat: int) -> list[int]:
    """The seat's Kings (Queens under Chicks) and the I: the cards an Ultimo is made with."""
    hand = sim.hands[seat]
    found = [cards[0] for cards in hand[:TRUMPS] if cards and cards[0] % 14 == sim.top]
    if hand[TRUMPS] and hand[TRUMPS][-1] == PAGAT:
        found.append(PAGAT)
    return found


def keep_choice(sim: Sim, seat: int) -> int:
    """The Ultimo card the seat would keep for the last trick, or -1: the I with long trumps,
    else the King with the most cards of its suit beside it (to follow with)."""
    hand = sim.hands[seat]
    trumps = len(hand[TRUMPS])
    best, score = -1, -(10**9)
    for card in ultimo_cards(sim, seat):
        value = trumps - 4 if card == PAGAT else len(hand[SUIT[card]]) + trumps // 3
        if value > score:
            best, score = card, value
    return best


def plan(sim: Sim, rng: Random, fixed: int | None = None, seat: int = -1) -> None:
    """Draw every seat's plan for one playout (Danish only; Troccas has no Ultimo): each
    seat holding an Ultimo card keeps one for trick 25 with ``KEEP_CHANCE``, and each other
    seat with trumps then keeps its highest trump back with ``GUARD_CHANCE``. ``fixed`` is
    ``seat``'s own plan when the caller tries its plans one by one (-1: none)."""
    if not sim.danish or sim.number >= sim.tricks_total - 1:
        sim.keep, sim.guard = [], []
        return
    keep = [-1] * sim.seats
    for other in range(sim.seats):
        if other == seat and fixed is not None:
            keep[other] = fixed
        elif rng.random() < KEEP_CHANCE:
            keep[other] = keep_choice(sim, other)
    guard = [False] * sim.seats
    if any(card >= 0 for card in keep):
        for other in range(sim.seats):
            planned = any(card >= 0 for s, card in enumerate(keep) if s != other)
            if planned and keep[other] < 0 and sim.hands[other][TRUMPS]:
                guard[other] = rng.random() < GUARD_CHANCE
    sim.keep = keep if any(card >= 0 for card in keep) else []
    sim.guard = guard if any(guard) else []


def _reserve(sim: Sim, legal: list[int]) -> list[int]:
    """``legal`` less the cards the seat's plan keeps back, when it has others to play."""
    seat = sim.turn
    if (not sim.keep or sim.keep[seat] < 0) and (not sim.guard or not sim.guard[seat]):
        return legal  # this seat has no plan (another has)
    held: list[int] = []
    if sim.keep and sim.keep[seat] in legal:
        held.append(sim.keep[seat])
    if sim.guard and sim.guard[seat] and sim.hands[seat][TRUMPS]:
        top = sim.hands[seat][TRUMPS][0]
        if top in legal:
            held.append(top)
    if not held:
        return legal
    rest = [c for c in legal if c not in held]
    return rest if rest else legal


# ---------------------------------------------------------------------- the policy


def choose(sim: Sim) -> int:
    legal = sim.legal()
    if len(legal) == 1:
        return legal[0]
    if sim.keep or sim.guard:
        legal = _reserve(sim, legal)
        if len(legal) == 1:
            return legal[0]
    noise = sim.noise
    if noise is not None and noise.random() < sim.noise_rates[sim.turn]:
        return legal[int(noise.random() * len(legal))]
    trick = sim.trick
    if not trick or (len(trick) == 1 and sim.led is None):
        return _lead(sim, legal)
    return _follow(sim, legal)


def beats(sim: Sim, card: int, best: int, led: int | None) -> bool:
    """Whether ``card`` would beat ``best``, the card now winning the trick."""
    strength = sim.strength
    if card == FOOL:
        return False
    card_trump = SUIT[card] == TRUMPS
    if SUIT[best] == TRUMPS:
        return card_trump and strength[card] > strength[best]
    if card_trump:
        return True
    return SUIT[card] == SUIT[best] and strength[card] > strength[best]


def _threats(sim: Sim, seat: int, led: int | None, played: int) -> list[tuple[int, int]]:
    """For each opponent still to play after ``seat``: (its best card of the suit led, or -1
    if it has none; its best trump, or -1), as strengths."""
    seats = sim.seats
    strength = sim.strength
    hands = sim.hands
    found: list[tuple[int, int]] = []
    for step in LATER_OPPONENTS[sim.danish][played]:
        hand = hands[(seat + step) % seats]
        follow = hand[led] if led is not None else None
        trumps = hand[TRUMPS]
        found.append((strength[follow[0]] if follow else -1, strength[trumps[0]] if trumps else -1))
    return found


def _safe(sim: Sim, card: int, led: int | None, threats: list[tuple[int, int]]) -> bool:
    """No opponent in ``threats`` can beat ``card`` (it must follow if it can, else trump)."""
    power = sim.strength[card]
    card_trump = card >= 56
    for best_led, best_trump in threats:
        if best_led >= 0:
            if led == TRUMPS:
                if best_led > power:
                    return False
            elif not card_trump and SUIT[card] == led and best_led > power:
                return False
        elif best_trump >= 0 and (not card_trump or best_trump > power):
            return False
    return True


def _is_safe(sim: Sim, seat: int, card: int, led: int | None, played: int) -> bool:
    """No opponent still to play after ``seat`` can beat ``card``."""
    return _safe(sim, card, led, _threats(sim, seat, led, played))


def _follow(sim: Sim, legal: list[int]) -> int:
    seat = sim.turn
    trick = sim.trick
    led = sim.led
    if trick[0] == FOOL and len(trick) == 1:
        led_threats = _threats(sim, seat, led, 1)
        safe = [c for c in legal if c != FOOL and _safe(sim, c, led, led_threats)]
        if safe:
            return _cheapest(safe, WIN_COST[sim.chicks])
        return _loser(sim, legal)
    index = sim.best
    best = trick[index]
    threats: list[tuple[int, int]] | None = None
    partner = sim.partner[seat]
    if partner >= 0 and (sim.leader + index) % sim.seats == partner:
        # the partner wins the trick so far
        threats = _threats(sim, seat, led, len(trick))
        if _safe(sim, best, led, threats):
            return _smear(sim, legal)
    # beats(sim, c, best, led), inlined: a stronger card that is a trump or of best's suit
    # (trumps are all stronger than plain cards; the Fool's strength is 0)
    strength = sim.strength
    to_beat = strength[best]
    best_suit = SUIT[best]
    beating = [c for c in legal if strength[c] > to_beat and (c >= 56 or SUIT[c] == best_suit)]
    if beating:
        if threats is None:
            threats = _threats(sim, seat, led, len(trick))
        # (no one left to play: every beating card is safe)
        winning = [c for c in beating if _safe(sim, c, led, threats)] if threats else beating
        if winning:
            card = _cheapest(winning, WIN_COST[sim.chicks])
            if card < 56 or _worth_winning(sim, card):  # plain cards are always worth it
                return card
    return _loser(sim, legal)


def _win_cost(sim: CostRules, card: int) -> int:
    if card == PAGAT:
        return -20
    if SUIT[card] == TRUMPS:
        return 30 + sim.strength[card]
    if card % 14 == sim.top:
        return -10
    return sim.strength[card] - sim.value[card]


def _worth_winning(sim: Sim, card: int) -> bool:
    if SUIT[card] != TRUMPS or sim.strength[card] < 117 or card == WORLD:
        return True
    points = 1 + sum(sim.value[c] for c in sim.trick if c != FOOL)
    return points >= 3 or sim.tricks_total - sim.number < 4


def _loser(sim: Sim, legal: list[int]) -> int:
    danish = sim.danish
    return _cheapest(legal, LOSS_COST[danish][sim.chicks][danish and sim.number < 23])


def _cheapest(cards: list[int], costs: tuple[int, ...]) -> int:
    """The first of ``cards`` with the least ``costs[card]``, as ``min(cards,
    key=costs.__getitem__)`` (a loop: compiled, it is a C loop, where ``min`` with a key
    goes through Python's calling convention for every card)."""
    best = cards[0]
    least = costs[best]
    for card in cards:
        cost = costs[card]
        if cost < least:
            best, least = card, cost
    return best


def _loss_costs(sim: Sim) -> tuple[int, ...]:
    """``_loss_cost`` of every card in ``sim``'s state (from the table)."""
    danish = sim.danish
    return LOSS_COST[danish][sim.chicks][danish and sim.number < 23]


def _loss_cost(sim: CostRules, card: int) -> int:
    """What giving ``card`` to another seat's trick costs, roughly in points."""
    if card == FOOL:
        return 5 if sim.danish and sim.number < 23 else 3
    cost = 3 * sim.value[card]
    if sim.danish and (card == PAGAT or (card < 56 and card % 14 == sim.top)):
        cost += 30
    if SUIT[card] == TRUMPS:
        cost += 2 + (sim.strength[card] - 100) // 3
    return cost


def _smear(sim: Sim, legal: list[int]) -> int:
    """Troccas: the partner's trick is safe; give it points, keeping trumps and the World."""

    best, most = -1, 0
    for card in legal:  # max(legal, key=gift), as a loop (see _cheapest)
        gift = _gift(sim, card)
        if best < 0 or gift > most:
            best, most = card, gift
    return best


def _gift(sim: Sim, card: int) -> int:
    """How much ``card`` gives the partner's safe trick (``_smear``)."""
    if card == FOOL:
        return -1
    if SUIT[card] == TRUMPS and card != PAGAT:
        return -10 - sim.strength[card]
    return 3 * sim.value[card] - (sim.strength[card] // 4 if sim.value[card] == 0 else 0)


def _lead(sim: Sim, legal: list[int]) -> int:
    seat = sim.turn
    hand = sim.hands[seat]
    strength = sim.strength
    kept = sim.keep[seat] if sim.keep else -1
    if kept >= 0:
        draw = _draw_trumps(sim, seat, legal, kept)
        if draw >= 0:
            return draw
    cash = _cash(sim, seat, kept)
    if cash >= 0:
        return cash
    trumps = hand[TRUMPS] if kept < 56 else [c for c in hand[TRUMPS] if c != kept]
    if trumps and sim.guard and sim.guard[seat]:
        trumps = trumps[1:]
    if trumps and _boss(sim, trumps[0]) and _trump_rich(sim, seat):
        return trumps[0]
    low = -1
    longest = -1
    kept_suit = SUIT[kept] if kept >= 0 else -1
    for suit in range(4):
        cards = hand[suit] if suit != kept_suit else [c for c in hand[suit] if c != kept]
        if cards and (len(cards) > longest) and not (len(cards) == 1 and _precious(sim, cards[0])):
            low, longest = cards[-1], len(cards)
    if low >= 0:
        return low
    if trumps:
        pick = trumps[-1]
        if pick == PAGAT and len(trumps) > 1:
            pick = trumps[-2]
        return pick
    costs = _loss_costs(sim)
    best, least = -1, 0
    for card in legal:  # min(legal, key=cost), as in _cheapest
        cost = costs[card] + strength[card] // 20
        if best < 0 or cost < least:
            best, least = card, cost
    return best


def _cash(sim: Sim, seat: int, kept: int) -> int:
    """The best safe top card of a plain suit to lead (not the one kept), or -1."""
    best_lead = -1
    best_score = -(10**9)
    hands = sim.hands
    strength = sim.strength
    danish = sim.danish
    first, second = OPPONENTS[sim.seats][seat]
    left, right = hands[first], hands[second]
    own = hands[seat]
    partner = sim.partner[seat]
    partners = hands[partner] if partner >= 0 else own
    for suit in range(4):
        cards = own[suit]
        if not cards or cards[0] == kept:
            continue
        top = cards[0]
        power = strength[top]
        # _boss(sim, top): no hand holds a stronger card of the suit (the partner's neither);
        # then _is_safe(sim, seat, top, suit, 0): each opponent follows or has no trump
        if (
            _beats_in(left, suit, power, strength)
            or _beats_in(right, suit, power, strength)
            or _beats_in(partners, suit, power, strength)
        ):
            continue
        if (not left[suit] and left[TRUMPS]) or (not right[suit] and right[TRUMPS]):
            continue
        score = 10 + 3 * sim.value[top]
        if not danish and not sim.opened >> suit & 1:  # strategy: it may bring a Troccas Bob
            score += 4
        if score > best_score:
            best_lead, best_score = top, score
    return best_lead


def _beats_in(hand: list[list[int]], suit: int, power: int, strength: tuple[int, ...]) -> bool:
    """Whether ``hand`` holds a card of ``suit`` stronger than ``power`` (its first is its
    strongest)."""
    held = hand[suit]
    return bool(held) and strength[held[0]] > power


def _draw_trumps(sim: Sim, seat: int, legal: list[int], kept: int) -> int:
    """With an Ultimo planned and at least as many trumps as either other seat: a trump to
    lead to draw theirs (the highest if no one can beat it, else the lowest), or -1."""
    mine = [c for c in sim.hands[seat][TRUMPS] if c != kept and c in legal]
    if not mine:
        return -1
    others = max(len(sim.hands[s][TRUMPS]) for s in range(sim.seats) if s != seat)
    if others == 0 or len(mine) < others:
        return -1
    if _boss(sim, mine[0]):
        return mine[0]
    low = [c for c in mine if c != PAGAT]
    return low[-1] if low else -1


def _precious(sim: Sim, card: int) -> bool:
    return card % 14 == sim.top or sim.value[card] >= 3


def _boss(sim: Sim, card: int) -> bool:
    """No card of the same suit still in play beats ``card``."""
    suit = SUIT[card]
    strengths = sim.strength
    strength = strengths[card]
    for hand in sim.hands:
        cards = hand[suit]
        if cards and strengths[cards[0]] > strength:
            return False
    return True


def _trump_rich(sim: Sim, seat: int) -> bool:
    hands = sim.hands
    mine = len(hands[seat][TRUMPS])
    first, second = OPPONENTS[sim.seats][seat]
    partner = sim.partner[seat]
    if partner < 0:
        return mine > len(hands[first][TRUMPS]) and mine > len(hands[second][TRUMPS])
    others = max(len(hands[first][TRUMPS]), len(hands[second][TRUMPS]))
    return mine + len(hands[partner][TRUMPS]) > 2 * others and others > 0


# ---------------------------------------------------------------------- cost tables


class CostRules(Protocol):
    """What the cost functions read: a ``Sim``, or ``_Rules`` to tabulate them. (A protocol,
    not ``Sim``: compiled, a function taking a ``Sim`` checks that it gets one.)"""

    danish: bool
    chicks: bool
    number: int
    top: int
    strength: tuple[int, ...]
    value: tuple[int, ...]


class _Rules:
    """A stand-in for ``Sim`` with only what the cost functions read, to tabulate them."""

    def __init__(self, danish: bool, chicks: bool, number: int) -> None:
        self.danish = danish
        self.chicks = chicks
        self.number = number
        self.top = 1 if chicks else 0
        self.strength = STRENGTH[chicks]
        self.value = VALUE[chicks]


def _table(
    cost: Callable[[CostRules, int], int], danish: bool, chicks: bool, number: int
) -> tuple[int, ...]:
    rules = _Rules(danish, chicks, number)
    return tuple(cost(rules, card) for card in range(DECK_SIZE))


WIN_COST: Final[tuple[tuple[int, ...], ...]] = tuple(
    _table(_win_cost, True, chicks, 1) for chicks in (False, True)
)
"""``WIN_COST[chicks][card]``: ``_win_cost`` (it reads only the Chicks rule)."""
LOSS_COST: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(_table(_loss_cost, danish, chicks, 1 if early else 23) for early in (False, True))
        for chicks in (False, True)
    )
    for danish in (False, True)
)
"""``LOSS_COST[danish][chicks][danish and trick number < 23][card]``: ``_loss_cost`` (it reads
only those). 23 is the Danish Fool's deadline (``app.engine.danish.FOOL_DEADLINE``), written
out where the policy reads it so that its hot path looks up no name: a strategy cost (the
Fool is worth more to keep before it), not a rule the simulator plays."""
