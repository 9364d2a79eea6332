"""Shared helpers for the bot tests: random options and random deals driven to a mid-point."""

from __future__ import annotations

from random import Random

from app.engine.actions import CallBob, DemandFool
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.options import Options
from app.engine.simulate import random_action


def random_options(game: str, rng: Random) -> Options:
    """Each option of ``game`` on with probability 1/2."""
    keys = Options.keys_for(game)
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
