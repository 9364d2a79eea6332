"""The bot pool's line (``app.bots.pool.Turns``): while every worker is busy, the decisions
wait oldest reply first; a cancelled waiter neither blocks the line nor keeps a slot."""

from __future__ import annotations

import asyncio

from app.bots.pool import Turns


async def take(
    turns: Turns, name: str, since: float, order: list[str], hold: asyncio.Event
) -> None:
    async with turns.turn(since):
        order.append(name)
        await hold.wait()


def test_the_oldest_reply_goes_first_then_in_arrival_order() -> None:
    async def scenario() -> list[str]:
        turns = Turns(1)
        order: list[str] = []
        hold = asyncio.Event()
        first = asyncio.create_task(take(turns, "busy", 9.0, order, hold))
        await asyncio.sleep(0)
        waiting = [
            asyncio.create_task(take(turns, name, since, order, hold))
            for name, since in (("new", 5.0), ("oldest", 1.0), ("old", 3.0), ("old again", 3.0))
        ]
        await asyncio.sleep(0)
        assert turns.waiting == 4
        hold.set()
        await asyncio.gather(first, *waiting)
        assert (turns.busy, turns.waiting) == (0, 0)
        return order

    assert asyncio.run(scenario()) == ["busy", "oldest", "old", "old again", "new"]


def test_nobody_waits_while_a_slot_is_free() -> None:
    async def scenario() -> None:
        turns = Turns(2)
        order: list[str] = []
        hold = asyncio.Event()
        tasks = [asyncio.create_task(take(turns, n, 0.0, order, hold)) for n in ("a", "b", "c")]
        await asyncio.sleep(0)
        assert order == ["a", "b"]
        assert (turns.busy, turns.waiting) == (2, 1)
        hold.set()
        await asyncio.gather(*tasks)
        assert order == ["a", "b", "c"]
        assert turns.busy == 0

    asyncio.run(scenario())


def test_a_cancelled_waiter_is_skipped_and_its_turn_passed_on() -> None:
    async def scenario() -> list[str]:
        turns = Turns(1)
        order: list[str] = []
        hold = asyncio.Event()
        busy = asyncio.create_task(take(turns, "busy", 0.0, order, hold))
        await asyncio.sleep(0)
        gone = asyncio.create_task(take(turns, "gone", 1.0, order, hold))
        later = asyncio.create_task(take(turns, "later", 2.0, order, hold))
        await asyncio.sleep(0)
        gone.cancel()
        hold.set()
        await asyncio.gather(busy, later)
        assert gone.cancelled()
        assert turns.busy == 0
        # the slot is free again: the next one goes straight in
        await take(turns, "after", 9.0, order, hold)
        return order

    assert asyncio.run(scenario()) == ["busy", "later", "after"]


def test_an_error_in_a_turn_frees_its_slot() -> None:
    async def scenario() -> int:
        turns = Turns(1)
        try:
            async with turns.turn(0.0):
                raise RuntimeError("the worker died")
        except RuntimeError:
            pass
        return turns.busy

    assert asyncio.run(scenario()) == 0
