"""No template is handed a table, a match, a deal or a seat (design.md Part 2: templates get
an observation for one seat). A template could print anything it is given, and anything it can
reach from it: the request would lead it to the app and its store, a table to every hand in
play, a seat to its person's token hash. So every context every page and partial of a whole
match is drawn from is walked, through every field, item and attribute, and none of these may
be found in it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import jinja2
import pytest
from fastapi import FastAPI, Request
from fastapi.templating import Jinja2Templates

from app.engine.deal import Deal
from app.engine.match import Match
from app.web.site import Site
from app.web.storage.store import TableStore
from app.web.table.model import Seat, Table
from tests.web.factory import build_table
from tests.web.friends import full_table, play_deal, spectator
from tests.web.support import HX, TestClient, finish_deal, inline_app, start

FORBIDDEN: tuple[type, ...] = (Table, Seat, Match, Deal, TableStore, Site, Request, FastAPI)
"""What gives a template more than its viewer may see. A replay holds its deal's hand record:
that of a finished deal only, every card of which is public (anyone at the table may
download it), and the replay refuses any other (``Unfinished``)."""
LEAVES = (str, bytes, int, float, bool, type(None), jinja2.runtime.Undefined)


class Recording(Jinja2Templates):
    """The app's templates, noting the context of every template drawn."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=str(directory))
        self.contexts: list[tuple[str, dict[str, Any]]] = []

    def get_template(self, name: str) -> jinja2.Template:
        template = super().get_template(name)
        seen = self.contexts

        class Noted:
            def render(self, context: dict[str, Any]) -> str:
                seen.append((name, context))
                return template.render(context)

        return Noted()  # type: ignore[return-value]


def walk(value: Any, path: str, seen: set[int]) -> Iterator[tuple[str, Any]]:
    """Every object reachable from ``value``, with the way there."""
    if isinstance(value, LEAVES) or id(value) in seen:
        return
    seen.add(id(value))
    yield path, value
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from walk(item, f"{path}[{key!r}]", seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}[{index}]", seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from walk(getattr(value, field.name), f"{path}.{field.name}", seen)
    elif hasattr(value, "__dict__") and not callable(value):
        for name, item in vars(value).items():
            yield from walk(item, f"{path}.{name}", seen)


def found_in(contexts: list[tuple[str, dict[str, Any]]]) -> list[str]:
    problems = []
    for template, context in contexts:
        for path, value in walk(context, "context", set()):
            if isinstance(value, FORBIDDEN):
                problems.append(f"{template}: {path} is a {type(value).__name__}")
    return problems


@pytest.fixture
def recorded(data_dir: Path) -> Iterator[tuple[TestClient, Recording]]:
    app = inline_app(data_dir)
    recording = Recording(Path(app.state.templates.env.loader.searchpath[0]))  # type: ignore[attr-defined]
    recording.env.add_extension("jinja2.ext.i18n")  # {% trans %}, as make_templates does
    recording.env.newstyle_gettext = True  # type: ignore[attr-defined]
    recording.env.globals.update(app.state.templates.env.globals)
    recording.env.filters.update(app.state.templates.env.filters)
    recording.env.trim_blocks = recording.env.lstrip_blocks = True
    app.state.templates = recording
    with TestClient(app) as client:
        yield client, recording


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_a_whole_match_against_the_computer(
    recorded: tuple[TestClient, Recording], game: str
) -> None:
    client, recording = recorded
    for page in ("/", "/rules", f"/rules/{game}", f"/strategy/{game}", "/cards", "/bots",
                 "/bots/protocol", "/replay", "/tables", "/nowhere"):  # fmt: skip
        client.get(page)
    person = start(client, game=game, hints="on")
    person.get("?hint=1")
    person.get(htmx=True)
    finish_deal(person, htmx=True)
    person.post("next", {"version": person.version()})
    finish_deal(person)
    person.get("/deals")
    person.get("/deals/1?step=5", htmx=True)
    person.get("/deals/2")
    client.get(f"/tables/{person.table_id}", headers=HX)  # no seat cookie: refused
    assert len(recording.contexts) > 50
    assert found_in(recording.contexts) == []


def test_a_friends_table_from_the_lobby_to_the_end(
    recorded: tuple[TestClient, Recording],
) -> None:
    client, recording = recorded
    people = full_table(client, "troccas")
    watcher = spectator(people[0])
    play_deal(people, seen=lambda person: person.get(htmx=True))
    watcher.get()
    people[0].get("/poll?v=0&w=0", htmx=True)
    assert found_in(recording.contexts) == []


def test_the_walk_finds_what_is_hidden_deep_in_a_context() -> None:
    """The check itself: a table behind a view, a list and a dict is found."""

    @dataclasses.dataclass
    class Wrapper:
        inner: Any

    class Plain:
        def __init__(self, held: Any) -> None:
            self.held = held

    table, _ = build_table()
    context = {"frame": Wrapper([{"x": Plain(table)}])}
    problems = found_in([("page.html", context)])
    assert problems[:2] == [
        "page.html: context['frame'].inner[0]['x'].held is a Table",
        "page.html: context['frame'].inner[0]['x'].held.match is a Match",
    ]


def test_only_the_dealer_is_handed_the_discard_chosen_so_far(
    recorded: tuple[TestClient, Recording],
) -> None:
    """The cards the dealer has picked for the discard are cards of a hidden hand: no other
    seat's context, nor a spectator's, holds them, though every page shows the same table."""
    client, recording = recorded
    people = full_table(client, "danish-tarok")
    dealer = people[0]
    phase, _, version = dealer.state()
    assert phase == "discard"
    for card in dealer.legal()[:2]:
        dealer.post("select", {"version": version, "select": card}, htmx=True)
    recording.contexts.clear()
    dealer.get()
    for person in [*people[1:], spectator(dealer)]:
        person.get()
        person.get(htmx=True)
    selections = {
        context["frame"].viewer: context["frame"].table.selection
        for _, context in recording.contexts
        if "frame" in context
    }
    assert len(selections[0]) == 2
    assert {viewer: chosen for viewer, chosen in selections.items() if viewer != 0} == {
        1: (),
        2: (),
        None: (),
    }
