"""The bots' part of ``trionfi bench`` (design.md 1.5): figures, never asserted speeds."""

from __future__ import annotations

from app.bench.throughput import decision_positions, format_report, run_bench


def test_positions_are_decisions_of_both_games() -> None:
    positions = decision_positions(count=10)
    assert {obs.game for obs in positions} == {"danish-tarok", "troccas"}
    assert all(obs.is_my_turn and obs.legal for obs in positions)


def test_bench_reports_every_level() -> None:
    report = run_bench(seconds=0.05)
    assert set(report["bots"]) == {"random", "easy", "medium", "hard"}
    assert all(figures["decisions_per_second"] > 0 for figures in report["bots"].values())
    assert "hard" in format_report(report)


def test_bench_reports_the_ismcts_opponents_iterations_in_each_game() -> None:
    report = run_bench(seconds=0.05)
    rates = report["ismcts"]["iterations_per_second"]
    assert set(rates) == {"danish-tarok", "troccas"}
    assert all(rate > 0 for rate in rates.values())
    assert "ismcts" not in report["bots"]  # not a level of the pages
    assert "iterations per second" in format_report(report)


def test_bench_reports_the_simulators_plays() -> None:
    report = run_bench(seconds=0.05)
    assert report["sim"]["plays_per_second"] > 0
    assert "Sim: card plays per second" in format_report(report)
