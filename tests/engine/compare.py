"""Compare the engine's ``trionfi-result/1`` with the independent referee's view of a record."""

from __future__ import annotations

from typing import Any

from tests.engine.referee import KING_POT, PAGAT_POT, DanishReferee, TroccasReferee, judge
from tests.engine.referee import ledger_totals as sum_ledger


def engine_ledger_totals(result: dict[str, Any]) -> dict[tuple[str, Any, Any], int]:
    return sum_ledger(
        [(e["kind"], e["trick"], e["from"], e["to"], e["amount"]) for e in result["ledger"]]
    )


def differences(record: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Every way the engine's result differs from the referee's (empty when they agree)."""
    referee = judge(record)
    problems: list[str] = []

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
