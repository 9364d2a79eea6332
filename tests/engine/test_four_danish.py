"""Danish Tarok for four (rules.md 2.17): who sits out, the deal to the three, the pots of
four, settlements, whole matches, determinism, and the engine against an independent
referee (``referee_four.py``, written from 2.17 on top of the three-player referee)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

from app.engine.actions import Action, PlayCard, TakeBack
from app.engine.cards import FOOL, code
from app.engine.danish_four import players_from_dealer, sits_out
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.ledger import KING_POT, PAGAT_POT, Books
from app.engine.match import Match
from app.engine.observation import observe
from app.engine.options import DANISH_FOUR, Options
from app.engine.record import BadRecord, parse_record, record_of, replay, result
from app.engine.simulate import random_action
from tests.engine.referee import ledger_totals
from tests.engine.referee_four import judge_four
from tests.engine.test_referee import NAMES, SPECIAL

GAME = GAMES[DANISH_FOUR]
EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "danish-tarok-4-complete.json"
DEALS = int(os.environ.get("TRIONFI_REFEREE_DEALS", "1000"))


def play_out(match: Match, rng: Random) -> None:
    deal = match.start_deal()
    while not deal.is_over:
        deal.apply(random_action(deal, rng))


def test_the_seat_opposite_the_dealer_sits_out_over_eight_deals() -> None:
    match = Match.new(DANISH_FOUR, Options(), "rotation")
    rng = Random(1)
    seen = []
    for number in range(8):
        play_out(match, rng)
        assert match.deal is not None
        seen.append((match.deal.dealer, match.deal.sits_out))
        assert match.deal.sits_out == (number + 2) % 4
    assert seen == [(0, 2), (1, 3), (2, 0), (3, 1)] * 2


def test_only_the_three_players_are_dealt_and_play() -> None:
    rng = Random(5)
    for dealer in range(4):
        deal = GAME.shuffle_and_deal(rng, dealer, Options())
        out = sits_out(dealer)
        assert deal.players == tuple(s for s in range(4) if s != out)
        assert deal.holdings[out] == []
        assert list(deal.dealt[out]) == []
        assert [len(deal.holdings[s]) for s in players_from_dealer(dealer)] == [28, 25, 25]
        while not deal.is_over:
            assert deal.turn != out
            deal.apply(random_action(deal, rng))
        assert deal.won[out] == 0
        assert deal.piles[out] == []
        assert sum(deal.won) == 25
        assert all(len(trick.cards) == 3 for trick in deal.tricks)
        assert all(out not in trick.order for trick in deal.tricks)


def test_the_three_players_get_the_three_player_deal_of_the_same_stream() -> None:
    for dealer in range(4):
        four = GAME.shuffle_and_deal(Random(9), dealer, Options())
        three = GAMES["danish-tarok"].shuffle_and_deal(Random(9), 0, Options())
        for place, seat in enumerate(players_from_dealer(dealer)):
            assert four.dealt[seat] == three.dealt[place]
        assert four.talon == three.talon


def test_all_four_found_the_pots_and_only_the_dealer_pays_the_fee() -> None:
    deal = GAME.shuffle_and_deal(Random(2), 0, Options())
    founding = [e for e in deal.books.ledger if e.kind == "pot-founding"]
    assert sorted((e.source, e.target, e.amount) for e in founding) == sorted(
        (seat, pot, 20) for seat in range(4) for pot in (KING_POT, PAGAT_POT)
    )
    assert deal.books.pots == {KING_POT: 85, PAGAT_POT: 85}
    assert deal.books.balances == [-50, -40, -40, -40]


def test_an_empty_pot_is_refilled_by_all_four_the_sitter_out_too() -> None:
    before = Books([10, -30, 5, -70], {KING_POT: 0, PAGAT_POT: 85})
    deal = GAME.shuffle_and_deal(Random(3), 1, Options(), before)
    refill = [e for e in deal.books.ledger if e.kind == "pot-refill"]
    assert sorted((e.source, e.target, e.amount) for e in refill) == [
        (seat, KING_POT, 20) for seat in range(4)
    ]
    assert deal.books.pots == {KING_POT: 85, PAGAT_POT: 90}
    assert deal.books.balances == [-10, -60, -15, -90]  # the dealer pays the fee too


def test_settlements_sum_to_zero_and_the_sitter_out_pays_nothing_else() -> None:
    rng = Random(11)
    match = Match.new(DANISH_FOUR, Options(), 11)
    for _ in range(12):
        play_out(match, rng)
        deal = match.deal
        assert deal is not None
        out = deal.sits_out
        opening = {"pot-founding", "pot-refill"}
        assert all(e.kind in opening for e in deal.books.ledger if out in (e.source, e.target))
        assert sum(deal.books.balances) + sum(deal.books.pots.values()) == 0
        played = [e for e in deal.books.ledger if e.kind not in opening]
        moved = dict.fromkeys(deal.players, 0) | {KING_POT: 0, PAGAT_POT: 0}
        for entry in played:
            if entry.source is not None:
                moved[entry.source] -= entry.amount
            moved[entry.target] += entry.amount
        assert sum(moved.values()) == 0


def test_a_whole_match_by_random_legal_play_files_and_replays() -> None:
    rng = Random(4)
    match = Match.new(DANISH_FOUR, Options(round_count=True), "whole")
    for _ in range(8):
        play_out(match, rng)
    match.file_deal()
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert [s.balances for s in again.summaries()] == [s.balances for s in match.summaries()]
    assert [len(s.balances) for s in match.summaries()] == [4] * 8
    assert match.pot_equity() == sum(match.last_books.pots.values()) / 4  # type: ignore[union-attr]


def test_the_same_seed_deals_and_plays_the_same() -> None:
    def run(seed: str) -> list[object]:
        match = Match.new(DANISH_FOUR, Options(), seed)
        rng = Random(0)
        for _ in range(4):
            play_out(match, rng)
        match.file_deal()
        return [record.to_json() for record in match.records]

    assert run("same") == run("same")
    assert run("same") != run("other")


def test_the_record_says_which_seat_sat_out_and_refuses_another() -> None:
    deal = GAME.shuffle_and_deal(Random(6), 3, Options())
    data = record_of(deal).to_json()
    assert data["game"] == DANISH_FOUR
    assert data["sits_out"] == 1
    assert data["deal"][1] == []
    assert parse_record(data).dealer == 3
    with pytest.raises(BadRecord, match="sits_out must be 1"):
        parse_record({**data, "sits_out": 2})
    with pytest.raises(BadRecord, match="must be dealt 0 cards"):
        parse_record({**data, "deal": [*data["deal"][:1], data["deal"][0], *data["deal"][2:]]})
    with pytest.raises(BadRecord, match="no seat sits out"):
        parse_record({**data, "game": "danish-tarok", "dealer": 0, "deal": data["deal"][:3]})


def test_the_sitter_out_sees_no_hidden_card() -> None:
    rng = Random(8)
    deal = GAME.shuffle_and_deal(rng, 0, Options(conceal_discards=True))
    for _ in range(20):
        deal.apply(random_action(deal, rng))
    seen = observe(deal, 2)
    assert seen.hand == ()
    assert seen.legal == ()
    assert seen.discard is None
    assert seen.sits_out == 2
    assert seen.all_hands is None
    text = json.dumps(seen.to_json())
    assert '"hand": []' in text
    assert '"sits_out": 2' in text


def test_the_example_record_replays_to_its_end() -> None:
    data = json.loads(EXAMPLE.read_text())
    deal = replay(parse_record(data))
    assert deal.is_over
    assert data["sits_out"] == (data["dealer"] + 2) % 4
    verdict = judge_four(data)
    assert verdict.balances == deal.books.balances


def hoarding_action(deal: Deal, rng: Random) -> Action:
    """Random legal play keeping the Kings, Queens, the I and the Fool as long as it can, so
    that they reach the last trick (Ultimo, Bagud) far more often."""
    if deal.phase is not Phase.PLAY:
        return random_action(deal, rng)
    legal = list(deal.legal_cards())
    card = rng.choice([c for c in legal if code(c) not in SPECIAL] or legal)
    name = (
        rng.choice(NAMES)
        if card == FOOL and deal.names_suit(card, deal.trick_number, not deal.trick)
        else None
    )
    return PlayCard(deal.turn, card, name)


def compare_with_referee(seed: int) -> list[str]:
    rng = Random(seed)
    options = Options(**{key: rng.random() < 0.5 for key in Options.keys_for(DANISH_FOUR)})
    before = None
    if rng.random() < 0.5:
        pots = {pot: rng.choice([0, 0, 5, 85, 160]) for pot in (KING_POT, PAGAT_POT)}
        balances = [rng.randrange(-200, 201) for _ in range(3)]
        before = Books([*balances, -sum(balances) - sum(pots.values())], pots)
    deal = GAME.shuffle_and_deal(rng, rng.randrange(4), options, before)
    while not deal.is_over:
        deal.apply(hoarding_action(deal, rng) if seed % 2 else random_action(deal, rng))
    data = record_of(deal).to_json()
    verdict = judge_four(data)
    engine = result(deal)
    problems = []
    mine = [(e["kind"], e["trick"], e["from"], e["to"], e["amount"]) for e in engine["ledger"]]
    if ledger_totals(mine) != ledger_totals(verdict.ledger):
        problems.append(f"ledger {ledger_totals(mine)} != {ledger_totals(verdict.ledger)}")
    if engine["balances"] != verdict.balances:
        problems.append(f"balances {engine['balances']} != {verdict.balances}")
    if engine["pots"] != {"king": verdict.pots[KING_POT], "pagat": verdict.pots[PAGAT_POT]}:
        problems.append(f"pots {engine['pots']} != {verdict.pots}")
    if engine["counts"] != verdict.counts:
        problems.append(f"counts {engine['counts']} != {verdict.counts}")
    return problems


@pytest.mark.parametrize("first", range(0, DEALS, 100))
def test_engine_agrees_with_the_four_player_referee(first: int) -> None:
    failures = {}
    for seed in range(first, min(first + 100, DEALS)):
        problems = compare_with_referee(seed)
        if problems:
            failures[seed] = problems
    assert not failures, dict(list(failures.items())[:3])


def test_trionfi_replay_reads_the_four_player_example() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "replay", str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=EXAMPLE.parents[2],
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    outcome = json.loads(done.stdout)
    data = json.loads(EXAMPLE.read_text())
    assert outcome["game"] == DANISH_FOUR
    assert outcome["complete"] is True
    assert outcome["balances"] == judge_four(data).balances
    assert outcome["counts"][data["sits_out"]] == 0
    assert sum(outcome["counts"]) == 78


def test_a_take_back_rebuilds_the_four_player_deal() -> None:
    rng = Random(12)
    deal = GAME.shuffle_and_deal(rng, 1, Options())
    while len(deal.tricks) < 3:
        deal.apply(random_action(deal, rng))
    seat = deal.turn
    before = observe(deal, seat).to_json()
    card = next(c for c in deal.legal_cards() if c != FOOL)
    deal.apply(PlayCard(seat, card))
    while deal.turn != seat:
        deal.apply(random_action(deal, rng))
    deal.apply(TakeBack(seat, card))
    assert observe(deal, seat).to_json() == before
    assert deal.sits_out == 3
