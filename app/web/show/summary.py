"""The end of a deal: the itemised ledger, the counts, the score sheet and its chart.

Built from the viewer's observation of the finished deal (every card is public by then) and
the match's score sheet (``Match.summaries``). The chart of each player's balance over the
deals is drawn here as a small SVG, so the page needs no script and no chart library.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape

from markupsafe import Markup

from app.engine.games import Game
from app.engine.ledger import LedgerEntry
from app.engine.match import Match
from app.engine.observation import Observation
from app.engine.options import Options
from app.i18n import N_, gettext, ngettext
from app.web.http.render import number, signed
from app.web.http.words import seat_name
from app.web.show.events import (
    NUMBER_WORDS,
    Names,
    deals_again,
    declaration_text,
    ledger_label,
)
from app.web.show.rulebook import played_with
from app.web.show.verdict import verdict

SEAT_COLOURS = ("#1d5fbf", "#c0392b", "#7b3fa0", "#1e8449")
"""Seat colours, shared with the seat panels in the stylesheet (You, Right, third, fourth)."""
TEAM_COLOURS = ("#1d5fbf", "#c0392b")


@dataclass(frozen=True, slots=True)
class LedgerRow:
    what: str
    trick: int | None
    payer: str
    payee: str
    amount: str


@dataclass(frozen=True, slots=True)
class TeamCount:
    """A partnership's count (rules.md 3.6): each partner's own count and their sum, the
    team's count, whose result is the count minus the game's par (36 in Troccas)."""

    label: str
    players: list[tuple[str, int]]
    """(name, count) of each partner, in the order of the team's name."""
    count: int
    result: int


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int
    dealer: str
    cells: list[tuple[int, int]]
    """(change, balance) per seat, or per team in Troccas."""
    pots: tuple[int, int] | None
    teams: list[TeamCount]
    """Troccas: each team's count in this deal, in the order of ``cells``; else empty."""
    other_rules: str = ""
    """How the deal's rule options differed from the current ones ("with the Chicks rule");
    empty when they are the same."""
    redeal: str = ""
    """A void deal (rules.md 2.3a): "New deal asked by Ben"; empty for a deal played."""


@dataclass(frozen=True, slots=True)
class Summary:
    counts: list[tuple[str, int]]
    teams: list[TeamCount]
    """Troccas: each player's count by team, and the team's."""
    ledger: list[LedgerRow]
    columns: list[str]
    sheet: list[SheetRow]
    chart: Markup
    pot_equity: float | None
    declarations: list[tuple[str, str, int]]
    verdict: str = ""
    """The first line: how the deal went for the viewer and why (``show.verdict``)."""
    pots_note: str = ""
    """What the pots hold and what that means for each player, in words (Danish Tarok)."""
    redeal: str = ""
    """A void deal (rules.md 2.3a): who asked for a new deal, and who deals again; the
    summary then shows no counts and no ledger (nothing was played or paid)."""


Teams = tuple[tuple[int, ...], ...]
"""A game's fixed partnerships, as seats (``Game.partnerships``); empty where each plays for
themself, and the summary then has no team counts and one column per seat."""


def team_labels(teams: Teams, names: list[str]) -> list[str]:
    return [" & ".join(seat_name(names[seat]) for seat in seats) for seats in teams]


def team_counts(
    rules: Game, counts: list[int], labels: list[str], names: list[str]
) -> list[TeamCount]:
    """Each partnership's count and result from the players' counts (rules.md 3.6)."""
    return [
        TeamCount(label, [(names[seat], counts[seat]) for seat in team.seats], team.count,
                  team.result)
        for label, team in zip(labels, rules.team_counts(counts), strict=True)
    ]  # fmt: skip


def own_team_labels(teams: Teams, names: Names) -> list[str]:
    """The teams as the summary's counts name them: "Your team" and "Their team" for a
    player, the partners' names for someone watching."""
    for index, seats in enumerate(teams):
        if names.viewer in seats:
            return [
                gettext("Their team") if other != index else gettext("Your team")
                for other in range(len(teams))
            ]
    return team_labels(teams, names.seat_names)


def build_summary(obs: Observation, match: Match, names: Names) -> Summary:
    seat_names = [seat_name(name) for name in names.seat_names]
    rules = obs.rules
    teams = rules.partnerships
    counts = list(obs.counts or [])
    own = own_team_labels(teams, names)
    team_rows = team_counts(rules, counts, own, seat_names) if teams and counts else []
    rows = match.summaries()
    columns = team_labels(teams, seat_names) if teams else list(seat_names)
    sheet = [
        replace(
            sheet_row(row.number, seat_names[row.dealer], row.changes, row.balances, row.pots,
                      team_counts(rules, row.counts, columns, seat_names) if teams and row.counts
                      else [], teams, _other_rules(match, row.options)),
            redeal=_asked_by(row.redealt_by, seat_names),
        )
        for row in reversed(rows)
    ]  # fmt: skip
    void = rows[-1].redealt_by if rows else None
    equity = match.pot_equity() if obs.pots is not None else None
    series = _series([row.balances for row in rows], teams, len(seat_names))
    colours = TEAM_COLOURS if teams else SEAT_COLOURS
    return Summary(
        counts=[
            (seat_names[seat], count)
            for seat, count in enumerate(counts)
            if seat != obs.sits_out  # sat the deal out: no count (rules.md 2.17)
        ],
        teams=team_rows,
        ledger=[ledger_row(entry, names) for entry in obs.ledger],
        columns=columns,
        sheet=sheet,
        chart=balance_chart(series, columns, colours),
        pot_equity=equity,
        declarations=[
            (seat_names[d.seat], declaration_text(d, names.chicks), d.value)
            for d in obs.declarations
        ],
        verdict=verdict(obs, names) if void is None else "",
        pots_note=pots_note(obs.pots, equity, len(seat_names)) if void is None else "",
        redeal=redeal_line(void, obs.dealer, names) if void is not None else "",
    )


def redeal_line(seat: int, dealer: int, names: Names) -> str:
    """The summary of a void deal (rules.md 2.3a): who asked, and that the dealer deals again."""
    asked = names.tell(
        seat,
        N_("You asked for a new deal: you held no trump."),
        N_("%(seat)s asked for a new deal: no trumps."),
    )
    return f"{asked} {deals_again(dealer, names)}"


def _asked_by(seat: int | None, seat_names: list[str]) -> str:
    """The score sheet's note on a void deal: "New deal asked by Ben"."""
    if seat is None:
        return ""
    return gettext("New deal asked by %(seat)s") % {"seat": seat_names[seat]}


def pots_note(pots: tuple[int, int] | None, equity: float | None, seat_count: int) -> str:
    """The pots in players' words (rules.md 2.2): what they hold, who wins them, and each
    player's share were they split, which they never are."""
    if pots is None or equity is None:
        return ""
    total = sum(pots)
    if float(equity).is_integer():
        share = number(equity)
    else:
        share = gettext("about %(share)s") % {"share": number(equity)}
    ways = gettext(NUMBER_WORDS[seat_count]) if seat_count in NUMBER_WORDS else str(seat_count)
    note = ngettext(
        "The pots hold %(total)s token, won only by an Ultimo. They are never shared out; "
        "split %(ways)s ways, each player would get %(share)s.",
        "The pots hold %(total)s tokens, won only by an Ultimo. They are never shared out; "
        "split %(ways)s ways, each player would get %(share)s.",
        total,
    )
    return note % {"total": number(total), "ways": ways, "share": share}


def sheet_row(
    number: int,
    dealer: str,
    changes: list[int],
    balances: list[int],
    pots: dict[str, int] | None,
    team_rows: list[TeamCount],
    teams: Teams = (),
    other_rules: str = "",
) -> SheetRow:
    """A row of the score sheet; with partnerships one cell per team, from the balance of the
    team's first seat (both partners' balances are the same)."""
    if teams:
        cells = [(changes[seats[0]], balances[seats[0]]) for seats in teams]
    else:
        cells = list(zip(changes, balances, strict=True))
    pot_pair = (pots["king"], pots["pagat"]) if pots is not None else None
    return SheetRow(number, dealer, cells, pot_pair, team_rows, other_rules)


def _other_rules(match: Match, options: Options) -> str:
    """How a deal's options differ from the match's current ones, in words."""
    return played_with(match.options.changes_to(options, match.game.key))


def ledger_row(entry: LedgerEntry, names: Names) -> LedgerRow:
    payer = "" if entry.source is None else _account(entry.source, names)
    payee = _account(entry.target, names)
    amount = signed(entry.amount) if entry.source is None else number(entry.amount)
    return LedgerRow(ledger_label(entry.kind, names.chicks), entry.trick, payer, payee, amount)


def _account(account: int | str | None, names: Names) -> str:
    if isinstance(account, int):
        return names.subject(account)
    return names.object(account).removeprefix("the ").capitalize() if account else ""


def _series(balances: list[list[int]], teams: Teams, seat_count: int) -> list[list[int]]:
    """Each line's values from the match's start (0) through every finished deal: a line per
    team (its first seat's balance), or per seat."""
    seats = [team[0] for team in teams] if teams else list(range(seat_count))
    return [[0] + [row[seat] for row in balances] for seat in seats]


def balance_chart(series: list[list[int]], labels: list[str], colours: tuple[str, ...]) -> Markup:
    """A line chart of balances over the deals, as inline SVG with a text alternative."""
    values = [v for line in series for v in line] or [0]
    longest = max(
        (len(f"{label} {signed(line[-1])}") for label, line in zip(labels, series, strict=True)),
        default=8,
    )
    right = 14 + round(6.4 * longest)
    width, height, left, top, bottom = 240 + right, 150, 34, 10, 22
    low, high = min(0, *values), max(0, *values)
    if high == low:
        high, low = high + 10, low - 10
    deals = max(len(series[0]) - 1, 1) if series else 1

    def x(i: int) -> float:
        return left + (width - left - right) * i / deals

    def y(v: int) -> float:
        return top + (height - top - bottom) * (high - v) / (high - low)

    desc = "; ".join(
        f"{label}: {signed(line[-1])}" for label, line in zip(labels, series, strict=True)
    )
    chart_title = gettext("Balances over the deals. Now: %(balances)s") % {"balances": desc}
    many = gettext("deals 1–%(last)s") % {"last": deals}
    deals_axis = gettext("deal 1") if deals == 1 else many
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(chart_title)}</title>',
        f'<line x1="{left}" x2="{width - right}" y1="{y(0):.1f}" y2="{y(0):.1f}" class="zero"/>',
        f'<text x="{left - 4}" y="{y(0) + 4:.1f}" text-anchor="end">0</text>',
        f'<text x="{(left + width - right) / 2:.0f}" y="{height - 4}" text-anchor="middle">'
        f"{escape(deals_axis)}</text>",
    ]
    for value in (high, low):  # the axis ends, unless they would sit on the 0
        if abs(y(value) - y(0)) >= 12:
            parts.append(
                f'<text x="{left - 4}" y="{y(value) + 4:.1f}" text-anchor="end">'
                f"{signed(value)}</text>"
            )
    # The legend lists the lines from the highest balance down, as their ends lie, each in its
    # line's colour (an inline style: the stylesheet's muted fill for chart text would win
    # over a fill attribute).
    standing = sorted(range(len(series)), key=lambda index: -series[index][-1])
    for index, (line, label) in enumerate(zip(series, labels, strict=True)):
        colour = colours[index % len(colours)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
            f'stroke-linejoin="round"/>'
        )
        end_x, end_y = x(len(line) - 1), y(line[-1])
        parts.append(f'<circle cx="{end_x:.1f}" cy="{end_y:.1f}" r="3" fill="{colour}"/>')
        label_y = top + 12 + 14 * standing.index(index)
        parts.append(
            f'<text x="{width - right + 8}" y="{label_y}" style="fill:{colour}" class="legend">'
            f"{escape(label)} {signed(line[-1])}</text>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))
