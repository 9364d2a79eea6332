"""A ``--bot NAME="COMMAND"`` argument read into a program, the same for ``arena`` and ``serve``.

A program's name appears in seat lists (``--players mine,hard,hard``), in a form's seat choice
(``program:mine``), in the log and on the pages, so it is short and plain: 1 to 24 letters,
digits, ``.``, ``_`` or ``-``, starting with a letter or digit, and not a level's name (nor
``ismcts``, the arena's reference opponent, nor ``person``, a seat choice of the pages), in
any case. Two programs may not share a name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.bots.base import ARENA_LEVELS

NAME_LENGTH = 24
NAME_PATTERN = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{NAME_LENGTH - 1}}}")
RESERVED = frozenset({"person", *ARENA_LEVELS})
"""Names the seat lists and forms already use for something else."""


class BadProgram(ValueError):
    """A ``--bot`` argument that is not ``NAME="COMMAND"`` with a usable name."""


@dataclass(frozen=True)
class Program:
    name: str
    command: str


def parse_program(text: str) -> Program:
    """``mine="python3 mybot.py"`` (as the shell leaves it: ``mine=python3 mybot.py``)."""
    name, sep, command = text.partition("=")
    name, command = name.strip(), command.strip().strip('"').strip()
    if not sep or not command:
        raise BadProgram(f'--bot takes NAME="COMMAND", not {text!r}')
    check_name(name)
    return Program(name, command)


def check_name(name: str) -> None:
    """``BadProgram`` saying why, unless ``name`` is usable for a program."""
    if not NAME_PATTERN.fullmatch(name):
        raise BadProgram(
            f"a program's name has 1 to {NAME_LENGTH} letters, digits, '.', '_' or '-' "
            f"(starting with a letter or digit), not {name!r}"
        )
    if name.casefold() in RESERVED:
        raise BadProgram(f"{name!r} is taken: choose a name other than a level's")


def parse_programs(texts: Sequence[str]) -> list[Program]:
    """Every ``--bot`` argument, with names that differ (in any case)."""
    programs = [parse_program(text) for text in texts]
    names = [program.name.casefold() for program in programs]
    if len(set(names)) != len(names):
        raise BadProgram("two --bot programs have the same name")
    return programs
