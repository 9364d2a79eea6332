"""Card faces: our own SVG pictures of the 78 tarot cards, Latin- and French-suited.

``python -m tools.cardfaces`` writes ``static/cards/<CODE>.svg`` (cups and coins red, swords and
staves near-black), ``static/cards/four-colour/<CODE>.svg`` (cups red, coins amber, swords blue,
staves green), ``static/cards/french/<CODE>.svg`` (the French-suited pack: hearts, diamonds,
spades and clubs, rules.md 0.3) with its courts again in ``french/<language>/`` for the letters
of each other language, and ``static/cards/back.svg``. Everything is drawn here, nothing is
fetched, and the output is byte-for-byte the same on every run, so the committed files can be
checked against it.

The corner index (top left, and turned at bottom right) is what a player reads in a fanned hand
on a phone, so it is large: the rank code (``K Q N P 10 … 2 A``) over a suit symbol, a trump's
Roman numeral over its number in a dark tag, a star for the Fool. The French faces follow the Tarot
Nouveau: pips and courts drawn double-ended, the ace indexed ``1``, each court's letter that of the
reader's language (``FRENCH_LETTERS``), and trumps with no title, their Arabic number at each
end. The back must carry no identity: it is one file, the same for every card. Standard library
only.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from pathlib import Path
from xml.sax.saxutils import escape

from app.engine.cards import (
    ALL_CARDS,
    FOOL,
    IS_COURT,
    RANK_NAMES,
    RANK_OF,
    RANKS,
    ROMAN,
    SUIT_NAMES,
    SUIT_OF,
    TRUMP_NUMBER,
    TRUMP_TITLES,
    Card,
    Suit,
    code,
    display_name,
)

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "static" / "cards"
FOUR_COLOUR_DIR = "four-colour"
FRENCH_DIR = "french"

SVG_NS = "http://www.w3.org/2000/svg"
W, H = 240, 360
CREAM, EDGE, INK, GOLD, PAPER = "#fffdf6", "#8c8273", "#25213d", "#c39a3c", "#f7f0de"
SANS = "Arial, Helvetica, 'Liberation Sans', Roboto, 'DejaVu Sans', sans-serif"
SERIF = "Georgia, 'DejaVu Serif', serif"

STANDARD: dict[Suit, str] = {
    Suit.CUPS: "#c62828",
    Suit.COINS: "#c62828",
    Suit.SWORDS: "#1c1c22",
    Suit.STAVES: "#1c1c22",
}
FOUR_COLOUR: dict[Suit, str] = {
    Suit.CUPS: "#c62828",
    Suit.COINS: "#b07000",
    Suit.SWORDS: "#1d57a8",
    Suit.STAVES: "#23793a",
}

# Suit symbols in a -50..50 box; currentColor is the suit colour, CREAM draws the details.
_DETAIL = f'fill="none" stroke="{CREAM}" stroke-linecap="round"'
SYMBOLS: dict[Suit, str] = {
    Suit.CUPS: (
        '<rect x="-42" y="-48" width="84" height="9" rx="4"/>'
        '<path d="M-37-40H37C37-10 21 4 7 8V22C7 28 24 32 28 46H-28C-24 32-7 28-7 22V8'
        'C-21 4-37-10-37-40Z"/><ellipse cy="15" rx="11" ry="5"/>'
        f'<path d="M-30-30H30" {_DETAIL} stroke-width="4"/>'
    ),
    Suit.COINS: (
        f'<circle r="48"/><circle r="37" {_DETAIL} stroke-width="4"/>'
        f'<g fill="{CREAM}">'
        + "".join(f'<ellipse rx="6" ry="21" transform="rotate({a})"/>' for a in range(0, 180, 45))
        + '</g><circle r="7"/>'
    ),
    Suit.SWORDS: (
        '<g transform="rotate(-35)"><path d="M0-62L10-47V14H-10V-47Z"/>'
        '<rect x="-29" y="13" width="58" height="11" rx="5.5"/>'
        '<rect x="-5.5" y="23" width="11" height="20"/><circle cy="48" r="8.5"/>'
        f'<path d="M0-43V8" {_DETAIL} stroke-width="3.5"/></g>'
    ),
    Suit.STAVES: (
        '<g transform="rotate(35)"><path d="M-6 46C-7 20-14-8-13-36C-12-56 12-56 13-36'
        'C14-8 7 20 6 46Z"/><circle cy="48" r="7.5"/>'
        '<path d="M-10-14L-22-24M8 8L20-1M-7 26L-16 20" stroke="currentColor" stroke-width="7.5"'
        ' stroke-linecap="round"/></g>'
    ),
}

# Court ornaments in a box about 70 wide, centred on 0,0: crown, coronet, helmet, feathered cap.
_ORNAMENT_STYLE = f'fill="{GOLD}" stroke="{INK}" stroke-width="2" stroke-linejoin="round"'
ORNAMENTS: dict[str, str] = {
    "K": (
        '<path d="M-30 14L-35-16-16 0 0-24 16 0 35-16 30 14Z"/><rect x="-31" y="14" width="62"'
        ' height="9" rx="2"/><circle cx="-35" cy="-18" r="4.5"/><circle cy="-27" r="4.5"/>'
        '<circle cx="35" cy="-18" r="4.5"/>'
    ),
    "Q": (
        '<path d="M-27 14L-29-6Q-14 6 0-12 14 6 29-6L27 14Z"/><rect x="-28" y="14" width="56"'
        ' height="8" rx="2"/><circle cx="-29" cy="-9" r="4"/><circle cy="-16" r="4"/>'
        '<circle cx="29" cy="-9" r="4"/>'
    ),
    "N": (
        '<path d="M2-18C8-36 26-34 32-24 20-28 12-24 8-15Z"/>'
        '<path d="M-22 22V0C-22-22 22-22 22 0V22Z"/>'
        f'<rect x="-17" y="-2" width="34" height="6" rx="2" fill="{INK}"/>'
    ),
    "P": (
        '<path d="M14-8C22-30 38-38 45-35 36-29 28-18 24-4Z"/>'
        '<path d="M-30 12C-32-6-14-17 4-15 22-13 34-2 30 12Z"/>'
        '<rect x="-31" y="9" width="62" height="9" rx="4.5"/>'
    ),
}


def num(value: float) -> str:
    """A coordinate with at most one decimal, without a trailing ``.0`` or a ``-0``."""
    text = f"{value:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text


def star_points(points: int, outer: float, inner: float) -> str:
    """The polygon of a star with ``points`` tips around 0,0, one tip straight up."""
    coords = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        coords.append(f"{num(radius * math.cos(angle))},{num(radius * math.sin(angle))}")
    return " ".join(coords)


def rays(count: int, inner: float, outer: float) -> str:
    """Path data for ``count`` straight rays between two radii."""
    parts = []
    for i in range(count):
        angle = 2 * math.pi * i / count
        cos, sin = math.cos(angle), math.sin(angle)
        parts.append(
            f"M{num(inner * cos)} {num(inner * sin)}L{num(outer * cos)} {num(outer * sin)}"
        )
    return "".join(parts)


_G = f'fill="{GOLD}"'
PETALS = range(0, 360, 60)
# Trump emblems, line art in a -50..50 box: the group strokes in INK, gold fills are marked.
EMBLEMS: tuple[str, ...] = (
    # I The Magician: the lemniscate over a wand.
    '<path d="M0-10C-12-28-40-28-40-10S-12 8 0-10C12-28 40-28 40-10S12 8 0-10Z"/>'
    f'<path d="M-32 30H32"/><circle cx="-34" cy="30" r="5" {_G}/>'
    f'<circle cx="34" cy="30" r="5" {_G}/>',
    # II The Popess: an open book.
    f'<path d="M0-22C-12-30-30-30-40-24V32C-30 26-12 26 0 34 12 26 30 26 40 32V-24'
    f'C30-30 12-30 0-22ZM0-22V34" {_G}/><path d="M-30-12H-10M-30 0H-10M10-12H30M10 0H30"/>',
    # III The Empress: a rose.
    f"<g {_G}>"
    + "".join(f'<ellipse cy="-22" rx="11" ry="17" transform="rotate({a})"/>' for a in PETALS)
    + f'</g><circle r="11" fill="{INK}"/>',
    # IV The Emperor: the orb and cross.
    f'<circle cy="10" r="28" {_G}/><path d="M-28 10H28M0 10V38M0-18V-46M-11-34H11"/>',
    # V The Pope: the triple cross.
    '<path d="M0-46V46M-10-32H10M-17-16H17M-24 0H24M-16 46H16"/>',
    # VI The Lovers: two rings linked.
    f'<circle cx="-14" r="24" stroke="{GOLD}" stroke-width="6"/><circle cx="14" r="24"/>',
    # VII The Chariot: a canopy on two wheels.
    f'<path d="M-34-10Q0-40 34-10Z" {_G}/><rect x="-30" y="-10" width="60" height="30"/>'
    '<circle cx="-18" cy="30" r="13"/><circle cx="18" cy="30" r="13"/>',
    # VIII Justice: the scales.
    f'<path d="M0-42V40M-18 40H18M-36-28H36M-36-28L-46 6M-36-28L-26 6M36-28L26 6M36-28L46 6"/>'
    f'<path d="M-48 6Q-36 20-24 6ZM24 6Q36 20 48 6Z" {_G}/><circle cy="-44" r="4" {_G}/>',
    # IX The Hermit: a lantern.
    f'<circle cy="-42" r="5"/><path d="M-17-26L0-36 17-26Z"/><rect x="-17" y="-26" width="34"'
    f' height="50"/><path d="M-21 24H21V32H-21Z"/>'
    f'<path d="M0-14C8-4 8 10 0 12-8 10-8-4 0-14Z" {_G}/>',
    # X The Wheel of Fortune.
    f'<circle r="42"/><circle r="34"/><path d="{rays(8, 8, 34)}"/><circle r="8" {_G}/>',
    # XI Strength: a column.
    f'<rect x="-24" y="-42" width="48" height="9" {_G}/><rect x="-15" y="-33" width="30"'
    f' height="64"/><path d="M-5-27V25M5-27V25"/>'
    f'<rect x="-24" y="31" width="48" height="10" {_G}/>',
    # XII The Hanged Man: the gallows.
    '<path d="M-30 44V-40M30 44V-40M-38-40H38M0-40V-12M0-12V16M0-2H10V-12M-8 8L0 12 8 8"/>'
    f'<circle cy="24" r="7" {_G}/>',
    # XIII Death: the hourglass.
    '<path d="M-28-42H28M-28 42H28M-20-42C-20-12-4-8-4 0S-20 12-20 42'
    'M20-42C20-12 4-8 4 0S20 12 20 42"/>'
    f'<path d="M-14 38Q0 20 14 38ZM-12-30H12L0-12Z" {_G}/>',
    # XIV Temperance: water poured from vessel to vessel.
    f'<path d="M-38-36H-14L-18-30C-8-26-8-8-18-4H-34C-44-8-44-26-34-30Z" {_G}/>'
    f'<path d="M14 6H38L34 12C44 16 44 34 34 38H18C8 34 8 16 18 12Z" {_G}/>'
    f'<path d="M-12-34C14-44 30-24 24 2" stroke="{GOLD}" stroke-dasharray="2 7"/>',
    # XV The Devil: the trident.
    f'<path d="M0-40V46M-22-40V-24C-22-12 22-12 22-24V-40"/>'
    f'<path d="M-22-48L-28-38H-16ZM0-50L-6-40H6ZM22-48L16-38H28Z" {_G}/>',
    # XVI The Tower, struck by lightning.
    f'<path d="M-22 44V-22H22V44ZM-26-22V-36H-16V-28H-6V-36H6V-28H16V-36H26V-22"/>'
    f'<path d="M-8 44V32A8 8 0 0 1 8 32V44M-5-10H5V4H-5Z"/>'
    f'<path d="M44-50L26-28 36-26 18-4" stroke="{GOLD}" stroke-width="5"/>',
    # XVII The Star.
    f'<polygon points="{star_points(8, 40, 15)}" {_G}/>'
    f'<circle cx="-38" cy="-38" r="3" fill="{INK}"/><circle cx="38" cy="36" r="3" fill="{INK}"/>',
    # XVIII The Moon: a crescent.
    f'<path d="M14-37A40 40 0 1 0 14 37 32 32 0 1 1 14-37Z" {_G}/>'
    f'<circle cx="30" cy="-10" r="3" fill="{INK}"/>',
    # XIX The Sun.
    f'<circle r="20" {_G}/><path d="{rays(12, 27, 42)}" stroke="{GOLD}" stroke-width="5"/>',
    # XX Judgement: the trumpet and its banner.
    f'<path d="M-42-8V8L-32 3H20L42 20V-20L20-3H-32Z"/><path d="M-14 3V32L-3 26 8 32V3Z" {_G}/>',
    # XXI The World: the globe in a laurel wreath.
    f'<ellipse rx="32" ry="44" stroke="{GOLD}" stroke-width="7" stroke-dasharray="10 4"/>'
    '<circle r="16"/><path d="M-16 0H16M0-16C-9-8-9 8 0 16 9 8 9-8 0-16"/>',
)
FOOL_EMBLEM = (
    '<path d="M-28 22C-32 0-38-8-50 4-46-18-24-26-10-6-14-26-6-40 6-46 2-32 6-20 10-6'
    f'C24-26 46-18 50 4 38-8 32 0 28 22Z" {_G}/>'
    f'<rect x="-31" y="20" width="62" height="11" rx="3" {_G}/>'
    '<circle cx="-50" cy="8" r="6"/><circle cx="7" cy="-48" r="6"/><circle cx="50" cy="8" r="6"/>'
)
_EMBLEM_STYLE = (
    f'fill="none" stroke="{INK}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"'
)

# Advance widths in em of bold sans glyphs, a little above Arial's, to squeeze wide indexes.
_ADVANCE: dict[str, float] = {"I": 0.3, "V": 0.72, "X": 0.72, "Q": 0.84, "P": 0.72}
_INDEX = 'text-anchor="middle" font-weight="700"'
PIP_ROWS4 = (62, 141, 219, 298)
PIP_ROWS3 = (62, 180, 298)
PIP_SIZES = ((3, (54, 64)), (6, (50, 58)), (8, (46, 50)), (10, (42, 44)))
"""Sizes of the suit symbols (round suits, long suits) for up to 3, 6, 8 and 10 pips."""


def text_width(text: str, size: float) -> float:
    """An estimate of the width of ``text`` in the index font."""
    return sum(_ADVANCE.get(char, 0.78 if char.isalpha() else 0.6) for char in text) * size


def fitted_text(text: str, x: int, y: int, size: int, budget: int, attrs: str) -> str:
    """Text centred on ``x`` and fitted to ``budget``: squeezed sideways down to 60%, then
    made smaller."""
    size = min(size, math.floor(budget / (text_width(text, 1) * 0.6)))
    squeeze = min(1.0, budget / text_width(text, size))
    if squeeze == 1.0:
        return f'<text x="{x}" y="{y}" font-size="{size}" {attrs}>{text}</text>'
    return (
        f'<text transform="translate({x} {y}) scale({squeeze:.2f} 1)" font-size="{size}"'
        f" {attrs}>{text}</text>"
    )


def suit_index(rank: str) -> str:
    """The corner index of a suit card: the rank code (or a French face's letter or number)
    over the suit symbol."""
    label = fitted_text(rank, 30, 64, 60, 50, f'{_INDEX} fill="currentColor"')
    return f'<g id="i">{label}<use href="#s" x="8" y="73" width="44" height="44"/></g>'


def trump_index(number: int) -> str:
    """The corner index of a trump: the Roman numeral over its number in a dark tag."""
    label = fitted_text(ROMAN[number - 1], 31, 58, 46, 48, f'{_INDEX} fill="{INK}"')
    tag = (
        f'<rect x="8" y="68" width="46" height="34" rx="7" fill="{INK}"/>'
        f'<text x="31" y="94.5" font-size="27" {_INDEX} fill="{CREAM}">{number}</text>'
    )
    return f'<g id="i">{label}{tag}</g>'


def fool_index() -> str:
    """The corner index of the Fool: a star, as on the French Excuse."""
    star = star_points(5, 26, 11)
    return f'<g id="i"><polygon points="{star}" transform="translate(30 44)" fill="{INK}"/></g>'


def pip_positions(count: int) -> list[tuple[int, int]]:
    """Centres of the suit symbols on a pip card from 2 to 10, in two or three columns."""
    left, middle, right = 82, 120, 158
    if count <= 3:
        return [(middle, y) for y in (PIP_ROWS3 if count == 3 else (62, 298))]
    rows = PIP_ROWS4 if count >= 9 else (PIP_ROWS3 if count >= 6 else (62, 298))
    sides = [(x, y) for y in rows for x in (left, right)]
    extra: dict[int, tuple[int, ...]] = {5: (180,), 7: (121,), 8: (121, 239), 9: (180,)}
    return sides + [(middle, y) for y in extra.get(count, (101, 259) if count == 10 else ())]


def pip_face(rank: str, suit: Suit) -> str:
    """The suit symbols of a pip card; the Ace has one large symbol in an oval.

    Swords and staves lie diagonally and look lighter, so they are drawn larger where there
    is room.
    """
    if rank == "A":
        return (
            '<g fill="none" stroke="currentColor"><ellipse cx="120" cy="180" rx="64" ry="92"'
            ' stroke-width="2.5" opacity=".45"/><ellipse cx="120" cy="180" rx="57" ry="85"'
            ' stroke-width="1" opacity=".45"/></g>'
            '<use href="#s" x="62" y="122" width="116" height="116"/>'
        )
    count = int(rank)
    round_size, long_size = next(sizes for most, sizes in PIP_SIZES if count <= most)
    size = long_size if suit in (Suit.SWORDS, Suit.STAVES) else round_size
    return "".join(
        f'<use href="#s" x="{num(x - size / 2)}" y="{num(y - size / 2)}" width="{size}"'
        f' height="{size}"/>'
        for x, y in pip_positions(count)
    )


def panel(fill: str) -> str:
    """The framed centre panel of courts, trumps and the Fool."""
    return f'<rect x="62" y="20" width="116" height="320" rx="10" {fill} stroke-width="2"/>'


def court_face(rank: str, suit: Suit) -> str:
    """A court card: ornament, a large suit symbol, and the rank's title."""
    serif = f'font-family="{SERIF}" text-anchor="middle" fill="currentColor"'
    return (
        panel('fill="currentColor" fill-opacity=".07" stroke="currentColor"')
        + f'<g transform="translate(120 78) scale(1.15)" {_ORNAMENT_STYLE}>{ORNAMENTS[rank]}</g>'
        + '<use href="#s" x="70" y="130" width="100" height="100"/>'
        + f'<text x="120" y="284" font-size="20" font-weight="700" letter-spacing="1.5" {serif}>'
        + f"{RANK_NAMES[rank].upper()}</text>"
        + f'<text x="120" y="306" font-size="15" font-style="italic" {serif}>'
        + f"of {SUIT_NAMES[suit]}</text>"
    )


def title_lines(title: str) -> list[str]:
    """A trump's title in capitals, broken into two balanced lines when it is long."""
    words = title.upper().split()
    if len(title) <= 10:
        return [" ".join(words)]
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(splits, key=lambda pair: max(len(pair[0]), len(pair[1])))
    return [first, second]


def titled_panel(band: str, emblem: str, title: str) -> str:
    """A trump's or the Fool's panel: a dark band on top, an emblem, the title below."""
    lines = title_lines(title)
    baselines = (316,) if len(lines) == 1 else (306, 324)
    text = "".join(
        f'<text x="120" y="{y}">{escape(line)}</text>'
        for y, line in zip(baselines, lines, strict=True)
    )
    return (
        panel(f'fill="{PAPER}" stroke="{INK}"')
        + f'<path d="M62 88V30A10 10 0 0 1 72 20H168A10 10 0 0 1 178 30V88Z" fill="{INK}"/>'
        + band
        + f'<g transform="translate(120 186) scale(1.1)" {_EMBLEM_STYLE}>{emblem}</g>'
        + f'<path d="M84 {baselines[0] - 22}H156" stroke="{GOLD}" stroke-width="1.5"/>'
        + f'<g font-family="{SERIF}" font-size="13" letter-spacing=".8" text-anchor="middle"'
        + f' fill="{INK}">{text}</g>'
    )


def trump_face(number: int) -> str:
    """A trump: its Roman numeral large in the band, an emblem, its title."""
    numeral = fitted_text(
        ROMAN[number - 1], 120, 71, 44, 84, f'font-family="{SERIF}" {_INDEX} fill="{GOLD}"'
    )
    return titled_panel(numeral, EMBLEMS[number - 1], TRUMP_TITLES[number - 1])


def fool_face() -> str:
    """The Fool: a star in the band and the jester's cap."""
    star = f'<polygon points="{star_points(5, 22, 9)}" transform="translate(120 56)" {_G}/>'
    return titled_panel(star, FOOL_EMBLEM, "The Fool")


# The French suits (rules.md 0.3: hearts = cups, diamonds = coins, spades = swords, clubs =
# staves) in the same -50..50 box, in the standard colours: hearts and diamonds red.
FRENCH_SYMBOLS: dict[Suit, str] = {
    Suit.CUPS: '<path d="M0 46C-18 28-48 8-48-16-48-36-32-46-18-46-8-46-2-38 0-30 2-38 8-46 18-46'
    ' 32-46 48-36 48-16 48 8 18 28 0 46Z"/>',
    Suit.COINS: '<path d="M0-50L38 0 0 50-38 0Z"/>',
    Suit.SWORDS: '<path d="M0-48C-18-28-48-10-48 12-48 30-32 38-18 36-10 35-5 30-3 25'
    '-4 36-10 43-19 48H19C10 43 4 36 3 25 5 30 10 35 18 36 32 38 48 30 48 12 48-10 18-28 0-48Z"/>',
    Suit.STAVES: '<circle cy="-24" r="21"/><circle cx="-24" cy="10" r="21"/><circle cx="24" cy="10"'
    ' r="21"/><circle cy="4" r="12"/><path d="M-4 8C-4 28-10 40-19 48H19C10 40 4 28 4 8Z"/>',
}
FRENCH_LETTERS: dict[str, dict[str, str]] = {
    "en": {"K": "K", "Q": "Q", "N": "C", "P": "J"},  # King, Queen, Cavalier, Jack
    "da": {"K": "K", "Q": "D", "N": "Kv", "P": "Kn"},  # Konge, Dame, Kaval, Knægt
    "de": {"K": "K", "Q": "D", "N": "R", "P": "B"},  # König, Dame, Reiter, Bube
    "rm": {"K": "R", "Q": "D", "N": "C", "P": "B"},  # Retg, Dama, Cavagl, Buob
}
"""The courts' index letters of the French faces, by language (the card codes' ``K Q N P``):
the letters of French-suited cards in each language (Danish: the abbreviations of the Danish
rank lists, as K is the King's). English is the default set, in
``french/``; each other language has its courts again in ``french/<language>/``."""
FRENCH_LANGUAGE = "en"


def french_pip_face(rank: str) -> str:
    """The pips of a French card, double-ended: those below the middle stand on their heads;
    the ace (indexed ``1``) has one large symbol."""
    if rank == "A":
        return '<use href="#s" x="70" y="130" width="100" height="100"/>'
    count = int(rank)
    size = next(sizes for most, sizes in PIP_SIZES if count <= most)[0]
    uses = []
    for x, y in pip_positions(count):
        turn = f' transform="rotate(180 {x} {y})"' if y > 180 else ""
        uses.append(
            f'<use href="#s" x="{num(x - size / 2)}" y="{num(y - size / 2)}" width="{size}"'
            f' height="{size}"{turn}/>'
        )
    return "".join(uses)


def double_ended(half: str) -> str:
    """A picture's upper half (drawn above y 180) and the same turned for the lower half."""
    return f'<g id="h">{half}</g><use href="#h" transform="rotate(180 120 180)"/>'


def french_court_face(rank: str) -> str:
    """A French court: in each half the rank's ornament over the suit symbol, and no words."""
    return (
        panel('fill="currentColor" fill-opacity=".07" stroke="currentColor"')
        + '<path d="M74 180H166" stroke="currentColor" stroke-opacity=".5" stroke-width="2"/>'
        + double_ended(
            f'<g transform="translate(120 62)" {_ORNAMENT_STYLE}>{ORNAMENTS[rank]}</g>'
            '<use href="#s" x="88" y="102" width="64" height="64"/>'
        )
    )


def french_titled_face(band: str, emblem: str) -> str:
    """A French trump or the Excuse, double-ended: a dark band at each end, the emblem in each
    half, no title."""
    return (
        panel(f'fill="{PAPER}" stroke="{INK}"')
        + f'<path d="M78 180H162" stroke="{GOLD}" stroke-width="2"/>'
        + double_ended(
            f'<path d="M62 74V30A10 10 0 0 1 72 20H168A10 10 0 0 1 178 30V74Z" fill="{INK}"/>'
            + band
            + f'<g transform="translate(120 126) scale(.7)" {_EMBLEM_STYLE}>{emblem}</g>'
        )
    )


def french_svg(card: Card, letters: Mapping[str, str]) -> str:
    """The French-suited face of ``card``, its courts indexed with ``letters``."""
    suit = SUIT_OF[card]
    if card == FOOL:
        star = f'<polygon points="{star_points(5, 19, 8)}" transform="translate(120 49)" {_G}/>'
        return document(
            display_name(card), INK, fool_index(), french_titled_face(star, FOOL_EMBLEM)
        )
    if suit is Suit.TRUMPS:
        number = TRUMP_NUMBER[card]
        numeral = f'<text x="120" y="62" font-size="40" {_INDEX} fill="{GOLD}">{number}</text>'
        body = french_titled_face(numeral, EMBLEMS[number - 1])
        return document(display_name(card), INK, trump_index(number), body)
    rank = RANKS[RANK_OF[card]]
    symbol = (
        '<symbol id="s" viewBox="-50 -50 100 100" overflow="visible">'
        f'<g fill="currentColor">{FRENCH_SYMBOLS[suit]}</g></symbol>'
    )
    if IS_COURT[card]:
        index, body = letters[rank], french_court_face(rank)
    else:
        index, body = ("1" if rank == "A" else rank), french_pip_face(rank)
    return document(display_name(card), STANDARD[suit], symbol + suit_index(index), body)


def document(title: str, colour: str, defs: str, body: str) -> str:
    """A complete card: the rounded cream card, its body, and the index in two corners."""
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img"'
        f' color="{colour}" font-family="{SANS}"><title>{escape(title)}</title>'
        f"<defs>{defs}</defs>"
        f'<rect x="1.5" y="1.5" width="237" height="357" rx="14" fill="{CREAM}" stroke="{EDGE}"'
        f' stroke-width="3"/>{body}'
        '<use href="#i"/><use href="#i" transform="rotate(180 120 180)"/></svg>\n'
    )


def card_svg(card: Card, palette: Mapping[Suit, str]) -> str:
    """The SVG face of ``card`` with suit colours from ``palette``."""
    suit = SUIT_OF[card]
    if card == FOOL:
        return document(display_name(card), INK, fool_index(), fool_face())
    if suit is Suit.TRUMPS:
        number = TRUMP_NUMBER[card]
        return document(display_name(card), INK, trump_index(number), trump_face(number))
    rank = RANKS[RANK_OF[card]]
    symbol = (
        '<symbol id="s" viewBox="-50 -50 100 100" overflow="visible">'
        f'<g fill="currentColor">{SYMBOLS[suit]}</g></symbol>'
    )
    body = court_face(rank, suit) if IS_COURT[card] else pip_face(rank, suit)
    return document(display_name(card), palette[suit], symbol + suit_index(rank), body)


def back_svg() -> str:
    """The card back: a lattice and a medallion, the same for every card and either way up."""
    blue = "#1e3a5f"
    tile = (
        '<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse">'
        f'<path d="M12 0L24 12 12 24 0 12Z" fill="none" stroke="{GOLD}" stroke-opacity=".5"'
        f' stroke-width="1.5"/><circle cx="12" cy="12" r="2.5" fill="{GOLD}"/></pattern>'
    )
    body = (
        f'<rect x="12" y="12" width="216" height="336" rx="8" fill="{blue}"/>'
        '<rect x="12" y="12" width="216" height="336" rx="8" fill="url(#p)"/>'
        f'<rect x="21" y="21" width="198" height="318" rx="5" fill="none" stroke="{GOLD}"'
        ' stroke-width="2"/>'
        f'<circle cx="120" cy="180" r="44" fill="{blue}" stroke="{GOLD}" stroke-width="3"/>'
        f'<polygon points="{star_points(8, 34, 14)}" transform="translate(120 180)" {_G}/>'
        f'<circle cx="120" cy="180" r="6" fill="{blue}"/>'
    )
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img">'
        f"<title>Card back</title><defs>{tile}</defs>"
        f'<rect x="1.5" y="1.5" width="237" height="357" rx="14" fill="{CREAM}" stroke="{EDGE}"'
        f' stroke-width="3"/>{body}</svg>\n'
    )


def faces() -> dict[str, str]:
    """Every file to write, by path relative to the output directory."""
    files = {"back.svg": back_svg()}
    for card in ALL_CARDS:
        files[f"{code(card)}.svg"] = card_svg(card, STANDARD)
        files[f"{FOUR_COLOUR_DIR}/{code(card)}.svg"] = card_svg(card, FOUR_COLOUR)
        files[f"{FRENCH_DIR}/{code(card)}.svg"] = french_svg(card, FRENCH_LETTERS[FRENCH_LANGUAGE])
    for language, letters in FRENCH_LETTERS.items():
        if language != FRENCH_LANGUAGE:
            for card in ALL_CARDS:
                if IS_COURT[card]:
                    files[f"{FRENCH_DIR}/{language}/{code(card)}.svg"] = french_svg(card, letters)
    return files


def write_faces(out_dir: Path = OUT_DIR) -> list[Path]:
    """Write all card faces and the back under ``out_dir``; return the paths written."""
    paths = []
    for name, text in faces().items():
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        paths.append(path)
    return paths


def main(argv: list[str]) -> None:
    """``python -m tools.cardfaces [OUT_DIR]``: write the faces (default ``static/cards``)."""
    out_dir = Path(argv[0]) if argv else OUT_DIR
    paths = write_faces(out_dir)
    print(f"wrote {len(paths)} files under {out_dir}")


if __name__ == "__main__":
    main(sys.argv[1:])
