"""The stylesheet parses as written: every block is closed where it is meant to be.

An unclosed ``@media`` block once swallowed the rest of site.css (the thinking dot, the card
sent from the hand), which then applied to phones only; browsers close it silently at the end.
"""

from __future__ import annotations

import re
from pathlib import Path

SITE_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"


def block_depths(css: str) -> list[tuple[int, int]]:
    """(line number, nesting depth after that line), comments and strings left out."""
    blank = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), css, flags=re.S)
    blank = re.sub(r'"[^"\n]*"', '""', blank)
    depth, depths = 0, []
    for number, line in enumerate(blank.split("\n"), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"site.css line {number}: a }} closes nothing"
        depths.append((number, depth))
    return depths


def test_every_block_of_the_stylesheet_is_closed() -> None:
    depths = block_depths(SITE_CSS.read_text(encoding="utf-8"))
    assert depths[-1][1] == 0, "site.css ends inside a block"


def test_no_media_block_is_opened_inside_another() -> None:
    """site.css nests no @media: one opened at depth 1 means the one before was left open."""
    lines = SITE_CSS.read_text(encoding="utf-8").split("\n")
    for number, depth in block_depths("\n".join(lines)):
        if lines[number - 1].lstrip().startswith("@media"):
            opened = lines[number - 1].count("{") - lines[number - 1].count("}")
            assert depth - opened == 0, f"site.css line {number}: @media inside another block"
