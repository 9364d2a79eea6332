"""Chicks decided after the deal (option ``chicks_after_deal``, rules.md 2.14 and 3.8).

The forehand, having seen their hand, says whether the Chicks rule applies to the deal, before
the dealer lays away (and so before the Danish declarations). The choice is a move of the hand
record, ``{"seat": s, "chicks": true|false}``, and the deal then plays by it.
"""

from __future__ import annotations

from random import Random

import pytest

from app.bots.base import arena_bot, get_bot
from app.bots.chicks import wants_chicks
from app.engine.actions import ChooseChicks, Discard, IllegalAction, TakeBack
from app.engine.cards import KING, QUEEN, RANK_OF, VALUE, parse
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import Options
from app.engine.record import parse_record, record_of, replay, result
from app.engine.simulate import random_action

AFTER = Options(chicks_after_deal=True)
KEYS = ("danish-tarok", "danish-tarok-4", "troccas")


def dealt(key: str, seed: int, dealer: int = 0, options: Options = AFTER) -> Deal:
    return GAMES[key].shuffle_and_deal(Random(seed), dealer, options)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_forehand_chooses_first(key: str, dealer: int) -> None:
    deal = dealt(key, 7, dealer)
    assert deal.phase is Phase.CHICKS
    assert deal.turn == deal.chicks_chooser == deal.next_seat(dealer)
    obs = observe(deal, deal.turn)
    assert obs.decision == "chicks"
    assert obs.to_json()["legal"]["action"] == "chicks"
    assert len(deal.holdings[deal.turn]) == GAMES[key].hand_size


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("chicks", [True, False])
def test_the_choice_sets_the_deal_rules(key: str, chicks: bool) -> None:
    deal = dealt(key, 11, options=Options(chicks_after_deal=True, chicks_rule=not chicks))
    deal.apply(ChooseChicks(deal.turn, chicks))
    assert deal.phase is Phase.DISCARD
    assert deal.turn == deal.dealer
    assert deal.chicks is chicks
    assert deal.options.chicks_rule is chicks
    assert deal.value == VALUE[chicks]
    top = QUEEN if chicks else KING
    barred = [c for c in deal.holdings[deal.dealer] if c < 56 and RANK_OF[c] == top]
    assert not set(barred) & set(deal.legal_discard_cards())
    assert observe(deal, 0).options.chicks_rule is chicks


@pytest.mark.parametrize("key", KEYS)
def test_wrong_choices_are_refused_and_change_nothing(key: str) -> None:
    deal = dealt(key, 3)
    chooser = deal.turn
    other = next(s for s in deal.players if s != chooser)
    before = observe(deal, chooser).to_json()
    with pytest.raises(IllegalAction, match="turn"):
        deal.apply(ChooseChicks(other, True))
    with pytest.raises(IllegalAction, match="waits for chicks"):
        deal.apply(Discard(deal.dealer, tuple(deal.holdings[deal.dealer][:3])))
    assert observe(deal, chooser).to_json() == before
    deal.apply(ChooseChicks(chooser, False))
    with pytest.raises(IllegalAction, match="waits for discard"):
        deal.apply(ChooseChicks(chooser, True))


def test_without_the_option_there_is_no_choice() -> None:
    deal = dealt("danish-tarok", 3, options=Options())
    assert deal.phase is Phase.DISCARD
    with pytest.raises(IllegalAction):
        deal.apply(ChooseChicks(deal.next_seat(deal.dealer), True))


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("seed", range(4))
def test_a_whole_deal_records_and_replays_the_choice(key: str, seed: int) -> None:
    rng = Random(seed)
    deal = dealt(key, seed, dealer=seed % 3)
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    record = record_of(deal).to_json()
    first = record["actions"][0]
    assert set(first) == {"seat", "chicks"}
    assert first["seat"] == deal.chicks_chooser
    assert record["options"] == {"chicks_after_deal": True}
    again = replay(parse_record(record))
    assert result(again) == result(deal)
    assert again.chicks is first["chicks"]


def test_a_take_back_keeps_the_choice() -> None:
    rng = Random(5)
    deal = dealt("troccas", 5)
    deal.apply(ChooseChicks(deal.turn, True))
    while len(deal.tricks) < 2:
        deal.apply(random_action(deal, rng))
    seat = deal.tricks[-1].leader
    deal.apply(TakeBack(seat, deal.check_take_back(seat)))
    assert deal.chicks is True
    assert deal.options.chicks_rule is True
    first = record_of(deal).to_json()["actions"][0]
    assert first == {"seat": deal.chicks_chooser, "chicks": True}


def test_the_bots_rule_counts_queens_against_kings() -> None:
    assert wants_chicks([parse("CU-Q"), parse("SW-Q"), parse("CO-K")])
    assert not wants_chicks([parse("CU-Q"), parse("CO-K")])
    assert not wants_chicks([parse("T21")])


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
@pytest.mark.parametrize("key", KEYS)
def test_every_level_chooses_by_the_rule(level: str, key: str) -> None:
    deal = dealt(key, 19)
    obs = observe(deal, deal.turn)
    action = get_bot(level).choose(obs, Random(0))
    assert action == ChooseChicks(deal.turn, wants_chicks(deal.holdings[deal.turn]))


@pytest.mark.parametrize("key", KEYS)
def test_the_reference_search_chooses_by_the_rule(key: str) -> None:
    deal = dealt(key, 23)
    obs = observe(deal, deal.turn)
    action = arena_bot("ismcts").choose(obs, Random(0))
    assert action == ChooseChicks(deal.turn, wants_chicks(deal.holdings[deal.turn]))
