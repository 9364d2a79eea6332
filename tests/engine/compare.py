"""Compare the engine's ``trionfi-result/1`` with the independent referee's view of a record."""

from __future__ import annotations

from typing import Any

from tests.engine.referee import KING_POT, PAGAT_POT, DanishReferee, TroccasReferee, judge
from tests.engine.referee import ledger_totals as sum_ledger


def engine_ledger_totals(result: dict[str, Any]) -> dict[tuple[str, Any, Any], int]:
    return sum_ledger(
        [(e["kind"], e["trick"], e["from"], e["to"], e["amount"]) for e in result["ledger"]]
    )


TRICK_KINDS = {"card-lost", "pagat-trick", "king-ultimo", "pagat-ultimo", "bagud", "last-trick"}
SETTLEMENTS = {"count", "result"}
KINDS = (
    TRICK_KINDS
    | SETTLEMENTS
    | {
        "pot-founding",
        "pot-refill",
        "dealer-fee",
        "declaration",
        "tout",
        "nolo",
    }
)


def entry_problem(entry: dict[str, Any], seats: int, accounts: set[Any]) -> str | None:
    """What is wrong with one ledger entry's form (design.md 1.4), if anything."""
    kind, trick, payer, payee, amount = (
        entry.get(key) for key in ("kind", "trick", "from", "to", "amount")
    )
    if set(entry) != {"kind", "trick", "from", "to", "amount"} or kind not in KINDS:
        return f"malformed entry {entry}"
    if (trick is not None) != (kind in TRICK_KINDS):
        return f"trick field of {entry}"
    if kind in SETTLEMENTS:
        return None if payer is None and payee in range(seats) else f"settlement {entry}"
    if payer not in accounts or payee not in accounts or not amount or amount < 0:
        return f"payment entry {entry}"
    return None


def ledger_sums(record: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """The books before the deal plus the ledger give the balances and pots."""
    seats = len(record["deal"])
    before = record.get("before") or {}
    balances = list(before.get("balances", [0] * seats))
    start = before.get("pots", {"king": 0, "pagat": 0})
    pots = {KING_POT: start["king"], PAGAT_POT: start["pagat"]}
    for entry in result["ledger"]:
        for account, sign in ((entry["from"], -1), (entry["to"], 1)):
            if isinstance(account, int):
                balances[account] += sign * entry["amount"]
            elif account in pots:
                pots[account] += sign * entry["amount"]
    problems = []
    if balances != result["balances"]:
        problems.append(f"ledger sums {balances}, balances {result['balances']}")
    if "pots" in result and {"king": pots[KING_POT], "pagat": pots[PAGAT_POT]} != result["pots"]:
        problems.append(f"ledger sums to pots {pots}, result {result['pots']}")
    return problems


def ledger_shape(record: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """design.md 1.4: the form of every ledger entry, one zero-sum settlement entry per seat,
    and the sums. Every other entry moves an amount between two accounts, so the books stay
    zero-sum after every payment (DK-30, TR-22)."""
    seats = len(record["deal"])
    accounts = set(range(seats)) | ({KING_POT, PAGAT_POT} if "pots" in result else set())
    problems = [
        problem
        for entry in result["ledger"]
        if (problem := entry_problem(entry, seats, accounts)) is not None
    ]
    for kind in SETTLEMENTS:
        entries = [e for e in result["ledger"] if e["kind"] == kind]
        if entries and sorted(e["to"] for e in entries) != list(range(seats)):
            problems.append(f"{kind} entries for seats {[e['to'] for e in entries]}")
        if sum(e["amount"] for e in entries) != 0:
            problems.append(f"{kind} entries do not sum to zero: {entries}")
    return problems + ledger_sums(record, result)


def differences(record: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Every way the engine's result differs from the referee's (empty when they agree)."""
    referee = judge(record)
    problems: list[str] = ledger_shape(record, result)

    def differ(what: str, engine: Any, expected: Any) -> None:
        if engine != expected:
            problems.append(f"{what}: engine {engine}, referee {expected}")

    engine_tricks = [
        (t["number"], t["leader"], t["cards"], t["winner"], t["named"]) for t in result["tricks"]
    ]
    referee_tricks = [
        (t["number"], t["leader"], t["cards"], t["winner"], t["named"])
        for t in referee.trick_list()
    ]
    differ("tricks", engine_tricks, referee_tricks)
    engine_totals = engine_ledger_totals(result)
    referee_totals = referee.ledger_totals()
    for key in sorted(set(engine_totals) | set(referee_totals), key=str):
        differ(f"ledger {key}", engine_totals.get(key, 0), referee_totals.get(key, 0))
    differ("counts", result["counts"], referee.counts)
    differ("balances", result["balances"], referee.balances)
    differ("complete", result["complete"], referee.phase == "over")
    decision = referee.decision()
    if decision is None:
        differ("next", result["next"], None)
    else:
        expected_next = {"seat": decision.seat, "action": decision.action}
        engine_next = result["next"] and {k: result["next"][k] for k in ("seat", "action")}
        differ("next", engine_next, expected_next)
        if result["next"] is not None:
            differ(
                "legal", sorted(map(str, result["next"]["legal"])), sorted(map(str, decision.legal))
            )
    if isinstance(referee, DanishReferee):
        differ(
            "pots",
            result["pots"],
            {"king": referee.pots[KING_POT], "pagat": referee.pots[PAGAT_POT]},
        )
        differ(
            "declarations",
            [(d["seat"], d["kind"], d["value"]) for d in result["declarations"]],
            referee.declarations,
        )
    if isinstance(referee, TroccasReferee):
        differ("bobs", result["bobs"], [bob.to_json() for bob in referee.bobs])
        if referee.teams is not None:
            differ("teams", result.get("teams"), referee.teams)
    return problems
