"""The floors of the house: each part of ``app`` imports only the parts below it.

Between the packages (README, "How it is built"):

    cli  ->  arena, web  ->  protocol, bench  ->  bots  ->  engine

and within the web layer, its rooms (docs/architecture.md):

    serve  ->  app  ->  routes  ->  site  ->  show, live  ->  storage  ->  table  ->  http

Parts on one floor do not import each other (the arena never imports the web, nor ``show``
``live``). A lazy import inside a function counts like any other: it is still a dependency.
The module-level import graph of ``app`` must also be free of cycles.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app"

PACKAGE_FLOORS: tuple[tuple[str, ...], ...] = (
    ("app.i18n",),
    ("app.engine", "app.paths"),
    ("app.bots",),
    ("app.protocol", "app.bench"),
    ("app.arena", "app.web"),
    ("app.cli",),
)
WEB_FLOORS: tuple[tuple[str, ...], ...] = (
    ("app.web.http",),
    ("app.web.table",),
    ("app.web.storage",),
    ("app.web.show", "app.web.live"),
    ("app.web.site",),
    ("app.web.routes",),
    ("app.web.app",),
    ("app.web.serve", "app.web"),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


Source = tuple[str, bool]
"""A module's source text, and whether it is a package's ``__init__``."""


def modules() -> dict[str, Source]:
    return {
        module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for path in sorted(APP.rglob("*.py"))
    }


def imports_of(
    module: str, source: Source, known: dict[str, Source]
) -> Iterator[tuple[int, str, bool]]:
    """The modules of ``app`` that ``module`` imports: (line, module, at module level). An
    import under ``if TYPE_CHECKING:`` or in a function is not at module level."""
    text, is_package = source
    tree = ast.parse(text)
    top = {id(node) for node in tree.body}
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for name in names:
            found = next((m for m in (name, name.rpartition(".")[0]) if m in known), None)
            if found is not None:
                yield node.lineno, found, id(node) in top
                break


def floor_of(module: str, floors: tuple[tuple[str, ...], ...]) -> tuple[int, str] | None:
    """The floor and the part of ``module`` (the longest part that contains it)."""
    best: tuple[int, str] | None = None
    for level, parts in enumerate(floors):
        for part in parts:
            inside = module == part or module.startswith(part + ".")
            if inside and (best is None or len(part) > len(best[1])):
                best = (level, part)
    return best


def violations(
    floors: tuple[tuple[str, ...], ...],
    within: str = "app",
    known: dict[str, Source] | None = None,
) -> list[str]:
    known = modules() if known is None else known
    problems = []
    for module, source in known.items():
        if not (module == within or module.startswith(within + ".")):
            continue
        mine = floor_of(module, floors)
        if mine is None:
            continue
        for line, target, _ in imports_of(module, source, known):
            theirs = floor_of(target, floors)
            if theirs is None or theirs[1] == mine[1] or target == within:
                continue
            if theirs[0] >= mine[0]:
                where = "above" if theirs[0] > mine[0] else "beside"
                problems.append(f"{module}:{line} imports {target}, {where} {mine[1]}")
    return sorted(problems)


def cycles(known: dict[str, Source] | None = None) -> list[list[str]]:
    """Cycles of module-level imports between modules of ``app``."""
    known = modules() if known is None else known
    graph = {
        module: sorted({t for _, t, top in imports_of(module, src, known) if top and t != module})
        for module, src in known.items()
    }
    found: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        for target in graph[module]:
            if state.get(target) == 1:
                found.append([*trail[trail.index(target) :], target])
            elif target not in state:
                visit(target, [*trail, target])
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module, [module])
    return found


def test_each_package_imports_only_the_floors_below() -> None:
    problems = violations(PACKAGE_FLOORS)
    assert not problems, "\n".join(problems)


def test_each_room_of_the_web_layer_imports_only_the_rooms_below() -> None:
    problems = violations(WEB_FLOORS, within="app.web")
    assert not problems, "\n".join(problems)


def test_the_module_imports_have_no_cycle() -> None:
    found = cycles()
    assert not found, "\n".join(" -> ".join(cycle) for cycle in found)


def test_every_web_module_is_in_a_room() -> None:
    """A new module of the web layer goes into one of its rooms, not beside them."""
    outside = [
        module
        for module in modules()
        if module.startswith("app.web.") and floor_of(module, WEB_FLOORS) == (7, "app.web")
    ]
    assert not outside, outside


@pytest.mark.parametrize(
    ("floors", "module", "expected"),
    [
        (WEB_FLOORS, "app.web.show.frame", (3, "app.web.show")),
        (WEB_FLOORS, "app.web.app", (6, "app.web.app")),
        (WEB_FLOORS, "app.web.serve", (7, "app.web.serve")),
        (WEB_FLOORS, "app.web.http.render", (0, "app.web.http")),
        (PACKAGE_FLOORS, "app.web.show.frame", (4, "app.web")),
        (PACKAGE_FLOORS, "app.bots.hard", (2, "app.bots")),
    ],
)
def test_floors_are_found_by_the_longest_part(
    floors: tuple[tuple[str, ...], ...], module: str, expected: tuple[int, str]
) -> None:
    assert floor_of(module, floors) == expected


def test_the_checks_find_an_import_upstairs_beside_or_round_in_a_circle() -> None:
    planted: dict[str, Source] = {
        "app.web.http.guard": ("from app.web.table.model import Table\n", False),
        "app.web.table.model": ("import app.web.http.guard\n", False),
        "app.web.show.frame": ("from app.web.live import presence\n", False),
        "app.web.live.presence": ("def f():\n    from app.web.routes import live\n", False),
        "app.web.routes.live": ("", False),
        "app.web.table": ("from . import model\n", True),
    }
    assert violations(WEB_FLOORS, "app.web", planted) == [
        "app.web.http.guard:1 imports app.web.table.model, above app.web.http",
        "app.web.live.presence:2 imports app.web.routes.live, above app.web.live",
        "app.web.show.frame:1 imports app.web.live.presence, beside app.web.show",
    ]
    assert cycles(planted) == [["app.web.http.guard", "app.web.table.model", "app.web.http.guard"]]
