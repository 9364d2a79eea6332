"""templates/ and static/ are found in a checkout and after a plain `pip install .`.

See app/paths.py for the lookup and pyproject.toml ([tool.setuptools.data-files]) for how the
folders are shipped.
"""

import glob
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from app import paths
from app.bots.compiled import PURE_SWITCH

ROOT = Path(__file__).resolve().parents[2]
ASSET_FOLDERS = ("templates", "static")


def data_files() -> dict[str, list[str]]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        table: dict[str, list[str]] = tomllib.load(f)["tool"]["setuptools"]["data-files"]
    return table


def asset_files() -> list[Path]:
    """Every file under templates/ and static/, relative to the root; hidden ones excluded."""
    found: list[Path] = []
    for folder in ASSET_FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            relative = path.relative_to(ROOT)
            if path.is_file() and not any(part.startswith(".") for part in relative.parts):
                found.append(relative)
    return found


def test_checkout_finds_the_repository_folders() -> None:
    assert paths.TEMPLATES_DIR == ROOT / "templates"
    assert paths.STATIC_DIR == ROOT / "static"
    assert (paths.STATIC_DIR / "vendor").is_dir()


def test_installed_layout_finds_share_under_the_prefix(tmp_path: Path) -> None:
    site_packages = tmp_path / "lib" / "python3.11" / "site-packages"
    (site_packages / "app").mkdir(parents=True)
    (site_packages / "templates").mkdir()  # someone else's stray folder: never ours
    shared = tmp_path / "share" / "trionfi" / "templates"
    shared.mkdir(parents=True)

    assert paths.locate("templates", site_packages) == shared


def test_checkout_wins_over_an_installed_copy(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    (checkout / "static").mkdir(parents=True)
    (checkout / "pyproject.toml").touch()
    (tmp_path / "share" / "trionfi" / "static").mkdir(parents=True)

    assert paths.locate("static", checkout, [tmp_path]) == checkout / "static"


def test_sys_prefix_is_the_last_resort(tmp_path: Path) -> None:
    prefix = tmp_path / "venv"
    (prefix / "share" / "trionfi" / "static").mkdir(parents=True)
    source = tmp_path / "elsewhere" / "site-packages"
    source.mkdir(parents=True)

    assert paths.locate("static", source, [prefix]) == prefix / "share" / "trionfi" / "static"


def test_nothing_found_names_the_first_candidate(tmp_path: Path) -> None:
    assert paths.locate("static", tmp_path, [tmp_path / "p"]) == tmp_path / "p/share/trionfi/static"


def test_every_asset_file_is_shipped_in_its_own_folder() -> None:
    shipped: dict[Path, str] = {}
    for target, patterns in data_files().items():
        for pattern in patterns:
            for match in glob.glob(pattern, root_dir=ROOT):
                assert (ROOT / match).is_file(), f"data-files glob {pattern!r} matches a folder"
                shipped[Path(match)] = target
    missing = []
    for file in asset_files():
        expected = f"share/trionfi/{file.parent.as_posix()}"
        if shipped.get(file) != expected:
            missing.append(f'"{expected}" = ["{file.parent.as_posix()}/*.*"]  # for {file}')
    assert not missing, "add to [tool.setuptools.data-files] in pyproject.toml:\n" + "\n".join(
        missing
    )


@pytest.mark.slow
def test_wheel_ships_the_asset_folders(tmp_path: Path) -> None:
    """Build a wheel from a copy of the project (not in-tree, others may be building too)."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        (project / name).write_bytes((ROOT / name).read_bytes())
    backend = [Path("tools/build_backend.py"), Path("app/bots/compiled.py")]
    for relative in [*asset_files(), Path("app/__init__.py"), Path("app/paths.py"), *backend]:
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        (project / relative).write_bytes((ROOT / relative).read_bytes())
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), "."],
        cwd=project,
        env={**os.environ, PURE_SWITCH: "1"},  # the copy has no bots to compile
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    [wheel] = tmp_path.glob("trionfi-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    data = next(name.split("/")[0] for name in names if ".data/" in name)
    assert "app/paths.py" in names
    for file in asset_files():
        assert f"{data}/data/share/trionfi/{file.as_posix()}" in names
