"""Every decision of every game and phase crosses to a worker process: each observation a
computer is asked about, in every game the registry knows (the four-player form included),
packs and unpacks through the worker's allow-list, and the worker's answer is the action the
level gives in-process."""

from __future__ import annotations

from random import Random

import pytest

from app.bots import base, worker
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import Options
from app.engine.simulate import random_action

OPTION_SETS = [
    Options(),
    Options(chicks_rule=True, manual_bob=True),
    Options(chicks_after_deal=True, manual_bob=True),
]


@pytest.mark.parametrize("game_key", sorted(GAMES))
@pytest.mark.parametrize("options", OPTION_SETS, ids=["plain", "chicks", "chicks-after-deal"])
def test_every_observation_of_a_deal_crosses_the_allow_list(
    game_key: str, options: Options
) -> None:
    game = GAMES[game_key]
    rng = Random(f"worker-{game_key}-{options}")
    for dealer in range(2):
        deal = game.shuffle_and_deal(rng, dealer, options)
        while not deal.is_over:
            obs = observe(deal, deal.turn)
            decision = worker.request(obs, "medium", base.BotSettings(), Random(7))
            unpacked = worker.loads(worker.pack(decision))
            assert unpacked == decision
            answer = worker.unpack_answer(
                worker.decide_packed(worker.pack(decision), worker.ThinkTimes())
            )[0]
            assert answer == worker.decide(decision)
            deal.apply(random_action(deal, rng))


@pytest.mark.parametrize("game_key", ["danish-tarok", "danish-tarok-4"])
def test_the_question_of_a_new_deal_crosses_the_allow_list(game_key: str) -> None:
    """rules.md 2.3a: a player dealt no trump is asked first; the worker's answer, an
    ``AskRedeal``, unpickles by the allow-list and is the in-process level's (a demand)."""
    from app.engine.actions import AskRedeal
    from tests.engine.rigged import trumpless_cards

    hands, talon = trumpless_cards(game_key, 0, (1,), seed=2)
    deal = GAMES[game_key].new_deal(hands, talon, 0, Options(trumpless_redeal=True))
    obs = observe(deal, 1)
    for level in ("random", "easy", "medium", "hard"):
        decision = worker.request(obs, level, base.BotSettings(), Random(7))
        assert worker.loads(worker.pack(decision)) == decision
        answer = worker.unpack_answer(
            worker.decide_packed(worker.pack(decision), worker.ThinkTimes())
        )[0]
        assert answer == worker.decide(decision) == AskRedeal(1, True)
