"""One computer's decision as bytes, for a worker process (``app.bots.pool``).

A ``Decision`` holds what the deciding seat may know and nothing more: its own
``Observation`` (with the others' hands only under "opponents see all hands", exactly as the
in-process bot gets it), the level, the match's ``BotSettings`` and the state of the
decision's random stream (the stream, not the table's secret seed: a worker never learns it).
The same decision gives the same action in a worker as in the server's own interpreter.

``decide_packed`` is what a worker runs. Its input is read by ``SafeUnpickler``, whose
``find_class`` allows only the engine's and the bots' plain value types listed in
``ALLOWED``: a pickle naming anything else (``os.system``, say) is refused, not run.

A computer's think time is public: its move shows on every page as soon as it is made. A
decision that searches takes about as long whatever the hidden cards (the search spends its
budget); one that does not (a single legal card, legal cards all alike, a seed convention's
lead, a kitty with no court to bank) would show at once and tell that much about the hand.
So each answer comes with a ``cover``: how long to wait before showing it, zero after a
search, and for a decision that did not search, the think time of a recent search in the
same public situation (``ThinkTimes``), so that the two cannot be told apart by timing.
"""

from __future__ import annotations

import io
import pickle
import time
from collections import deque
from dataclasses import dataclass
from random import Random
from typing import Any

from app.bots import base
from app.engine.actions import Action
from app.engine.observation import Observation

PROTOCOL = 5

ALLOWED: dict[str, frozenset[str]] = {
    "app.engine.observation": frozenset({"Observation"}),
    "app.engine.options": frozenset({"Options"}),
    "app.engine.cards": frozenset({"Suit"}),
    "app.engine.deal": frozenset({"Phase", "Trick", "TeamCount"}),
    "app.engine.declarations": frozenset({"Declaration"}),
    "app.engine.troccas": frozenset({"Bob"}),
    "app.engine.ledger": frozenset({"LedgerEntry"}),
    "app.engine.actions": frozenset(
        {"PlayCard", "Discard", "DemandFool", "CallBob", "ChooseChicks", "AskRedeal"}
    ),
    "app.engine.phrases": frozenset({"Phrase"}),
    "app.bots.base": frozenset({"BotSettings"}),
    "app.bots.worker": frozenset({"Decision"}),
}
"""Module -> the class names a worker may unpickle (value types only)."""

REBUILDERS: dict[str, frozenset[str]] = {"app.engine.phrases": frozenset({"_rebuild"})}
"""Module -> the functions a worker may call while unpickling: only a value type's own
module-level reconstructor (a ``Phrase`` in a declaration's or a reason's words), which builds
that value and nothing else."""


class Refused(pickle.UnpicklingError):
    """A pickle named a class outside ``ALLOWED``."""


@dataclass(frozen=True)
class Decision:
    """One seat's decision: its observation, level, settings and random stream's state."""

    obs: Observation
    level: str
    settings: base.BotSettings
    rng_state: tuple[Any, ...]


def request(obs: Observation, level: str, settings: base.BotSettings, rng: Random) -> Decision:
    return Decision(obs, level, settings, rng.getstate())


def decide(decision: Decision) -> Action:
    """The level's action for the decision (the same in any process)."""
    return decide_timed(decision)[0]


def decide_timed(decision: Decision) -> tuple[Action, bool, float]:
    """The level's action, whether it searched, and its think time in seconds. A decision
    searched if it drew from its random stream: Hard's searches deal their worlds from it, and
    nothing else Hard decides draws from it (the random and easy levels draw for their cards,
    and take no time worth covering)."""
    rng = Random()
    rng.setstate(decision.rng_state)
    started = time.perf_counter()
    action: Action = base.get_bot(decision.level, decision.settings).choose(decision.obs, rng)
    thought = time.perf_counter() - started
    return action, rng.getstate() != decision.rng_state, thought


Situation = tuple[str, str, str]
"""What anyone at the table sees of a decision: the level, the game and the phase."""


class ThinkTimes:
    """The think times of recent decisions that searched, by their public situation and the
    cards in the hand, to cover the decisions that did not (``cover``).

    A worker keeps one for its life, and so does a server that decides in-process; they are
    shared by every table, so a cover may be another table's time (nothing hidden: a think
    time is all a page sees). The cover is drawn with a random stream of its own, never the
    decision's, so covering changes no card played."""

    KEPT = 32
    """Times kept per situation and hand size."""

    def __init__(self) -> None:
        self._times: dict[Situation, dict[int, deque[float]]] = {}
        self._random = Random()  # seeded from the system: no decision's stream

    def record(self, obs: Observation, level: str, seconds: float) -> None:
        by_size = self._times.setdefault(_situation(obs, level), {})
        by_size.setdefault(len(obs.hand), deque(maxlen=self.KEPT)).append(seconds)

    def cover(self, obs: Observation, level: str) -> float:
        """A recent search's think time in the same situation, with the hand size nearest
        this one's (the fewer cards, the shorter the search); 0 if none searched yet."""
        by_size = self._times.get(_situation(obs, level))
        if not by_size:
            return 0.0
        size = len(obs.hand)
        nearest = min(by_size, key=lambda kept: (abs(kept - size), kept))
        return self._random.choice(by_size[nearest])


def _situation(obs: Observation, level: str) -> Situation:
    return (level, obs.game, obs.phase.value)


def decide_covered(decision: Decision, times: ThinkTimes) -> tuple[Action, float]:
    """The level's action for the decision, and how long to wait before showing it: 0 if the
    decision searched (its think time is recorded in ``times``), else a recent search's time
    less its own (``ThinkTimes.cover``)."""
    action, searched, thought = decide_timed(decision)
    if searched:
        times.record(decision.obs, decision.level, thought)
        return action, 0.0
    return action, max(0.0, times.cover(decision.obs, decision.level) - thought)


class SafeUnpickler(pickle.Unpickler):
    """Unpickles only the classes of ``ALLOWED``."""

    def find_class(self, module: str, name: str) -> Any:
        if name in REBUILDERS.get(module, frozenset()):
            return super().find_class(module, name)
        if name not in ALLOWED.get(module, frozenset()):
            raise Refused(f"{module}.{name} is not allowed in a decision")
        found = super().find_class(module, name)
        if not isinstance(found, type):
            raise Refused(f"{module}.{name} is not a class")
        return found


def loads(data: bytes) -> Any:
    return SafeUnpickler(io.BytesIO(data)).load()


def pack(decision: Decision) -> bytes:
    return pickle.dumps(decision, protocol=PROTOCOL)


def decide_packed(data: bytes, times: ThinkTimes) -> bytes:
    """A worker's job: a packed ``Decision`` in, the packed action and its cover out."""
    decision = loads(data)
    if not isinstance(decision, Decision):
        raise Refused(f"not a decision: {type(decision).__name__}")
    return pickle.dumps(decide_covered(decision, times), protocol=PROTOCOL)


def unpack_answer(data: bytes) -> tuple[Action, float]:
    """A worker's answer (the action and its cover), read with the same allow-list."""
    answer = loads(data)
    if not (isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[1], float)):
        raise Refused(f"not an answer: {type(answer).__name__}")
    action: Action = answer[0]
    return action, answer[1]
