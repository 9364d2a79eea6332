"""``trionfi bot --level L``: one of our levels (or the arena's ``ismcts`` opponent, with
``--iterations N``) as a program speaking ``trionfi-bot/1``.

It reads messages from standard input and answers on standard output, so other harnesses can
use Trionfi's bots. The program rebuilds the seat's observation from each ``decide`` message.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from app.bots.base import arena_bot
from app.bots.ismcts import ISMCTS_ITERATIONS
from app.engine.observation import observation_from_json
from app.engine.rng import stream
from app.protocol import messages
from app.protocol.messages import BadAnswer


def speak(
    level: str,
    source: TextIO | None = None,
    sink: TextIO | None = None,
    iterations: int = ISMCTS_ITERATIONS,
) -> int:
    """Serve ``level`` until ``goodbye`` or the end of input; returns the exit status.
    ``iterations``: the ``ismcts`` level's iterations per decision."""
    source = source or sys.stdin
    sink = sink or sys.stdout
    bot = arena_bot(level, ismcts_iterations=iterations)
    seed: Any = 0
    for line in source:
        try:
            message = messages.decode(line)
        except BadAnswer as error:
            print(f"trionfi bot: ignoring a line that is {error}", file=sys.stderr)
            continue
        kind = message["type"]
        if kind == "hello":
            seed = message.get("seed", 0)
            _send(sink, {"type": "ready", "name": f"trionfi-{level}"})
        elif kind == "decide":
            obs = observation_from_json(message["observation"])
            rng = stream(seed, "decide", message["id"])
            action = bot.choose(obs, rng)
            reply = {"type": "action", "id": message["id"], "action": messages.action_json(action)}
            _send(sink, reply)
        elif kind == "goodbye":
            break
    return 0


def _send(sink: TextIO, message: dict[str, Any]) -> None:
    sink.write(messages.encode(message))
    sink.flush()
