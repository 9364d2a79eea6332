"""Drawing for the first dealer and for partners (rules.md 2.1a, 3.1a): each draws until a
trump, the Fool is none, the lowest deals first, the two highest play together and sit
opposite, and the draw comes from a stream of its own that tells nothing about the deals."""

from __future__ import annotations

from random import Random

import pytest

from app.engine.cards import ALL_CARDS, FOOL, IS_TRUMP, TRUMP_NUMBER, parse
from app.engine.draw import Draw, draw
from app.engine.match import Match, OptionsLocked
from app.engine.options import Options
from app.engine.record import parse_record, replay
from app.engine.rng import keyed_stream, shuffle
from app.engine.simulate import random_action


def cards(*rows: str) -> Draw:
    return Draw(tuple(tuple(parse(code) for code in row.split()) for row in rows))


@pytest.mark.parametrize("seed", range(200))
@pytest.mark.parametrize("seats", [3, 4])
def test_each_draws_until_a_trump_and_the_fool_is_none(seed: int, seats: int) -> None:
    result = draw(Random(seed), seats)
    assert len(result.cards) == seats
    seen = [card for drawn in result.cards for card in drawn]
    assert len(seen) == len(set(seen))  # one pack
    for drawn in result.cards:
        assert IS_TRUMP[drawn[-1]]
        assert not any(IS_TRUMP[card] for card in drawn[:-1])
    counts = [len(drawn) for drawn in result.cards]
    assert min(counts) >= 1
    numbers = [TRUMP_NUMBER[card] for card in result.trumps]
    assert numbers[result.first_dealer] == min(numbers)


def test_the_fool_drawn_does_not_stop_the_draw() -> None:
    seed = next(
        s for s in range(10_000) if FOOL in [c for d in draw(Random(s), 4).cards for c in d]
    )
    result = draw(Random(seed), 4)
    holder = next(d for d in result.cards if FOOL in d)
    assert holder[-1] != FOOL
    assert IS_TRUMP[holder[-1]]


def test_one_card_at_a_time_in_seat_order() -> None:
    """Round by round each seat still without a trump draws one card: in the pack's order,
    seat 0's first card, seat 1's, ..., then the second cards of those still drawing."""
    rng = Random(11)
    result = draw(Random(11), 4)
    pack = list(ALL_CARDS)
    shuffle(pack, rng)
    order = []
    for turn in range(max(len(d) for d in result.cards)):
        order += [d[turn] for d in result.cards if len(d) > turn]
    assert order == pack[: len(order)]


def test_the_lowest_deals_and_the_two_highest_play_together() -> None:
    result = Draw(cards("CU-K T5", "T20", "SW-2 T3", "T14").cards, partners=True)
    assert result.first_dealer == 2
    assert result.ranked() == [1, 3, 0, 2]
    seating = result.seating(anchor=0)
    # seat 0 (T5) plays with seat 2 (T3) against T20 and T14: T20 sits to seat 0's right
    assert seating == (0, 1, 2, 3)
    seated = result.seated(0)
    assert [TRUMP_NUMBER[c] for c in seated.trumps] == [5, 20, 3, 14]
    assert seated.first_dealer == 2


@pytest.mark.parametrize("seed", range(100))
@pytest.mark.parametrize("anchor", range(4))
def test_partners_sit_opposite_with_the_anchor_at_seat_0(seed: int, anchor: int) -> None:
    result = draw(Random(seed), 4, partners=True)
    seating = result.seating(anchor)
    assert sorted(seating) == [0, 1, 2, 3]
    assert seating[0] == anchor
    seated = result.seated(anchor)
    numbers = [TRUMP_NUMBER[card] for card in seated.trumps]
    high = set(sorted(numbers)[2:])
    assert {numbers[0], numbers[2]} == high or not ({numbers[0], numbers[2]} & high)
    assert numbers[1] > numbers[3]  # of the opponents, the higher at seat 1
    assert seated.trumps[seated.first_dealer] == result.trumps[result.first_dealer]
    assert seated.cards == tuple(result.cards[old] for old in seating)


def test_without_partners_everyone_stays() -> None:
    result = draw(Random(5), 4)
    assert result.seating(0) == (0, 1, 2, 3)
    assert result.seated(0) == result


def test_the_draw_is_the_same_for_the_same_seed() -> None:
    one = Match.new("troccas", Options(draw_partners=True), seed="secret")
    two = Match.new("troccas", Options(draw_partners=True), seed="secret")
    assert one.hold_draw() == two.hold_draw()
    assert one.drawn == two.drawn
    other = Match.new("troccas", Options(draw_partners=True), seed="another")
    other.hold_draw()
    assert other.drawn != one.drawn


def test_the_draw_changes_no_deal() -> None:
    """The draw has its own stream: the deals are those of the same seed without it."""
    drawn = Match.new("danish-tarok", Options(draw_first_dealer=True), seed="key")
    dealt = drawn.start_deal()
    assert drawn.drawn == draw(keyed_stream("key", "draw"), 3)
    alone = drawn.game.shuffle_and_deal(
        keyed_stream("key", "deal", 0), drawn.first_dealer, drawn.options, None
    )
    assert alone.holdings == dealt.holdings


def test_without_the_options_seat_0_deals_first() -> None:
    match = Match.new("troccas", Options(), seed=1)
    assert match.hold_draw() == (0, 1, 2, 3)
    assert match.drawn is None
    assert match.start_deal().dealer == 0


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("danish-tarok", Options(draw_first_dealer=True)),
        ("danish-tarok-4", Options(draw_first_dealer=True)),
        ("troccas", Options(draw_first_dealer=True)),
        ("troccas", Options(draw_partners=True)),
    ],
)
def test_the_deal_rotates_from_the_first_dealer_and_survives_the_json(
    game: str, options: Options
) -> None:
    for seed in range(12):
        match = Match.new(game, options, seed=f"s{seed}")
        match.hold_draw()
        assert match.drawn is not None
        if match.first_dealer != 0:
            break
    first = match.first_dealer
    seats = match.game.seat_count
    rng = Random(3)
    for _ in range(seats + 1):
        deal = match.start_deal()
        while not deal.is_over:
            deal.apply(random_action(deal, rng))
        again = Match.from_json(match.to_json())
        assert again.drawn == match.drawn
        assert again.dealer == match.dealer
    match.file_deal()
    dealers = [record.dealer for record in match.records]
    assert dealers == [(first + n) % seats for n in range(seats + 1)]
    for record in match.records:  # each record names its dealer and replays alone
        assert replay(parse_record(record.to_json())).dealer == record.dealer
    again = Match.from_json(match.to_json())
    assert again.dealer == (first + seats + 1) % seats


def test_the_draw_options_lock_with_the_first_deal() -> None:
    match = Match.new("danish-tarok", Options(draw_first_dealer=True), seed=2)
    match.change_options(Options())  # before the first deal: free
    match.change_options(Options(draw_first_dealer=True))
    deal = match.start_deal()
    assert "draw_first_dealer" in match.locked_options()
    while not deal.is_over:
        deal.apply(random_action(deal, Random(1)))
    with pytest.raises(OptionsLocked):
        match.change_options(Options())
    troccas = Match.new("troccas", Options(draw_partners=True), seed=2)
    troccas.start_deal()
    assert {"draw_first_dealer", "draw_partners", "chicks_rule"} <= set(troccas.locked_options())


def test_partners_are_troccas_only() -> None:
    assert "draw_partners" not in Options.keys_for("danish-tarok")
    assert "draw_partners" not in Options.keys_for("danish-tarok-4")
    assert "draw_first_dealer" in Options.keys_for("danish-tarok-4")
