"""A trionfi-bot/1 program that misbehaves on purpose, one way per mode (for the tests).

Modes: crash (exits at its first decision), garbage (answers junk), illegal (answers a card
it does not hold, or the wrong number of discards), timeout (never answers a decision),
noisy (plays legally but writes to stderr), silent-hello (never answers hello), tally (plays
legally and writes each result it hears to stderr), record PATH (plays legally and appends
every line it is sent to PATH).
"""

import json
import sys
import time

MODE = sys.argv[1]


def legal_answer(observation: dict) -> dict:
    legal = observation["legal"]
    cards = legal["cards"]
    if legal["action"] == "discard":
        size = 3 if observation["game"] == "danish-tarok" else 2
        return {"discard": cards[:size]}
    if legal["action"] == "play":
        card = cards[0]
        leading = card == "FOOL" and not observation["trick"]["cards"]
        danish = observation["game"] == "danish-tarok" and observation["trick_number"] < 25
        if leading and danish:
            return {"play": card, "name": "CU"}
        return {"play": card}
    return {legal["action"]: True}


def main() -> None:
    for line in sys.stdin:
        if MODE == "record":
            with open(sys.argv[2], "a", encoding="utf-8") as kept:
                kept.write(line)
        message = json.loads(line)
        if message["type"] == "hello":
            if MODE == "silent-hello":
                time.sleep(60)
            print(json.dumps({"type": "ready"}), flush=True)
        elif message["type"] == "decide":
            observation = message["observation"]
            if MODE == "crash":
                print("about to crash", file=sys.stderr, flush=True)
                sys.exit(3)
            if MODE == "garbage":
                print("this is not json {", flush=True)
                continue
            if MODE == "timeout":
                continue
            action = legal_answer(observation)
            if MODE == "illegal":
                held = set(observation["hand"])
                stranger = next(c for c in ("CU-K", "CU-Q", "T21", "T20") if c not in held)
                action = {"play": stranger} if "play" in action else {"discard": ["T21"]}
            if MODE == "noisy":
                print(f"thinking about {observation['trick_number']}", file=sys.stderr)
            print(json.dumps({"type": "action", "id": message["id"], "action": action}), flush=True)
        elif message["type"] == "result" and MODE == "tally":
            outcome = message["result"]
            print(f"result {outcome['game']} complete={outcome['complete']}", file=sys.stderr)
        elif message["type"] == "goodbye":
            return


if __name__ == "__main__":
    main()
