"""Where the web app's `templates/` and `static/` folders are, in a checkout and when installed.

Both folders sit at the top of the repository, beside `app/`, so they cannot be package data.
`pyproject.toml` ships them as setuptools data files into `<prefix>/share/trionfi/`, keeping
their layout (one `data-files` line per folder; a test checks that none is missing). So:

- in a checkout or an editable install (`pip install -e .`) they are next to `app/`, in the
  folder that also holds `pyproject.toml`;
- after `pip install .` they are under the prefix the package was installed to: the venv,
  `/usr/local` (Docker, Debian's pip), `~/.local` (`pip install --user`) or `--prefix DIR`.
  That prefix is found by walking up from the installed `app/` (`<prefix>/lib/pythonX.Y/
  site-packages/app`), with `sys.prefix` as the last resort.

The first candidate that is a folder wins, so `trionfi serve` works from any directory.
This module owns only that lookup: it imports nothing of the app and reads no files.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

SHARE = Path("share", "trionfi")
# The folder that holds `app/`: the repository in a checkout, site-packages when installed.
SOURCE_ROOT = Path(__file__).resolve().parent.parent


def candidates(name: str, source_root: Path, prefixes: Iterable[Path]) -> list[Path]:
    """Where to look for the asset folder `name`, best first.

    `source_root` counts only if it is a checkout (it has `pyproject.toml`), so that a stray
    top-level `templates/` folder in site-packages is never mistaken for ours.
    """
    found: list[Path] = []
    if (source_root / "pyproject.toml").is_file():
        found.append(source_root / name)
    for prefix in prefixes:
        path = prefix / SHARE / name
        if path not in found:
            found.append(path)
    return found


def install_prefixes(source_root: Path = SOURCE_ROOT) -> list[Path]:
    """The prefixes an installed Trionfi may have put its data files under."""
    # parents[2] is the prefix on POSIX (lib/pythonX.Y/site-packages), parents[1] on Windows.
    return [*source_root.parents[:3], Path(sys.prefix)]


def locate(
    name: str, source_root: Path = SOURCE_ROOT, prefixes: Iterable[Path] | None = None
) -> Path:
    """The asset folder `name`; if none exists, the first candidate (so errors name it)."""
    if prefixes is None:
        prefixes = install_prefixes(source_root)
    options = candidates(name, source_root, prefixes)
    for path in options:
        if path.is_dir():
            return path
    return options[0]


TEMPLATES_DIR: Path = locate("templates")
STATIC_DIR: Path = locate("static")
