"""The words made in Python come out in the reader's language (issue 19, the Python half).

A fake catalog wraps every message it translates in ⟦⟧, so a test sees exactly what was
translated: the engine's refusals (``Phrase``, said with ``say``), their parameters that are
words too (the card, the suit: nested ⟦⟧), the log lines, the verdict and the hints. Taking the
brackets away must give back the English text the engine and the pages make, byte for byte.
"""

from __future__ import annotations

import gettext as _gettext
import json
import pickle
from collections.abc import Iterator
from random import Random

import pytest

import app.i18n
from app.bots.words import only_card, sentence
from app.engine.actions import Discard, IllegalAction, PlayCard
from app.engine.cards import ALL_CARDS, SUIT_NAMES, display_name
from app.engine.deal import Deal, Phase
from app.engine.games import GAMES
from app.engine.observation import observe
from app.engine.options import DANISH, TROCCAS, Options
from app.engine.phrases import Phrase
from app.engine.simulate import random_action
from app.i18n import use_language
from app.web.http.render import signed
from app.web.http.words import say
from app.web.show.events import Names, step_events
from app.web.show.verdict import verdict
from app.web.table.moves import sentence as refusal_sentence

OPTIONS = {
    "seed": Options(),
    "traditional": Options(
        traditional_fool_timing=True, fool_is_last_trump=True, traditional_skat_restrictions=True
    ),
    "chicks": Options(chicks_rule=True),
}


class Bracketing(_gettext.NullTranslations):
    """A catalog that translates every message into ⟦message⟧."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@pytest.fixture
def bracketed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(app.i18n, "translations", lambda language: Bracketing())
    with use_language("da"):
        yield


def unbracketed(text: str) -> str:
    return text.replace("⟦", "").replace("⟧", "")


def assert_translated(said: str, english: str) -> None:
    """``said`` is ``english`` translated whole: wrapped, and English once unwrapped."""
    assert said.startswith("⟦"), said
    assert said.endswith("⟧"), said
    assert unbracketed(said) == english


def deals(game: str, options: Options, count: int = 3) -> Iterator[Deal]:
    """Whole random deals, stopped at every step (the same deal object, moved on)."""
    for seed in range(count):
        rng = Random(seed)
        deal = GAMES[game].shuffle_and_deal(rng, seed % 3, options.of_game(game))
        while not deal.is_over:
            yield deal
            deal.apply(random_action(deal, rng))
        yield deal


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
@pytest.mark.parametrize("game", [DANISH, TROCCAS])
def test_every_refusal_of_a_card_is_translated_with_its_params(
    bracketed: None, game: str, options: Options
) -> None:
    seen: set[str] = set()
    for deal in deals(game, options):
        if deal.phase is not Phase.PLAY:
            continue
        seat = deal.turn
        for card in ALL_CARDS:
            reason = deal.why_not_playable(seat, card)
            if reason is None:
                continue
            assert isinstance(reason, Phrase), reason
            assert_translated(say(reason), reason)
            seen.add(reason.msgid)
            if card not in deal.holdings[seat]:
                card_name = say(display_name(card))  # "⟦⟦King⟧ of ⟦Cups⟧⟧", "⟦10 of ⟦Cups⟧⟧"
                assert card_name.startswith("⟦")
                assert card_name in say(reason)
            elif reason.msgid.startswith("must follow"):
                led = deal.led
                assert led is not None
                assert f"⟦{SUIT_NAMES[led]}⟧⟧" in say(reason)
        other = (deal.turn + 1) % deal.seat_count
        refusal = deal.why_not_playable(other, ALL_CARDS[0])  # "it is seat 1's turn, ..."
        assert isinstance(refusal, Phrase)
        assert_translated(say(refusal), refusal)
    assert "must follow %(suit)s" in seen
    assert "seat %(seat)s does not hold %(card)s" in seen


def test_a_refused_play_says_its_phrase_and_the_table_makes_a_sentence(bracketed: None) -> None:
    deal = next(d for d in deals(DANISH, Options()) if d.phase is Phase.PLAY and d.led)
    seat = deal.turn
    barred = next(c for c in deal.holdings[seat] if c not in deal.legal_cards())
    with pytest.raises(IllegalAction) as refused:
        deal.check(PlayCard(seat, barred))
    assert_translated(say(refused.value), refused.value.reason)
    english = refused.value.reason
    told = refusal_sentence(english)
    # the capital falls on the bracket here, on the first letter with a real catalog
    assert unbracketed(told)[1:] == f"You {english}."[1:]
    assert told.startswith("⟦")
    assert "⟦must " in told


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
@pytest.mark.parametrize("game", [DANISH, TROCCAS])
@pytest.mark.parametrize("seed", range(4))
def test_every_refusal_of_a_discard_is_translated(
    bracketed: None, game: str, options: Options, seed: int
) -> None:
    deal = GAMES[game].shuffle_and_deal(Random(seed), 0, options.of_game(game))
    assert deal.phase is Phase.DISCARD
    legal = deal.legal_discard_cards()
    for card in ALL_CARDS:
        reason = deal.why_not_discard(card)
        if reason is None:
            continue
        assert isinstance(reason, Phrase)
        assert_translated(say(reason), reason)
        if card not in deal.holdings[deal.dealer]:
            continue
        others = [c for c in legal if c != card][: deal.discard_size - 1]
        with pytest.raises(IllegalAction) as refused:
            deal.check(Discard(deal.dealer, (card, *others)))
        assert_translated(say(refused.value), refused.value.reason)
    with pytest.raises(IllegalAction) as refused:
        deal.check(Discard(deal.dealer, tuple(legal[:1])))  # too few cards
    assert_translated(say(refused.value), refused.value.reason)
    assert str(deal.discard_size) in say(refused.value)


@pytest.mark.parametrize("game", [DANISH, TROCCAS])
def test_log_lines_and_verdict_are_translated(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    names = ["You", "Right", "Left"] if game == DANISH else ["You", "Right", "Partner", "Left"]
    rng = Random(3)
    deal = GAMES[game].shuffle_and_deal(rng, 0, Options().of_game(game))
    kinds: set[str] = set()
    while not deal.is_over:
        before = observe(deal, 0)
        action = random_action(deal, rng)
        deal.apply(action)
        after = observe(deal, 0)
        view = Names(names, 0, False)
        english = step_events(before, after, action, view)
        with monkeypatch.context() as patch:
            patch.setattr(app.i18n, "translations", lambda language: Bracketing())
            translated = step_events(before, after, action, view)
        assert [unbracketed(e.text) for e in translated] == [e.text for e in english]
        for event in translated:
            kinds.add(event.kind)
            if event.kind in ("play", "trick", "declaration", "decision", "over", "discard"):
                assert event.text.startswith("⟦"), event.text
            if event.kind == "payment":
                assert event.text.startswith("⟦"), event.text  # the ledger kind
    assert {"play", "trick", "over"} <= kinds
    final = observe(deal, 0)
    english_verdict = verdict(final, Names(names, 0, False))
    monkeypatch.setattr(app.i18n, "translations", lambda language: Bracketing())
    assert_translated(verdict(final, Names(names, 0, False)), english_verdict)
    assert "⟦You⟧" in verdict(final, Names(names, 0, False))


def test_hint_words_are_translated(bracketed: None) -> None:
    for deal in deals(DANISH, Options()):
        if deal.phase is not Phase.PLAY or len(deal.legal_cards()) != 1:
            continue
        obs = observe(deal, deal.turn)
        card = deal.legal_cards()[0]
        hint = sentence(PlayCard(deal.turn, card), only_card(obs, card))
        assert isinstance(hint, Phrase)
        assert_translated(say(hint), hint)
        assert hint.startswith("Play ")
        assert say(hint).startswith("⟦⟦Play ")
        return
    pytest.fail("no deal left a single legal card")


def test_english_is_unchanged_without_a_catalog() -> None:
    deal = next(d for d in deals(DANISH, Options()) if d.phase is Phase.PLAY and d.led)
    seat = deal.turn
    barred = next(c for c in deal.holdings[seat] if c not in deal.legal_cards())
    reason = deal.why_not_playable(seat, barred)
    assert reason is not None
    with use_language("en"):
        assert say(reason) == reason
    assert display_name(ALL_CARDS[0]) == "King of Cups"
    assert display_name(ALL_CARDS[-1]) == "The Fool"
    assert display_name(ALL_CARDS[76]) == "XXI The World"


def test_a_phrase_survives_pickle_and_json() -> None:
    phrase = Phrase("must follow %(suit)s", suit=SUIT_NAMES[next(iter(SUIT_NAMES))])
    again = pickle.loads(pickle.dumps(phrase))
    assert isinstance(again, Phrase)
    assert again == phrase == "must follow Cups"
    assert again.msgid == phrase.msgid
    assert isinstance(again.params["suit"], Phrase)
    assert json.loads(json.dumps({"reason": phrase})) == {"reason": "must follow Cups"}
    assert hash(phrase) == hash("must follow Cups")
    observation = observe(GAMES[TROCCAS].shuffle_and_deal(Random(1), 0, Options()), 0)
    assert pickle.loads(pickle.dumps(observation)) == observation


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", ["+43.3", "−94", "0"]), ("da", ["+43,3", "−94", "0"]), ("de", ["+43,3", "−94", "0"])],
)
def test_numbers_take_the_language_decimal_sign(language: str, expected: list[str]) -> None:
    with use_language(language):
        assert [signed(43.3), signed(-94), signed(0)] == expected


def test_level_names_and_program_faults_read_out_translated(bracketed: None) -> None:
    from app.web.table.players import LEVEL_LABELS
    from app.web.table.programs import FAULT_WORDS

    assert LEVEL_LABELS["hard"] == "⟦Hard⟧"
    assert LEVEL_LABELS.get("easy", "") == "⟦Easy⟧"
    assert LEVEL_LABELS.get("nobody", "") == ""  # never a catalog's header
    assert FAULT_WORDS["timeout"] == "⟦did not answer in time⟧"
    assert dict(LEVEL_LABELS)["hard"] == "Hard"  # the data stays English
