"""Everything under app/ runs after a plain `pip install .`: each outside module it imports
comes with the project's runtime dependencies (`[project] dependencies` in pyproject.toml, and
what they require in turn), not only with the test extra. The benchmarks once imported httpx,
then a test-only dependency, and failed with ModuleNotFoundError on a host's own install.

Read from the source with `ast` (imports inside functions count too) and from the installed
packages' metadata, so the check needs this environment's packages installed, as the tests do.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app"


def canonical(name: str) -> str:
    """A distribution's name as packaging compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    found = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement.strip())
    assert found, requirement
    return canonical(found.group(0))


def runtime_distributions() -> set[str]:
    """The declared runtime dependencies and, transitively, what they require (less extras)."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        declared: list[str] = tomllib.load(f)["project"]["dependencies"]
    pending = [requirement_name(requirement) for requirement in declared]
    closure: set[str] = set()
    while pending:
        name = pending.pop()
        if name in closure:
            continue
        closure.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        pending.extend(requirement_name(r) for r in requires if "extra ==" not in r)
    return closure


def outside_imports(source: str) -> set[str]:
    """The top-level names of the modules a source imports that are neither the standard
    library nor the project's own."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return {name for name in names if name not in sys.stdlib_module_names and name != "app"}


def test_the_app_imports_only_what_a_plain_install_brings() -> None:
    runtime = runtime_distributions()
    providers = metadata.packages_distributions()
    problems = []
    for path in sorted(APP.rglob("*.py")):
        for module in sorted(outside_imports(path.read_text(encoding="utf-8"))):
            brought = {canonical(dist) for dist in providers.get(module, [])}
            if not brought & runtime:
                problems.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not problems, "not a runtime dependency (pyproject.toml):\n" + "\n".join(problems)


def test_the_check_sees_imports_of_every_kind() -> None:
    source = (
        "import os, httpx.client\nfrom app.web import create_app\nfrom . import base\n"
        "def f():\n    from mypyc.build import mypycify\n"
    )
    assert outside_imports(source) == {"httpx", "mypyc"}


def test_the_runtime_closure_holds_what_the_dependencies_require() -> None:
    runtime = runtime_distributions()
    assert {"fastapi", "starlette", "uvicorn", "h11", "jinja2", "markupsafe"} <= runtime
    assert "pytest" not in runtime
