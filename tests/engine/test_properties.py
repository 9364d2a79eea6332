"""Property tests over random seeds and option sets for both games (rules.md 2.12, 3.6, 4.1
DK-13/DK-30, 4.2 TR-01/TR-22; design.md Part 3's engine tests).

Deals are played with uniformly random legal actions (``app.engine.simulate``). The invariants
read the deal's state after every action: where every card is, the hand sizes and the books.
"""

from __future__ import annotations

import json
from collections import Counter
from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.actions import PlayCard
from app.engine.cards import codes
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES, Game
from app.engine.observation import observe, observe_public
from app.engine.options import Options
from app.engine.record import parse_record, record_of, replay, result
from app.engine.simulate import random_action
from tests.engine.referee import DECK, danish_combinations, is_pip

DANISH, TROCCAS = "danish-tarok", "troccas"
TRICKS = {DANISH: 25, TROCCAS: 19}
TOTAL = {DANISH: 78, TROCCAS: 72}
EXAMPLES = 150
"""Deals per property (each a whole deal; about 20 ms per deal)."""
OBSERVED = 20
"""Deals for the information test, which looks at every seat after every action."""


@st.composite
def setups(draw: st.DrawFn, game_key: str) -> tuple[Game, int, int, Options]:
    """A game, a seed, a dealer and a random option set of that game."""
    game = GAMES[game_key]
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, game.seat_count - 1))
    options = draw(st.fixed_dictionaries({k: st.booleans() for k in Options.keys_for(game_key)}))
    return game, seed, dealer, Options(**options)


def start(game: Game, seed: int, dealer: int, options: Options) -> tuple[Deal, Random]:
    rng = Random(seed)
    return game.shuffle_and_deal(rng, dealer, options), rng


def places(deal: Deal) -> Counter[str]:
    """How often each card is somewhere: holdings, won piles, the discard, the open trick."""
    found: Counter[str] = Counter()
    for cards in [*deal.holdings, *deal.piles, deal.discarded, deal.trick]:
        found.update(codes(cards))
    return found


def check_step(deal: Deal, game_key: str) -> None:
    assert places(deal) == Counter(DECK), "every card exactly once"
    if game_key == DANISH:
        assert sum(deal.books.balances) + sum(deal.books.pots.values()) == 0
    else:
        assert sum(deal.books.balances) == 0
    if deal.phase not in (Phase.REDEAL, Phase.CHICKS, Phase.DISCARD) and not deal.is_over:
        done = len(deal.tricks)
        played = {(deal.leader + i) % deal.seat_count for i in range(len(deal.trick))}
        sizes = [len(h) for h in deal.holdings]
        expected = [TRICKS[game_key] - done - (seat in played) for seat in range(deal.seat_count)]
        assert sizes == expected, f"hand sizes {sizes}, expected {expected}"


def check_end(deal: Deal, game_key: str) -> None:
    res = result(deal)
    assert res["complete"]
    if deal.is_void:  # a new deal asked for a hand with no trumps (rules.md 2.3a)
        assert res["tricks"] == []
        assert res["ledger"] == []
        return
    assert len(res["tricks"]) == TRICKS[game_key]
    assert all(len(t["cards"]) == deal.seat_count for t in res["tricks"])
    assert [t["number"] for t in res["tricks"]] == list(range(1, TRICKS[game_key] + 1))
    assert sum(res["counts"]) == TOTAL[game_key]
    assert all(not hand for hand in deal.holdings)
    if game_key == TROCCAS:
        teams = res["teams"]
        assert sum(team["count"] for team in teams) == 72
        for team in teams:
            assert team["result"] == team["count"] - 36
            for seat in team["seats"]:
                assert res["balances"][seat] == team["result"]
        assert [team["seats"] for team in teams] == [[0, 2], [1, 3]]


def play_checked(game: Game, seed: int, dealer: int, options: Options) -> Deal:
    deal, rng = start(game, seed, dealer, options)
    check_step(deal, game.key)
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
        check_step(deal, game.key)
    check_end(deal, game.key)
    return deal


@settings(max_examples=EXAMPLES)
@given(setups(DANISH))
def test_danish_invariants_after_every_action(setup: tuple[Game, int, int, Options]) -> None:
    """DK-30: every card once, balances + pots = 0, 25 tricks of 3, counts total 78."""
    play_checked(*setup)


@settings(max_examples=EXAMPLES)
@given(setups(TROCCAS))
def test_troccas_invariants_after_every_action(setup: tuple[Game, int, int, Options]) -> None:
    """TR-22: every card once, 19 tricks of 4, T(A) + T(B) = 72, the Bob keeps hand sizes."""
    play_checked(*setup)


def replayed(deal: Deal) -> dict[str, Any]:
    text = json.dumps(record_of(deal).to_json())
    return result(replay(parse_record(json.loads(text))))


@settings(max_examples=EXAMPLES)
@given(st.sampled_from([DANISH, TROCCAS]).flatmap(setups), st.integers(0, 100))
def test_replaying_the_record_gives_the_same_result(
    setup: tuple[Game, int, int, Options], stop_percent: int
) -> None:
    """A deal's record, written out as JSON and replayed, gives the same result, complete or
    stopped anywhere."""
    deal, rng = start(*setup)
    total = 1 + TRICKS[setup[0].key] * setup[0].seat_count
    stop = total * stop_percent // 100
    while not deal.is_over and len(deal.history) < stop:
        deal.apply(random_action(deal, rng))
    assert replayed(deal) == result(deal)


@settings(max_examples=20)
@given(st.sampled_from([DANISH, TROCCAS]), st.integers(0, 2**32 - 2))
def test_the_seed_decides_the_deal(game_key: str, seed: int) -> None:
    game = GAMES[game_key]
    first = game.deal_cards(Random(seed), 0)
    assert game.deal_cards(Random(seed), 0) == first
    assert game.deal_cards(Random(seed + 1), 0) != first


def test_deal_sizes() -> None:
    """TR-01 and 2.3: 25 + 25 + 25 + a 3-card talon; Troccas 21 for the dealer and 19 each."""
    for dealer in range(3):
        dealt, talon = GAMES[DANISH].deal_cards(Random(dealer), dealer)
        assert [len(cards) for cards in dealt] == [25, 25, 25]
        assert len(talon) == 3
    for dealer in range(4):
        dealt, talon = GAMES[TROCCAS].deal_cards(Random(dealer), dealer)
        assert [len(cards) for cards in dealt] == [21 if s == dealer else 19 for s in range(4)]
        assert talon == []


def test_rigged_deal_and_no_visible_bias() -> None:
    """DK-13: over 10,000 seeded deals the dealer's 28 cards hold 3 pips or more, and each card
    lands in each seat about as often as chance says (within 5 standard deviations)."""
    deals = 10_000
    landed = [Counter[str]() for _ in range(3)]
    rng = Random(13)
    for _ in range(deals):
        dealt, talon = GAMES[DANISH].deal_cards(rng, 0)
        dealer_cards = codes(dealt[0] + talon)
        assert sum(is_pip(card) for card in dealer_cards) >= 3
        for seat, cards in enumerate((dealer_cards, codes(dealt[1]), codes(dealt[2]))):
            landed[seat].update(cards)
    for seat, size in ((0, 28), (1, 25), (2, 25)):
        p = size / 78
        mean, sd = deals * p, (deals * p * (1 - p)) ** 0.5
        worst = max(abs(landed[seat][card] - mean) for card in DECK)
        assert worst < 5 * sd, f"seat {seat}: a card is off by {worst:.0f} (sd {sd:.0f})"


# ------------------------------------------------------------------ information


def known_cards(deal: Deal, seat: int) -> set[str]:
    """Cards in other holdings whose place ``seat`` knows: a page revealed or taken by a Bob and
    the spot card given back, face-up cards, and the cards of declared combinations (with a
    trumps declaration, every trump and the Fool: their number is known)."""
    known: set[str] = set()
    for bob in getattr(deal, "bobs", []):
        data = bob.to_json()
        known |= {f"{data['suit']}-P", data.get("returned") or ""}
    if deal.game == TROCCAS and deal.options.show_last_dealt_card:
        known |= set(codes(cards[-1] for cards in deal.dealt))
    if deal.game == DANISH and deal.phase is not Phase.DISCARD:
        for other in range(deal.seat_count):
            if other == seat:
                continue
            held = codes(deal.holdings[other]) + played_by(deal, other)
            for combination in danish_combinations(held, deal.chicks):
                known |= set(combination.cards)
                if combination.kind == "trumps":
                    known |= {c for c in held if c.startswith("T") or c == "FOOL"}
    return known


def played_by(deal: Deal, seat: int) -> list[str]:
    return [
        codes([action.card])[0]
        for action in deal.history
        if isinstance(action, PlayCard) and action.seat == seat
    ]


def hidden_from(deal: Deal, seat: int) -> bool:
    """Whether the discard is hidden from ``seat``."""
    if not deal.discarded or seat == deal.dealer or deal.is_over:
        return False
    return deal.game == TROCCAS or deal.options.conceal_discards


def reshuffled(deal: Deal, seat: int, rng: Random) -> Deal:
    """A copy where the cards ``seat`` cannot see are dealt anew among the places it cannot
    see, every place keeping its size."""
    clone = deal.copy()
    known = known_cards(deal, seat)
    others = [s for s in range(deal.seat_count) if s != seat]
    pool = [c for s in others for c in deal.holdings[s] if codes([c])[0] not in known]
    discard_hidden = hidden_from(deal, seat)
    if discard_hidden:
        pool += list(deal.discarded)
    rng.shuffle(pool)
    for s in others:
        keep = [c for c in deal.holdings[s] if codes([c])[0] in known]
        take = len(deal.holdings[s]) - len(keep)
        clone.holdings[s] = sorted(keep + pool[:take])
        pool = pool[take:]
    if discard_hidden:
        clone.discarded = tuple(pool)
    return clone


@settings(max_examples=OBSERVED)
@given(st.sampled_from([DANISH, TROCCAS]).flatmap(setups), st.integers(0, 2**16))
def test_an_observation_does_not_see_hidden_cards(
    setup: tuple[Game, int, int, Options], shuffle_seed: int
) -> None:
    """Reshuffling what a seat cannot see leaves its observation unchanged, at every step."""
    deal, rng = start(*setup)
    shuffler = Random(shuffle_seed)
    while True:
        for seat in range(deal.seat_count):
            seen = observe(deal, seat).to_json()
            assert observe(reshuffled(deal, seat, shuffler), seat).to_json() == seen
        if deal.is_over:
            break
        deal.apply(random_action(deal, rng))


@settings(max_examples=OBSERVED)
@given(st.sampled_from([DANISH, TROCCAS]).flatmap(setups), st.integers(0, 2**16))
def test_a_spectators_view_holds_no_card_of_any_hand(
    setup: tuple[Game, int, int, Options], shuffle_seed: int
) -> None:
    """The public view is unchanged by reshuffling what any seat cannot see, has no hand and
    no legal moves, and shows the discard only when the table may see it."""
    deal, rng = start(*setup)
    shuffler = Random(shuffle_seed)
    while True:
        public = observe_public(deal)
        assert public.hand == ()
        assert public.legal == ()
        for seat in range(deal.seat_count):
            assert observe_public(reshuffled(deal, seat, shuffler)).to_json() == public.to_json()
        onlooker = (deal.dealer + 1) % deal.seat_count
        assert public.discard == observe(deal, onlooker).discard
        if deal.is_over:
            break
        deal.apply(random_action(deal, rng))


def test_the_reshuffle_really_moves_cards() -> None:
    """The information test would prove nothing if the reshuffle left every card in place."""
    deal, _ = start(GAMES[DANISH], 5, 0, Options(conceal_discards=True))
    moved = reshuffled(deal, 1, Random(1))
    assert moved.holdings[1] == deal.holdings[1]
    assert moved.holdings[2] != deal.holdings[2]
