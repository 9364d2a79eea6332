"""Take backs (``TakeBack``, ``Deal.check_take_back``): a seat's last card play and everything
after it are undone, and the deal is exactly as it was before that play, for every seat.

The property tests play random deals of both games with random option sets, take back at a
random moment, and compare every seat's observation (and the onlookers') with the one saved
just before the play that was taken back; the deal then plays on to a sound end, and its hand
record (take backs included) replays to the same result.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.actions import IllegalAction, PlayCard, TakeBack
from app.engine.cards import code, parse
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES, Game
from app.engine.match import Match
from app.engine.observation import observe, observe_public
from app.engine.options import Options
from app.engine.record import BadRecord, IllegalActionAt, parse_record, record_of, replay, result
from app.engine.simulate import random_action
from tests.engine.test_properties import check_end, check_step, setups

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
Snapshot = tuple[list[dict[str, Any]], dict[str, Any], tuple[int, ...], Phase, int]


def snapshot(deal: Deal) -> Snapshot:
    """Everything anyone may know of the deal now: each seat's observation, the onlookers',
    and the decision (phase, seat and legal cards)."""
    seats = [observe(deal, seat).to_json() for seat in range(deal.seat_count)]
    legal = deal.legal_cards() if deal.phase is Phase.PLAY else ()
    return seats, observe_public(deal).to_json(), legal, deal.phase, deal.turn


def play_until(deal: Deal, rng: Random, actions: int) -> list[Snapshot]:
    """Apply up to ``actions`` random actions (stopping at the end); the snapshot before each."""
    before = []
    for _ in range(actions):
        if deal.is_over:
            break
        before.append(snapshot(deal))
        deal.apply(random_action(deal, rng))
    return before


def round_trip(deal: Deal) -> Deal:
    """The deal replayed from its hand record, through JSON."""
    return replay(parse_record(json.loads(json.dumps(record_of(deal).to_json()))))


def new_deal(game_key: str = "danish-tarok", seed: int = 7) -> tuple[Deal, Random]:
    game = GAMES[game_key]
    rng = Random(seed)
    return game.shuffle_and_deal(rng, 0, Options()), rng


def first_play_of(deal: Deal, seat: int, rng: Random) -> None:
    """Random actions until ``seat`` has played a card (and the turn has moved on)."""
    while deal.last_play_of(seat) is None:
        deal.apply(random_action(deal, rng))


# ------------------------------------------------------------------ the property


def check_take_back_restores(setup: tuple[Game, int, int, Options], data: st.DataObject) -> None:
    game, seed, dealer, options = setup
    deal, rng = game.shuffle_and_deal(Random(seed), dealer, options), Random(seed + 1)
    total = game.trick_count * game.seat_count + 4
    before = play_until(deal, rng, data.draw(st.integers(1, total), label="actions"))
    if deal.is_over:
        with pytest.raises(IllegalAction, match="over"):
            deal.check_take_back(data.draw(st.integers(0, game.seat_count - 1)))
        return
    seat = data.draw(st.integers(0, game.seat_count - 1), label="seat")
    for _ in range(data.draw(st.integers(1, 3), label="take backs")):
        index = deal.last_play_of(seat)
        if index is None:
            with pytest.raises(IllegalAction, match="no card to take back"):
                deal.check_take_back(seat)
            break
        played = deal.history[index]
        assert isinstance(played, PlayCard)
        card = deal.check_take_back(seat)
        assert card == played.card
        deal.apply(TakeBack(seat, card))
        assert len(deal.history) == index
        assert snapshot(deal) == before[index], "the deal as it was before that play"
        assert card in deal.holdings[seat]
        check_step(deal, game.key)
    assert round_trip(deal).log == deal.log
    assert result(round_trip(deal)) == result(deal)
    while not deal.is_over:  # and it plays on to a sound end
        deal.apply(random_action(deal, rng))
        check_step(deal, game.key)
    check_end(deal, game.key)
    assert result(round_trip(deal)) == result(deal)


@settings(max_examples=60, deadline=None)
@given(setups("danish-tarok"), st.data())
def test_a_danish_take_back_restores_every_seats_observation(
    setup: tuple[Game, int, int, Options], data: st.DataObject
) -> None:
    check_take_back_restores(setup, data)


@settings(max_examples=60, deadline=None)
@given(setups("troccas"), st.data())
def test_a_troccas_take_back_restores_every_seats_observation(
    setup: tuple[Game, int, int, Options], data: st.DataObject
) -> None:
    check_take_back_restores(setup, data)


# ------------------------------------------------------------------ what is allowed


def test_the_take_back_undoes_the_others_moves_after_the_card() -> None:
    deal, rng = new_deal()
    first_play_of(deal, 0, rng)
    index = deal.last_play_of(0)
    assert index is not None
    while deal.turn != 0:  # the others reply
        deal.apply(random_action(deal, rng))
    replies = len(deal.history) - index - 1
    assert replies >= 1
    card = deal.check_take_back(0)
    deal.apply(TakeBack(0, card))
    assert deal.turn == 0
    assert len(deal.history) == index
    assert len(deal.log) == index + 1 + replies + 1
    assert deal.log[-1] == TakeBack(0, card)


def test_repeated_take_backs_go_back_play_by_play_to_the_first_card() -> None:
    deal, rng = new_deal("troccas", 3)
    plays = []
    while len(plays) < 3:
        if deal.turn == 0 and deal.phase is Phase.PLAY:
            plays.append(len(deal.history))
        deal.apply(random_action(deal, rng))
    for expected in reversed(plays):
        deal.apply(TakeBack(0, deal.check_take_back(0)))
        assert len(deal.history) == expected
    with pytest.raises(IllegalAction, match="no card to take back"):
        deal.check_take_back(0)


def test_nothing_to_take_back_before_the_seat_plays() -> None:
    deal, rng = new_deal()
    with pytest.raises(IllegalAction, match="no card to take back"):
        deal.check_take_back(0)
    deal.apply(random_action(deal, rng))  # the discard is not a card play
    with pytest.raises(IllegalAction, match="no card to take back"):
        deal.check_take_back(0)


def test_no_take_back_once_the_deal_is_over() -> None:
    deal, rng = new_deal()
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    with pytest.raises(IllegalAction, match="the deal is over"):
        deal.check_take_back(0)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (TakeBack(5, parse("CU-K")), "there is no seat 5"),
        (TakeBack(-1, parse("CU-K")), "there is no seat -1"),
    ],
)
def test_a_take_back_of_no_seat_is_refused(action: TakeBack, reason: str) -> None:
    deal, rng = new_deal()
    first_play_of(deal, 0, rng)
    with pytest.raises(IllegalAction, match=reason):
        deal.apply(action)


def test_a_refused_take_back_changes_nothing() -> None:
    deal, rng = new_deal()
    first_play_of(deal, 0, rng)
    card = deal.check_take_back(0)
    other = next(c for c in deal.holdings[deal.turn] if c != card)
    before = (record_of(deal).to_json(), snapshot(deal))
    with pytest.raises(IllegalAction, match=r"seat 0's last card is .*, not "):
        deal.apply(TakeBack(0, other))
    assert (record_of(deal).to_json(), snapshot(deal)) == before


def test_a_copy_keeps_the_log() -> None:
    deal, rng = new_deal()
    first_play_of(deal, 0, rng)
    deal.apply(TakeBack(0, deal.check_take_back(0)))
    clone = deal.copy()
    assert clone.log == deal.log
    assert clone.history == deal.history
    clone.apply(random_action(clone, rng))
    assert len(clone.log) == len(deal.log) + 1


# ------------------------------------------------------------------ the hand record


def test_the_record_keeps_the_take_back_and_what_it_undid() -> None:
    deal, rng = new_deal()
    first_play_of(deal, 0, rng)
    card = deal.check_take_back(0)
    deal.apply(TakeBack(0, card))
    entries = record_of(deal).to_json()["actions"]
    assert entries[-1] == {"seat": 0, "take_back": code(card)}
    assert {"seat": 0, "play": code(card)} in entries
    replayed = round_trip(deal)
    assert replayed.history == deal.history
    assert snapshot(replayed) == snapshot(deal)


def test_a_record_taking_back_the_wrong_card_is_refused_at_that_entry() -> None:
    deal, rng = new_deal()
    first_play_of(deal, 0, rng)
    card = deal.check_take_back(0)
    data = record_of(deal).to_json()
    wrong = next(c for c in deal.holdings[0])
    data["actions"].append({"seat": 0, "take_back": code(wrong)})
    with pytest.raises(IllegalActionAt) as refused:
        replay(parse_record(data))
    assert refused.value.index == len(data["actions"]) - 1
    assert "last card is" in refused.value.reason
    assert code(card) != code(wrong)


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ({"seat": 0, "take_back": "XX"}, "actions\\[0\\].take_back: unknown card"),
        ({"seat": 0, "take_back": 3}, "actions\\[0\\].take_back: not a card code"),
        ({"seat": 0, "take_back": "CU-K", "name": "CU"}, "unknown keys: name"),
        ({"seat": 0, "take_back": "CU-K", "play": "CU-K"}, "exactly one of"),
        ({"seat": 9, "take_back": "CU-K"}, "seat must be a seat number"),
    ],
)
def test_a_malformed_take_back_entry_is_a_bad_record(entry: dict[str, Any], reason: str) -> None:
    data = json.loads((EXAMPLES / "danish-tarok-complete.json").read_text())
    data["actions"] = [entry]
    with pytest.raises(BadRecord, match=reason):
        parse_record(data)


@pytest.mark.parametrize("name", ["danish-tarok-complete.json", "troccas-complete.json"])
def test_the_example_records_still_read(name: str) -> None:
    record = parse_record(json.loads((EXAMPLES / name).read_text()))
    deal = replay(record)
    assert deal.is_over
    assert deal.log == deal.history == record.actions


def test_a_match_with_a_take_back_survives_its_json() -> None:
    match = Match.new("troccas", Options(), "seed")
    deal = match.start_deal()
    rng = Random(1)
    first_play_of(deal, 0, rng)
    deal.apply(TakeBack(0, deal.check_take_back(0)))
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.deal is not None
    assert again.deal.log == deal.log
    assert snapshot(again.deal) == snapshot(deal)
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    match.file_deal()
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.records[0].actions == match.records[0].actions
    assert result(replay(again.records[0])) == result(deal)
