"""The machine players' choice of the Chicks rule after the deal (rules.md 2.14, 3.8).

Every level chooses the same way: Chicks on when the hand holds more Queens than Kings. Under
Chicks the Queens become the top court and the Ultimo cards (Danish) or the cards that may
not go into the kitty and trigger the Bob (Troccas), so a seat with more Queens than Kings
holds more of the top courts that way; with as many of each it keeps the usual rule.
"""

from __future__ import annotations

from app.engine.actions import ChooseChicks
from app.engine.cards import KING, QUEEN, RANK_OF
from app.engine.observation import Observation

CHICKS_WORDS = {
    True: "you hold more Queens than Kings, and with Chicks you keep the Queens as top courts",
    False: "you hold no more Queens than Kings, so you keep the Kings as top courts",
}


def wants_chicks(hand: tuple[int, ...] | list[int]) -> bool:
    """More Queens than Kings among the plain cards of ``hand``."""
    queens = sum(1 for card in hand if RANK_OF[card] == QUEEN)
    kings = sum(1 for card in hand if RANK_OF[card] == KING)
    return queens > kings


def chicks_choice(obs: Observation) -> tuple[ChooseChicks, str]:
    """The choice for ``obs.seat`` and the reason in words."""
    chicks = wants_chicks(obs.hand)
    return ChooseChicks(obs.seat, chicks), CHICKS_WORDS[chicks]
