"""The card faces in static/cards: complete, valid SVG, exactly what tools/cardfaces.py writes,
and a back that gives nothing away (design.md 1.6: card backs carry no identity)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.engine.cards import ALL_CARDS, IS_COURT, RANK_OF, RANKS, Suit, code, display_name
from app.i18n import LANGUAGES
from tools import cardfaces

ROMAN_OF = {number: cardfaces.ROMAN[number - 1] for number in range(1, 22)}

CARDS_DIR = cardfaces.OUT_DIR
FOUR_COLOUR_DIR = CARDS_DIR / cardfaces.FOUR_COLOUR_DIR
FRENCH_DIR = CARDS_DIR / cardfaces.FRENCH_DIR
SETS = (CARDS_DIR, FOUR_COLOUR_DIR, FRENCH_DIR)
COURTS = [card for card in ALL_CARDS if IS_COURT[card]]
OTHER_LANGUAGES = [language for language in LANGUAGES if language != cardfaces.FRENCH_LANGUAGE]
FILE_COUNT = 3 * len(ALL_CARDS) + 1 + len(OTHER_LANGUAGES) * len(COURTS)
"""Three whole packs, the back, and the French courts again for each language but English."""
SVG = "{http://www.w3.org/2000/svg}"
REGENERATE = "run `python -m tools.cardfaces` and commit static/cards"


def svg_files(folder: Path) -> dict[str, bytes]:
    """Every SVG file under ``folder``, by its path relative to ``folder``."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*.svg")
    }


def parse(path: Path) -> ET.Element:
    return ET.fromstring(path.read_bytes())


def test_every_card_has_a_face_in_every_set_and_there_is_one_back() -> None:
    for folder in SETS:
        missing = [code(c) for c in ALL_CARDS if not (folder / f"{code(c)}.svg").is_file()]
        assert not missing, f"{folder}: no face for {missing}; {REGENERATE}"
    assert (CARDS_DIR / "back.svg").is_file()
    for language in OTHER_LANGUAGES:
        missing = [
            code(c) for c in COURTS if not (FRENCH_DIR / language / f"{code(c)}.svg").is_file()
        ]
        assert not missing, f"french/{language}: no face for {missing}; {REGENERATE}"
    assert len(svg_files(CARDS_DIR)) == FILE_COUNT


def test_every_file_is_svg_with_the_card_viewbox_and_a_title() -> None:
    for name in svg_files(CARDS_DIR):
        root = parse(CARDS_DIR / name)
        assert root.tag == f"{SVG}svg", name
        assert root.get("viewBox") == "0 0 240 360", name
        assert root.get("role") == "img", name
        assert root.find(f"{SVG}title") is not None, name


@pytest.mark.parametrize("folder", SETS, ids=["standard", "four-colour", "french"])
def test_faces_are_titled_with_the_display_name(folder: Path) -> None:
    for card in ALL_CARDS:
        title = parse(folder / f"{code(card)}.svg").find(f"{SVG}title")
        assert title is not None
        assert title.text == display_name(card)


def test_committed_files_are_exactly_what_the_generator_writes(tmp_path: Path) -> None:
    written = cardfaces.write_faces(tmp_path)
    assert len(written) == FILE_COUNT
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


def index_text(path: Path) -> str:
    """The text of a face's corner index (the group ``#i``)."""
    index = next(g for g in parse(path).iter(f"{SVG}g") if g.get("id") == "i")
    return "".join(index.itertext())


def test_french_faces_have_french_suits_in_two_colours() -> None:
    for suit, colour_code in (("CU", "CU"), ("CO", "CU"), ("SW", "SW"), ("ST", "SW")):
        expected = cardfaces.STANDARD[Suit.CUPS if colour_code == "CU" else Suit.SWORDS]
        assert colour(FRENCH_DIR, f"{suit}-7") == expected
    # Their own symbols (hearts, diamonds, spades, clubs), none of the Italian ones.
    for suit, suit_code in (
        (Suit.CUPS, "CU"),
        (Suit.COINS, "CO"),
        (Suit.SWORDS, "SW"),
        (Suit.STAVES, "ST"),
    ):
        text = (FRENCH_DIR / f"{suit_code}-5.svg").read_text(encoding="utf-8")
        assert cardfaces.FRENCH_SYMBOLS[suit] in text
        assert cardfaces.SYMBOLS[suit] not in text


def test_french_indexes_mark_the_ace_1_and_the_courts_in_each_language() -> None:
    assert index_text(FRENCH_DIR / "CU-A.svg") == "1"
    assert index_text(FRENCH_DIR / "ST-10.svg") == "10"
    assert set(cardfaces.FRENCH_LETTERS) == set(LANGUAGES)
    for language, letters in cardfaces.FRENCH_LETTERS.items():
        assert len(set(letters.values())) == 4, language  # four ranks, four different marks
        folder = FRENCH_DIR if language == cardfaces.FRENCH_LANGUAGE else FRENCH_DIR / language
        for card in COURTS:
            assert index_text(folder / f"{code(card)}.svg") == letters[RANKS[RANK_OF[card]]]
    assert index_text(FRENCH_DIR / "SW-N.svg") == "C"  # English: the Cavalier
    assert index_text(FRENCH_DIR / "de" / "SW-P.svg") == "B"  # German: the Bube


def test_french_trumps_and_the_excuse_carry_no_words() -> None:
    """Tarot Nouveau trumps: numbers, no titles, so that every language reads them."""
    for number in (1, 14, 21):
        texts = list(parse(FRENCH_DIR / f"T{number}.svg").iter(f"{SVG}text"))
        assert {"".join(t.itertext()) for t in texts} <= {str(number), ROMAN_OF[number]}
    assert not list(parse(FRENCH_DIR / "FOOL.svg").iter(f"{SVG}text"))
