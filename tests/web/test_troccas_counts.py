"""Troccas counts (rules.md 3.6) at the end of a deal: each player's own count and each team's,
in the summary's counts and in the score sheet, agreeing with the engine's result of the deal
as its hand record replays it."""

from __future__ import annotations

import re
from typing import Any

from app.engine.record import parse_record, replay, result
from app.engine.troccas import TEAMS
from app.web.show.events import Names
from app.web.show.summary import own_team_labels
from app.web.table.model import TableSettings
from tests.web.factory import build_table, play_until

NAMES = ["You", "Right", "Partner", "Left"]


def finished_troccas(seat: Any, deals_before: int) -> Any:
    """A person at a Troccas table whose deal ``deals_before + 1`` has just ended."""
    table, token = build_table(
        "troccas", settings=TableSettings(speed="instant"), deals_before=deals_before
    )
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    return seat(table, token)


def engine_result(person: Any, number: int) -> dict[str, Any]:
    """The result of deal ``number``, replayed from the record the page lets one download."""
    record = person.client.get(f"{person.url}/deals/{number}.json", headers=person.headers)
    assert record.status_code == 200
    return result(replay(parse_record(record.json())))


def counts_table(html: str) -> str:
    return html.split('<table class="team-counts">', 1)[1].split("</table>", 1)[0]


def sheet_rows(html: str) -> dict[int, str]:
    """The score sheet's rows by deal number."""
    sheet = html.split("<h3>Score sheet</h3>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr>\s*<th scope="row"><a [^>]*>(\d+)</a></th>(.*?)</tr>', sheet, re.S)
    return {int(number): row for number, row in rows}


def test_the_summary_shows_each_players_count_and_each_teams(seat: Any) -> None:
    person = finished_troccas(seat, deals_before=0)
    engine = engine_result(person, 1)
    table = counts_table(person.html)
    players = re.findall(
        r'<tr class="partner"><th scope="row">([^<]+)</th><td class="num">(\d+)</td>', table
    )
    teams = re.findall(
        r'<tr class="team-total"><th scope="row">([^<]+)</th>'
        r'<td class="num"><strong>(\d+)</strong></td><td class="num"><strong>([^<]+)</strong>',
        table,
    )
    counts = engine["counts"]
    assert players == [
        ("You", str(counts[0])),
        ("Partner", str(counts[2])),
        ("Right", str(counts[1])),
        ("Left", str(counts[3])),
    ]
    assert [label for label, _, _ in teams] == ["Your team", "Their team"]
    assert [int(count) for _, count, _ in teams] == [team["count"] for team in engine["teams"]]
    assert sum(int(count) for _, count, _ in teams) == 72
    signed = [result.replace("−", "-").lstrip("+") for _, _, result in teams]
    assert [int(value) for value in signed] == [team["result"] for team in engine["teams"]]
    assert counts[0] + counts[2] == engine["teams"][0]["count"]
    assert '<th scope="col">Player</th>' in table
    assert table.count("<tbody>") == 2  # one group of rows per team


def test_the_score_sheet_shows_the_counts_of_every_deal(seat: Any) -> None:
    person = finished_troccas(seat, deals_before=2)
    rows = sheet_rows(person.html)
    assert sorted(rows) == [1, 2, 3]
    for number, row in rows.items():
        engine = engine_result(person, number)
        cells = re.findall(r'<span class="team-count">(.*?)</span></td>', row)
        assert len(cells) == 2
        for cell, team in zip(cells, engine["teams"], strict=True):
            text = re.sub(r"<[^>]+>", "", cell)
            first, second = team["seats"]
            assert text == (
                f"count: {NAMES[first]} {engine['counts'][first]} + "
                f"{NAMES[second]} {engine['counts'][second]} = {team['count']}"
            )
            assert f'<span class="sr-only">{NAMES[first]} </span>' in cell


def test_a_danish_score_sheet_has_no_team_counts(seat: Any) -> None:
    table, token = build_table("danish-tarok", settings=TableSettings(speed="instant"))
    assert play_until(table, lambda deal: deal.is_over, limit=400)
    person = seat(table, token)
    assert "team-count" not in person.html
    assert "team-counts" not in person.html
    assert '<th scope="col">Player</th><th scope="col">Count</th>' in person.html


def test_teams_are_named_for_whoever_reads_them() -> None:
    names = ["Ann", "Ben", "Cy", "Di"]
    assert own_team_labels(TEAMS, Names(names, 0, False)) == ["Your team", "Their team"]
    assert own_team_labels(TEAMS, Names(names, 3, False)) == ["Their team", "Your team"]
    assert own_team_labels(TEAMS, Names(names, -1, False)) == ["Ann & Cy", "Ben & Di"]
