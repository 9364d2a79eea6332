"""Pinned decisions of hard and ismcts (issue 11): the simulator and the playout policy are
tuned for speed, and speed must not change play. Each row is a position (a random deal of
``tests.bots.helpers.deal_at``, random options included), a level and a stream seed, with the
card the level played there when the table was written (commit 5423a74, before the speed-up).

A deliberate change of the bots' play changes some of these cards: then regenerate the rows
(same positions and seeds) and say so in the commit; a speed change must leave them alone.
"""

from __future__ import annotations

from random import Random

import pytest

from app.bots.base import BotSettings, get_bot
from app.bots.ismcts import IsmctsBot
from app.engine.actions import Action, PlayCard
from app.engine.cards import code
from app.engine.observation import observe
from tests.bots.helpers import deal_at

PINNED = [
    ("danish-tarok", 500, "hard", "SW-Q"),
    ("danish-tarok", 501, "hard", "CU-2"),
    ("danish-tarok", 502, "hard+see", "T3"),
    ("danish-tarok", 503, "ismcts", "ST-Q"),
    ("danish-tarok", 504, "ismcts+see", "CU-6"),
    ("danish-tarok", 505, "hard", "CU-K"),
    ("danish-tarok", 506, "hard", "T14"),
    ("danish-tarok", 507, "hard", "CO-6"),
    ("danish-tarok", 508, "hard+see", "CU-10"),
    ("danish-tarok", 510, "ismcts+see", "T14"),
    ("danish-tarok", 511, "hard", "T18"),
    ("troccas", 500, "hard", "ST-9"),
    ("troccas", 501, "hard", "T1"),
    ("troccas", 502, "hard+see", "SW-Q"),
    ("troccas", 504, "ismcts+see", "CU-5"),
    ("troccas", 505, "hard", "T13"),
    ("troccas", 506, "hard", "T2"),
    ("troccas", 508, "hard+see", "CO-9"),
    ("troccas", 510, "ismcts+see", "SW-10"),
]


def _decide(level: str, game: str, seed: int) -> Action:
    deal = deal_at(game, seed)
    obs = observe(deal, deal.turn, see_all=level.endswith("+see"))
    see_all = level.endswith("+see")
    if level.startswith("hard"):
        bot = get_bot("hard", BotSettings(hard_budget=3000, see_all=see_all))
        return bot.choose(obs, Random(seed - 500))
    return IsmctsBot(40, see_all=see_all).choose(obs, Random(seed - 500))


@pytest.mark.parametrize(("game", "seed", "level", "card"), PINNED)
def test_the_same_position_and_stream_give_the_pinned_card(
    game: str, seed: int, level: str, card: str
) -> None:
    action = _decide(level, game, seed)
    assert isinstance(action, PlayCard)
    assert code(action.card) == card
