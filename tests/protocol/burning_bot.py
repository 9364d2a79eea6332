"""A trionfi-bot/1 program that burns a known amount of its own processor time on every
decision (``burning_bot.py MS``) and then answers legally: for the arena's think_cpu_ms."""

import json
import sys
import time

BURN_S = int(sys.argv[1]) / 1000


def legal_answer(observation: dict) -> dict:
    legal = observation["legal"]
    cards = legal["cards"]
    if legal["action"] == "discard":
        size = legal["size"]
        pips = [c for c in cards if c.split("-")[-1] not in ("K", "Q", "N", "P")]
        return {"discard": (pips if len(pips) >= size else cards)[:size]}
    if legal["action"] == "play":
        card = cards[0]
        if card in legal["names_suit"]:
            return {"play": card, "name": "T"}
        return {"play": card}
    return {legal["action"]: True}


def burn() -> None:
    start = time.process_time()
    while time.process_time() - start < BURN_S:
        pass


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "burner"}), flush=True)
    elif message["type"] == "decide":
        burn()
        answer = legal_answer(message["observation"])
        print(json.dumps({"type": "action", "id": message["id"], "action": answer}), flush=True)
    elif message["type"] == "goodbye":
        break
