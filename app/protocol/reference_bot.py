#!/usr/bin/env python3
"""The smallest useful ``trionfi-bot/1`` program: it plays a legal card, nothing more.

Standard library only and independent of Trionfi's code, so it can be copied as the start of
a bot in Python. Run it under Trionfi as ``--bot mine="python3 reference_bot.py"``.
"""

import json
import random
import sys
from typing import Any


def answer(observation: dict[str, Any]) -> dict[str, Any]:
    """An action for the decision in ``observation["legal"]``."""
    legal = observation["legal"]
    kind, cards = legal["action"], legal["cards"]
    if kind == "discard":
        size = legal["size"]  # how many cards the dealer lays away
        pips = [c for c in cards if c.split("-")[-1] not in ("K", "Q", "N", "P")]
        return {"discard": (pips if len(pips) >= size else cards)[:size]}
    if kind == "play":
        card = random.choice(cards)
        if card in legal["names_suit"]:
            return {"play": card, "name": "T"}  # a led Fool names a suit, here trumps
        return {"play": card}
    return {kind: True}  # demand_fool, bob, chicks or redeal: always yes


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        reply: dict[str, Any]
        if message["type"] == "hello":
            random.seed(message.get("seed", 0))
            reply = {"type": "ready", "name": "reference"}
        elif message["type"] == "decide":
            reply = {
                "type": "action",
                "id": message["id"],
                "action": answer(message["observation"]),
            }
        elif message["type"] == "goodbye":
            break
        else:
            continue  # "result" and anything new: nothing to answer
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
