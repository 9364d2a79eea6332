"""A trionfi-bot/1 program that misbehaves on purpose, one way per mode (for the tests).

Modes: crash (exits at its first decision), garbage (answers junk), illegal (answers a card
it does not hold, or the wrong number of discards), timeout (never answers a decision),
noisy (plays legally but writes to stderr), wrong-id (answers with an id never asked),
wrong-kind (answers every decision with a Bob call), silent-hello (never answers hello),
tally (plays legally and writes each result it hears to stderr), record PATH (plays legally
and appends every line it is sent to PATH), long-line SIZE (answers its first decision with a
line of SIZE characters, after one as long on stderr, and plays legally after that).
"""

import json
import sys
import time

MODE = sys.argv[1]


def legal_answer(observation: dict) -> dict:
    legal = observation["legal"]
    cards = legal["cards"]
    if legal["action"] == "discard":
        return {"discard": cards[: legal["size"]]}
    if legal["action"] == "play":
        card = cards[0]
        if card in legal["names_suit"]:
            return {"play": card, "name": "CU"}
        return {"play": card}
    return {legal["action"]: True}


def write_long_line(stream, size: int) -> None:
    """An action message padded to ``size`` characters, written in pieces of 1 MiB."""
    head = '{"type": "action", "id": 1, "action": {"play": "'
    stream.write(head)
    left = size - len(head) - 4
    while left > 0:
        piece = min(left, 1 << 20)
        stream.write("x" * piece)
        left -= piece
    stream.write('"}}\n')
    stream.flush()


def reply(message: dict) -> str | None:
    """The line answering one ``decide`` (None: no answer at all)."""
    observation, request = message["observation"], message["id"]
    if MODE == "crash":
        print("about to crash", file=sys.stderr, flush=True)
        sys.exit(3)
    if MODE == "garbage":
        return "this is not json {"
    if MODE == "timeout":
        return None
    if MODE == "long-line" and request == 1:
        write_long_line(sys.stderr, int(sys.argv[2]))
        write_long_line(sys.stdout, int(sys.argv[2]))
        return None
    action = legal_answer(observation)
    if MODE == "wrong-id":
        request += 1000
    elif MODE == "wrong-kind":
        action = {"bob": True}
    elif MODE == "illegal":
        held = set(observation["hand"])
        codes = ["CU-K", "CU-Q", "CO-K", "SW-K", "ST-K"] + [f"T{n}" for n in range(1, 22)]
        stranger = next(c for c in codes if c not in held)
        action = {"play": stranger} if "play" in action else {"discard": ["T21"]}
    elif MODE == "noisy":
        print(f"thinking about {observation['trick_number']}", file=sys.stderr)
    return json.dumps({"type": "action", "id": request, "action": action})


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
            answer = reply(message)
            if answer is not None:
                print(answer, flush=True)
        elif message["type"] == "result" and MODE == "tally":
            outcome = message["result"]
            print(f"result {outcome['game']} complete={outcome['complete']}", file=sys.stderr)
        elif message["type"] == "goodbye":
            return


if __name__ == "__main__":
    main()
