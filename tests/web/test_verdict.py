"""What the table says about people and results (issue #21): the deal's verdict line, the pots
and the hand record in players' words, ledgers without empty columns, real minus signs, the
balance's unit, the Partner badge, a person who is away, the computers' names and the seats of
the friends' table form."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from app.engine.deal import Deal
from app.engine.games import GAMES
from app.engine.ledger import KING_POT, PAGAT_POT, LedgerEntry
from app.engine.match import Match
from app.engine.observation import Observation, observe
from app.engine.options import DANISH, TROCCAS, Options
from app.web.http.render import number, signed
from app.web.show.events import Names
from app.web.show.pacing import make_frame
from app.web.show.summary import pots_note
from app.web.show.verdict import change_of, unit, verdict
from app.web.table.seats import COMPUTER_NAMES
from tests.web.factory import play_out
from tests.web.friends import act, create, full_table, join, poll, spectator
from tests.web.support import HX, Person, TestClient, away, finish_deal, site_of, start

DANISH_NAMES = ["You", "Right", "Left"]


def seen_by(viewer: int, chicks: bool = False) -> Names:
    """The names a friends' table's page at ``viewer`` uses: "You" there, Anna, Bo, Cy else."""
    names = ["Anna", "Bo", "Cy"]
    names[viewer] = "You"
    return Names(names, viewer, chicks)


def finished(game: str, seed: int, deals: int = 1) -> Deal:
    """The last of ``deals`` deals of a match, played out by random moves."""
    match = Match.new(game, Options(), f"verdict-{seed}")
    for number_ in range(deals):
        deal = match.start_deal()
        play_out(deal, seed * 10 + number_)
    return deal


def danish_over(ledger: list[LedgerEntry]) -> Observation:
    """A finished Danish deal's observation from seat 0, with ``ledger`` as its ledger."""
    return replace(observe(finished(DANISH, 1), 0), ledger=tuple(ledger))


def pay(kind: str, source: Any, target: Any, amount: int, trick: int | None = 25) -> LedgerEntry:
    return LedgerEntry(kind, trick, source, target, amount)


# ------------------------------------------------------------------ the verdict line


def test_an_ultimo_is_the_reason_whatever_else_was_paid() -> None:
    obs = danish_over(
        [
            pay("dealer-fee", 0, KING_POT, 5, None),
            pay("king-ultimo", KING_POT, 2, 50),
            pay("king-ultimo", 0, 2, 40),
            pay("king-ultimo", 1, 2, 40),
            pay("last-trick", 0, 2, 20),
        ]
    )
    assert verdict(obs, Names(DANISH_NAMES, 0, False)) == (
        "You lost 65 tokens: Left made the King Ultimo."
    )
    assert verdict(obs, seen_by(2)) == "You won 150 tokens: you made the King Ultimo."
    assert verdict(obs, seen_by(1, chicks=True)) == "You lost 40 tokens: Cy made the Queen Ultimo."


def test_a_bagud_a_tout_and_a_nolo_are_named() -> None:
    bagud = danish_over(
        [pay("bagud", 1, 0, 45), pay("bagud", 1, 2, 45), pay("bagud", 1, PAGAT_POT, 30)]
    )
    assert verdict(bagud, Names(DANISH_NAMES, 0, False)) == (
        "You won 45 tokens: Right lost the last trick with an Ultimo card (Bagud)."
    )
    tout = danish_over([pay("tout", 0, 1, 135, None), pay("tout", 2, 1, 135, None)])
    assert verdict(tout, Names(DANISH_NAMES, 0, False)) == (
        "You lost 135 tokens: Right took every trick (Tout)."
    )
    nolo = danish_over([pay("nolo", 1, 0, 25, None), pay("nolo", 2, 0, 25, None)])
    assert verdict(nolo, Names(DANISH_NAMES, 0, False)) == (
        "You won 50 tokens: you took no trick (Nolo)."
    )


def test_without_an_ultimo_the_biggest_payment_in_the_deal_s_direction_is_the_reason() -> None:
    obs = danish_over(
        [
            pay("pot-founding", 0, KING_POT, 20, None),
            pay("pot-founding", 0, PAGAT_POT, 20, None),
            pay("last-trick", 1, 0, 20),
            pay("last-trick", 2, 0, 20),
            LedgerEntry("count", None, None, 0, -6),
        ]
    )
    # -40 into the pots, +40 for the last trick, -6 for the count: the pots are the stake
    # of every deal, not its reason; the count is what went the deal's way
    assert verdict(obs, Names(DANISH_NAMES, 0, False)) == (
        f"You lost 6 tokens: your count was {obs.counts[0]}, which cost 6."  # type: ignore[index]
    )
    assert verdict(obs, seen_by(1)) == "You lost 20 tokens: Anna won the last trick."
    watched = verdict(obs, Names(["Anna", "Bo", "Cy"], -1, False))
    assert watched.startswith("Anna lost 6 tokens: Anna's count was ")  # Bo and Cy lost 20
    even = danish_over([pay("declaration", 1, 0, 10, None), pay("declaration", 0, 1, 10, None)])
    assert verdict(even, seen_by(0)).startswith("You broke even: ")


@pytest.mark.parametrize("seed", range(12))
def test_the_verdict_s_amount_is_the_change_of_the_viewer_s_balance(seed: int) -> None:
    deal = finished(DANISH, seed, deals=2)
    before = deal.before
    assert before is not None
    for seat in range(3):
        obs = observe(deal, seat)
        change = obs.balances[seat] - before.balances[seat]
        assert change_of(obs.ledger, seat) == change
        line = verdict(obs, Names(DANISH_NAMES, seat, False))
        if change == 0:
            assert " broke even: " in line
        else:
            said = f"{'won' if change > 0 else 'lost'} {abs(change)} {unit(obs.rules, change)}: "
            assert said in line, line
        assert line.endswith(".")
        assert "-" not in line


@pytest.mark.parametrize("seed", range(6))
def test_a_troccas_verdict_names_the_partners_and_their_team_s_count(seed: int) -> None:
    deal = finished(TROCCAS, seed)
    obs = observe(deal, 1)
    assert obs.counts is not None
    team = next(t for t in obs.rules.team_counts(obs.counts) if 1 in t.seats)
    line = verdict(obs, Names(["Anna", "You", "Ben", "Ursina"], 1, False))
    outcome = "won" if team.result > 0 else "lost" if team.result < 0 else "broke even"
    assert line.startswith(f"You and Ursina {outcome}")
    side = "over" if team.result >= 0 else "under"
    assert line.endswith(f": your team counted {team.count}, {abs(team.result)} {side} 36.")
    if team.result:
        assert f" {abs(team.result)} point" in line
    watched = verdict(obs, Names(["Anna", "Bo", "Ben", "Ursina"], -1, False))
    assert ": their team counted " in watched  # someone watching hears the better team


def test_units_agree_with_their_amounts() -> None:
    danish, troccas = GAMES[DANISH], GAMES[TROCCAS]
    assert (unit(danish, 1), unit(danish, -12), unit(troccas, 1), unit(troccas, 34)) == (
        "token",
        "tokens",
        "point",
        "points",
    )


def test_numbers_have_a_real_minus_sign() -> None:
    assert [number(-94), number(94), number(0), number(130 / 3), number(-2.5)] == [
        "−94",
        "94",
        "0",
        "43.3",
        "−2.5",
    ]
    assert (signed(-94), signed(5)) == ("−94", "+5")


def test_the_pots_are_told_in_players_words() -> None:
    note = pots_note((65, 65), 130 / 3, 3)
    assert note == (
        "The pots hold 130 tokens, won only by an Ultimo. They are never shared out; split "
        "three ways, each player would get about 43.3."
    )
    assert pots_note((30, 30), 20.0, 3).endswith("each player would get 20.")
    assert pots_note(None, None, 4) == ""


# ------------------------------------------------------------------ the summary page


def summary_of(html: str) -> str:
    return html.split('id="summary"', 1)[1]


def test_the_summary_opens_with_the_verdict_and_speaks_plainly(client: TestClient) -> None:
    person = start(client)
    finish_deal(person)
    summary = summary_of(person.get().text)
    line = re.search(r'<p class="verdict" id="verdict">([^<]+)</p>', summary)
    assert line, "the summary has a verdict line"
    assert line.group(1).startswith("You ")
    assert summary.index('id="verdict"') < summary.index("<h3>Counts</h3>")
    assert "share of the pots" not in summary
    assert "The pots hold " in summary
    assert "trionfi-hand/1" not in person.html
    assert "Download the hand record</a>" in summary
    assert "(to replay it later" in summary
    assert not re.search(r"[>\s(]-\d", summary), "every negative number has a real minus"
    assert '<th scope="col">From</th>' in summary  # a Danish deal: payments between players
    assert person.get("/deals/1.json").json()["format"] == "trionfi-hand/1"  # the file keeps it


def test_the_troccas_ledger_drops_its_empty_columns(client: TestClient) -> None:
    person = start(client, game="troccas")
    finish_deal(person)
    summary = summary_of(person.get().text)
    ledger = summary.split('class="ledger"', 1)[1].split("</table>", 1)[0]
    assert '<th scope="col">Trick</th>' not in ledger
    assert '<th scope="col">From</th>' not in ledger
    assert ledger.count("<td>") == 2 * (ledger.count("<tr>") - 1)  # What, To (and Amount)
    assert "your team counted" in summary.split('id="verdict">', 1)[1].split("<", 1)[0]
    last = len(person.get("/deals/1.json").json()["actions"])
    replay = person.get(f"/deals/1?step={last}").text
    replay_ledger = replay.split("replay-ledger", 1)[1].split("</table>", 1)[0]
    assert '<th scope="col">From</th>' not in replay_ledger
    assert not re.search(r"[>\s(]-\d", replay.split('id="replay"', 1)[-1])


def test_the_upload_page_keeps_the_format_name_out(client: TestClient) -> None:
    page = client.get("/replay").text
    assert "trionfi-hand/1" not in page
    assert "hand record file" in page


# ------------------------------------------------------------------ seat panels


def seat_panel(html: str, seat: int) -> str:
    return html.split(f'id="seat-{seat}"', 1)[1].split('class="seat pos-', 1)[0]


def seat_label(html: str, seat: int) -> str:
    found = re.search(rf'id="seat-{seat}"[^>]*aria-label="([^"]*)"', html)
    assert found
    return found.group(1)


def test_the_balance_shows_its_unit(client: TestClient) -> None:
    danish = start(client)
    shown = (
        r'class="balance"[^>]*><span class="sr-only">Balance </span>[−+]?\d+ <span class="unit">'
    )
    assert len(re.findall(shown + "tokens</span>", danish.html)) == 3
    troccas = start(client, game="troccas")
    assert len(re.findall(shown + "points</span>", troccas.html)) == 4


def test_the_partner_is_named_so_against_the_computer(client: TestClient) -> None:
    """The seat opposite is called "Partner" there: no badge saying it a second time."""
    person = start(client, game="troccas")
    html = person.html
    assert ">Partner</span>" in seat_panel(html, 2)
    assert seat_label(html, 2).startswith("Partner")
    for seat in range(4):
        assert 'class="badge partner"' not in seat_panel(html, seat)
        assert "your partner" not in seat_label(html, seat)
    assert 'class="badge partner"' not in start(client).html  # no partners in Danish Tarok


def test_the_partner_is_marked_at_a_friends_table(client: TestClient) -> None:
    people = full_table(client, TROCCAS)
    for seat, person in enumerate(people):
        html = person.get().text
        partner = GAMES[TROCCAS].partner_of(seat)
        assert partner is not None
        marked = [s for s in range(4) if 'class="badge partner"' in seat_panel(html, s)]
        assert marked == [partner]
        assert seat_label(html, partner).endswith(", your partner") or ", your partner," in (
            seat_label(html, partner)
        )
    watcher = spectator(people[0])
    assert 'class="badge partner"' not in watcher.html  # someone watching has no partner


# ------------------------------------------------------------------ someone away


def status_line(html: str) -> str:
    found = re.search(r'id="status"[^>]*>([^<]*)<', html)
    assert found
    return found.group(1)


def person_to_play_away(client: TestClient) -> tuple[list[Person], int]:
    """A Danish friends' table in play with the person to play (not the host) away."""
    people = full_table(client)
    for _ in range(20):
        phase, turn, _ = people[0].state()
        if phase == "play" and turn != 0:
            break
        for seat, person in enumerate(people):
            phase, turn, _ = person.state()
            if phase == "declarations" or (phase != "over" and turn == seat):
                act(person)
    for person in people[1:]:  # everyone past the declarations' pause
        if person.state()[0] == "declarations":
            act(person)
    phase, turn, _ = people[0].state()
    assert (phase, turn != 0) == ("play", True)
    away(client, people[0].table_id, turn)
    return people, turn


def test_the_status_says_the_table_waits_for_a_person_who_is_away(client: TestClient) -> None:
    people, turn = person_to_play_away(client)
    name = f"P{turn}"
    host = people[0]
    assert status_line(host.get().text) == (
        f"{name} is away: the table waits for {name}. You can let a computer play for {name} "
        "until they are back."
    )
    other = people[3 - turn]
    assert status_line(other.get().text) == f"{name} is away: the table waits for {name}."
    assert "is thinking" not in other.html


def test_a_poll_brings_the_absence_to_the_status_and_the_live_region(client: TestClient) -> None:
    people, turn = person_to_play_away(client)
    host = people[0]
    version = host.version()
    here = "111"  # what the page showed: everyone here
    answer = poll(host, version, here)
    assert answer.status_code == 200
    assert answer.headers.get("HX-Reswap") == "none"  # only the seats and the status change
    text = answer.text
    assert f'<p id="status" hx-swap-oob="innerHTML">P{turn} is away: the table waits' in text
    assert 'id="announcements" hx-swap-oob="beforeend"' in text
    mark = text.split("p=", 1)[1].split("&", 1)[0]
    again = poll(host, version, mark)  # nothing changed since: no second announcement
    assert again.status_code in (200, 204)
    assert "announcements" not in again.text


def test_a_computer_standing_in_is_said_to_play_for_the_person(client: TestClient) -> None:
    people, turn = person_to_play_away(client)
    table = site_of(client).store.get(people[0].table_id)
    table.seats[turn].stand_in = "medium"  # as "Let a computer play for" does, before it moves
    timeline = site_of(client).timelines.of(table, 0)
    frame = make_frame(table, timeline, presence=site_of(client).presence.states(table))
    assert frame.status() == f"A computer plays for P{turn}, who is away: it is thinking…"


# ------------------------------------------------------------------ friends' tables


def seat_names_of(host: Person) -> list[str]:
    table = site_of(host.client).store.get(host.table_id)
    return [seat.name for seat in table.seats]


def test_computers_have_names_at_a_friends_table(client: TestClient) -> None:
    danish = create(client, DANISH, ("person", "medium", "easy"))
    assert seat_names_of(danish) == ["Anna", "Karen", "Mads"]
    troccas = create(client, TROCCAS, ("medium", "person", "hard", "person"))
    assert seat_names_of(troccas) == ["Gian", "Anna", "Ursina", ""]
    assert not re.search(r"Computer \d", troccas.html)


def test_a_computer_s_name_never_clashes_with_a_person_s(client: TestClient) -> None:
    host = create(client, DANISH, ("person", "medium", "person"), name="karen")
    assert seat_names_of(host) == ["karen", "Mads", ""]  # not "Karen" beside "karen"
    join(host, "Mads", 2)  # a person takes a computer's name: the computer changes its own
    names = seat_names_of(host)
    assert names[2] == "Mads"
    assert names[1] not in ("Mads", "karen")
    assert names[1] in COMPUTER_NAMES[DANISH]


def test_a_person_s_name_is_still_unique(client: TestClient) -> None:
    host = create(client, DANISH, ("person", "person", "medium"), name="Bo")
    response = client.post(f"{host.url}/join", data={"name": "bo", "seat": "1"}, headers=HX)
    assert "called bo already" in response.text
    assert seat_names_of(host)[1] == ""


def test_the_friends_form_labels_seats_for_the_chosen_game(client: TestClient) -> None:
    page = client.get("/").text
    form = page.split('action="/friends"', 1)[1].split("</form>", 1)[0]
    assert "(Troccas)" not in form
    assert '<span class="seats-troccas">Seat 4, partner of seat 2</span>' in form
    assert '<span class="seats-troccas">Seat 1, partner of seat 3</span>' in form
    assert '<span class="seats-danish-tarok">Seat 3</span>' in form
    assert '<span class="seats-danish-tarok">Seat 4' not in form  # Danish Tarok has three seats
