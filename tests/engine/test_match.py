"""A match of several deals (rules.md 2.1-2.2, 3.1, 3.6; DK-12, DK-22, TR-03): the dealer
passes to the right, balances and pots carry over, empty pots are refilled, and every filed
deal's record replays to the same books."""

from __future__ import annotations

from random import Random

import pytest

from app.engine.match import Match, OptionsLocked
from app.engine.options import Options
from app.engine.record import parse_record, replay, result
from app.engine.simulate import random_action
from tests.engine.compare import differences

SEATS = {"danish-tarok": 3, "troccas": 4}


def play_out(match: Match, rng: Random) -> None:
    deal = match.start_deal()
    while not deal.is_over:
        deal.apply(random_action(deal, rng))


@pytest.mark.parametrize("game_key", ["danish-tarok", "troccas"])
def test_a_match_rotates_the_deal_and_carries_the_books(game_key: str) -> None:
    match = Match.new(game_key, Options(), seed=7)
    rng = Random(7)
    seats = SEATS[game_key]
    for _ in range(2 * seats + 1):
        play_out(match, rng)
    match.file_deal()
    records = [record.to_json() for record in match.records]
    outcomes = [result(replay(record)) for record in match.records]
    assert [record["dealer"] for record in records] == [n % seats for n in range(len(records))]
    assert "before" not in records[0]
    for number in range(1, len(records)):
        before, previous = records[number]["before"], outcomes[number - 1]
        assert before["balances"] == previous["balances"]
        if game_key == "danish-tarok":
            assert before["pots"] == previous["pots"]
        assert not any(entry["kind"] == "pot-founding" for entry in outcomes[number]["ledger"])
    for record, outcome in zip(records, outcomes, strict=True):
        assert not differences(record, outcome)


def test_pot_equity_is_a_third_of_the_pots() -> None:
    match = Match.new("danish-tarok", Options(), seed=3)
    play_out(match, Random(3))
    pots = result(match.deal)["pots"]
    assert match.pot_equity() == pytest.approx((pots["king"] + pots["pagat"]) / 3)


def test_a_match_survives_its_json() -> None:
    match = Match.new("troccas", Options(manual_bob=True), seed="table-1")
    rng = Random(1)
    play_out(match, rng)
    play_out(match, rng)
    again = Match.from_json(match.to_json())
    assert again.to_json() == match.to_json()
    assert [s.balances for s in again.summaries()] == [s.balances for s in match.summaries()]


def test_options_changed_between_deals_apply_from_the_next_deal_on() -> None:
    match = Match.new("danish-tarok", Options(), seed=11)
    rng = Random(11)
    play_out(match, rng)
    match.change_options(Options(chicks_rule=True, manual_bob=True))
    assert match.options == Options(chicks_rule=True)  # the other game's option is dropped
    play_out(match, rng)
    assert match.deal is not None
    assert match.deal.options.chicks_rule
    assert match.records[0].options == Options()
    assert [row.options.chicks_rule for row in match.summaries()] == [False, True]
    assert replay(parse_record(match.records[0].to_json())).options == Options()


def test_options_do_not_change_during_a_deal() -> None:
    match = Match.new("danish-tarok", Options(), seed=5)
    match.start_deal()
    with pytest.raises(OptionsLocked, match="between deals"):
        match.change_options(Options(chicks_rule=True))
    assert match.options == Options()


def test_the_swiss_chicks_rule_stays_for_the_whole_match() -> None:
    match = Match.new("troccas", Options(), seed=5)
    play_out(match, Random(5))
    with pytest.raises(OptionsLocked, match="Chicks rule"):
        match.change_options(Options(chicks_rule=True))
    match.change_options(Options(manual_bob=True))
    assert match.options == Options(manual_bob=True)


def test_each_deal_keeps_its_options_through_the_json() -> None:
    match = Match.new("danish-tarok", Options(round_count=True), seed="t")
    rng = Random(2)
    play_out(match, rng)
    match.change_options(Options(chicks_rule=True))
    play_out(match, rng)
    again = Match.from_json(match.to_json())
    assert again.options == Options(chicks_rule=True)
    assert [row.options for row in again.summaries()] == [
        Options(round_count=True),
        Options(chicks_rule=True),
    ]
    assert again.to_json() == match.to_json()


def test_changes_name_the_options_set_differently() -> None:
    before = Options(chicks_rule=True, round_count=True)
    after = Options(round_count=True, pagat_trick_reward=True, manual_bob=True)
    assert before.changes_to(after, "danish-tarok") == [
        ("chicks_rule", False),
        ("pagat_trick_reward", True),
    ]
