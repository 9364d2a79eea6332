"""The bot protocol's pages, from its Markdown (``static/docs/bot-protocol.md``, which reads on
GitHub too): exactly the subset the file uses (headings, paragraphs, "- " lists, fenced code,
pipe tables; `code`, **strong** and [links]), every character of the text escaped. A link
between the docs leads to the page the site shows it at (``DOC_LINKS``).
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

PROTOCOL_MD = "bot-protocol.md"
SESSION_TXT = "bot-protocol-session.txt"
DOC_LINKS = {
    SESSION_TXT: "/bots/protocol/session",
    PROTOCOL_MD: "/bots/protocol",
    "../../app/protocol/reference_bot.py": "/bots/reference_bot.py",
    "../../docs/rules.md": "/rules",
}
"""Links between the docs, as the site serves them (the file links them as neighbours)."""

INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)")
HEADING = re.compile(r"(#{1,4}) +(.+)")
FENCE = "```"


def link_target(target: str) -> str | None:
    """Where a link of the docs leads on this site; None for a file of the source tree that
    the server does not serve (its text stays, without a link)."""
    if target in DOC_LINKS:
        return DOC_LINKS[target]
    if target.startswith(("https://", "http://", "#")) or re.match(r"/[^/]", target):
        return target
    return None


def inline(text: str) -> Markup:
    """One line's text: `code`, **strong**, [label](target); everything else escaped."""
    parts: list[Markup] = []
    end = 0
    for found in INLINE.finditer(text):
        parts.append(escape(text[end : found.start()]))
        code, strong, label, target = found.groups()
        if code is not None:
            parts.append(Markup("<code>{}</code>").format(code))
        elif strong is not None:
            parts.append(Markup("<strong>{}</strong>").format(inline(strong)))
        else:
            href = link_target(target)
            shown = inline(label)
            parts.append(Markup('<a href="{}">{}</a>').format(href, shown) if href else shown)
        end = found.end()
    parts.append(escape(text[end:]))
    return Markup("").join(parts)


def plain(text: str) -> str:
    """A heading's words without the marks, for a title or an id."""
    return INLINE.sub(lambda m: m.group(1) or m.group(2) or m.group(3), text)


def table_cells(line: str) -> list[str]:
    """A table row's cells: split at each | outside `code`."""
    cells, cell, in_code = [], "", False
    for char in line.strip().removeprefix("|").removesuffix("|"):
        if char == "`":
            in_code = not in_code
        if char == "|" and not in_code:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += char
    return [*cells, cell.strip()]


def starts_block(line: str) -> bool:
    return line.startswith(("- ", "|", FENCE)) or bool(HEADING.match(line))


Block = tuple[Markup, int]
"""A block's HTML and the index of the line after it."""


def fenced(lines: list[str], index: int) -> Block:
    end = index + 1
    while end < len(lines) and not lines[end].startswith(FENCE):
        end += 1
    code = "\n".join(lines[index + 1 : end])
    return Markup("<pre><code>{}</code></pre>").format(code), end + 1


def table(lines: list[str], index: int) -> Block:
    rows: list[list[str]] = []
    while index < len(lines) and lines[index].startswith("|"):
        cells = table_cells(lines[index])
        if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):  # not the |---| line
            rows.append(cells)
        index += 1
    head = Markup("").join(Markup('<th scope="col">{}</th>').format(inline(c)) for c in rows[0])
    body = Markup("").join(
        Markup("<tr>{}</tr>").format(
            Markup("").join(Markup("<td>{}</td>").format(inline(c)) for c in row)
        )
        for row in rows[1:]
    )
    html = '<div class="scroll-x"><table><thead><tr>{}</tr></thead><tbody>{}</tbody></table></div>'
    return Markup(html).format(head, body), index


def bullets(lines: list[str], index: int) -> Block:
    """A "- " list; an item goes on in the lines indented under it."""
    items: list[str] = []
    while index < len(lines) and (
        lines[index].startswith("- ") or (lines[index].startswith("  ") and items)
    ):
        if lines[index].startswith("- "):
            items.append(lines[index][2:].strip())
        else:
            items[-1] += " " + lines[index].strip()
        index += 1
    listed = Markup("").join(Markup("<li>{}</li>").format(inline(item)) for item in items)
    return Markup("<ul>{}</ul>").format(listed), index


def paragraph(lines: list[str], index: int) -> Block:
    words = []
    while index < len(lines) and lines[index].strip() and not starts_block(lines[index]):
        words.append(lines[index].strip())
        index += 1
    return Markup("<p>{}</p>").format(inline(" ".join(words))), index


def markdown_page(text: str, title_in_body: bool = True) -> tuple[str, Markup]:
    """The page's title (its first heading, as plain text) and its body as HTML; without
    ``title_in_body`` the body leaves out that first heading (the page draws its own)."""
    lines = text.splitlines()
    title = ""
    blocks: list[Markup] = []
    ids: set[str] = set()
    index = 0
    while index < len(lines):
        line = lines[index]
        heading = HEADING.match(line)
        if not line.strip():
            index += 1
            continue
        if heading:
            level, words = len(heading.group(1)), heading.group(2).strip()
            if not title and not title_in_body:
                title = plain(words)
                index += 1
                continue
            title = title or plain(words)
            slug = re.sub(r"[^a-z0-9]+", "-", plain(words).lower()).strip("-") or "part"
            anchor, number = slug, 2
            while anchor in ids:
                anchor, number = f"{slug}-{number}", number + 1
            ids.add(anchor)
            block = Markup('<h{0} id="{1}">{2}</h{0}>').format(level, anchor, inline(words))
            index += 1
        elif line.startswith(FENCE):
            block, index = fenced(lines, index)
        elif line.startswith("|"):
            block, index = table(lines, index)
        elif line.startswith("- "):
            block, index = bullets(lines, index)
        else:
            block, index = paragraph(lines, index)
        blocks.append(block)
    return title, Markup("\n").join(blocks)
