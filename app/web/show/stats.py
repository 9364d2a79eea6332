"""Your statistics (``/stats``): one browser's finished deals added up, and its latest drawn.

Built from that browser's ``DealResult`` rows only, nothing of anyone else's. The games count
in different units (tokens, team points), so the totals, the best deal and the chart are per
game; the chart is a bar per deal in inline SVG drawn here like the score sheet's
(``app.web.show.summary``: no script, no chart library), with a text alternative, and its
numbers stand in a table beside it. Its colours are the stylesheet's custom properties, so it
follows the page's theme.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from markupsafe import Markup

from app.engine.games import GAMES
from app.i18n import N_, gettext, ngettext
from app.web.http.render import signed
from app.web.http.words import Spoken, day_name
from app.web.table.players import LEVEL_LABELS
from app.web.table.stats import FRIENDS, MIXED, PROGRAM, DealResult

RECENT = 20
"""How many of a game's latest deals the chart and its table show."""
LEVEL_ORDER = ("easy", "medium", "hard", "random", PROGRAM, MIXED, FRIENDS)
UNITS = Spoken({"tokens": N_("tokens"), "team points": N_("team points")})
"""The games' result units (``Rules.result_unit``) in the reader's language."""
OTHER_LEVELS = Spoken(
    {PROGRAM: N_("Outside programs"), MIXED: N_("Mixed levels"), FRIENDS: N_("Friends")}
)


@dataclass(frozen=True, slots=True)
class LevelLine:
    """A game's deals against one level of computers (or with friends)."""

    level: str
    played: int
    won: int
    total: str
    average: str


@dataclass(frozen=True, slots=True)
class ShownDeal:
    """One finished deal as the page lists it."""

    when: str
    level: str
    deal: int
    """Its number in its match."""
    result: str
    value: int
    ultimo: bool


@dataclass(frozen=True, slots=True)
class GameStats:
    key: str
    name: str
    unit: str
    played: int
    won: int
    total: str
    average: str
    ultimos: int | None
    """Ultimos made (None in a game without them)."""
    best: ShownDeal
    levels: list[LevelLine]
    recent: list[ShownDeal]
    """The latest deals, oldest first (the chart's bars, left to right)."""
    chart: Markup


@dataclass(frozen=True, slots=True)
class Stats:
    deals: int
    matches: int
    """Matches (tables) in which this browser finished at least one deal."""
    matches_ended: int
    """Of those, the ones whose match was ended."""
    ultimos: int
    games: list[GameStats]

    @property
    def empty(self) -> bool:
        return not self.deals


def level_label(level: str) -> str:
    return LEVEL_LABELS.get(level) or OTHER_LEVELS.get(level, level.capitalize())


def statistics(results: list[DealResult]) -> Stats:
    """The page's numbers from a browser's deals (oldest first); deals of a game this
    version does not know are left out."""
    known = [result for result in results if result.game in GAMES]
    games = [
        game_stats(key, [result for result in known if result.game == key])
        for key in GAMES
        if any(result.game == key for result in known)
    ]
    return Stats(
        deals=len(known),
        matches=len({result.table_id for result in known}),
        matches_ended=len({result.table_id for result in known if result.ended_match}),
        ultimos=sum(result.ultimos for result in known),
        games=games,
    )


def game_stats(key: str, results: list[DealResult]) -> GameStats:
    game = GAMES[key]
    total = sum(result.result for result in results)
    levels = sorted(
        {result.level for result in results},
        key=lambda level: (LEVEL_ORDER.index(level) if level in LEVEL_ORDER else 99, level),
    )
    best = max(results, key=lambda result: result.result)  # the earliest of equals
    recent = [shown(result) for result in results[-RECENT:]]
    return GameStats(
        key=key,
        name=gettext(game.name),
        unit=UNITS[game.result_unit],
        played=len(results),
        won=sum(1 for result in results if result.result > 0),
        total=signed(total),
        average=average(total, len(results)),
        ultimos=sum(result.ultimos for result in results) if game.has_pots else None,
        best=shown(best),
        levels=[level_line(level, [r for r in results if r.level == level]) for level in levels],
        recent=recent,
        chart=results_chart(key, gettext(game.name), UNITS[game.result_unit], recent),
    )


def level_line(level: str, results: list[DealResult]) -> LevelLine:
    total = sum(result.result for result in results)
    return LevelLine(
        level=level_label(level),
        played=len(results),
        won=sum(1 for result in results if result.result > 0),
        total=signed(total),
        average=average(total, len(results)),
    )


def average(total: int, count: int) -> str:
    return signed(round(total / count, 1)) if count else "0"


def shown(result: DealResult) -> ShownDeal:
    return ShownDeal(
        when=day_name(result.at),
        level=level_label(result.level),
        deal=result.deal,
        result=signed(result.result),
        value=result.result,
        ultimo=result.ultimos > 0,
    )


def results_chart(key: str, name: str, unit: str, deals: list[ShownDeal]) -> Markup:
    """A bar per deal, oldest on the left: up for a deal won, down for one lost."""
    width, height, left, right, top, bottom = 320, 130, 40, 8, 8, 20
    values = [deal.value for deal in deals] or [0]
    high, low = max(0, *values), min(0, *values)
    if high == low:
        high, low = high + 10, low - 10
    step = min((width - left - right) / max(len(deals), 1), 32.0)  # few deals: narrow bars

    def y(value: int) -> float:
        return top + (height - top - bottom) * (high - value) / (high - low)

    won = sum(1 for deal in deals if deal.value > 0)
    lost = sum(1 for deal in deals if deal.value < 0)
    count = ngettext("your last deal", "your last %(num)s deals", len(deals)) % {"num": len(deals)}
    words = gettext(
        "%(game)s, %(count)s, oldest first: %(won)s won, %(lost)s lost, "
        "from %(low)s to %(high)s %(unit)s."
    ) % {
        "game": name,
        "count": count,
        "won": won,
        "lost": lost,
        "low": signed(min(values)),
        "high": signed(max(values)),
        "unit": unit,
    }
    title = f"chart-{escape(key)}-title"
    oldest, latest = escape(gettext("oldest")), escape(gettext("latest"))
    zero = y(0)
    parts = [
        f'<svg class="chart results-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{title}" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{title}">{escape(words)}</title>',
    ]
    for index, deal in enumerate(deals):
        kind = "won" if deal.value > 0 else "lost" if deal.value < 0 else "even"
        top_y, size = min(y(deal.value), zero), abs(y(deal.value) - zero)
        if size < 1.5:  # a deal of 0 (or nearly): a thin mark on the line
            top_y, size = zero - 0.75, 1.5
        parts.append(
            f'<rect class="bar {kind}" x="{left + step * (index + 0.15):.1f}" y="{top_y:.1f}" '
            f'width="{step * 0.7:.1f}" height="{size:.1f}"/>'
        )
    parts += [
        f'<line class="zero" x1="{left}" x2="{width - right}" y1="{zero:.1f}" y2="{zero:.1f}"/>',
        f'<text x="{left - 4}" y="{zero + 4:.1f}" text-anchor="end">0</text>',
        f'<text x="{left}" y="{height - 4}">{oldest}</text>',
        f'<text x="{width - right}" y="{height - 4}" text-anchor="end">{latest}</text>',
    ]
    for value in (high, low):  # the axis ends, unless they would sit on the 0
        if abs(y(value) - zero) >= 12:
            parts.append(
                f'<text x="{left - 4}" y="{y(value) + 4:.1f}" text-anchor="end">'
                f"{signed(value)}</text>"
            )
    parts.append("</svg>")
    return Markup("".join(parts))
