"""The stylesheet parses as written: every block is closed where it is meant to be.

An unclosed ``@media`` block once swallowed the rest of site.css (the thinking dot, the card
sent from the hand), which then applied to phones only; browsers close it silently at the end.
"""

from __future__ import annotations

import re
from pathlib import Path

from app.web.http.stylesheets import without_comments
from tests.web.support import TestClient

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


def test_a_stylesheet_is_served_without_its_comments(client: TestClient) -> None:
    """What the browser gets is the file less its comments: every rule, in order, and the
    blocks still closed; a ``/*`` inside a string stays."""
    html = client.get("/").text
    url = re.search(r'href="(/static/css/site\.css\?v=[0-9a-f]+)"', html)
    assert url
    served = client.get(url.group(1))
    assert served.headers["content-type"].startswith("text/css")
    assert "/*" not in served.text
    written = SITE_CSS.read_text(encoding="utf-8")
    assert len(served.content) < len(written.encode()) - 5_000
    assert squeezed(served.text) == squeezed(re.sub(r"/\*.*?\*/", "", written, flags=re.S))
    assert block_depths(served.text)[-1][1] == 0


def test_comment_markers_inside_strings_are_text() -> None:
    css = "a { content: \"/* not a comment */\"; } /* a comment */\nb { content: 'x\\' /*'; }\n"
    assert (
        without_comments(css)
        == "a { content: \"/* not a comment */\"; } \nb { content: 'x\\' /*'; }\n"
    )


def squeezed(css: str) -> str:
    return re.sub(r"\s+", "", css)
