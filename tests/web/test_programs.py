"""Outside programs at the tables (issue 6): ``trionfi serve --bot NAME=COMMAND`` makes NAME a
choice for any computer seat; the program plays through trionfi-bot/1, sees only its seat's
observation, hears each result, and whatever it does wrong the table goes on with the fallback
level, says so, and keeps the fault with the offending line in the data folder's log.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.engine.observation import observe
from app.engine.record import record_of
from app.engine.record import start as record_start
from app.protocol.naming import BadProgram, Program, parse_program, parse_programs
from app.web.storage.store import TableStore
from app.web.table.model import Table
from app.web.table.programs import ProgramPool, probe
from tests.web.friends import CONFIRMED
from tests.web.support import Person, TestClient, finish_deal, inline_app, start

ROOT = Path(__file__).parents[2]
REFERENCE = f"{sys.executable} {ROOT / 'app' / 'protocol' / 'reference_bot.py'}"
MISBEHAVING = f"{sys.executable} {ROOT / 'tests' / 'protocol' / 'misbehaving_bot.py'}"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    """An app whose server runs the reference bot and one misbehaving program per fault."""
    programs = [
        Program("ref", REFERENCE),
        Program("tally", f"{MISBEHAVING} tally"),
        Program("spy", f"{MISBEHAVING} record {tmp_path / 'spy.jsonl'}"),
        *(Program(mode, f"{MISBEHAVING} {mode}") for mode in ("crash", "garbage", "illegal")),
        Program("slow", f"{MISBEHAVING} timeout"),
    ]
    data = tmp_path / "data"
    with TestClient(inline_app(data, programs=programs, think_ms=150)) as client:
        yield client, data


def table_of(client: TestClient, person: Person) -> Table:
    store: TableStore = client.app.state.site.store  # type: ignore[attr-defined]
    table = store.get(person.table_id)
    assert table is not None
    return table


def test_the_programs_are_choices_for_computer_seats(served: tuple[TestClient, Path]) -> None:
    client, _ = served
    home = client.get("/").text
    assert 'name="difficulty" value="program:ref"' in home
    assert '<option value="program:slow">Program · slow</option>' in home
    bots = client.get("/bots").text
    assert '<th scope="row">ref</th>' in bots
    protocol = client.get("/bots/protocol")
    assert protocol.status_code == 200
    assert "trionfi-bot/1" in protocol.text
    assert 'href="/bots/reference_bot.py"' in protocol.text  # "start from it" works on the site
    bot = client.get("/bots/reference_bot.py")
    assert bot.status_code == 200
    assert bot.text == (ROOT / "app" / "protocol" / "reference_bot.py").read_text()


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_a_program_plays_whole_deals_at_a_table_and_hears_each_result(
    served: tuple[TestClient, Path], game: str
) -> None:
    client, data = served
    person = start(client, game=game, difficulty="program:tally")
    assert "Program tally" in person.html
    for _ in range(2):
        finish_deal(person)
        person.post("next", {"version": person.version()})
    table = table_of(client, person)
    assert [seat.program for seat in table.seats[1:]] == ["tally"] * (
        table.match.game.seat_count - 1
    )
    assert table.fallbacks == []
    expected = 2 * (table.match.game.seat_count - 1)  # two deals, every program seat
    log = log_lines(data / "bots.log", lambda line: "] stderr: result" in line, expected)
    heard = [line for line in log if "] stderr: result" in line and line.startswith("tally [")]
    assert len(heard) == expected
    assert not [line for line in log if ": crash:" in line or ": garbage:" in line]


def log_lines(path: Path, wanted: Callable[[str], bool], count: int) -> list[str]:
    """The log's lines once ``count`` of them are ``wanted`` (a program's stderr reaches the
    log from a reader thread, a moment after its answer), or after ten seconds."""
    deadline = time.monotonic() + 10
    while True:
        lines = path.read_text(encoding="utf-8").splitlines()
        if sum(map(wanted, lines)) >= count or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


@pytest.mark.parametrize(
    ("program", "fault", "words", "short"),
    [
        ("crash", "crash", "stopped working", "it stopped"),
        ("garbage", "garbage", "answered something that is not a move", "not a move"),
        ("illegal", "illegal", "chose a move the rules do not allow", "illegal move"),
        ("slow", "timeout", "did not answer in time", "too slow"),
    ],
)
def test_a_misbehaving_program_is_replaced_and_the_table_says_so(
    served: tuple[TestClient, Path], program: str, fault: str, words: str, short: str
) -> None:
    client, data = served
    person = start(client, game="troccas", difficulty=f"program:{program}")
    finish_deal(person)
    table = table_of(client, person)
    faults = {noted.fault for noted in table.fallbacks}
    assert faults == {fault}
    deal = table.match.deal
    assert deal is not None
    assert deal.is_over
    program_moves = [a for a in deal.history if a.seat != 0]
    assert len(table.fallbacks) == len(program_moves)  # every decision went to the fallback
    page = person.get().text
    assert f"Medium plays for it ({short})" in page  # on the seat
    first = min(noted.step for noted in table.fallbacks)
    told = person.get(f"/at/{table.deal_base + first}", htmx=True).text
    assert f"{words}: Medium decides for it." in told  # announced when it happened
    log = (data / "bots.log").read_text(encoding="utf-8")
    assert re.search(rf"^{program} \[table [^,]+, seat \d, decision \d+\]: {fault}:", log, re.M)
    if fault == "garbage":
        assert "| line: 'this is not json {'" in log
    if fault == "crash":
        assert re.search(r"^crash \[table [^,]+, seat \d\] stderr: about to crash$", log, re.M)
    counts = client.get("/bots").text
    assert f'<th scope="row">{program}</th>' in counts


def test_a_program_gets_its_seats_observation_only_even_when_opponents_see_all(
    served: tuple[TestClient, Path], tmp_path: Path
) -> None:
    client, _ = served
    person = start(client, game="danish-tarok", difficulty="program:spy", see_all="on")
    finish_deal(person)
    deal = table_of(client, person).match.deal
    assert deal is not None
    seen: dict[int, set[str]] = {1: set(), 2: set()}
    replayed = record_start(record_of(deal))
    for action in [*deal.history, None]:
        if not replayed.is_over and replayed.turn in seen:
            obs = observe(replayed, replayed.turn).to_json()
            seen[replayed.turn].add(json.dumps(obs, sort_keys=True))
        if action is not None:
            replayed.apply(action)
    sent = [json.loads(line) for line in (tmp_path / "spy.jsonl").read_text().splitlines()]
    decisions = [message for message in sent if message["type"] == "decide"]
    assert len(decisions) == sum(1 for a in deal.history if a.seat != 0)
    for message in decisions:
        observation = message["observation"]
        assert "all_hands" not in observation
        assert json.dumps(observation, sort_keys=True) in seen[observation["seat"]]
    hellos = [message for message in sent if message["type"] == "hello"]
    assert sorted(hello["seat"] for hello in hellos) == [1, 2]


def test_a_table_whose_program_is_gone_after_a_restart_goes_on_with_the_fallback(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with TestClient(inline_app(data, programs=[Program("ref", REFERENCE)])) as client:
        person = start(client, game="danish-tarok", difficulty="program:ref")
        table_id, token = person.table_id, person.token
    with TestClient(inline_app(data)) as client:
        person = Person(client, table_id, token)
        finish_deal(person)
        assert "Medium plays for it (not running here)" in person.get().text
        assert "Program ref" in person.html


def test_a_friends_table_seats_a_program_and_its_processes_end_with_the_match(
    served: tuple[TestClient, Path],
) -> None:
    client, _ = served
    form = {
        "game": "danish-tarok",
        "name": "Ada",
        "seat_0": "person",
        "seat_1": "program:ref",
        "seat_2": "medium",
        "speed": "instant",
    }
    response = client.post("/friends", data=form, follow_redirects=False)
    assert response.status_code == 303
    table_id = response.headers["location"].rsplit("/", 1)[1]
    token = response.cookies["trionfi_seat"]
    client.cookies.clear()
    host = Person(client, table_id, token)
    assert "Program ref" in host.get().text
    host.post("start", {})
    finish_deal(host)
    pool: ProgramPool = client.app.state.site.programs  # type: ignore[attr-defined]
    assert pool.running(table_id) == [1]
    process = pool._running[(table_id, 1)].bot.process
    assert process is not None
    host.post("end", CONFIRMED)
    assert pool.running(table_id) == []
    assert process.popen.wait(timeout=5) == 0  # it read goodbye and exited by itself


def test_a_seat_choice_naming_no_program_of_this_server_is_refused(
    served: tuple[TestClient, Path],
) -> None:
    client, _ = served
    form = {"game": "danish-tarok", "name": "Ada", "seat_0": "person", "seat_1": "program:nope"}
    response = client.post("/friends", data=form, follow_redirects=False)
    assert response.status_code == 400
    assert "a program of this server" in response.text
    # the vs-computer form falls back to the default level, as for an unknown level
    person = start(client, game="danish-tarok", difficulty="program:nope")
    table = table_of(client, person)
    assert [(seat.level, seat.program) for seat in table.seats[1:]] == [("medium", None)] * 2


def test_idle_programs_are_told_goodbye_and_the_newest_are_kept(tmp_path: Path) -> None:
    from app.bots.base import get_bot
    from app.engine.options import Options
    from app.web.table.programs import program_seat

    pool = ProgramPool([Program("ref", REFERENCE)], tmp_path / "bots.log", idle_s=60, max_running=2)
    fallback = get_bot("random")
    bots = []
    for table in ("a", "b", "c"):
        where = program_seat("danish-tarok", Options(), table, 1, 500)
        bot = pool.bot_for(table, 1, where, "ref", fallback)
        assert bot is not None
        bots.append(bot)
    assert [pool.running(t) for t in ("a", "b", "c")] == [[], [1], [1]]
    assert pool.bot_for("x", 0, where, "nope", fallback) is None
    pool._running[("b", 1)].last_used = time.monotonic() - 120
    pool.close_idle()
    assert pool.running("b") == []
    assert pool.running("c") == [1]
    pool.close_all()
    assert pool.running("c") == []


def test_serve_refuses_a_program_without_a_usable_name() -> None:
    assert parse_program('mine="python3 my bot.py"') == Program("mine", "python3 my bot.py")
    for bad in ("mine", "=cmd", "medium=cmd", "my bot=cmd", "mine="):
        with pytest.raises(BadProgram):
            parse_program(bad)
    with pytest.raises(BadProgram):
        parse_programs(["a=x", "A=y"])


def test_the_start_up_check_writes_a_programs_faults_to_the_log(tmp_path: Path) -> None:
    """What serve prints about a program that does not start is in bots.log too."""
    log = tmp_path / "bots.log"
    banner = f"{sys.executable} -c 'print(chr(104) * 2)'"
    missing = probe(Program("gone", "/no/such/program"), 200, log)
    talks = probe(Program("talks", banner), 200, log)
    ready = probe(Program("ref", REFERENCE), 2000, log)
    assert missing is not None
    assert missing.startswith("crash: cannot start")
    assert talks == "garbage: answer to hello: not JSON"
    assert ready is None
    kept = log.read_text(encoding="utf-8").splitlines()
    assert kept == [
        f"gone [start-up check, seat 1, hello]: {missing}",
        f"talks [start-up check, seat 1, hello]: {talks} | line: 'hh'",
    ]


@pytest.mark.slow
def test_trionfi_serve_seats_a_program_and_stops_it_with_the_server(tmp_path: Path) -> None:
    import httpx

    from tests.e2e.conftest import Server

    server = Server(tmp_path / "data", extra=["--bot", f"ref={REFERENCE}", "--think-ms", "500"])
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=20) as client:
            assert 'value="program:ref"' in client.get("/").text
            person = start(client, game="troccas", difficulty="program:ref")  # type: ignore[arg-type]
            assert "Program ref" in person.html
            finish_deal(person)
            assert "plays for it" not in person.get().text
        children = _children(server)
        programs = [pid for pid in children if "reference_bot.py" in _command_line(pid)]
        assert len(programs) == 3  # one process per program seat (beside the bot pool's)
    finally:
        server.stop()
    # the pool's helpers too (multiprocessing's resource tracker ends a moment after the server)
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(not Path(f"/proc/{pid}").exists() for pid in children)


def _command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def _children(server: Any) -> list[int]:
    """The server process's child processes (Linux: each thread lists the ones it started)."""
    tasks = Path(f"/proc/{server.process.pid}/task")
    return [int(pid) for task in tasks.iterdir() for pid in (task / "children").read_text().split()]
