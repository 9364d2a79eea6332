"""The machine players' answer when they may ask for a new deal (rules.md 2.3a).

Every level asks, always: a hand dealt no trump (the Fool not counting) can win no trick once
trumps are led, can make no Ultimo and counts little, so a new deal is worth more than any
play of it. Only a player dealt no trump is asked, so the answer needs no look at the hand.
"""

from __future__ import annotations

from app.engine.actions import AskRedeal
from app.engine.observation import Observation
from app.engine.phrases import N_, Phrase

REDEAL_WORDS = Phrase(
    N_("you hold no trump: you could win no trick once trumps are led, nor make an Ultimo")
)


def redeal_choice(obs: Observation) -> tuple[AskRedeal, str]:
    """The answer for ``obs.seat`` (always a demand) and the reason in words."""
    return AskRedeal(obs.seat, True), REDEAL_WORDS
