"""Stylesheets as served: their comments left out.

The stylesheets are written for the people who keep them, with a comment beside most rules
(some 12 KB of site.css); a browser needs none of it, and the home page's first load has a
budget (150 KB with htmx). Leaving comments out is the whole of the "minifying": no rule,
selector or value is touched, so what the browser applies is what the file says.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

BLANK_LINES = re.compile(r"\n[ \t]*(?:\n[ \t]*)+")


def without_comments(css: str) -> str:
    """``css`` without its ``/* ... */`` comments (a ``/*`` inside a quoted string is text),
    and without the blank lines they leave."""
    kept: list[str] = []
    start = index = 0
    length = len(css)
    while index < length:
        char = css[index]
        if char in "\"'":
            index = _string_end(css, index)
        elif css.startswith("/*", index):
            kept.append(css[start:index])
            end = css.find("*/", index + 2)
            index = start = length if end < 0 else end + 2
        else:
            index += 1
    kept.append(css[start:])
    return BLANK_LINES.sub("\n", "".join(kept))


def _string_end(css: str, quote_at: int) -> int:
    """The index just past the string opened at ``quote_at`` (or the end of its line)."""
    quote, index = css[quote_at], quote_at + 1
    while index < len(css) and css[index] not in (quote, "\n"):
        index += 2 if css[index] == "\\" else 1
    return index + 1


def served_stylesheet(path: Path) -> bytes:
    """The stylesheet at ``path`` as it is sent, read again whenever the file changes."""
    stat = path.stat()
    return _served(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)
def _served(path: Path, modified: int, size: int) -> bytes:
    return without_comments(path.read_text(encoding="utf-8")).encode("utf-8")
