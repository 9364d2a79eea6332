"""Program names (issue 13): ``trionfi arena`` and ``trionfi serve`` read ``--bot NAME="COMMAND"``
with one rule, the one static/docs/bot-protocol.md states; a refused name starts nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import arena
from app.cli import build_parser, main
from app.protocol.naming import BadProgram, Program, parse_program, parse_programs

FORBIDDEN = [
    "medium",  # a level's name: it would play every medium seat
    "Medium",
    "random",
    "person",
    "my/bot",
    "x" * 25,
    "my bot",
    "-mine",
    ".mine",
    "mine:2",
    "",
]
ALLOWED = ["mine", "a", "x" * 24, "my.bot_2-b", "Bot9", "9lives", "hardy"]
ARENA = ["arena", "--game", "danish-tarok", "--deals", "1", "--quiet"]


@pytest.mark.parametrize("name", FORBIDDEN)
def test_the_arena_refuses_a_forbidden_program_name(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "bots.log"
    args = [*ARENA, f"--players={name},easy,easy", f"--bot={name}=python3 mine.py"]
    assert main([*args, "--bot-log", str(log)]) == 2
    error = json.loads(capsys.readouterr().err)
    assert error["error"] == "bad-arguments"
    assert "name" in error["reason"] or "taken" in error["reason"]
    assert not log.exists()  # nothing started, nothing logged


@pytest.mark.parametrize("name", FORBIDDEN)
def test_serve_refuses_a_forbidden_program_name(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    assert main(["serve", "--data", str(data), f"--bot={name}=python3 mine.py"]) == 2
    assert capsys.readouterr().err.startswith("trionfi serve: ")
    assert not data.exists()


@pytest.mark.parametrize("name", ALLOWED)
def test_both_commands_take_an_allowed_name(name: str) -> None:
    command = f'{name}="python3 my bot.py"'
    assert parse_programs([command]) == [Program(name, "python3 my bot.py")]
    args = build_parser().parse_args([*ARENA, "--players", f"{name},easy,easy", "--bot", command])
    setup = arena._setup(args)
    assert setup.external == ((name, "python3 my bot.py"),)
    assert setup.players == (name, "easy", "easy")


@pytest.mark.parametrize("text", ["mine", "=cmd", "mine=", 'mine=""'])
def test_a_bot_argument_needs_a_name_and_a_command(text: str) -> None:
    with pytest.raises(BadProgram, match=r"NAME=|name"):
        parse_program(text)


def test_two_programs_may_not_share_a_name_in_either_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(BadProgram, match="same name"):
        parse_programs(["mine=a", "MINE=b"])
    twice = ["--bot", "mine=a", "--bot", "Mine=b"]
    assert main([*ARENA, "--players", "mine,easy,easy", *twice]) == 2
    assert "same name" in capsys.readouterr().err
