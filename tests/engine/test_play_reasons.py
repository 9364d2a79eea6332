"""``Deal.why_not_playable`` and ``Deal.binding_rule`` over whole random deals: a card has a
reason exactly when the engine would refuse its play, and the reason is the refusal's words.
(The reasons rule by rule, with their rules.md sections, are in ``cases/play_reasons.py``.)"""

from __future__ import annotations

from random import Random

import pytest

from app.engine.actions import IllegalAction, PlayCard
from app.engine.cards import ALL_CARDS, FOOL, SUIT_NAMES
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.options import DANISH, TROCCAS, Options
from app.engine.simulate import random_action

OPTIONS = {
    "seed": Options(),
    "last trump": Options(fool_is_last_trump=True),
    "traditional Fool": Options(traditional_fool_timing=True, fool_is_last_trump=True),
}


def refusal_of(deal: Deal, seat: int, card: int) -> str | None:
    """The engine's refusal of the play, the naming of a led Fool aside."""
    name = None
    if card == FOOL and deal.names_suit(card, deal.trick_number, leading=not deal.trick):
        name = next(iter(SUIT_NAMES))
    try:
        deal.check(PlayCard(seat, card, name))  # type: ignore[arg-type]
    except IllegalAction as refused:
        return refused.reason
    return None


def agree_at(deal: Deal) -> None:
    legal = set(deal.legal_cards()) if deal.phase is Phase.PLAY else set()
    for seat in range(deal.seat_count):
        held = set(deal.holdings[seat])
        for card in ALL_CARDS:
            reason = deal.why_not_playable(seat, card)
            assert reason == refusal_of(deal, seat, card), (seat, card)
            playable = deal.phase is Phase.PLAY and seat == deal.turn and card in legal
            assert (reason is None) is playable
        rule = deal.binding_rule(seat)
        if deal.phase is not Phase.PLAY or seat != deal.turn or held <= legal:
            assert rule is None
        else:
            barred = [c for c in deal.holdings[seat] if c not in legal]
            assert rule in {deal.why_not_playable(seat, c) for c in barred}


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
@pytest.mark.parametrize("game", [DANISH, TROCCAS])
@pytest.mark.parametrize("seed", range(3))
def test_a_reason_is_given_exactly_for_a_refused_play(
    game: str, options: Options, seed: int
) -> None:
    rng = Random(seed)
    deal = GAMES[game].shuffle_and_deal(rng, seed % 3, options.of_game(game))
    while not deal.is_over:
        agree_at(deal)
        deal.apply(random_action(deal, rng))
    agree_at(deal)


def test_the_suit_in_a_reason_is_capitalised() -> None:
    rng = Random(7)
    for _ in range(40):
        deal = GAMES[DANISH].shuffle_and_deal(rng, 0, Options())
        while not deal.is_over:
            rule = deal.binding_rule(deal.turn) if deal.phase is Phase.PLAY else None
            if rule is not None and rule.startswith("must follow"):
                assert rule.split()[-1] in SUIT_NAMES.values()
                return
            deal.apply(random_action(deal, rng))
    pytest.fail("no deal asked a seat to follow")
