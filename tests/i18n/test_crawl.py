"""Every page and partial, read in a pseudo-language (each message ⟦so⟧): any English word
left outside ⟦⟧ is a string nobody marked for translation.

The pseudo-language stands in for Danish, built from messages.pot. Allowed outside ⟦⟧: numbers,
card codes, the players' names, the languages' own names, punctuation, what is marked as
another language (``lang="en"``: a prose page shown in English under its note, the protocol's
reference under its translated title), and a translator's whole prose page
(``data-translated-file`` on ``main``: its text and its ``<title>`` are the translator's own,
which no catalog holds). ``allowed_english.txt`` must hold no line: every string is marked.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import app.web.table.model
import app.web.table.seats
from app.engine.cards import RANK_NAMES, SUIT_NAMES, TRUMP_TITLES
from app.engine.deal import Phase
from app.engine.options import DANISH, DANISH_FOUR, TROCCAS, Options
from app.i18n import LANGUAGES
from app.web.table.model import TableSettings
from app.web.table.seats import COMPUTER_NAMES
from tests.i18n.speaking import Reader, pseudo_language
from tests.web import friends
from tests.web.factory import (
    build_table,
    person_leads_fool,
    person_to,
    play_until,
    save,
    trumpless_table,
)
from tests.web.support import HX, TestClient, attribute, computers_moved

ALLOWED_FILE = Path(__file__).with_name("allowed_english.txt")
CHECKED_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder", "aria-roledescription")
SKIPPED = ("script", "style", "pre", "svg")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip
INLINE = {"a", "strong", "em", "b", "i", "kbd", "code", "abbr", "small", "br", "wbr"}
"""Tags a message may hold: their text is read as one with the text around them."""
PLAYERS = ("Anna", "Bo", "Cilgia", "Dario")
NAMES = {
    *PLAYERS,
    *(name for names in COMPUTER_NAMES.values() for name in names),  # people's names too
    *LANGUAGES.values(),
    *(code.upper() for code in LANGUAGES),
    "Trionfi",
    "XXI",
    "skis",
    "narr",
    "buob",
    "tarocchi",
}
"""Names, and the games' own words for cards (in their language, marked with lang)."""
PSEUDO = re.compile(r"⟦[^⟦⟧]*⟧")
NOT_WORDS = re.compile(
    r"\b(?:[A-Z]{1,2}-(?:[0-9]{1,2}|[KQCJ])|T-\d+|[IVXL]+|\d+(?:[.,:]\d+)*|[A-Z0-9]{6})\b"
)  # card codes, Roman numbers, numbers, table codes


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(set(words), key=len, reverse=True))


CARD = re.compile(
    rf"\b(?:(?:{_alternatives(RANK_NAMES.values())}) )?of (?:{_alternatives(SUIT_NAMES.values())})"
    rf"|\b(?:{_alternatives(TRUMP_TITLES)})\b"
)
SEAT = re.compile(
    rf"\b(?:{_alternatives(name for names in COMPUTER_NAMES.values() for name in names)}"
    r"|Anna|Bo|Left|Right|Partner)\b"
)


RANKS = re.compile(rf"(?:{_alternatives(RANK_NAMES.values())}|[ ,])+")
RANK = re.compile(rf"\b(?:{_alternatives(RANK_NAMES.values())})s?\b")
SUIT = re.compile(
    rf"\b(?:{_alternatives([*SUIT_NAMES.values(), *(n.lower() for n in SUIT_NAMES.values())])})\b"
)


def pattern_of(text: str) -> str:
    """``text`` with its card names as {CARD}, a list of ranks as {RANKS}, other ranks, suits
    and seats' names as {RANK}, {SUIT}, {SEAT}: one allow-list line stands for every deal."""
    if RANKS.fullmatch(text) and "," in text:
        return "{RANKS}"
    text = CARD.sub("{CARD}", text)
    return SEAT.sub("{SEAT}", SUIT.sub("{SUIT}", RANK.sub("{RANK}", text)))


def allowed() -> set[str]:
    lines = ALLOWED_FILE.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def english_left(text: str) -> str:
    """What of ``text`` is not translated: "" when nothing is."""
    while PSEUDO.search(text):
        text = PSEUDO.sub(" ", text)
    text = NOT_WORDS.sub(" ", text)
    words = [word for word in re.findall(r"[A-Za-z][A-Za-z'’]+", text) if word not in NAMES]
    return " ".join(text.split()) if words else ""


class Visible(HTMLParser):
    """The text a reader sees or hears in a page: text nodes and labelling attributes, outside
    what another ``lang`` marks (an English page under its note) and scripts."""

    def __init__(self, language: str, translated_file: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.translated_file = translated_file
        """A translator's whole page: its ``<title>`` is the translator's too."""
        self.stack: list[tuple[str, bool]] = []
        self.found: list[str] = []
        self.text: list[str] = []

    def flush(self) -> None:
        if "".join(self.text).strip():
            self.found.append("".join(self.text))
        self.text.clear()

    def close(self) -> None:
        super().close()
        self.flush()

    def skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in INLINE:
            self.flush()
        values = dict(attrs)
        lang = values.get("lang")
        foreign = lang is not None and lang != self.language
        skip = (
            tag in SKIPPED
            or foreign
            or "data-translated-file" in values  # a translator's whole prose page
            or (tag == "title" and self.translated_file)  # and its title
        )
        if not self.skipping() and not skip:
            for name in CHECKED_ATTRIBUTES:
                if values.get(name):
                    self.found.append(str(values[name]))
            if tag == "input" and values.get("type") in ("submit", "button", "reset"):
                self.found.append(str(values.get("value") or ""))
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        if tag not in INLINE:
            self.flush()
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self.skipping():
            self.text.append(data)


TRANSLATED_FILE = re.compile(r"<main\b[^>]*\sdata-translated-file[\s>]")


def untranslated(html: str, language: str = "da") -> set[str]:
    parser = Visible(language, translated_file=bool(TRANSLATED_FILE.search(html)))
    parser.feed(html)
    parser.close()
    return {left for text in parser.found if (left := english_left(text))}


class Crawl:
    """Every answer read in the pseudo-language, with the English left in each."""

    def __init__(self) -> None:
        self.left: dict[str, str] = {}

    def read(self, where: str, html: str) -> None:
        for text in untranslated(html):
            self.left.setdefault(text, where)


class Recorded(Reader):
    crawl: Crawl | None = None

    def get(self, path: str = "", htmx: bool = False, **kwargs: Any) -> Any:
        response = super().get(path, htmx, **kwargs)
        self.seen(f"GET {self.url}{path}", response)
        return response

    def post(self, action: str, data: dict[str, Any], htmx: bool = False) -> Any:
        response = super().post(action, data, htmx)
        self.seen(f"POST {self.url}/{action}", response)
        return response

    def seen(self, where: str, response: Any) -> None:
        if self.crawl is not None and "html" in response.headers.get("content-type", ""):
            self.crawl.read(where, response.text)


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    with pseudo_language(monkeypatch, tmp_path / "locales"):
        yield


@pytest.fixture
def same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The crawl's tables deal from known seeds, so that every run reads the same words (the
    allow-list's entries stay the same)."""
    seeds = (f"{number:064x}" for number in range(1, 1000))
    monkeypatch.setattr(app.web.table.model, "new_seed", lambda: next(seeds))
    monkeypatch.setattr(app.web.table.seats, "new_seed", lambda: next(seeds))


DA = {"Accept-Language": "da"}
PAGES = [
    "/", "/rules", "/rules/danish-tarok", "/rules/troccas", "/strategy",
    "/strategy/danish-tarok", "/strategy/troccas", "/cards", "/bots", "/bots/protocol",
    "/bots/protocol/session", "/stats", "/tables", "/replay", "/no-such-page",
    "/rules/no-such-game", "/tables/nosuchtable",
]  # fmt: skip


def reader(client: TestClient, person: Any, crawl: Crawl) -> Recorded:
    seated = Recorded(client, person.table_id, person.token, language="da")
    seated.crawl = crawl
    return seated


def start_recorded(client: TestClient, crawl: Crawl, form: dict[str, str]) -> Recorded:
    """A game against the computer started from the home page's ``form``, its person's pages
    read by ``crawl`` (the client's cookies cleared: the person carries their own)."""
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303
    table_id = response.headers["location"].rsplit("/", 1)[1]
    token = response.cookies["trionfi_seat"]
    client.cookies.clear()
    person = Recorded(client, table_id, token, language="da")
    person.crawl = crawl
    return person


def play_against_the_computer(client: TestClient, crawl: Crawl, game: str) -> Recorded:
    person = start_recorded(client, crawl, {"game": game, "speed": "instant", "hints": "on"})
    for step in range(400):
        phase, turn, version = person.state()
        if phase == "over":
            break
        if step % 5 == 0:
            person.get(htmx=True)
            person.get("/poll?v=0&p=&w=0", htmx=True)
        if step == 3:
            person.post("hint", {"version": version}, htmx=True)
        if turn != 0 and phase != "declarations":
            assert computers_moved(person, version)
            continue
        friends.act(person, htmx=step % 2 == 0)
    else:
        raise AssertionError("the deal did not end")
    person.get()
    person.get("/deals")
    person.get("/deals/1")
    person.get("/deals/1?step=5")
    person.post("play", {"version": 0, "card": "XX-1"})  # a refusal, in words
    return person


def test_every_page_and_partial_is_translated(
    client: TestClient, same_deals: None, pseudo: None
) -> None:
    crawl = Crawl()
    for page in PAGES:
        crawl.read(f"GET {page}", client.get(page, headers=DA).text)
    crawl.read("POST /language", client.post("/language", data={"language": "xx"}).text)
    for game in ("danish-tarok", "troccas"):
        play_against_the_computer(client, crawl, game)
    # a friends' table: its lobby (host and guest), then a whole deal of people
    host = friends.create(client, "danish-tarok", ("person", "person", "easy"), name="Anna")
    seated = [reader(client, host, crawl)]
    seated[0].get()
    guest = friends.join(host, "Bo", 1)
    seated.append(reader(client, guest, crawl))
    seated[1].get()
    crawl.read("GET /join", client.get(f"/join?code={friends.code_of(seated[0].html)}",
                                       headers=DA).text)  # fmt: skip
    seated[0].post("start", {})
    friends.play_deal(seated)
    seated[0].get("/deals")
    for person in seated:
        person.get()
    crawl.read("GET /tables (after)", client.get("/tables", headers=DA).text)
    crawl.read("GET / (after)", client.get("/", headers=DA).text)
    known = allowed()
    missing = {}
    for text, where in crawl.left.items():
        if pattern_of(text) not in known:
            missing.setdefault(pattern_of(text), where)
    if dump := os.environ.get("TRIONFI_CRAWL_DUMP"):  # for whoever updates the allow-list
        seen = sorted({pattern_of(text) for text in crawl.left})
        Path(dump).write_text("\n".join(seen) + "\n", encoding="utf-8")
    report = "\n".join(f"{text!r}  ({where})" for text, where in sorted(missing.items()))
    assert not missing, f"{len(missing)} English strings outside ⟦⟧:\n{report}"


def test_the_allow_list_is_empty() -> None:
    """Every string is marked for translation: the allow-list is only its header now, and a
    line in it is English the crawl would let pass."""
    assert allowed() == set(), f"{ALLOWED_FILE.name} must hold no line"


def test_a_translators_whole_page_is_theirs_title_included(pseudo: None) -> None:
    page = (
        "<html><head><title>Regler for dansk tarok · Trionfi</title></head><body>"
        '<nav><a>⟦Rules⟧</a></nav><main id="main" data-translated-file><h1>Dansk tarok</h1>'
        "</main></body></html>"
    )
    assert untranslated(page) == set()
    catalog_page = page.replace(" data-translated-file", "")  # the title is then a catalog's
    assert "Regler for dansk tarok · Trionfi" in untranslated(catalog_page)


@pytest.mark.parametrize("path", ["/bots/protocol", "/bots/protocol/session"])
def test_the_protocol_pages_speak_the_readers_language_around_an_english_reference(
    client: TestClient, pseudo: None, path: str
) -> None:
    """The crawl reads these pages like any other (PAGES); here: what they hold in English is
    the reference alone, marked ``lang="en"``, under a note saying so in the reader's language."""
    html = client.get(path, headers=DA).text
    assert '<html lang="da">' in html
    assert untranslated(html) == set()
    title = re.search(r"<title>(.*?)</title>", html)
    assert title
    assert title.group(1).startswith("⟦")
    assert re.search(r'<h1 id="doc-title">⟦[^<]*trionfi-bot/1[^<]*⟧</h1>', html)
    note, reference = html.split('<p class="note doc-language">', 1)[1].split("</p>", 1)
    assert note.startswith("⟦")
    assert '<div class="doc-body" lang="en">' in reference
    body = reference.split('<div class="doc-body" lang="en">', 1)[1]
    assert "⟦" not in body  # the reference itself: English, word for word
    english = client.get(path).text
    assert "doc-language" not in english  # no note for an English reader


def test_the_crawl_sees_english(pseudo: None) -> None:
    """The crawl's own check: English outside ⟦⟧ is found, names and codes are not."""
    html = (
        '<p>⟦Deal⟧ 3</p><p>Anna · CU-K · XXI</p><p title="Played by">x</p>'
        '<main lang="en"><p>English prose</p></main><button>Start</button>'
    )
    assert untranslated(html) == {"Played by", "Start"}


def test_two_seats_at_one_table_each_read_their_own_language(
    client: TestClient, pseudo: None
) -> None:
    host = friends.create(client, "danish-tarok", ("person", "person", "easy"))
    guest = friends.join(host, "Bo", 1)
    dane = Reader(client, host.table_id, host.token, language="da")
    english = Reader(client, guest.table_id, guest.token, language="en")
    dane.post("start", {})
    for person, language in ((dane, "da"), (english, "en")):
        page = person.get()
        assert f'<html lang="{language}">' in page.text
        _, _, version = person.state()
        partial = person.get(htmx=True).text
        poll = person.client.get(f"{person.url}/poll?v={version - 1}&p=&w=0",
                                 headers={**person.headers, **HX}).text  # fmt: skip
        for html in (page.text, partial, poll):
            assert ("⟦" in html) == (language == "da"), language
        assert attribute(page.text, "data-version") == str(version)


# ---------------------------------------------------------------- the rarer states, one each


def built_at(
    game: str, options: Options, wanted: Any, tries: int = 60, acknowledge: bool = True
) -> tuple[Any, str]:
    """A table whose deal has come, by random moves, to ``wanted``."""
    for attempt in range(tries):
        table, token = build_table(
            game, options=options, seed=attempt * 7, deals_before=attempt % 4, acknowledge=False
        )
        if play_until(table, wanted, seed=attempt, keep_fool=True):
            if acknowledge:
                table.acknowledge(0)
            return table, token
    raise AssertionError(f"no deal came to the state wanted in {game}")


def read_state(
    client: TestClient, data_dir: Path, crawl: Crawl, built: Any, phase: str = ""
) -> Recorded:
    """Seat the person at a built table (in ``phase``, if given), read its page and partial,
    then play on a few moves, reading each answer."""
    table, token = built
    save(table, data_dir)
    person = Recorded(client, table.id, token, language="da")
    person.crawl = crawl
    person.get()
    assert not phase or attribute(person.html, "data-phase") == phase
    person.get(htmx=True)
    for _ in range(3):
        phase, turn, version = person.state()
        if phase == "over":
            break
        if turn == 0 or phase == "declarations":
            friends.act(person, htmx=True)
        else:
            computers_moved(person, version)
    return person


def read_the_draw(client: TestClient, crawl: Crawl) -> None:
    """The draw before the match (rules.md 2.1a, 3.1a): a table against the computer's first
    page, and a friends' table's lobby note and its first page after the reseating."""
    for field in ("dk_draw_first_dealer", "tr_draw_partners"):
        game = DANISH if field.startswith("dk") else TROCCAS
        person = start_recorded(client, crawl, {"game": game, "speed": "instant", field: "on"})
        person.get()
    seats = ("person", "easy", "easy", "easy")
    host = friends.create(client, TROCCAS, seats, name="Anna", tr_draw_partners="on")
    seated = reader(client, host, crawl)
    seated.get()
    seated.post("start", {})
    seated.get()


def test_the_rarer_states_are_translated(
    client: TestClient, data_dir: Path, same_deals: None, pseudo: None
) -> None:
    """The Fool's question, the demand of the Fool, the Bob, the Chicks choice after the
    deal, the question of a new deal for a hand with no trumps and a void deal, the
    declarations' pause, tap to continue, a take back, Danish Tarok for four and the draw
    before the match: the states a whole deal seldom or never comes to."""
    crawl = Crawl()
    fool, token = build_table(wanted=person_leads_fool, deals_before=2)
    save(fool, data_dir)
    leader = Recorded(client, fool.id, token, language="da")
    leader.crawl = crawl
    _, _, version = leader.state()
    leader.post("play", {"version": version, "card": "FOOL"}, htmx=True)  # which suit?
    assert "fool-question" in leader.html
    leader.post("play", {"version": version, "card": "FOOL", "name": "CO"}, htmx=True)
    leader.get()
    timing = Options(traditional_fool_timing=True)
    read_state(
        client,
        data_dir,
        crawl,
        built_at(DANISH, timing, person_to(Phase.DEMAND_FOOL)),
        "demand_fool",
    )
    bob = Options(manual_bob=True)
    read_state(client, data_dir, crawl, built_at(TROCCAS, bob, person_to(Phase.BOB)), "bob")
    chicks = Options(chicks_after_deal=True)
    read_state(client, data_dir, crawl, built_at(DANISH, chicks, person_to(Phase.CHICKS)), "chicks")
    read_state(
        client, data_dir, crawl, built_at(TROCCAS, chicks, person_to(Phase.CHICKS)), "chicks"
    )
    read_state(client, data_dir, crawl, trumpless_table(DANISH, (0,)), "redeal")  # declines
    read_state(client, data_dir, crawl, trumpless_table(DANISH, (1,)), "over")  # Right asked
    declared, token = built_at(
        DANISH, Options(), lambda d: d.phase is Phase.PLAY and bool(d.declared), acknowledge=False
    )
    read_state(client, data_dir, crawl, (declared, token), "declarations")
    for game in (DANISH, TROCCAS):
        tapping, token = build_table(
            game, settings=TableSettings(speed="instant", tap_to_continue=True), level="easy"
        )
        assert play_until(tapping, person_to(Phase.PLAY), keep_fool=True)
        person = read_state(client, data_dir, crawl, (tapping, token))
        _, _, version = person.state()
        person.post("take-back", {"version": version}, htmx=True)
        person.get()
    play_against_the_computer(client, crawl, DANISH_FOUR)
    read_the_draw(client, crawl)
    known = allowed()
    missing = {pattern_of(text): where for text, where in crawl.left.items()}
    missing = {text: where for text, where in missing.items() if text not in known}
    report = "\n".join(f"{text!r}  ({where})" for text, where in sorted(missing.items()))
    assert not missing, f"{len(missing)} English strings outside ⟦⟧:\n{report}"
