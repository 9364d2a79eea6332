"""A new deal of a hand with no trumps (option ``trumpless_redeal``, rules.md 2.3a).

After the deal and before anything else, each player dealt no trump (the Fool does not count;
the dealer's 28 cards count as dealt) is asked, in playing order from the forehand, whether
they ask for a new deal. A demand ends the deal as void: nothing is paid in it, the books are
as before it, and the same dealer deals again. The answer is a move of the hand record,
``{"seat": s, "redeal": true|false}``.
"""

from __future__ import annotations

import json
from random import Random

import pytest

from app.bots.base import arena_bot, get_bot
from app.bots.redeal import REDEAL_WORDS
from app.engine.actions import AskRedeal, ChooseChicks, Discard, IllegalAction, PlayCard, TakeBack
from app.engine.cards import FOOL, IS_TRUMP, code, parse
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.ledger import KING_POT, PAGAT_POT, Books
from app.engine.match import Match
from app.engine.observation import observe
from app.engine.options import Options
from app.engine.record import BadRecord, IllegalActionAt, parse_record, record_of, replay, result
from app.engine.simulate import random_action
from tests.engine.compare import differences
from tests.engine.referee_four import judge_four
from tests.engine.rigged import rigged_game, trumpless_cards

REDEAL = Options(trumpless_redeal=True)
KEYS = ("danish-tarok", "danish-tarok-4")
BEFORE = Books([40, -25, -45], {KING_POT: 20, PAGAT_POT: 10})


def rigged(
    key: str = "danish-tarok",
    dealer: int = 0,
    without: tuple[int, ...] = (1,),
    options: Options = REDEAL,
    before: Books | None = None,
    seed: int = 0,
    fool_to: int | None = None,
) -> Deal:
    hands, talon = trumpless_cards(key, dealer, without, seed=seed, fool_to=fool_to)
    return GAMES[key].new_deal(hands, talon, dealer, options, before)


# ------------------------------------------------------------------ who is asked


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_player_dealt_no_trump_is_asked_first(key: str, dealer: int) -> None:
    game = GAMES[key]
    forehand = (dealer + 1) % game.seat_count
    deal = rigged(key, dealer, (forehand,))
    assert deal.phase is Phase.REDEAL
    assert deal.turn == forehand
    assert deal.redeal_askers == [forehand]
    assert not any(IS_TRUMP[c] for c in deal.holdings[forehand])
    obs = observe(deal, forehand)
    assert obs.decision == "redeal"
    assert obs.to_json()["legal"] == {"action": "redeal", "cards": []}
    assert len(deal.holdings[forehand]) == game.hand_size  # nothing else happened first
    assert not deal.discarded


def test_only_trumpless_players_are_asked_in_playing_order_from_the_forehand() -> None:
    deal = rigged("danish-tarok", dealer=0, without=(0, 2))  # forehand 1 has trumps
    assert deal.redeal_askers == [2, 0]  # middlehand, then the dealer
    assert deal.turn == 2
    deal.apply(AskRedeal(2, False))
    assert deal.phase is Phase.REDEAL
    assert deal.turn == 0
    deal.apply(AskRedeal(0, False))
    assert deal.phase is Phase.DISCARD
    assert deal.turn == 0


def test_four_players_the_one_sitting_out_is_never_asked() -> None:
    deal = rigged("danish-tarok-4", dealer=1, without=(0, 1))  # seat 3 sits out
    assert deal.sits_out == 3
    assert deal.dealt[3] == ()
    assert deal.redeal_askers == [0, 1]  # from the forehand (2): then 0, then the dealer


def test_the_fool_does_not_count_as_a_trump() -> None:
    deal = rigged(without=(1,), fool_to=1)
    assert FOOL in deal.holdings[1]
    assert deal.phase is Phase.REDEAL
    assert deal.turn == 1


def test_the_dealers_talon_counts_as_dealt() -> None:
    hands, talon = trumpless_cards("danish-tarok", 0, (0,), seed=4)
    deal = GAMES["danish-tarok"].new_deal(hands, talon, 0, REDEAL)
    assert deal.redeal_askers == [0]  # 28 plain cards
    trump = next(c for c in hands[1] if IS_TRUMP[c])  # one trump into the talon
    hands[1][hands[1].index(trump)] = talon[0]
    talon[0] = trump
    deal = GAMES["danish-tarok"].new_deal(hands, talon, 0, REDEAL)
    assert not any(IS_TRUMP[c] for c in deal.dealt[0])
    assert deal.redeal_askers == []
    assert deal.phase is Phase.DISCARD


@pytest.mark.parametrize("key", KEYS)
def test_without_the_option_nobody_is_asked(key: str) -> None:
    deal = rigged(key, 0, (1,), options=Options())
    assert deal.phase is Phase.DISCARD
    with pytest.raises(IllegalAction, match="waits for discard"):
        deal.apply(AskRedeal(1, True))


def test_with_trumps_everywhere_the_deal_starts_as_always() -> None:
    deal = GAMES["danish-tarok"].shuffle_and_deal(Random(1), 0, REDEAL)
    assert all(any(IS_TRUMP[c] for c in deal.dealt_to(s)) for s in range(3))
    assert deal.phase is Phase.DISCARD
    assert deal.redeal_askers == []


# ------------------------------------------------------------------ a demand, a decline


@pytest.mark.parametrize("before", [None, BEFORE])
def test_a_demand_voids_the_deal_and_nobody_pays(before: Books | None) -> None:
    deal = rigged(before=before)
    assert deal.books.ledger  # the pots' founding or the dealer's fee, as the deal opened
    deal.apply(AskRedeal(1, True))
    assert deal.is_over
    assert deal.is_void
    assert deal.redealt_by == 1
    assert deal.turn == -1
    assert deal.counts is None
    assert deal.books.ledger == []
    if before is None:
        assert deal.books.balances == [0, 0, 0]
        assert deal.books.pots == {KING_POT: 0, PAGAT_POT: 0}
    else:
        assert deal.books.balances == BEFORE.balances
        assert deal.books.pots == BEFORE.pots
    with pytest.raises(IllegalAction, match="the deal is over"):
        deal.apply(Discard(0, tuple(deal.legal_discard_cards()[:3])))


def test_a_decline_goes_on_as_without_the_option() -> None:
    plain = rigged(options=Options(), seed=2)
    deal = rigged(seed=2)
    deal.apply(AskRedeal(1, False))
    assert not deal.is_void
    assert deal.phase is Phase.DISCARD
    assert deal.turn == 0
    assert deal.books.balances == plain.books.balances
    rng = Random(5)
    while not deal.is_over:
        action = random_action(deal, rng)
        plain.apply(action)
        deal.apply(action)
    assert deal.counts == plain.counts
    assert deal.books.balances == plain.books.balances


def test_a_decline_then_the_chicks_choice() -> None:
    deal = rigged(options=Options(trumpless_redeal=True, chicks_after_deal=True))
    assert deal.phase is Phase.REDEAL  # before the Chicks choice
    deal.apply(AskRedeal(1, False))
    assert deal.phase is Phase.CHICKS
    assert deal.turn == deal.chicks_chooser
    deal.apply(ChooseChicks(deal.turn, True))
    assert deal.phase is Phase.DISCARD


def test_refusals_name_the_rule() -> None:
    deal = rigged(without=(1,))
    with pytest.raises(IllegalAction, match="seat 1's turn, not seat 2's"):
        deal.apply(AskRedeal(2, True))  # seat 2 holds trumps: it is never asked
    with pytest.raises(IllegalAction, match="waits for redeal"):
        deal.apply(Discard(0, tuple(deal.legal_discard_cards()[:3])))
    with pytest.raises(IllegalAction, match="waits for redeal"):
        deal.apply(PlayCard(1, deal.holdings[1][0]))
    with pytest.raises(IllegalAction, match="no seat 5"):
        deal.apply(AskRedeal(5, True))
    assert deal.phase is Phase.REDEAL
    assert deal.turn == 1
    assert not deal.log
    deal.apply(AskRedeal(1, False))
    with pytest.raises(IllegalAction, match="waits for discard"):
        deal.apply(AskRedeal(1, True))  # asked once, and only before anything else


def test_a_take_back_keeps_the_decline() -> None:
    deal = rigged(seed=3)
    deal.apply(AskRedeal(1, False))
    rng = Random(2)
    while len(deal.tricks) < 1 or deal.phase is not Phase.PLAY:
        deal.apply(random_action(deal, rng))
    card = deal.check_take_back(1)
    deal.apply(TakeBack(1, card))
    assert deal.history[0] == AskRedeal(1, False)
    assert not deal.is_void


# ------------------------------------------------------------------ the match


@pytest.mark.parametrize("key", KEYS)
def test_the_same_dealer_deals_again_and_the_books_stay(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = GAMES[key]
    match = Match.new(key, REDEAL, "secret")
    for _ in range(2):  # two deals played first: the dealer is seat 2, the books are kept
        deal = match.start_deal()
        rng = Random(len(match.records))
        while not deal.is_over:
            deal.apply(random_action(deal, rng))
    match.file_deal()
    books = match.last_books
    assert books is not None
    balances, pots = list(books.balances), dict(books.pots)
    dealer = match.dealer
    assert dealer == 2
    forehand = game.players_of(dealer)[(game.players_of(dealer).index(dealer) + 1) % 3]
    monkeypatch.setattr(match, "game", rigged_game(key, (forehand,)))
    deal = match.start_deal()
    assert deal.dealer == dealer
    assert deal.turn == forehand
    cards = deal.dealt
    deal.apply(AskRedeal(forehand, True))
    assert match.summaries()[-1].redealt_by == forehand
    assert match.summaries()[-1].changes == [0] * game.seat_count
    again = match.start_deal()
    assert again.dealer == dealer  # the same dealer deals again
    assert again.dealt != cards  # from the deals' stream, not the same cards
    assert again.before is not None
    assert again.before.balances == balances
    assert again.before.pots == pots
    assert len(match.records) == 3
    assert match.records[-1].redealt_by == forehand
    assert match.last_books is books
    rng = Random(9)
    while not again.is_over:
        again.apply(random_action(again, rng))
    match.start_deal()
    assert match.dealer == (dealer + 1) % game.seat_count  # then the deal passes on
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.dealer == match.dealer
    assert [row.redealt_by for row in restored.summaries()] == [None, None, forehand, None]


def test_a_void_first_deal_founds_the_pots_again() -> None:
    match = Match.new("danish-tarok", REDEAL, "secret")
    match.game = rigged_game("danish-tarok", (1,))
    deal = match.start_deal()
    deal.apply(AskRedeal(1, True))
    again = match.start_deal()
    assert again.dealer == 0
    assert again.before is None
    assert [e.kind for e in again.books.ledger[:6]] == ["pot-founding"] * 6


# ------------------------------------------------------------------ the hand record


def test_the_record_of_a_void_deal_replays_and_says_who_asked() -> None:
    deal = rigged(before=BEFORE)
    deal.apply(AskRedeal(1, True))
    data = record_of(deal).to_json()
    assert data["options"] == {"trumpless_redeal": True}
    assert data["actions"] == [{"seat": 1, "redeal": True}]
    record = parse_record(json.loads(json.dumps(data)))
    assert record.redealt_by == 1
    replayed = replay(record)
    assert replayed.is_void
    out = result(replayed)
    assert out["complete"] is True
    assert out["next"] is None
    assert out["redeal"] == {"seat": 1}
    assert out["ledger"] == []
    assert out["counts"] is None
    assert out["balances"] == BEFORE.balances
    assert out["pots"] == {"king": 20, "pagat": 10}


def test_a_record_without_the_option_reads_as_before() -> None:
    deal = GAMES["danish-tarok"].shuffle_and_deal(Random(3), 0, Options())
    out = result(replay(parse_record(record_of(deal).to_json())))
    assert "redeal" not in out
    assert out["next"]["action"] == "discard"


def test_the_next_decision_of_a_record_is_the_question() -> None:
    deal = rigged(without=(1, 2))
    out = result(replay(parse_record(record_of(deal).to_json())))
    assert out["next"] == {"seat": 1, "action": "redeal", "legal": [True, False]}


def test_a_forged_or_ill_timed_redeal_in_a_record_is_refused() -> None:
    deal = rigged(without=(1,))
    data = record_of(deal).to_json()
    data["actions"] = [{"seat": 2, "redeal": True}]
    with pytest.raises(IllegalActionAt, match="action 0: it is seat 1's turn, not seat 2's"):
        replay(parse_record(data))
    data["actions"] = [{"seat": 1, "redeal": False}, {"seat": 1, "redeal": True}]
    with pytest.raises(IllegalActionAt, match="action 1: the deal waits for discard"):
        replay(parse_record(data))
    data["options"] = {}
    data["actions"] = [{"seat": 1, "redeal": True}]
    with pytest.raises(IllegalActionAt, match="waits for discard"):
        replay(parse_record(data))
    data["actions"] = [{"seat": 1, "redeal": "yes"}]
    with pytest.raises(BadRecord, match=r"actions\[0\].redeal must be true or false"):
        parse_record(data)


def test_troccas_has_no_such_option() -> None:
    data = record_of(GAMES["troccas"].shuffle_and_deal(Random(1), 0, Options())).to_json()
    data["options"] = {"trumpless_redeal": True}
    with pytest.raises(BadRecord, match="not an option of troccas"):
        parse_record(data)


# ------------------------------------------------------------------ the referee


@pytest.mark.parametrize("demand", [True, False])
@pytest.mark.parametrize("without", [(1,), (0, 2), (0, 1)])
def test_the_referee_agrees(demand: bool, without: tuple[int, ...]) -> None:
    for seed in range(4):
        deal = rigged(without=without, seed=seed, before=BEFORE if seed % 2 else None)
        rng = Random(seed)
        while not deal.is_over:
            action = random_action(deal, rng)
            if isinstance(action, AskRedeal):
                action = AskRedeal(action.seat, demand and deal.turn == without[-1])
            deal.apply(action)
            data = record_of(deal).to_json()
            assert differences(data, result(deal)) == []
        assert deal.is_void is demand


@pytest.mark.parametrize("demand", [True, False])
def test_the_four_player_referee_agrees(demand: bool) -> None:
    deal = rigged("danish-tarok-4", dealer=3, without=(0,), seed=1)
    deal.apply(AskRedeal(0, demand))
    rng = Random(4)
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    verdict = judge_four(record_of(deal).to_json())
    assert verdict.balances == deal.books.balances
    assert verdict.counts == deal.counts
    assert {"king": verdict.pots[KING_POT], "pagat": verdict.pots[PAGAT_POT]} == {
        "king": deal.books.pots[KING_POT],
        "pagat": deal.books.pots[PAGAT_POT],
    }


# ------------------------------------------------------------------ the computers


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_asks_for_a_new_deal(key: str, level: str) -> None:
    deal = rigged(key, 0, (1,))
    hint = get_bot(level).hint(observe(deal, 1), Random(0))
    assert hint.action == AskRedeal(1, True)
    assert hint.reason == REDEAL_WORDS
    assert get_bot(level).choose(observe(deal, 1), Random(0)) == AskRedeal(1, True)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("level", ["ismcts", "ismcts-random"])
def test_the_reference_search_asks_too(key: str, level: str) -> None:
    deal = rigged(key, 0, (1,))
    assert arena_bot(level, ismcts_iterations=2).choose(observe(deal, 1), Random(0)) == (
        AskRedeal(1, True)
    )


def test_cards_are_codes_in_the_record() -> None:
    """The rigged deal is an ordinary record: a trumpless hand of plain codes."""
    deal = rigged(without=(1,))
    codes = record_of(deal).to_json()["deal"][1]
    assert all(not IS_TRUMP[parse(c)] for c in codes)
    assert code(deal.holdings[1][0]) in codes
