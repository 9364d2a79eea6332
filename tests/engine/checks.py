"""Expected facts about a hand record, checked through the public contract.

A case is a built record plus a list of ``Check``s. Each check looks at the engine's
``trionfi-result/1`` for the record (or for the record cut at a moment ``at`` = (trick, cards
in it)), or replays the record with one more action to see it refused or accepted.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.engine.record import IllegalActionAt, parse_record, replay, result
from tests.engine.builders import Built, Scenario, build, cards
from tests.engine.referee import judge

Account = int | str  # a seat or "king-pot" / "pagat-pot"


def engine_result(record: dict[str, Any]) -> dict[str, Any]:
    """What ``trionfi replay`` prints for the record (it goes through JSON text first)."""
    return result(replay(parse_record(json.loads(json.dumps(record)))))


def engine_refusal(record: dict[str, Any]) -> IllegalActionAt | None:
    try:
        replay(parse_record(json.loads(json.dumps(record))))
    except IllegalActionAt as error:
        return error
    return None


@dataclass
class Outcome:
    """A built record and the engine's results for it, computed once per moment."""

    built: Built
    results: dict[Any, dict[str, Any]] = field(default_factory=dict)

    def record(self, at: tuple[Any, ...] | None = None) -> dict[str, Any]:
        return self.built.prefix(at)

    def result(self, at: tuple[Any, ...] | None = None) -> dict[str, Any]:
        if at not in self.results:
            self.results[at] = engine_result(self.record(at))
        return self.results[at]

    def hand(self, seat: int, at: tuple[Any, ...] | None = None) -> set[str]:
        """A seat's holding at that moment (from the record, by the referee's bookkeeping)."""
        return set(judge(self.record(at)).hands[seat])


@dataclass(frozen=True)
class Check:
    what: str
    run: Callable[[Outcome], None]

    def __str__(self) -> str:
        return self.what


@dataclass(frozen=True)
class Case:
    name: str
    scenario: Scenario
    checks: tuple[Check, ...]
    section: str = ""

    def __str__(self) -> str:
        return self.name


def case(name: str, sc: Scenario, *checks: Check, section: str = "") -> Case:
    return Case(name, sc, checks, section)


def outcome_of(sc: Scenario) -> Outcome:
    return Outcome(build(sc))


# ------------------------------------------------------------------ checks


def _ledger(result: dict[str, Any], kind: str | None, trick: int | None) -> list[dict[str, Any]]:
    return [
        e
        for e in result["ledger"]
        if (kind is None or e["kind"] == kind) and (trick is None or e["trick"] == trick)
    ]


def legal(seat: int, expected: str, at: tuple[Any, ...] | None = None) -> Check:
    """``next`` names ``seat`` and exactly these legal choices."""

    def run(o: Outcome) -> None:
        nxt = o.result(at)["next"]
        assert nxt is not None, "the deal is over"
        assert nxt["seat"] == seat, f"next seat {nxt['seat']}, expected {seat}"
        assert sorted(nxt["legal"]) == sorted(cards(expected)), (
            f"legal {sorted(nxt['legal'])}, expected {sorted(cards(expected))}"
        )

    return Check(f"legal for seat {seat} at {at}: {expected}", run)


def legal_whole_hand(seat: int, at: tuple[Any, ...] | None = None, has: str = "") -> Check:
    """Every card the seat holds is legal (it must include ``has``)."""

    def run(o: Outcome) -> None:
        nxt = o.result(at)["next"]
        assert nxt["seat"] == seat, f"next seat {nxt['seat']}, expected {seat}"
        hand = o.hand(seat, at)
        assert set(cards(has)) <= hand
        assert sorted(nxt["legal"]) == sorted(hand), f"legal {nxt['legal']}, hand {sorted(hand)}"

    return Check(f"seat {seat} may play its whole hand at {at}", run)


def legal_includes(
    seat: int, yes: str = "", no: str = "", at: tuple[Any, ...] | None = None
) -> Check:
    """Some named choices are legal and others are not (the rest is not checked here)."""

    def run(o: Outcome) -> None:
        nxt = o.result(at)["next"]
        assert nxt["seat"] == seat, f"next seat {nxt['seat']}, expected {seat}"
        legal_now = set(nxt["legal"])
        assert set(cards(yes)) <= legal_now, f"{set(cards(yes)) - legal_now} should be legal"
        assert not set(cards(no)) & legal_now, f"{set(cards(no)) & legal_now} should be illegal"

    return Check(f"seat {seat}: legal {yes!r}, illegal {no!r} at {at}", run)


def decision(
    seat: int,
    action: str,
    at: tuple[Any, ...] | None = None,
    then: tuple[dict[str, Any], ...] = (),
) -> Check:
    """``next`` asks ``seat`` for this kind of action (``play``, ``demand_fool``, ``bob``...),
    at the moment ``at``, after the extra actions ``then``."""

    def run(o: Outcome) -> None:
        record = dict(o.record(at))
        record["actions"] = [*record["actions"], *then]
        nxt = engine_result(record)["next"]
        assert nxt is not None, "the deal is over"
        assert (nxt["seat"], nxt["action"]) == (seat, action), f"next is {nxt}"
        if action in ("demand_fool", "bob"):
            assert sorted(nxt["legal"]) == [False, True]

    return Check(f"seat {seat} is asked to {action} at {at} after {list(then)}", run)


def winner(trick: int, seat: int, named: str | None = "-") -> Check:
    def run(o: Outcome) -> None:
        played = o.result()["tricks"][trick - 1]
        assert played["number"] == trick
        assert played["winner"] == seat, f"trick {trick} {played['cards']} won by {played}"
        if named != "-":
            assert played["named"] == named, f"named {played['named']}, expected {named}"

    return Check(f"trick {trick} is won by seat {seat}", run)


def entries(
    kind: str | None,
    expected: list[tuple[Account | None, Account, int]],
    trick: int | None = None,
    to: Account | None = None,
    at: tuple[Any, ...] | None = None,
) -> Check:
    """The ledger entries of this kind (and trick, and payee) are exactly these, in any order."""

    def run(o: Outcome) -> None:
        found = [
            (e["from"], e["to"], e["amount"])
            for e in _ledger(o.result(at), kind, trick)
            if to is None or e["to"] == to
        ]
        assert Counter(found) == Counter(expected), f"{kind} entries {found}, expected {expected}"

    return Check(f"{kind} entries (trick {trick}, to {to}) are {expected}", run)


def net(changes: dict[Account, int], trick: int | None = None, kind: str | None = None) -> Check:
    """The ledger entries of a trick (or kind) move exactly these amounts."""

    def run(o: Outcome) -> None:
        moved: Counter[Account] = Counter()
        for e in _ledger(o.result(), kind, trick):
            if e["from"] is not None:
                moved[e["from"]] -= e["amount"]
            moved[e["to"]] += e["amount"]
        found = {k: v for k, v in moved.items() if v}
        assert found == {k: v for k, v in changes.items() if v}, f"net {found}"

    return Check(f"net changes of trick {trick} / {kind}: {changes}", run)


def no_entries(kind: str) -> Check:
    def run(o: Outcome) -> None:
        found = _ledger(o.result(), kind, None)
        assert not found, f"unexpected {kind} entries: {found}"

    return Check(f"no {kind} entries", run)


def field_is(name: str, expected: Any, at: tuple[Any, ...] | None = None) -> Check:
    """A top-level field of the result (``balances``, ``pots``, ``counts``, ``bobs``...)."""

    def run(o: Outcome) -> None:
        assert o.result(at)[name] == expected, f"{name} {o.result(at)[name]}, expected {expected}"

    return Check(f"{name} == {expected} at {at}", run)


def counts(expected: list[int]) -> Check:
    return field_is("counts", expected)


def pots(king: int, pagat: int, at: tuple[Any, ...] | None = None) -> Check:
    return field_is("pots", {"king": king, "pagat": pagat}, at)


def bobs(*expected: dict[str, Any]) -> Check:
    return field_is("bobs", list(expected))


def declared(expected: list[tuple[int, str, int]], kinds: bool = True) -> Check:
    """All declarations in order (seat, kind, value): F, M, D (2.5); ``kinds=False`` ignores
    the kind (for the Chicks rule, whose kinds rules.md does not name)."""

    def run(o: Outcome) -> None:
        found = [(d["seat"], d["kind"], d["value"]) for d in o.result((1, 0))["declarations"]]
        if not kinds:
            found = [(seat, "", value) for seat, _, value in found]
            want = [(seat, "", value) for seat, _, value in expected]
        else:
            want = list(expected)
        assert found == want, f"declarations {found}, expected {want}"

    return Check(f"declarations are {expected}", run)


def declaration_detail(seat: int, kind: str, detail: str) -> Check:
    def run(o: Outcome) -> None:
        found = [
            d["detail"]
            for d in o.result((1, 0))["declarations"]
            if (d["seat"], d["kind"]) == (seat, kind)
        ]
        assert found == [detail], f"details {found}"

    return Check(f"seat {seat} announces {detail!r}", run)


def refuses(action: dict[str, Any], at: tuple[Any, ...] | None = None) -> Check:
    """The engine refuses ``action`` as the record's next action."""

    def run(o: Outcome) -> None:
        record = dict(o.record(at))
        record["actions"] = [*record["actions"], action]
        error = engine_refusal(record)
        assert error is not None, f"{action} was accepted"
        assert error.index == len(record["actions"]) - 1, f"refused action {error.index}"

    return Check(f"refuses {action} at {at}", run)


def accepts(action: dict[str, Any], at: tuple[Any, ...] | None = None) -> Check:
    def run(o: Outcome) -> None:
        record = dict(o.record(at))
        record["actions"] = [*record["actions"], action]
        error = engine_refusal(record)
        assert error is None, f"{action} refused: {error and error.reason}"

    return Check(f"accepts {action} at {at}", run)


def complete() -> Check:
    def run(o: Outcome) -> None:
        assert o.result()["complete"] is True
        assert o.result()["next"] is None

    return Check("the deal is complete", run)


def as_referee() -> Check:
    """Tricks, ledger totals, counts, balances and pots agree with the independent referee."""
    from tests.engine.compare import differences

    def run(o: Outcome) -> None:
        problems = differences(o.record(), o.result())
        assert not problems, problems

    return Check("the engine agrees with the referee", run)


def custom(what: str, run: Callable[[Outcome], None]) -> Check:
    return Check(what, run)


def holds(seat: int, yes: str = "", no: str = "", at: tuple[Any, ...] | None = None) -> Check:
    """The seat's own observation shows these cards in its hand, and not those."""
    from app.engine.observation import observe

    def run(o: Outcome) -> None:
        deal = replay(parse_record(json.loads(json.dumps(o.record(at)))))
        hand = set(observe(deal, seat).to_json()["hand"])
        assert set(cards(yes)) <= hand, f"{set(cards(yes)) - hand} not in hand {sorted(hand)}"
        assert not set(cards(no)) & hand, f"{set(cards(no)) & hand} still in hand"

    return Check(f"seat {seat} holds {yes!r} and not {no!r} at {at}", run)


def bob_after(trick: int, expected: dict[str, Any] | None) -> Check:
    """The Bob entry of one trick (None: no Bob after that trick)."""

    def run(o: Outcome) -> None:
        found = [bob for bob in o.result()["bobs"] if bob["trick"] == trick]
        assert found == ([expected] if expected else []), f"bobs after trick {trick}: {found}"

    return Check(f"Bob after trick {trick}: {expected}", run)


def declared_by(seat: int, expected: list[tuple[str, int]]) -> Check:
    """One seat's declarations (kind, value), in any order (rules.md fixes none)."""

    def run(o: Outcome) -> None:
        found = [
            (d["kind"], d["value"]) for d in o.result((1, 0))["declarations"] if d["seat"] == seat
        ]
        assert sorted(found) == sorted(expected), f"seat {seat} declares {found}, not {expected}"

    return Check(f"seat {seat} declares {expected}", run)


def why_not(seat: int, card: str, reason: str | None, at: tuple[Any, ...] | None = None) -> Check:
    """``Deal.why_not_playable`` gives this reason for the seat's card at that moment (None:
    it may be played), and a play of it is refused with the same words."""
    from app.engine.cards import parse

    def run(o: Outcome) -> None:
        record = o.record(at)
        deal = replay(parse_record(json.loads(json.dumps(record))))
        found = deal.why_not_playable(seat, parse(card))
        assert found == reason, f"why not {card}: {found!r}, expected {reason!r}"
        if reason is None:
            return
        tried = dict(record)
        tried["actions"] = [*record["actions"], {"seat": seat, "play": card}]
        error = engine_refusal(tried)
        assert error is not None, f"{card} was accepted"
        assert error.reason == reason, f"refused with {error.reason!r}"

    return Check(f"why seat {seat} may not play {card} at {at}: {reason!r}", run)


def binds(seat: int, rule: str | None, at: tuple[Any, ...] | None = None) -> Check:
    """``Deal.binding_rule``: what keeps the seat from playing some card it holds (None:
    nothing)."""

    def run(o: Outcome) -> None:
        deal = replay(parse_record(json.loads(json.dumps(o.record(at)))))
        found = deal.binding_rule(seat)
        assert found == rule, f"binding rule {found!r}, expected {rule!r}"

    return Check(f"seat {seat} is bound by {rule!r} at {at}", run)
