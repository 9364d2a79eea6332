"""Shared helpers for the bot tests: random options, random deals driven to a mid-point, and
deals rebuilt with the hidden cards dealt differently."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from app.bots.knowledge import read
from app.bots.sampling import World, sample_world
from app.engine.actions import CallBob, DemandFool, Discard, IllegalAction
from app.engine.cards import Card
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.observation import Observation, observe
from app.engine.options import Options
from app.engine.simulate import random_action
from app.engine.troccas import TroccasDeal

LATER_OPTIONS = ("chicks_after_deal", "trumpless_redeal", "draw_first_dealer", "draw_partners")
"""Options added after the pinned positions were drawn (tests/bots/test_pinned_play.py): left
off here, so that each seed still gives its position; they have tests of their own."""


def random_options(game: str, rng: Random) -> Options:
    """Each option of ``game`` (but ``LATER_OPTIONS``) on with probability 1/2."""
    keys = [key for key in Options.keys_for(game) if key not in LATER_OPTIONS]
    return Options(**{key: rng.random() < 0.5 for key in keys})


def machine_step(deal: Deal, rng: Random) -> None:
    """One random action, with the machine players' yes/no decisions (always demand, always
    call Bob)."""
    if deal.phase is Phase.DEMAND_FOOL:
        deal.apply(DemandFool(deal.turn, True))
    elif deal.phase is Phase.BOB:
        deal.apply(CallBob(deal.turn, True))
    else:
        deal.apply(random_action(deal, rng))


def deal_at(game: str, seed: int, plays: int | None = None, options: Options | None = None) -> Deal:
    """A shuffled deal with the discard made and ``plays`` random actions after it (a random
    number when None), stopped at a card play."""
    rng = Random(seed)
    game_obj = GAMES[game]
    opts = options if options is not None else random_options(game, rng)
    deal = game_obj.shuffle_and_deal(rng, rng.randrange(game_obj.seat_count), opts)
    deal.apply(random_action(deal, rng))
    total = game_obj.seat_count * (25 if game == "danish-tarok" else 19)
    target = plays if plays is not None else rng.randrange(total)
    done = 0
    while not deal.is_over and (done < target or deal.phase is not Phase.PLAY):
        if deal.phase is Phase.PLAY:
            done += 1
        machine_step(deal, rng)
    return deal


def played_by(deal: Deal) -> list[list[Card]]:
    cards: list[list[Card]] = [[] for _ in range(deal.seat_count)]
    for trick in deal.tricks:
        for index, card in enumerate(trick.cards):
            cards[trick.seat_of(index, deal.seat_count)].append(card)
    for index, card in enumerate(deal.trick):
        cards[deal.seat_in_trick(index)].append(card)
    return cards


def rebuild(deal: Deal, world: World) -> Deal | None:
    """The deal with its holdings and discard as in ``world`` and the same actions replayed;
    None if the actions are not all legal then."""
    dealt = _dealt(deal, world)
    discard = [Card(c) for c in world.discard]
    talon: list[Card] = discard if deal.talon else []
    if not deal.talon:
        dealt[deal.dealer] += discard
    if isinstance(deal, TroccasDeal) and deal.options.show_last_dealt_card:
        for seat in range(deal.seat_count):
            last = deal.dealt[seat][-1]
            if last not in dealt[seat]:
                return None
            dealt[seat].remove(last)
            dealt[seat].append(last)
    other = GAMES[deal.game].new_deal(dealt, talon, deal.dealer, deal.options, deal.before)
    try:
        _replay(deal, other, discard)
    except IllegalAction:
        return None
    return other


def _dealt(deal: Deal, world: World) -> list[list[Card]]:
    """Each seat's dealt cards: its holding now, what it played, and the Bobs undone."""
    plays = played_by(deal)
    dealt: list[list[Card]] = []
    for seat in range(deal.seat_count):
        cards = [Card(c) for c in world.holdings[seat]] + plays[seat]
        for bob in deal.bobs if isinstance(deal, TroccasDeal) else []:
            if bob.page is not None and bob.source == seat and bob.returned is not None:
                cards.append(bob.page)
                cards.remove(bob.returned)
        dealt.append(cards)
    return dealt


def _replay(deal: Deal, other: Deal, discard: list[Card]) -> None:
    """The actions of ``deal`` on ``other``: the discard as dealt there, and a manual Bob
    nobody saw declined."""
    for action in deal.history:
        step = action
        if isinstance(step, Discard):
            step = Discard(step.seat, tuple(sorted(discard)))
        if other.phase is Phase.BOB and not isinstance(step, CallBob):
            other.apply(CallBob(other.turn, False))
        if isinstance(step, CallBob) and other.phase is not Phase.BOB:
            continue
        other.apply(step)


def reshuffled(deal: Deal, seat: int, seed: int, tries: int = 20) -> Deal | None:
    """Another deal that ``seat`` cannot tell from ``deal``: the hidden cards dealt again
    (consistently with everything the seat saw), the same observation."""
    obs = observe(deal, seat)
    know = read(obs)
    rng = Random(seed)
    for _ in range(tries):
        world = sample_world(know, obs, rng)
        same = all(
            sorted(world.holdings[s]) == sorted(deal.holdings[s]) for s in range(deal.seat_count)
        )
        if same:
            continue
        other = rebuild(deal, world)
        if other is not None and observe(other, seat) == obs:
            return other
    return None


def card_plays(game_key: str, seed: int) -> Iterator[Observation]:
    """Every card play's observation of random deals of ``game_key``."""
    game = GAMES[game_key]
    rng = Random(seed)
    for dealer in range(game.seat_count):
        deal = game.shuffle_and_deal(rng, dealer, Options())
        while not deal.is_over:
            if deal.phase is Phase.PLAY:
                yield observe(deal, deal.turn)
            deal.apply(random_action(deal, rng))


def a_play(game_key: str, legal: int, hand: int | None = None) -> Observation:
    """A card play with exactly one legal card (``legal=1``), or with at least ``legal``; of
    ``hand`` cards in the hand when given."""
    for obs in card_plays(game_key, seed=11):
        fits = len(obs.legal) == 1 if legal == 1 else len(obs.legal) >= legal
        if fits and (hand is None or len(obs.hand) == hand):
            return obs
    raise AssertionError("no such card play")
