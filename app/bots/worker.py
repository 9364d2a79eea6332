"""One computer's decision as bytes, for a worker process (``app.bots.pool``).

A ``Decision`` holds what the deciding seat may know and nothing more: its own
``Observation`` (with the others' hands only under "opponents see all hands", exactly as the
in-process bot gets it), the level, the match's ``BotSettings`` and the state of the
decision's random stream (the stream, not the table's secret seed: a worker never learns it).
The same decision gives the same action in a worker as in the server's own interpreter.

``decide_packed`` is what a worker runs. Its input is read by ``SafeUnpickler``, whose
``find_class`` allows only the engine's and the bots' plain value types listed in
``ALLOWED``: a pickle naming anything else (``os.system``, say) is refused, not run.
"""

from __future__ import annotations

import io
import pickle
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
    rng = Random()
    rng.setstate(decision.rng_state)
    action: Action = base.get_bot(decision.level, decision.settings).choose(decision.obs, rng)
    return action


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


def decide_packed(data: bytes) -> bytes:
    """A worker's job: a packed ``Decision`` in, the packed action out."""
    decision = loads(data)
    if not isinstance(decision, Decision):
        raise Refused(f"not a decision: {type(decision).__name__}")
    return pickle.dumps(decide(decision), protocol=PROTOCOL)


def unpack_action(data: bytes) -> Action:
    """A worker's answer, read with the same allow-list."""
    action: Action = loads(data)
    return action
