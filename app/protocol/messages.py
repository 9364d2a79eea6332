"""Messages of ``trionfi-bot/1`` and the reading of a program's answer into an action.

Every message is one JSON object on one line with a ``type``. Trionfi sends ``hello``,
``decide`` (one per decision, with an ``id``), ``result`` (the end of each deal) and
``goodbye``; the program answers ``hello`` with ``ready`` and each ``decide`` with ``action``.
"""

from __future__ import annotations

import json
from typing import Any

from app.engine.actions import (
    Action,
    AskRedeal,
    CallBob,
    ChooseChicks,
    DemandFool,
    Discard,
    PlayCard,
)
from app.engine.cards import SUIT_BY_CODE, Card, UnknownCard, parse
from app.engine.deal import Phase
from app.engine.observation import Observation
from app.engine.options import Options

PROTOCOL = "trionfi-bot/1"
MAX_LINE = 64 * 1024
"""Characters in a line before its newline; a longer line is garbage: no answer needs more
than a few hundred."""


class BadAnswer(ValueError):
    """A line from the program that is not a well-formed answer; the message says why."""


class IllegalAnswer(BadAnswer):
    """A well-formed action that the rules do not allow now."""


def hello(game: str, options: Options, seat: int, think_ms: int, seed: int) -> dict[str, Any]:
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "game": game,
        "options": options.to_json(game),
        "seat": seat,
        "think_ms": think_ms,
        "seed": seed,
    }


def decide(request_id: int, obs: Observation) -> dict[str, Any]:
    return {"type": "decide", "id": request_id, "observation": obs.to_json()}


def result(hand_result: dict[str, Any]) -> dict[str, Any]:
    return {"type": "result", "result": hand_result}


GOODBYE: dict[str, Any] = {"type": "goodbye"}


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":")) + "\n"


def decode(line: str) -> dict[str, Any]:
    """A message object from one line; ``BadAnswer`` if it is not one."""
    if len(line.rstrip("\n")) > MAX_LINE:
        raise BadAnswer(f"a line longer than {MAX_LINE} characters")
    try:
        data = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        raise BadAnswer("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadAnswer("not a message object with a type")
    return data


def read_action(data: dict[str, Any], request_id: int, obs: Observation) -> Action:
    """The action in an ``action`` message answering ``decide`` number ``request_id``.

    Checks what the observation can tell: the kind of decision, the legal cards, the number of
    cards to lay away and the name of a led Fool. The caller still checks it with the engine.
    """
    if data.get("type") != "action":
        raise BadAnswer(f"expected an action message, got {data.get('type')!r}")
    if data.get("id") != request_id:
        raise BadAnswer(f"answer for id {data.get('id')!r}, expected {request_id}")
    action = data.get("action")
    if not isinstance(action, dict):
        raise BadAnswer("action must be an object")
    reader = _READERS.get(obs.phase)
    if reader is None or not obs.is_my_turn:
        raise BadAnswer("no decision is pending")
    return reader(action, obs)


def _expect(action: dict[str, Any], key: str, example: str) -> None:
    """A clear message for an answer of the wrong kind (``bob`` to a play decision...)."""
    if key not in action:
        given = ", ".join(sorted(action)) or "nothing"
        raise BadAnswer(f"this decision is {key!r}: answer {example}, not {given}")


def _read_play(action: dict[str, Any], obs: Observation) -> Action:
    _expect(action, "play", '{"play": CARD}')
    card = _card(action.get("play"))
    if card not in obs.legal:
        raise IllegalAnswer(f"{action.get('play')} is not a legal card now")
    name = action.get("name")
    if obs.names_suit(card):
        suit = SUIT_BY_CODE.get(name) if isinstance(name, str) else None
        if suit is None:
            raise IllegalAnswer('this play names a suit: add "name": CU, CO, SW, ST or T')
        return PlayCard(obs.seat, card, suit)
    if name is not None:
        raise IllegalAnswer(
            'this play names no suit: only a card in legal.names_suit takes a "name"'
        )
    return PlayCard(obs.seat, card)


def _read_discard(action: dict[str, Any], obs: Observation) -> Action:
    _expect(action, "discard", '{"discard": [CARD, ...]}')
    raw = action.get("discard")
    if not isinstance(raw, list):
        raise BadAnswer("discard must be a list of card codes")
    cards = tuple(_card(item) for item in raw)
    size = obs.discard_size
    if len(cards) != size or len(set(cards)) != size:
        raise IllegalAnswer(f"discard exactly {size} different cards")
    if any(card not in obs.legal for card in cards):
        raise IllegalAnswer("a card that may not be discarded")
    return Discard(obs.seat, cards)


def _read_demand(action: dict[str, Any], obs: Observation) -> Action:
    _expect(action, "demand_fool", '{"demand_fool": true or false}')
    return DemandFool(obs.seat, _flag(action, "demand_fool"))


def _read_bob(action: dict[str, Any], obs: Observation) -> Action:
    _expect(action, "bob", '{"bob": true or false}')
    return CallBob(obs.seat, _flag(action, "bob"))


def _read_chicks(action: dict[str, Any], obs: Observation) -> Action:
    _expect(action, "chicks", '{"chicks": true or false}')
    return ChooseChicks(obs.seat, _flag(action, "chicks"))


def _read_redeal(action: dict[str, Any], obs: Observation) -> Action:
    _expect(action, "redeal", '{"redeal": true or false}')
    return AskRedeal(obs.seat, _flag(action, "redeal"))


def _flag(action: dict[str, Any], key: str) -> bool:
    value = action.get(key)
    if not isinstance(value, bool):
        raise BadAnswer(f"{key} must be true or false")
    return value


def _card(value: Any) -> Card:
    try:
        return parse(value)
    except UnknownCard:
        raise BadAnswer(f"not a card code: {value!r}") from None


_READERS = {
    Phase.PLAY: _read_play,
    Phase.DISCARD: _read_discard,
    Phase.DEMAND_FOOL: _read_demand,
    Phase.BOB: _read_bob,
    Phase.CHICKS: _read_chicks,
    Phase.REDEAL: _read_redeal,
}


def action_json(action: Action) -> dict[str, Any]:
    """An action as a program sends it: the hand record's form without the seat."""
    data = action.to_json()
    del data["seat"]
    return data
