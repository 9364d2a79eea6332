"""``trionfi arena`` (design.md 1.5): seatings, figures, records, and loud failure."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from random import Random

import pytest

from app import arena
from app.arena import ArenaError, Setup, mean_ci, play_deal, run, seatings
from app.cli import main
from app.engine.actions import Action, PlayCard
from app.engine.observation import Observation
from app.engine.record import parse_record, replay


def test_seatings_rotate_the_levels_through_every_seat_once() -> None:
    assert seatings(("hard", "medium", "medium"), True) == [
        ("hard", "medium", "medium"),
        ("medium", "medium", "hard"),
        ("medium", "hard", "medium"),
    ]
    assert seatings(("hard", "medium", "hard", "medium"), True) == [
        ("hard", "medium", "hard", "medium"),
        ("medium", "hard", "medium", "hard"),
    ]
    assert seatings(("easy", "random", "random"), False) == [("easy", "random", "random")]


def test_mean_ci() -> None:
    mean, low, high = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert low < 2.5 < high
    assert pytest.approx(high - mean) == 1.959964 * (1.6666666666666667 / 4) ** 0.5


def test_a_duplicate_arena_reports_every_level() -> None:
    setup = Setup("danish-tarok", ("easy", "random", "random"), 12, 5, True)
    data = run(setup, progress=False)
    assert data["seatings"] == 3
    assert set(data["levels"]) == {"easy", "random"}
    easy, rand = data["levels"]["easy"], data["levels"]["random"]
    assert easy["decisions"] * 2 == rand["decisions"]
    assert easy["ci95"][0] <= easy["mean"] <= easy["ci95"][1]
    assert set(easy["think_ms"]) == {"p50", "p95"}
    assert data["differences"]["easy - random"]["mean"] > 0


def test_a_deal_gives_each_level_its_mean_over_its_seats() -> None:
    setup = Setup("troccas", ("easy", "random", "easy", "random"), 1, 3, True)
    outcome = play_deal(setup, 0)
    assert outcome.results["easy"] == pytest.approx(-outcome.results["random"])


class Cheater:
    level = "cheater"

    def choose(self, obs: Observation, rng: Random) -> Action:
        return PlayCard(obs.seat, obs.hand[0]) if obs.trick else PlayCard((obs.seat + 1) % 3, 0)


def test_an_illegal_action_stops_the_arena_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    real = arena._bot

    def bot(setup: Setup, level: str, seat: int) -> object:
        return Cheater() if level == "easy" else real(setup, level, seat)

    monkeypatch.setattr(arena, "_bot", bot)
    with pytest.raises(ArenaError) as failure:
        play_deal(Setup("danish-tarok", ("easy", "random", "random"), 1, 1, False), 0)
    assert failure.value.details["error"] == "illegal-action"
    assert failure.value.details["level"] == "easy"


def test_records_replay_to_the_same_results(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    setup = Setup("troccas", ("easy", "random", "easy", "random"), 2, 9, True, records=str(folder))
    run(setup, progress=False)
    index = [json.loads(line) for line in (folder / "index.jsonl").read_text().splitlines()]
    assert len(index) == 4
    for entry in index:
        record = parse_record(json.loads((folder / entry["file"]).read_text()))
        assert replay(record).is_over


def test_the_command_prints_a_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--game", "troccas", "--players", "easy,random,easy,random", "--deals"]
    assert main([*args, "3", "--seed", "4", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "easy - random" in text
    assert "p95 ms" in text
    assert main([*args, "2", "--seed", "4", "--json", "--duplicate", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "troccas"
    assert data["deals"] == 2
    assert data["duplicate"] is True
    assert {"mean", "ci95", "decisions", "think_ms"} <= set(data["levels"]["easy"])


def test_bad_arguments_exit_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "troccas", "--players", "easy,easy", "--quiet"]) == 2
    assert "needs 4 players" in capsys.readouterr().err
    assert main(["arena", "--game", "troccas", "--players", "a,b,c,d", "--quiet"]) == 2


def test_an_outside_program_plays_under_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    command = f"{sys.executable} -m app.cli bot --level easy"
    args = ["arena", "--game", "danish-tarok", "--players", "mine,random,random", "--deals", "1"]
    log = tmp_path / "bots.log"
    assert main([*args, "--bot", f"mine={command}", "--bot-log", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["levels"]["mine"]["decisions"] > 20
    assert data["faults"] == {}
    kept = log.read_text(encoding="utf-8").splitlines()
    assert len(kept) == 1  # the run's start; a program without faults or stderr adds nothing
    assert kept[0].startswith("--- arena danish-tarok --players mine,random,random")


def test_parallel_jobs_give_the_same_figures() -> None:
    setup = Setup("troccas", ("easy", "random", "easy", "random"), 4, 12, True)
    alone, parallel = run(setup, progress=False), run(setup, jobs=2, progress=False)
    assert {k: v["mean"] for k, v in alone["levels"].items()} == {
        k: v["mean"] for k, v in parallel["levels"].items()
    }


def test_a_see_all_level_reads_every_holding(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, bool]] = []
    real = arena.observe

    def spy(deal: object, seat: int, see_all: bool = False) -> Observation:
        obs = real(deal, seat, see_all)  # type: ignore[arg-type]
        seen.append((seat, obs.all_hands is not None))
        return obs

    monkeypatch.setattr(arena, "observe", spy)
    setup = Setup("danish-tarok", ("medium+see", "medium", "medium"), 1, 4, False)
    data = run(setup, progress=False)
    assert set(data["levels"]) == {"medium+see", "medium"}
    assert list(data["differences"]) == ["medium+see - medium"]
    assert {seat for seat, _ in seen} == {0, 1, 2}
    assert all(every == (seat == 0) for seat, every in seen)
