"""The rules the engine answers for the pages, the bots and the protocol (issue 18): whether a
play names a suit, why a card can be part of no discard, partnerships and their counts, the
options fixed for a match, and the deal's hooks that observations are built from."""

from __future__ import annotations

from random import Random

import pytest

from app.engine.actions import Discard, IllegalAction
from app.engine.cards import FOOL, PAGAT, WORLD, display_name, parse
from app.engine.deal import Deal
from app.engine.games import GAMES
from app.engine.match import Match
from app.engine.observation import observe
from app.engine.options import DANISH, TROCCAS, Options
from app.engine.record import record_of, result
from app.engine.simulate import play_random_deal


def dealt(game: str, seed: int, options: Options | None = None) -> Deal:
    return GAMES[game].shuffle_and_deal(Random(seed), 0, options or Options())


@pytest.mark.parametrize(
    ("game", "card", "trick", "leading", "names"),
    [
        (DANISH, FOOL, 1, True, True),
        (DANISH, FOOL, 24, True, True),
        (DANISH, FOOL, 25, True, False),  # rules.md 2.7c: the last trick names no suit
        (DANISH, FOOL, 3, False, False),  # only a led Fool names one
        (DANISH, parse("CU-K"), 3, True, False),
        (TROCCAS, FOOL, 1, True, False),  # the Troccas Fool is an excuse (rules.md 3.4)
    ],
)
def test_a_play_names_a_suit_only_where_the_rules_say(
    game: str, card: int, trick: int, leading: bool, names: bool
) -> None:
    assert GAMES[game].names_suit(card, trick, leading) is names


def test_an_observation_asks_the_same_rule_of_its_game() -> None:
    deal = dealt(DANISH, 3)
    obs = observe(deal, deal.turn)
    assert obs.discard_size == 3
    assert obs.rules is GAMES[DANISH]
    assert obs.names_suit(FOOL) is (not obs.trick)


@pytest.mark.parametrize(
    "options",
    [Options(), Options(traditional_skat_restrictions=True), Options(chicks_rule=True)],
    ids=["seed", "traditional", "chicks"],
)
@pytest.mark.parametrize("seed", range(12))
def test_why_not_discard_is_the_refusal_of_a_discard_with_that_card(
    options: Options, seed: int
) -> None:
    """For every card of the dealer that no discard may hold, the reason is the engine's own
    refusal of a discard of that card with cards that may go; a card that may go has none."""
    for game in (DANISH, TROCCAS):
        deal = dealt(game, seed, options.of_game(game))
        legal = deal.legal_discard_cards()
        for card in deal.holdings[deal.dealer]:
            reason = deal.why_not_discard(card)
            if card in legal:
                assert reason is None
                continue
            assert reason
            others = [c for c in legal if c != card][: deal.discard_size - 1]
            with pytest.raises(IllegalAction) as refusal:
                deal.check(Discard(deal.dealer, (card, *others)))
            assert refusal.value.reason == reason, (game, seed, card)


def test_why_not_discard_names_the_kitty_rules_and_a_card_not_held() -> None:
    deal = dealt(TROCCAS, 5)
    hand = deal.holdings[deal.dealer]
    missing = next(card for card in (FOOL, PAGAT, WORLD) if card not in hand)
    assert deal.why_not_discard(missing) == f"the dealer does not hold {display_name(missing)}"
    for card in hand:
        if card == FOOL:
            assert deal.why_not_discard(card) == "the Fool may not be put in the kitty"


def test_partnerships_and_team_counts() -> None:
    troccas, danish = GAMES[TROCCAS], GAMES[DANISH]
    assert troccas.partnerships == ((0, 2), (1, 3))
    assert [troccas.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert danish.partnerships == ()
    assert danish.partner_of(1) is None
    assert danish.team_counts([30, 20, 28]) == ()
    teams = troccas.team_counts([20, 10, 23, 19])
    assert [(t.seats, t.count, t.result) for t in teams] == [((0, 2), 43, 7), ((1, 3), 29, -7)]


@pytest.mark.parametrize("seed", range(6))
def test_a_finished_troccas_deal_reports_the_team_counts_of_its_counts(seed: int) -> None:
    deal = play_random_deal(GAMES[TROCCAS], Random(seed))
    assert deal.counts is not None
    expected = [team.to_json() for team in GAMES[TROCCAS].team_counts(deal.counts)]
    assert result(deal)["teams"] == expected
    balances = result(deal)["balances"]
    assert balances[0] == balances[2] == expected[0]["result"]


def test_the_troccas_chicks_rule_and_the_draws_are_fixed_for_the_match() -> None:
    """rules.md 3.7 (the Swiss Chicks rule) and 2.1a, 3.1a (the draws before the match)."""
    assert GAMES[TROCCAS].fixed_options == ("chicks_rule",)
    assert GAMES[DANISH].fixed_options == ()
    match = Match.new(TROCCAS, Options(), "seed")
    assert match.locked_options() == []
    match.start_deal()
    assert match.locked_options() == ["chicks_rule", "draw_first_dealer", "draw_partners"]
    danish = Match.new(DANISH, Options(), "seed")
    danish.start_deal()
    assert danish.locked_options() == ["draw_first_dealer"]


@pytest.mark.parametrize("seed", range(4))
def test_the_deal_hooks_give_what_the_games_reveal(seed: int) -> None:
    danish = play_random_deal(GAMES[DANISH], Random(seed))
    assert danish.pot_sizes() is not None
    assert danish.declarations_made() == tuple(danish.declared)  # type: ignore[attr-defined]
    assert danish.bobs_made() == ()
    troccas = play_random_deal(GAMES[TROCCAS], Random(seed), options=Options(manual_bob=False))
    assert troccas.pot_sizes() is None
    assert troccas.declarations_made() == ()
    assert troccas.bobs_made() == tuple(troccas.bobs)  # type: ignore[attr-defined]
    assert troccas.face_up_cards() is None
    shown = GAMES[TROCCAS].shuffle_and_deal(Random(seed), 0, Options(show_last_dealt_card=True))
    assert shown.face_up_cards() == tuple(cards[-1] for cards in shown.dealt)
    assert record_of(troccas).to_json()["game"] == TROCCAS


def test_a_discard_is_seen_as_the_rules_show_it() -> None:
    """rules.md 2.4: the Danish discard is shown unless concealed; the kitty only to its
    dealer (3.3); everything once the deal is over."""
    for game, options, shown_to_others in (
        (DANISH, Options(), True),
        (DANISH, Options(conceal_discards=True), False),
        (TROCCAS, Options(), False),
    ):
        deal = dealt(game, 1, options)
        cards = tuple(deal.legal_discard_cards()[: deal.discard_size])
        deal.apply(Discard(deal.dealer, cards))
        assert deal.visible_discard(deal.dealer) == cards
        assert (deal.visible_discard(1) == cards) is shown_to_others
        assert (deal.visible_discard(None) == cards) is shown_to_others
