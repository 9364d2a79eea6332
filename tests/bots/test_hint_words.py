"""Hints in the words a player uses (issue 12): a sentence with the card's name and a reason
built from what the hinting seat may know, never sample counts, averages or a hidden card."""

from __future__ import annotations

import re
from random import Random

import pytest

from app.bots.base import LEVEL_NAMES, BotSettings, Hint, get_bot, hint
from app.bots.knowledge import read
from app.bots.odds import Table
from app.bots.words import seat_word, situation, the_card
from app.engine.actions import Action, CallBob, DemandFool, Discard, PlayCard
from app.engine.cards import ALL_CARDS, FOOL, Card, display_name, parse
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.observation import Observation, observe
from app.engine.options import GAMES as GAME_KEYS
from app.engine.options import Options
from app.engine.simulate import random_action
from tests.bots.helpers import deal_at, random_options

TINY = 300

VOCABULARY = (
    "wins the trick",
    "win the trick",
    "lose the trick",
    "lose it",
    "gives up the trick",
    "takes this trick",
    "takes the trick",
    "take the trick",
    "is winning the trick",
    "can trump",
    "must trump",
    "keep",
    "lead",
    "give away",
    "give it your",
    "your partner",
    "last trick",
    "the last tricks",
    "Bagud",
    "Ultimo",
    "cover the",
    "No Tricks",
    "the Fool",
    "only legal card",
    "last card",
    "must follow",
    "any legal card",
    "pips",
    "cards you need least",
    "follow",
    "does better",
    "come to the same",
    "Page",
)
"""Phrases a reason is made of; every hint has at least one of them."""

INTERNALS = ("sampled", "sample", "average", "tokens", "points for", "deals", "%")


def cards(*codes: str) -> list[Card]:
    return [parse(code) for code in codes]


def built(game: str, hands: list[list[str]], dealer: int, talon: tuple[str, ...] = ()) -> Deal:
    """A deal with the given cards first in each holding and the rest dealt in order."""
    settings = GAMES[game]
    extra = cards(*talon)
    full = [cards(*hand) for hand in hands]
    used = {c for hand in full for c in hand} | set(extra)
    rest = [c for c in ALL_CARDS if c not in used]
    for seat in range(settings.seat_count):
        size = settings.hand_size + (0 if talon or seat != dealer else 2)
        while len(full[seat]) < size:
            full[seat].append(rest.pop(0))
    return settings.new_deal(full, extra, dealer, Options())


def play(deal: Deal, *codes: str) -> None:
    for code in codes:
        deal.apply(PlayCard(deal.turn, parse(code)))


def named_cards(text: str) -> set[Card]:
    """The cards a hint's text names, by their display names ("9 of Cups", "XXI The World")."""
    lowered = text.lower()
    found = set()
    for card in ALL_CARDS:
        name = display_name(card).lower()
        if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", lowered):
            found.add(card)
    return found


def visible(obs: Observation) -> set[Card]:
    """Every card the seat may know the place of: its hand, the tricks, the shown discard,
    the Bobs' pages and returned cards, face-up cards."""
    seen: set[Card] = set(obs.hand) | set(obs.trick)
    for trick in obs.tricks:
        seen |= set(trick.cards)
    seen |= set(obs.discard or ())
    for bob in obs.bobs:
        seen |= {c for c in (bob.page, bob.returned) if c is not None}
    seen |= {c for c in obs.face_up or () if c is not None}
    return seen


def stripped(text: str) -> str:
    """The text without card names and trick numbers: what is left may hold no digit."""
    for card in ALL_CARDS:
        text = re.sub(re.escape(display_name(card)), "", text, flags=re.IGNORECASE)
    return re.sub(r"trick \d+", "trick", text)


def assert_in_words(found: Hint, obs: Observation) -> None:
    text = found.text
    assert text.endswith("."), text
    assert "\n" not in text
    assert len(text) < 260, text
    assert text[0].isupper()
    assert any(phrase.lower() in text.lower() for phrase in VOCABULARY), text
    assert not any(word in text.lower() for word in INTERNALS), text
    assert not re.search(r"\d", stripped(text)), text
    action: Action = found.action
    if isinstance(action, PlayCard):
        assert text.startswith(f"Play {the_card(action.card)}"), text
        assert display_name(action.card).lower() in text.lower()
    hidden = named_cards(text) - visible(obs)
    if isinstance(action, DemandFool):
        hidden -= {FOOL}  # the demand names the Fool, not where it lies
    assert not hidden, (text, hidden)


# ---------------------------------------------------------------------- built positions


def right_void_in_cups() -> Deal:
    """Danish: Right trumped the first Cups trick; now Left leads Cups and Right plays last."""
    trumps = [f"T{n}" for n in range(2, 22)]
    deal = built(
        "danish-tarok",
        [
            ["CU-Q", "CU-N", "CU-P", "CU-10", "CU-9", "CU-8", "CU-7", "ST-7", "ST-8"],
            [*trumps, "ST-2", "ST-3", "ST-4", "ST-5", "ST-6"],
            ["CU-K", "CU-2", "CU-3", "CU-4", "ST-K"],
        ],
        dealer=2,
        talon=("CO-8", "CO-7", "CO-6"),
    )
    deal.apply(Discard(2, tuple(sorted(cards("CO-8", "CO-7", "CO-6")))))
    play(deal, "CU-7", "T2", "CU-2", "ST-2", "ST-K", "ST-7", "CU-3")
    return deal


def partner_leads_a_king() -> Deal:
    """Troccas: the partner leads the King of Swords, Left follows low, and it is our turn."""
    deal = built(
        "troccas",
        [
            ["CU-10", "SW-10", "SW-N", "SW-2", "CO-3"],
            ["CU-9", "SW-9", "SW-8"],
            ["CU-K", "SW-K", "SW-3"],
            ["CU-8", "SW-7", "SW-6"],
        ],
        dealer=3,
    )
    deal.apply(Discard(3, tuple(sorted(observe(deal, 3).legal[-2:]))))
    play(deal, "CU-10", "CU-9", "CU-K", "CU-8", "SW-K", "SW-7")
    return deal


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_void_shown_earlier_is_said_in_words(level: str) -> None:
    deal = right_void_in_cups()
    obs = observe(deal, 0)
    found = get_bot(level, BotSettings(hard_budget=2000)).hint(obs, Random(1))
    deal.check(found.action)
    assert "Right has no Cups left and can trump" in found.text
    assert_in_words(found, obs)


def test_the_situation_names_the_seat_that_can_trump() -> None:
    deal = right_void_in_cups()
    obs = observe(deal, 0)
    table = Table(obs, read(obs))
    assert situation(table, parse("CU-8")) == "Right has no Cups left and can trump"


def test_a_friends_table_hint_names_the_seats_as_the_page_does() -> None:
    deal = right_void_in_cups()
    obs = observe(deal, 0)
    named = Table(obs, read(obs), ["You", "Bo", "Cy"])
    assert situation(named, parse("CU-8")) == "Bo has no Cups left and can trump"
    found = hint(obs, Random(1), settings=BotSettings(hard_budget=2000), names=["You", "Bo", "Cy"])
    assert "Bo has no Cups left and can trump" in found.text


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_partners_trick_is_said_in_words(level: str) -> None:
    deal = partner_leads_a_king()
    obs = observe(deal, 0)
    found = get_bot(level, BotSettings(hard_budget=2000)).hint(obs, Random(1))
    deal.check(found.action)
    assert "your partner" in found.text
    assert_in_words(found, obs)


def test_seats_are_named_as_the_page_names_them() -> None:
    assert [seat_word(s, 0, 3) for s in (1, 2)] == ["Right", "Left"]
    assert [seat_word(s, 0, 4) for s in (1, 2, 3)] == ["Right", "your partner", "Left"]
    assert seat_word(0, 2, 3) == "Right"


def test_the_hint_reads_as_a_sentence() -> None:
    found = Hint(PlayCard(0, parse("CU-9")), "Left has no Cups left and can trump")
    assert found.text == "Play the 9 of Cups: Left has no Cups left and can trump."
    found = Hint(PlayCard(0, FOOL, None), "it is your only legal card")
    assert found.text == "Play the Fool: it is your only legal card."
    lay = Hint(Discard(0, tuple(cards("CU-9", "SW-2"))), "they are the cards you need least")
    assert lay.text.startswith("Lay away the 9 of Cups and the 2 of Swords: ")
    assert Hint(CallBob(0, True), "x").text == "Call Bob: x."


@pytest.mark.parametrize("game", GAME_KEYS)
def test_hard_hints_speak_no_sample_counts_or_averages(game: str) -> None:
    for seed in range(12):
        deal = deal_at(game, 500 + seed)
        if deal.is_over:
            continue
        obs = observe(deal, deal.turn)
        found = hint(obs, Random(seed), settings=BotSettings(hard_budget=2000))
        assert_in_words(found, obs)


# ---------------------------------------------------------------------- whole deals


def _hinted_deal(game: str, seed: int, level: str) -> int:
    """A whole deal in which every decision is the hint's, each checked; how many hints."""
    rng = Random(seed)
    settings = GAMES[game]
    options = random_options(game, rng)
    deal = settings.shuffle_and_deal(rng, seed % settings.seat_count, options)
    bot = get_bot(level, BotSettings(hard_budget=TINY))
    count = 0
    while not deal.is_over:
        obs = observe(deal, deal.turn)
        found = bot.hint(obs, Random(seed * 1000 + count))
        assert_in_words(found, obs)
        if deal.phase is Phase.DEMAND_FOOL:
            assert isinstance(found.action, DemandFool)
        deal.apply(found.action)
        count += 1
    return count


@pytest.mark.parametrize("game", GAME_KEYS)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_hints_over_whole_deals_never_fail_nor_name_a_hidden_card(game: str, level: str) -> None:
    deals = 1 if level == "hard" else 3
    for seed in range(deals):
        assert _hinted_deal(game, 40 + seed, level) > 0


def _until(deal: Deal, phase: Phase, rng: Random) -> bool:
    """Random actions, the Fool kept back while another card is legal, until ``phase``."""
    while not deal.is_over and deal.phase is not phase:
        if deal.phase is Phase.PLAY:
            legal = [c for c in deal.legal_cards() if c != FOOL] or deal.legal_cards()
            deal.apply(PlayCard(deal.turn, legal[int(rng.random() * len(legal))]))
        else:
            deal.apply(random_action(deal, rng))
    return deal.phase is phase


@pytest.mark.parametrize(
    ("game", "options", "phase", "start"),
    [
        (
            "danish-tarok",
            Options(traditional_fool_timing=True),
            Phase.DEMAND_FOOL,
            "Demand the Fool",
        ),
        ("troccas", Options(manual_bob=True), Phase.BOB, "Call Bob"),
    ],
)
def test_the_fool_demand_and_the_bob_are_hinted_in_words(
    game: str, options: Options, phase: Phase, start: str
) -> None:
    for seed in range(60):
        rng = Random(seed)
        deal = GAMES[game].shuffle_and_deal(rng, seed % GAMES[game].seat_count, options)
        if _until(deal, phase, rng):
            obs = observe(deal, deal.turn)
            found = get_bot("medium").hint(obs, Random(0))
            assert found.text.startswith(f"{start}: ")
            assert_in_words(found, obs)
            return
    pytest.fail(f"no deal reached {phase}")
