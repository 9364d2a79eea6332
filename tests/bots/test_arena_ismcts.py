"""The arena with the ``ismcts`` opponent, and each level's result split by ledger item."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.arena import ITEM_ORDER, Setup, format_report, ledger_items, play_deal, run
from app.cli import main
from app.engine.ledger import LedgerEntry
from app.engine.options import Options
from app.protocol.program import FaultLog
from tests.protocol.test_protocol import play_deal as play_protocol_deal
from tests.protocol.test_protocol import program

ROOT = Path(__file__).resolve().parents[2]


def test_ledger_items_sign_each_entry_for_the_seat() -> None:
    entries = [
        LedgerEntry("king-ultimo", 25, "king-pot", 0, 12),
        LedgerEntry("king-ultimo", 25, 1, 0, 40),
        LedgerEntry("king-ultimo", 25, 2, 0, 40),
        LedgerEntry("bagud", 25, 1, 2, 45),
        LedgerEntry("count", None, None, 0, -7),
        LedgerEntry("count", None, None, 1, 7),
    ]
    assert ledger_items(entries, 0) == {"king-ultimo": 92, "count": -7}
    assert ledger_items(entries, 1) == {"king-ultimo": -40, "bagud": -45, "count": 7}
    assert ledger_items(entries, 2) == {"king-ultimo": -40, "bagud": 45}


@pytest.mark.parametrize(
    ("game", "players"),
    [("danish-tarok", ("easy", "random", "random")), ("troccas", ("easy", "random") * 2)],
)
def test_the_items_of_a_deal_add_up_to_its_result(game: str, players: tuple[str, ...]) -> None:
    for index in range(6):
        outcome = play_deal(Setup(game, players, 6, 21, True), index)
        for level, result in outcome.results.items():
            assert sum(outcome.items[level].values()) == pytest.approx(result)
        kinds = {kind for found in outcome.items.values() for kind in found}
        if game == "troccas":
            assert kinds == {"result"}
        else:
            assert kinds <= set(ITEM_ORDER) - {"result"}
            assert not kinds & {"pot-founding", "pot-refill", "dealer-fee"}  # before play


def test_the_report_gives_each_levels_ledger_items_with_intervals() -> None:
    data = run(Setup("danish-tarok", ("easy", "random", "random"), 10, 4, True), progress=False)
    for level in ("easy", "random"):
        figures = data["levels"][level]
        items = figures["ledger"]
        assert "count" in items
        assert next(iter(items)) == "count"  # the report's order: count, Ultimo, Bagud ...
        assert sum(item["mean"] for item in items.values()) == pytest.approx(
            figures["mean"], abs=0.01
        )
        for item in items.values():
            assert item["ci95"][0] <= item["mean"] <= item["ci95"][1]
    text = format_report(data)
    assert "mean per deal by ledger item, in tokens" in text
    assert "\ncount " in text


def test_ismcts_plays_in_the_arena_with_its_iterations(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--game", "troccas", "--players", "ismcts,easy,ismcts,easy", "--deals", "1"]
    assert main([*args, "--ismcts-iterations", "6", "--json", "--quiet", "--seed", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ismcts_iterations"] == 6
    assert data["levels"]["ismcts"]["decisions"] >= 38
    assert set(data["levels"]["ismcts"]["ledger"]) == {"result"}
    assert "ismcts - easy" in data["differences"]
    three = run(
        Setup(
            "danish-tarok",
            ("ismcts", "hard", "easy"),
            1,
            1,
            False,
            hard_budget=200,
            ismcts_iterations=4,
        ),
        progress=False,
    )
    assert list(three["differences"]) == ["hard - ismcts", "ismcts - easy"]
    assert main([*args, "--ismcts-iterations", "6", "--quiet", "--seed", "2"]) == 0
    assert "ismcts iterations 6" in capsys.readouterr().out
    assert main([*args, "--ismcts-iterations", "0", "--quiet"]) == 2
    assert "--ismcts-iterations" in capsys.readouterr().err


def test_without_ismcts_the_report_names_no_iterations() -> None:
    data = run(Setup("troccas", ("easy", "random") * 2, 1, 1, False), progress=False)
    assert data["ismcts_iterations"] is None


def test_the_same_seed_gives_the_same_arena() -> None:
    setup = Setup("danish-tarok", ("ismcts", "easy", "easy"), 1, 8, False, ismcts_iterations=6)
    first, again = run(setup, progress=False), run(setup, progress=False)
    assert first["levels"]["ismcts"]["mean"] == again["levels"]["ismcts"]["mean"]
    assert first["levels"]["ismcts"]["ledger"] == again["levels"]["ismcts"]["ledger"]


def test_trionfi_bot_speaks_for_ismcts_with_its_iterations() -> None:
    log = FaultLog()
    command = f"{sys.executable} -m app.cli bot --level ismcts --iterations 4"
    bot = program(command, "danish-tarok", Options(), 1, log)
    try:
        play_protocol_deal("danish-tarok", Options(), {1: bot}, 5)
    finally:
        bot.close()
    assert log.entries == []


def test_trionfi_bot_refuses_no_iterations() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "bot", "--level", "ismcts", "--iterations", "0"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert "--iterations" in done.stderr
