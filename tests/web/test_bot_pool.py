"""The computers' decisions in worker processes (``app.bots.pool``, ``app.bots.worker``):
the same actions as in-process, a killed worker replaced, a stale decision dropped, and a
request that carries the deciding seat's own view only.

No test calls ``asyncio.run``: a pool's coroutines run on a new event loop of their own
(``run_on_new_loop``), or through the app's TestClient portal."""

from __future__ import annotations

import asyncio
import copy
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any, TypeVar

import pytest

from app.bots import base, worker
from app.bots import pool as pool_module
from app.bots.pool import BotPool, DecisionFailed, serve
from app.engine.actions import Action
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import Options
from app.web import create_app
from app.web.live.computers import REPLY_MOVES, Computers
from app.web.table import players
from app.web.table.model import Table
from tests.bots.helpers import a_play
from tests.bots.test_think_cover import hard as hard_decision
from tests.web.factory import build_table, person_discards, save
from tests.web.support import Person, TestClient

T = TypeVar("T")


def run_on_new_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on a fresh event loop in a thread of its own (whatever loop the
    test run has left behind in this thread)."""
    found: list[T] = []
    failed: list[BaseException] = []

    def target() -> None:
        loop = asyncio.new_event_loop()
        try:
            found.append(loop.run_until_complete(coroutine))
        except BaseException as error:
            failed.append(error)
        finally:
            loop.close()

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(120)
    if failed:
        raise failed[0]
    return found[0]


@pytest.fixture(scope="module")
def pool() -> Iterator[BotPool]:
    bots = BotPool(2)
    yield bots
    bots.close()


def decisions(game: str, level: str, seed: int, count: int) -> list[worker.Decision]:
    """Decisions from a deal played out by ``level`` itself (each seat's own observation)."""
    rng = Random(seed)
    deal = GAMES[game].shuffle_and_deal(rng, seed % GAMES[game].seat_count, Options())
    found: list[worker.Decision] = []
    settings = base.BotSettings()
    while not deal.is_over and len(found) < count:
        decision = worker.request(observe(deal, deal.turn), level, settings, Random(len(found)))
        found.append(decision)
        deal.apply(worker.decide(decision))
    return found


@pytest.mark.parametrize(("game", "level"), [("danish-tarok", "hard"), ("troccas", "medium")])
def test_a_workers_decision_is_the_in_process_one(pool: BotPool, game: str, level: str) -> None:
    asked = decisions(game, level, seed=7, count=12)

    async def through_pool() -> list[Action]:
        return list(await asyncio.gather(*(pool.decide(d) for d in asked)))

    assert run_on_new_loop(through_pool()) == [worker.decide(d) for d in asked]


def test_a_killed_worker_is_replaced_and_the_decision_still_made(pool: BotPool) -> None:
    asked = decisions("troccas", "hard", seed=3, count=4)
    run_on_new_loop(pool.decide(asked[0]))  # the workers are started
    before = pool.replaced
    killed = set(pool.worker_pids())
    for pid in killed:
        os.kill(pid, signal.SIGKILL)

    async def after_the_kill() -> list[Action]:
        return [await pool.decide(d) for d in asked]

    assert run_on_new_loop(after_the_kill()) == [worker.decide(d) for d in asked]
    assert pool.replaced == before + len(killed)  # each killed worker, once
    assert len(pool.worker_pids()) == len(killed)
    assert not killed & set(pool.worker_pids())  # a working pool again


def test_a_decision_that_fails_in_a_worker_fails_in_the_server(pool: BotPool) -> None:
    good = decisions("troccas", "medium", seed=5, count=1)[0]
    bad = replace(good, level="no-such-level")
    with pytest.raises(Exception, match="no-such-level"):
        worker.decide(bad)

    async def both() -> Action:
        with pytest.raises(DecisionFailed, match="no-such-level"):
            await pool.decide(bad)
        return await pool.decide(good)  # the worker goes on

    assert run_on_new_loop(both()) == worker.decide(good)


def test_a_cancelled_decisions_answer_is_never_anothers(pool: BotPool) -> None:
    """A decision given up (its table's task cancelled) still comes back from the worker; it
    is read and dropped, and every later decision gets its own answer."""
    asked = decisions("danish-tarok", "hard", seed=11, count=6)

    async def cancel_some() -> list[Action]:
        found = []
        for index, decision in enumerate(asked):
            task = asyncio.create_task(pool.decide(decision))
            if index % 2 == 0:
                await asyncio.sleep(0)  # sent, then given up
                task.cancel()
                continue
            found.append(await task)
        return found

    assert run_on_new_loop(cancel_some()) == [worker.decide(d) for d in asked[1::2]]


def test_a_worker_ends_when_its_server_closes_the_pipe() -> None:
    ours, theirs = multiprocessing.Pipe(duplex=True)
    ended = threading.Event()
    thread = threading.Thread(target=lambda: (serve(theirs), ended.set()))
    thread.start()
    ours.close()
    thread.join(10)
    assert ended.is_set()


def test_a_worker_keeps_its_think_times_to_cover_the_decisions_that_skip_the_search() -> None:
    searched = hard_decision(a_play("troccas", legal=3, hand=10))
    only = hard_decision(a_play("troccas", legal=1, hand=10))
    ours, theirs = multiprocessing.Pipe(duplex=True)
    thread = threading.Thread(target=serve, args=(theirs,))
    thread.start()
    answers = []
    for decision in (searched, only):
        ours.send_bytes(worker.pack(decision))
        answers.append(worker.unpack_answer(ours.recv_bytes()[1:]))
    ours.close()
    thread.join(10)
    (played, searched_cover), (only_played, only_cover) = answers
    assert (played, only_played) == (worker.decide(searched), worker.decide(only))
    assert searched_cover == 0.0
    assert only_cover > 0  # as long as the search took, less its own time


def test_a_decision_is_given_once_its_cover_is_waited_out_off_the_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    only = hard_decision(a_play("troccas", legal=1, hand=10))
    bots = BotPool(0)
    monkeypatch.setattr(pool_module, "decide_covered", lambda d, times: (worker.decide(d), 0.3))

    async def timed() -> tuple[Action, float, int]:
        loop = asyncio.get_running_loop()
        began = loop.time()
        waiting = asyncio.ensure_future(bots.decide(only))
        await asyncio.sleep(0.15)
        busy = bots.turns.busy
        return await waiting, loop.time() - began, busy

    action, elapsed, busy = run_on_new_loop(timed())
    assert action == worker.decide(only)
    assert elapsed >= 0.3
    assert busy == 0  # the wait holds no worker's turn


def test_closing_the_pool_ends_its_workers() -> None:
    bots = BotPool(1)
    assert bots.worker_pids() == []  # started with the server, or at the first decision
    bots.start()
    [pid] = bots.worker_pids()
    asked = decisions("troccas", "medium", seed=2, count=1)
    assert run_on_new_loop(bots.decide(asked[0])) == worker.decide(asked[0])
    assert bots.worker_pids() == [pid]
    bots.close()
    assert bots.in_process
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # gone, and reaped


def test_the_allow_list_refuses_any_other_class() -> None:
    class Evil:
        def __reduce__(self) -> tuple[Any, ...]:
            return (os.system, ("echo unpickled",))

    with pytest.raises(worker.Refused):
        worker.decide_packed(pickle.dumps(Evil()), worker.ThinkTimes())
    deal = GAMES["troccas"].shuffle_and_deal(Random(1), 0, Options())
    with pytest.raises(worker.Refused):  # the whole deal is no decision's business
        worker.loads(pickle.dumps(deal))
    with pytest.raises(worker.Refused):  # an allowed class that is no decision
        worker.decide_packed(pickle.dumps(base.BotSettings()), worker.ThinkTimes())


def test_the_request_holds_the_seats_own_view_only() -> None:
    table, _ = build_table("troccas", level="hard", wanted=person_discards, seed=3)
    deal = table.match.deal
    assert deal is not None
    deal.apply(players.bot_action(table, 0))
    table.version += 1
    decision = players.decision_for(table)
    assert decision is not None
    seat = deal.turn
    packed = worker.pack(decision)
    sent = worker.loads(packed)
    assert sent.obs == observe(deal, seat)
    assert sent.obs.all_hands is None
    assert sorted(sent.obs.hand) == sorted(deal.holdings[seat])
    others = {card for other in range(4) if other != seat for card in deal.holdings[other]}
    assert not others & (set(sent.obs.hand) | set(sent.obs.legal))
    assert table.seed.encode() not in packed  # the stream's state, never the secret seed


def person_discarded(data_dir: Path) -> tuple[Table, str]:
    """A saved Troccas table where the person has just discarded: three computers follow."""
    table, token = build_table("troccas", level="easy", wanted=person_discards, seed=3)
    deal = table.match.deal
    assert deal is not None
    deal.apply(players.bot_action(table, 0))
    table.version += 1
    save(table, data_dir)
    return table, token


@contextmanager
def serving_with(pool: BotPool, data_dir: Path) -> Iterator[tuple[TestClient, Computers]]:
    """The app on ``data_dir``, its computers deciding through ``pool``."""
    with TestClient(create_app(data_dir, inline_computers=False, bot_processes=1)) as client:
        computers: Computers = client.app.state.site.computers  # type: ignore[attr-defined]
        computers.bots.close()
        computers.bots = pool
        yield client, computers


class GatedPool(BotPool):
    """A real worker pool whose answers wait until the test opens the gate (so that the
    table can change while a decision is out)."""

    def __init__(self, processes: int) -> None:
        super().__init__(processes)
        self.gate: asyncio.Event | None = None
        self.asked = 0

    async def decide(self, decision: worker.Decision, since: float | None = None) -> Action:
        self.asked += 1
        if self.gate is None:
            self.gate = asyncio.Event()
        action = await super().decide(decision, since)
        await self.gate.wait()
        return action


def test_a_stale_decision_is_dropped_never_applied(data_dir: Path) -> None:
    table, token = person_discarded(data_dir)
    expected = copy.deepcopy(table)
    players.advance(expected)

    gated = GatedPool(1)
    with serving_with(gated, data_dir) as (client, computers):
        Person(client, table.id, token).get()  # the page wakes the computers
        portal = client.portal
        assert portal is not None

        async def change_then_open() -> None:
            while gated.gate is None:
                await asyncio.sleep(0.01)
            async with computers.store.writing(table.id) as live:
                live.version += 1  # a change while the decision is out (as a leave makes)
                await computers.store.commit(live)
            gated.gate.set()

        portal.call(change_then_open)
        portal.call(computers.settle, table.id)
        gated.close()

        assert computers.stale == 1
        assert gated.asked > 1  # asked again on the table as it is
        after = client.app.state.site.store  # type: ignore[attr-defined]

        async def history() -> int:
            async with after.reading(table.id) as now:
                assert now.match.deal is not None
                return len(now.match.deal.history)

        expected_deal = expected.match.deal
        assert expected_deal is not None
        assert portal.call(history) == len(expected_deal.history)  # no move twice


def test_the_environment_sets_the_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.bots.pool import ENV, default_processes

    monkeypatch.setenv(ENV, "3")
    assert default_processes() == 3
    monkeypatch.setenv(ENV, "0")
    assert default_processes() == 0
    monkeypatch.setenv(ENV, "many")
    with pytest.raises(ValueError, match=ENV):
        default_processes()
    monkeypatch.delenv(ENV)
    assert default_processes() == (os.cpu_count() or 1)
    with pytest.raises(ValueError, match="negative"):
        BotPool(-1)


class RecordingPool(BotPool):
    """A real worker pool that notes each decision's place in line (``since``)."""

    def __init__(self, processes: int) -> None:
        super().__init__(processes)
        self.places: list[float | None] = []

    async def decide(self, decision: worker.Decision, since: float | None = None) -> Action:
        self.places.append(since)
        return await super().decide(decision, since)


def test_a_reply_keeps_its_start_as_its_place_in_the_pools_line(data_dir: Path) -> None:
    """The computers answering one card all queue as of that card (oldest reply first), so
    that under load a reply under way is finished before later ones begin."""
    table, token = person_discarded(data_dir)
    recording = RecordingPool(1)
    with serving_with(recording, data_dir) as (client, computers):
        Person(client, table.id, token).get()  # the page wakes the computers
        assert client.portal is not None
        client.portal.call(computers.settle, table.id)
        recording.close()
    places = recording.places
    assert len(places) >= 2
    assert None not in places
    assert len(set(places[:REPLY_MOVES])) == 1
