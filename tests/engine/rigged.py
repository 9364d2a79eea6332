"""Deals rigged so that chosen players are dealt no trump (rules.md 2.3a): such a hand comes up
about once in seven thousand deals, too seldom for a seed search, so the tests deal it.

The cards are those of ``Game.deal_cards``' shape: each player's dealt cards (none for a seat
sitting out) and the talon, which goes to the dealer. A trumpless seat gets only plain cards
(and the Fool where ``fool_to`` says so); the dealer's 28 cards count, talon included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from random import Random

from app.engine.cards import ALL_CARDS, FOOL, IS_PIP, IS_TRUMP, Card
from app.engine.games import GAMES, Game

Dealer = Callable[[Random, int], tuple[list[list[Card]], list[Card]]]


def trumpless_cards(
    key: str, dealer: int, without: Iterable[int], seed: int = 0, fool_to: int | None = None
) -> tuple[list[list[Card]], list[Card]]:
    """A deal of game ``key`` by ``dealer`` in which the seats ``without`` hold no trump."""
    game = GAMES[key]
    rng = Random(seed)
    bare = set(without)
    players = game.players_of(dealer)
    while True:
        plain = [c for c in ALL_CARDS if not IS_TRUMP[c] and c != FOOL]
        rest = [c for c in ALL_CARDS if IS_TRUMP[c]]
        rng.shuffle(plain)
        hands: list[list[Card]] = [[] for _ in range(game.seat_count)]
        talon: list[Card] = []
        if fool_to is not None:
            hands[fool_to].append(FOOL)
        else:
            rest.append(FOOL)
        for seat in sorted(bare):
            size = game.hand_size - len(hands[seat])
            hands[seat] += [plain.pop() for _ in range(size)]
            if seat == dealer:
                talon = [plain.pop() for _ in range(game.talon_size)]
        rest += plain
        rng.shuffle(rest)
        for seat in players:
            while len(hands[seat]) < game.hand_size:
                hands[seat].append(rest.pop())
        if dealer not in bare:
            talon = [rest.pop() for _ in range(game.talon_size)]
        assert not rest
        if sum(IS_PIP[c] for c in hands[dealer] + talon) >= 3:  # the deal's own rig (2.3)
            return hands, talon


def rigged_game(key: str, without: Iterable[int], fool_to: int | None = None) -> Game:
    """Game ``key`` whose next deal (the first one it deals) has the seats ``without`` dealt
    no trump; every deal after it is shuffled as always."""
    game = GAMES[key]
    seats = tuple(without)
    dealt: list[bool] = []

    def deal_cards(rng: Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
        if dealt:
            return game.deal_cards(rng, dealer)
        dealt.append(True)
        return trumpless_cards(key, dealer, seats, seed=int(rng.random() * 1e9), fool_to=fool_to)

    return replace(game, deal_cards=deal_cards)
