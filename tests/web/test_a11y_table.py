"""Accessibility of the table page, at the level of its routes: what can hold focus while the
computers' moves are revealed, the "Discard" button taking focus once the discard is chosen,
the lobby's polite news, a "Refresh" link for pages without JavaScript, and announcements that
read as English sentences for every seat, over whole deals of both games (design.md 1.6)."""

from __future__ import annotations

import html as htmlib
import re
from typing import Any

import pytest

from app.engine.cards import SUIT_OF, parse
from app.engine.declarations import Declaration
from app.engine.match import Match
from app.engine.options import Options
from app.engine.troccas import Bob
from app.web.show.events import Event, Names, bob_text, declaration_text
from app.web.show.pacing import make_frame
from app.web.show.timeline import SPECTATOR, Timelines
from app.web.table.model import Seat, Table, TableSettings
from tests.web.factory import build_table, person_discards, person_leads_fool, play_out
from tests.web.friends import create, full_table, join, play_deal, poll, spectator
from tests.web.support import Person, TestClient, attribute, start

SeatAt = Any

BAD_AGREEMENT = ("You's", "You plays", "You wins", "You has", "You is", "you's", "you, who")
THIRD_PERSON_AFTER_YOU = re.compile(r"\bYou (?!pass\b)[a-z]+s\b")


def problems(text: str) -> list[str]:
    """What reads badly in one announcement (empty, double spaces, "You's", "You plays")."""
    found = [bad for bad in BAD_AGREEMENT if bad in text]
    if not text.strip():
        found.append("empty")
    if "  " in text or text != text.strip():
        found.append("stray spaces")
    if THIRD_PERSON_AFTER_YOU.search(text):
        found.append("a third-person verb after You")
    if ".." in text or " ." in text or " ," in text or "((" in text or "))" in text:
        found.append("stray punctuation")
    if re.search(r"\b(kings|queens)\b", text) and re.search(r"\b(king|queen) of\b", text, re.I):
        found.append("a King named in kings")  # "half kings: ..., no king of three kings"
    return found


def page_text(html: str) -> str:
    """What a screen reader reads of a page: its text without tags and scripts."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(htmlib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def announcements(html: str) -> list[str]:
    return [
        htmlib.unescape(text)
        for text in re.findall(r'<p class="event event-[\w-]+">([^<]*)</p>', html)
    ]


# ------------------------------------------------------------------ announcements


def played_table(game: str, options: Options, seed: int, deals: int) -> Table:
    """A friends' table of four named people whose ``deals`` deals random bots played out;
    the current deal is the last one, over."""
    names = ["Ann", "Ben", "Cy", "Di"][: 3 if game == "danish-tarok" else 4]
    match = Match.new(game, options, f"a11y-{seed}")
    seats = [Seat("person", name, token_hash="x") for name in names]
    table = Table(
        f"a11y{seed}{game[:2]}{int(options.chicks_rule)}{int(options.manual_bob)}",
        match,
        seats,
        TableSettings(speed="instant"),
        seed=f"a11y-{seed}",
        host=0,
    )
    table.started = True
    for number in range(deals):
        play_out(match.start_deal(), seed * 100 + number)
    for seat in range(len(seats)):
        table.acknowledge(seat)
    return table


def every_text(table: Table) -> list[str]:
    """Every announcement of the current deal for every seat and a spectator, and the lists
    the table shows (declarations, Bobs) as each of them reads them."""
    texts: list[str] = []
    timelines = Timelines()
    for viewer in [*range(len(table.seats)), SPECTATOR]:
        timeline = timelines.of(table, viewer)
        events: list[Event] = timeline.events_between(0, timeline.last)
        texts += [event.text for event in events]
        for step in range(timeline.last + 1):
            frame = make_frame(table, timeline, step)
            texts += [f"{name}: {text}" for name, text, _ in frame.declarations()]
            texts += frame.bob_lines()
    return texts


DANISH_OPTIONS = [
    Options(),
    Options(chicks_rule=True, pagat_trick_reward=True),
    Options(conceal_discards=True, round_count=True, last_trick_paid_when_ultimo_fails=True),
]
TROCCAS_OPTIONS = [Options(), Options(chicks_rule=True), Options(manual_bob=True)]


@pytest.mark.parametrize(
    ("game", "options"),
    [("danish-tarok", o) for o in DANISH_OPTIONS] + [("troccas", o) for o in TROCCAS_OPTIONS],
)
def test_every_announcement_of_whole_deals_reads_well(game: str, options: Options) -> None:
    told = {"Bob": 0, "declare": 0}
    for seed in range(6):
        table = played_table(game, options, seed, deals=1 + seed % 2)
        texts = every_text(table)
        assert texts
        for text in texts:
            assert not problems(text), (problems(text), text)
        told["Bob"] += sum(text.startswith("Bob") for text in texts)
        told["declare"] += sum(" declare" in text for text in texts)
    assert told["Bob" if game == "troccas" else "declare"]  # the deals had those to tell


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_announcements_on_the_pages_of_a_whole_deal_between_people(
    client: TestClient, game: str
) -> None:
    """Through the routes: every page of every person after every step."""
    options = {"dk_chicks_rule": "on"} if game == "danish-tarok" else {"tr_manual_bob": "on"}
    people = full_table(client, game, **options)
    seen: set[str] = set()

    def check(person: Person) -> None:
        text = page_text(person.html)
        for bad in BAD_AGREEMENT:
            assert bad not in text, (bad, text)
        for line in announcements(person.html):
            assert not problems(line), (problems(line), line)
            seen.add(line)

    play_deal(people, check)
    check(spectator(people[0]))
    assert any(" play " in line for line in seen)  # "You play ..." on each own page
    assert any(" plays " in line for line in seen)
    assert any(line.startswith("The deal is over") for line in seen)


def test_declarations_read_naturally() -> None:
    def text(kind: str, detail: str, chicks: bool = False) -> str:
        return declaration_text(Declaration(0, kind, detail, 5), chicks)

    half = "three Kings and the Fool, none in Swords"
    assert text("half-kings", half) == "half kings (three Kings and the Fool, none in Swords)"
    queens = "three Queens and the Fool, none in Cups"
    assert text("half-kings", queens, chicks=True) == (
        "half queens (three Queens and the Fool, none in Cups)"
    )
    assert text("full-kings", "all four Kings") == "full kings (all four Kings)"
    assert text("trumps", "12 trumps, with the I") == "12 trumps, with the I"
    assert text("matadors", "5 matadors") == "5 matadors"
    assert text("half-cavalry", "Cups, without the Knight") == (
        "half cavalry in Cups, without the Knight"
    )
    assert text("abundant-cavalry", "Coins, with the Fool") == (
        "abundant cavalry in Coins, with the Fool"
    )


def test_bobs_agree_with_you() -> None:
    names = Names(["You", "Ben", "Cy", "Di"], 0, chicks=False)
    page, spot = parse("CU-P"), parse("CU-3")
    cups = SUIT_OF[page]
    assert bob_text(Bob(3, cups, revealed=0), names) == (
        "Bob in cups: the page of that suit is in your hand."
    )
    assert "in Ben's hand" in bob_text(Bob(3, cups, revealed=1), names)
    taken = Bob(2, cups, source=0, target=1, page=page, returned=spot)
    assert bob_text(taken, names) == (
        "Bob! Ben takes Page of Cups from you and gives you 3 of Cups from the trick."
    )
    mine = Bob(2, cups, source=2, target=0, page=page, returned=spot)
    assert bob_text(mine, names) == (
        "Bob! You take Page of Cups from Cy and give Cy 3 of Cups from the trick."
    )
    own = Bob(2, cups, source=0, target=0, page=page, returned=spot)
    assert bob_text(own, names) == "Bob! You swap Page of Cups for 3 of Cups from the trick."


# ------------------------------------------------------------------ focus


def hand_tag(html: str) -> str:
    found = re.search(r'<div id="hand"[^>]*>', html)
    assert found, "no #hand"
    return found.group(0)


def test_the_hand_can_hold_focus_and_every_table_page_has_the_script(
    client: TestClient, seat: SeatAt
) -> None:
    person = start(client)  # against the computer: the script keeps focus there too
    assert 'tabindex="-1"' in hand_tag(person.html)  # discarding
    assert "/static/js/table.js?v=" in person.html
    settings = TableSettings(speed="normal")
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, settings=settings))
    assert 'tabindex="-1"' in hand_tag(person.html)  # playing
    card = next(c for c in person.legal() if c != "FOOL")
    version = int(attribute(person.html, "data-version"))
    person.post("play", {"version": version, "card": card}, htmx=True)
    waiting = person.html
    assert 'class="tick"' in waiting  # the computers' moves are being revealed
    assert 'tabindex="-1"' in hand_tag(waiting)  # where focus waits (static/js/table.js)
    assert "autofocus" not in waiting.split('<div id="announcements"')[0]
    latest = person.get(htmx=True).text
    first_legal = re.search(r'<button [^>]*class="card legal[^"]*"[^>]*>', latest)
    assert first_legal
    assert "autofocus" in first_legal.group(0)  # the turn is back


@pytest.mark.parametrize(("game", "size"), [("danish-tarok", 3), ("troccas", 2)])
def test_the_discard_button_takes_focus_once_the_discard_is_chosen(
    seat: SeatAt, game: str, size: int
) -> None:
    person = seat(*build_table(game, wanted=person_discards))
    version = int(attribute(person.html, "data-version"))
    legal = person.legal()

    def discard_button() -> str:
        found = re.search(r'<button type="submit" id="discard-button"[^>]*>', person.html)
        assert found
        return found.group(0)

    assert "autofocus" not in discard_button()
    for count, card in enumerate(legal[:size], 1):
        person.post("select", {"version": version, "select": card}, htmx=True)
        assert ("autofocus" in discard_button()) == (count == size), count
    person.post("select", {"version": version, "unselect": legal[0]}, htmx=True)
    assert "autofocus" not in discard_button()
    # Without JavaScript: the plain form, and the page after it, focus the button too.
    response = person.post("select", {"version": version, "select": legal[0]})
    assert response.status_code == 303
    person.get()
    assert "autofocus" in discard_button()
    response = person.post("discard", {"version": version, "card": legal[:size]})
    assert response.status_code == 303
    assert attribute(person.get().text, "data-phase") != "discard"


# ------------------------------------------------------------------ the lobby


def lobby_status(html: str) -> tuple[list[str], str]:
    """The seats' news (data-news) and what the lobby says after it (data-after)."""
    news = [htmlib.unescape(n) for n in re.findall(r'data-news="([^"]*)"', html)]
    return news, htmlib.unescape(attribute(html, "data-after"))


def test_the_lobby_tells_who_took_a_seat_and_when_the_game_can_start(
    client: TestClient,
) -> None:
    host = create(client, seats=("person", "person", "person"), name="Anna")
    page = host.html
    status = re.search(r'<p id="lobby-status"[^>]*>', page)
    assert status
    assert 'role="status"' in status.group(0)
    assert page.index('id="lobby-status"') < page.index('<div id="table"')  # not redrawn
    assert lobby_status(page) == (["You took seat 1."], "Waiting for 2 more people.")

    version = int(attribute(page, "data-version"))
    ben = join(host, "Ben", 1)
    answer = poll(host, version)
    assert answer.status_code == 200
    assert 'id="lobby-status"' not in answer.text  # the partial leaves it in place
    assert lobby_status(answer.text) == (
        ["You took seat 1.", "Ben took seat 2."],
        "Waiting for 1 more person.",
    )
    join(host, "Cy", 2)
    assert lobby_status(host.get(htmx=True).text)[1] == "Every seat is taken: you can start."
    assert ">Start</button>" in host.html
    assert lobby_status(ben.get(htmx=True).text)[1] == (
        "Every seat is taken: the game begins when Anna starts it."
    )
    assert lobby_status(spectator(host).html)[1] == "Every seat is taken."


def test_without_javascript_a_friends_table_has_a_refresh_link(client: TestClient) -> None:
    host = create(client, seats=("person", "person", "medium"))
    refresh = re.compile(
        rf'<noscript>.*?<a class="button secondary[^"]*" href="/tables/{host.table_id}">'
        r"Refresh</a>.*?</noscript>",
        re.S,
    )
    assert refresh.search(host.html)  # the lobby
    guest = join(host, "Ben", 1)
    assert refresh.search(guest.html)
    assert host.post("start", {}).status_code == 303
    for page in (host.get().text, guest.get().text, spectator(host).html):
        assert refresh.search(page)  # the table, for people and spectators
    alone = start(client)
    assert "<noscript>" not in alone.html  # against the computer every page is the latest
