"""The layer boundaries of design.md Part 2, checked on the source with `ast`.

app/engine (pure rules) may import only:
- the standard library (`sys.stdlib_module_names`), less the modules in `ENGINE_FORBIDDEN_STDLIB`
  (no network, no clock, no files, no processes or threads: "no web, no clock, no I/O");
- itself (`app.engine...`, relative imports included); never `app.web`, `app.bots`, or any
  other part of `app`.
Nor may it use the `random` module's shared generator ("no module-level random"): randomness
comes in as a `random.Random`, so `from random import Random` and `random.Random` are the only
uses of `random` allowed.

app/bots see only an Observation, never a deal's full state: they import no `Deal` (from
`app.engine.deal`, nor any game's class of it: `DanishDeal`, `FourDanishDeal`, `TroccasDeal`,
every subclass the engine has), nothing of
`app.engine.match`, `app.engine.record` or `app.engine.simulate`, and no web layer; nor do they
deal cards through a `Game` (`new_deal`, `shuffle_and_deal`) or reach its `deal_class`. Module
constants (`app.engine.danish.LAST_TRICK_BONUS`), `Phase`, `Trick` and the `Game` entries'
rules (`GAMES`, `Observation.rules`) stay theirs.

app/bench measures the server from outside, as browsers do: it starts `trionfi serve` as a
process of its own and speaks HTTP to it, so it imports neither the web layer nor the layers
above it (`app.cli`, `app.arena`).

Each check skips while its package does not exist yet. The checks are plain functions over
source text, so the tests at the end also prove that they catch what they should.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "app" / "engine"
BOTS = ROOT / "app" / "bots"
BENCH = ROOT / "app" / "bench"

ENGINE_FORBIDDEN_STDLIB = frozenset(
    {
        "asyncio", "concurrent", "datetime", "ftplib", "http", "multiprocessing", "os",
        "pathlib", "shutil", "smtplib", "socket", "sqlite3", "ssl", "subprocess", "tempfile",
        "threading", "time", "urllib", "zoneinfo",
    }
)  # fmt: skip
RANDOM_ALLOWED = frozenset({"Random"})
BOTS_FORBIDDEN_MODULES = ("app.engine.match", "app.engine.record", "app.engine.simulate", "app.web")


def full_state_classes() -> frozenset[str]:
    """`Deal` and every class of it the engine defines (each game's deal): read off the
    engine, so that a new game's deal class is forbidden to the bots without a word here."""
    from app.engine import games  # noqa: F401 - registers every game's deal class
    from app.engine.deal import Deal

    found, todo = {Deal.__name__}, list(Deal.__subclasses__())
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return frozenset(found)


BOTS_FORBIDDEN_TYPES = full_state_classes()
"""The full state's classes: imported from any engine module, or read off one."""
BOTS_FORBIDDEN_ATTRIBUTES = frozenset({"new_deal", "shuffle_and_deal", "deal_class"})
"""What a `Game` deals with, or the class of its full state."""
BENCH_FORBIDDEN_MODULES = ("app.web", "app.cli", "app.arena")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(tree: ast.Module, module: str, is_package: bool) -> list[tuple[int, str]]:
    """Every module an `import` names, as absolute dotted names with their line numbers.

    `from X import Y` yields both X and X.Y, since Y may be a submodule (`from app import web`).
    """
    found: list[tuple[int, str]] = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def engine_violations(
    source: str, module: str = "app.engine.x", is_package: bool = False
) -> list[str]:
    tree = ast.parse(source)
    problems: list[str] = []
    for line, name in imported_modules(tree, module, is_package):
        top = name.split(".")[0]
        if within(name, "app"):
            if within(name, "app.engine") or name == "app":
                continue
            problems.append(f"line {line}: imports {name} (the engine imports only itself)")
        elif top not in sys.stdlib_module_names:
            problems.append(f"line {line}: imports {name}, not in the standard library")
        elif top in ENGINE_FORBIDDEN_STDLIB:
            problems.append(f"line {line}: imports {name} (no web, clock, files or processes)")
    problems.extend(random_violations(tree))
    return sorted(set(problems))


def random_violations(tree: ast.Module) -> list[str]:
    """Uses of the random module's shared generator: anything but `Random` from it."""
    problems: list[str] = []
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update(a.asname or a.name for a in node.names if a.name == "random")
        elif isinstance(node, ast.ImportFrom) and node.module == "random" and not node.level:
            problems.extend(
                f"line {node.lineno}: from random import {a.name} (take a random.Random)"
                for a in node.names
                if a.name not in RANDOM_ALLOWED
            )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in RANDOM_ALLOWED
        ):
            problems.append(
                f"line {node.lineno}: {node.value.id}.{node.attr} uses the shared generator"
                " (take a random.Random)"
            )
    return problems


def bot_violations(source: str, module: str = "app.bots.x", is_package: bool = False) -> list[str]:
    tree = ast.parse(source)
    problems: list[str] = []
    for line, name in imported_modules(tree, module, is_package):
        if any(within(name, forbidden) for forbidden in BOTS_FORBIDDEN_MODULES):
            problems.append(f"line {line}: imports {name} (bots see only an Observation)")
        elif within(name, "app.engine") and name.rpartition(".")[2] in BOTS_FORBIDDEN_TYPES:
            problems.append(f"line {line}: imports {name} (a deal's full state)")
        elif within(name, "app.engine") and name.endswith(".*"):
            problems.append(f"line {line}: imports {name} (name what a bot may use)")
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        if node.attr in BOTS_FORBIDDEN_TYPES:
            problems.append(f"line {node.lineno}: uses {node.attr} (a deal's full state)")
        elif node.attr in BOTS_FORBIDDEN_ATTRIBUTES:
            problems.append(f"line {node.lineno}: uses {node.attr} (bots deal no cards)")
    return sorted(set(problems))


def bench_violations(
    source: str, module: str = "app.bench.x", is_package: bool = False
) -> list[str]:
    return sorted(
        {
            f"line {line}: imports {name} (a benchmark runs the server as a process)"
            for line, name in imported_modules(ast.parse(source), module, is_package)
            if any(within(name, forbidden) for forbidden in BENCH_FORBIDDEN_MODULES)
        }
    )


def check_package(folder: Path, check: Callable[[str, str, bool], list[str]]) -> list[str]:
    files = sorted(folder.rglob("*.py"))
    if not files:
        pytest.skip(f"{folder.relative_to(ROOT)} has no modules yet")
    problems: list[str] = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        found = check(source, module_name(path), path.name == "__init__.py")
        problems.extend(f"{path.relative_to(ROOT)} {problem}" for problem in found)
    return problems


def test_engine_imports_only_the_standard_library_and_no_shared_random() -> None:
    problems = check_package(ENGINE, engine_violations)
    assert not problems, "\n".join(problems)


def test_bots_see_only_observations() -> None:
    problems = check_package(BOTS, bot_violations)
    assert not problems, "\n".join(problems)


def test_benchmarks_run_the_server_as_a_process() -> None:
    problems = check_package(BENCH, bench_violations)
    assert not problems, "\n".join(problems)


# The checks themselves, on small sources.


@pytest.mark.parametrize(
    "source",
    [
        "from __future__ import annotations\nimport itertools, hashlib\n",
        "from collections.abc import Iterable\nfrom dataclasses import dataclass\n",
        "from random import Random\nimport random\ndef f(rng: random.Random) -> None: ...\n",
        "from app.engine.cards import Card\nfrom . import cards\nfrom .deal import Deal\n",
        "from app.engine import cards\n",
    ],
)
def test_engine_check_allows(source: str) -> None:
    assert engine_violations(source) == []


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("import fastapi\n", "not in the standard library"),
        ("from pydantic import BaseModel\n", "not in the standard library"),
        ("import app.web.routes\n", "imports app.web.routes"),
        ("from app import bots\n", "imports app.bots"),
        ("from app.bots.easy import play\n", "imports app.bots"),
        ("from .. import web\n", "imports app.web"),
        ("from ..cli import main\n", "imports app.cli"),
        ("import time\n", "no web, clock"),
        ("from os import path\n", "no web, clock"),
        ("import random\nrandom.shuffle([1, 2])\n", "random.shuffle"),
        ("import random\nX = random.random()\n", "random.random"),
        ("import random as r\ndef f():\n    return r.choice([1])\n", "r.choice"),
        ("from random import shuffle\n", "from random import shuffle"),
        ("from random import *\n", "from random import *"),
    ],
)
def test_engine_check_refuses(source: str, reason: str) -> None:
    problems = engine_violations(source)
    assert any(reason in problem for problem in problems), problems


def test_relative_imports_resolve_from_a_package_init() -> None:
    assert engine_violations("from . import cards\n", "app.engine", is_package=True) == []
    assert engine_violations("from .. import web\n", "app.engine", is_package=True) != []


@pytest.mark.parametrize(
    "source",
    [
        "from app.engine.observation import Observation\nfrom app.engine import cards\n",
        "import random\nrandom.shuffle([])\n",  # bots may keep their own policies on randomness
        "from app.engine.deal import Phase, Trick\n",
        "from app.engine.danish import LAST_TRICK_BONUS, FOOL_DEADLINE\n",
        "from app.engine.troccas import PAR as TROCCAS_PAR\n",
        "from app.engine import danish\nX = danish.TOUT\n",
        "from app.engine.games import GAMES, Game\nN = GAMES['troccas'].trick_count\n",
        "def f(obs):\n    return obs.rules.partner_of(obs.seat), obs.names_suit(77)\n",
        "def f(sim):\n    return sim.deal\n",  # a name of the bots' own, not the full state
    ],
)
def test_bot_check_allows(source: str) -> None:
    assert bot_violations(source) == []


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("from app.engine.deal import Deal\n", "imports app.engine.deal.Deal"),
        ("from app.engine.deal import Deal as D\n", "imports app.engine.deal.Deal"),
        ("from ..engine.deal import Phase, Deal\n", "imports app.engine.deal.Deal"),
        ("from app.engine import deal\ndef f(d: deal.Deal): ...\n", "uses Deal"),
        ("import app.engine.deal\nX = app.engine.deal.Deal\n", "uses Deal"),
        ("from app.engine.deal import *\n", "imports app.engine.deal.*"),
        ("from app.engine.danish import DanishDeal\n", "imports app.engine.danish.DanishDeal"),
        ("from app.engine.troccas import TroccasDeal\n", "imports app.engine.troccas.Troccas"),
        ("from app.engine import troccas\nT = troccas.TroccasDeal\n", "uses TroccasDeal"),
        ("from app.engine.danish_four import FourDanishDeal\n", "imports app.engine.danish_fo"),
        ("from app.engine import danish_four\nD = danish_four.FourDanishDeal\n", "uses FourDan"),
        ("from app.engine.match import Match\n", "imports app.engine.match"),
        ("import app.engine.match\n", "imports app.engine.match"),
        ("from app.engine import record\n", "imports app.engine.record"),
        ("from ..engine import simulate\n", "imports app.engine.simulate"),
        ("from app.engine.simulate import random_action\n", "imports app.engine.simulate"),
        ("from app.web import store\n", "imports app.web"),
        ("import app.web.routes\n", "imports app.web"),
        ("def f(obs, rng):\n    return obs.rules.new_deal([], [], 0, obs.options)\n", "new_deal"),
        ("def f(g, rng, o):\n    return g.shuffle_and_deal(rng, 0, o)\n", "shuffle_and_deal"),
        ("def f(obs):\n    return obs.rules.deal_class\n", "deal_class"),
    ],
)
def test_bot_check_refuses(source: str, reason: str) -> None:
    problems = bot_violations(source)
    assert any(reason in problem for problem in problems), problems


def test_bench_check_allows_the_engine_the_bots_and_itself() -> None:
    source = "from app.bots.base import get_bot\nfrom app.bench.clicks import free_port\n"
    assert bench_violations(source) == []


@pytest.mark.parametrize(
    "source",
    [
        "from app.web.serve import serve\n",
        "from app import web\n",
        "from ..web import create_app\n",
        "import app.cli\n",
        "from app.arena import run\n",
    ],
)
def test_bench_check_refuses(source: str) -> None:
    assert bench_violations(source) != []
