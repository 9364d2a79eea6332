"""The card faces in static/cards: complete, valid SVG, exactly what tools/cardfaces.py writes,
and a back that gives nothing away (design.md 1.6: card backs carry no identity)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.engine.cards import ALL_CARDS, Suit, code, display_name
from tools import cardfaces

CARDS_DIR = cardfaces.OUT_DIR
FOUR_COLOUR_DIR = CARDS_DIR / cardfaces.FOUR_COLOUR_DIR
SETS = (CARDS_DIR, FOUR_COLOUR_DIR)
SVG = "{http://www.w3.org/2000/svg}"
REGENERATE = "run `python -m tools.cardfaces` and commit static/cards"


def svg_files(folder: Path) -> dict[str, bytes]:
    """Every SVG file under ``folder``, by its path relative to ``folder``."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*.svg")
    }


def parse(path: Path) -> ET.Element:
    return ET.fromstring(path.read_bytes())


def test_every_card_has_a_face_in_both_sets_and_there_is_one_back() -> None:
    for folder in SETS:
        missing = [code(c) for c in ALL_CARDS if not (folder / f"{code(c)}.svg").is_file()]
        assert not missing, f"{folder}: no face for {missing}; {REGENERATE}"
    assert (CARDS_DIR / "back.svg").is_file()
    assert len(svg_files(CARDS_DIR)) == 2 * len(ALL_CARDS) + 1


def test_every_file_is_svg_with_the_card_viewbox_and_a_title() -> None:
    for name in svg_files(CARDS_DIR):
        root = parse(CARDS_DIR / name)
        assert root.tag == f"{SVG}svg", name
        assert root.get("viewBox") == "0 0 240 360", name
        assert root.get("role") == "img", name
        assert root.find(f"{SVG}title") is not None, name


@pytest.mark.parametrize("folder", SETS, ids=["standard", "four-colour"])
def test_faces_are_titled_with_the_display_name(folder: Path) -> None:
    for card in ALL_CARDS:
        title = parse(folder / f"{code(card)}.svg").find(f"{SVG}title")
        assert title is not None
        assert title.text == display_name(card)


def test_committed_files_are_exactly_what_the_generator_writes(tmp_path: Path) -> None:
    written = cardfaces.write_faces(tmp_path)
    assert len(written) == 2 * len(ALL_CARDS) + 1
    fresh, committed = svg_files(tmp_path), svg_files(CARDS_DIR)
    assert sorted(fresh) == sorted(committed), REGENERATE
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"out of date: {stale[:5]}; {REGENERATE}"


def test_the_generator_is_deterministic() -> None:
    assert cardfaces.faces() == cardfaces.faces()


def test_back_carries_no_card_identity() -> None:
    text = (CARDS_DIR / "back.svg").read_text(encoding="utf-8")
    for card in ALL_CARDS:
        assert code(card) not in text
        assert display_name(card).lower() not in text.lower()
    assert "<text" not in text


def test_files_are_small_and_self_contained() -> None:
    files = svg_files(CARDS_DIR)
    for name, data in files.items():
        text = data.decode("utf-8")
        assert len(data) < 6 * 1024, name
        # No fetches: the only URL is the SVG namespace; references stay inside the file.
        assert re.findall(r"https?://[^\"']*", text) == ["http://www.w3.org/2000/svg"], name
        assert all(ref.startswith("#") for ref in re.findall(r'href="([^"]*)"', text)), name
        assert "@import" not in text, name
        assert "<image" not in text, name
    assert sum(len(data) for data in files.values()) < 1024 * 1024


def colour(folder: Path, card_code: str) -> str | None:
    return parse(folder / f"{card_code}.svg").get("color")


def test_standard_colours_are_two_and_four_colour_suits_are_all_distinct() -> None:
    standard = {suit: colour(CARDS_DIR, f"{suit}-K") for suit in ("CU", "CO", "SW", "ST")}
    assert standard["CU"] == standard["CO"] == cardfaces.STANDARD[Suit.CUPS]
    assert standard["SW"] == standard["ST"] == cardfaces.STANDARD[Suit.SWORDS]
    assert standard["CU"] != standard["SW"]
    four = {colour(FOUR_COLOUR_DIR, f"{suit}-5") for suit in ("CU", "CO", "SW", "ST")}
    assert four == set(cardfaces.FOUR_COLOUR.values())
    assert len(four) == 4
