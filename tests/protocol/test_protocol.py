"""trionfi-bot/1: the observation's JSON, our levels and outside programs playing full deals,
and every kind of misbehaviour handled without stopping the game."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path
from random import Random

import pytest

from app.bots.base import get_bot
from app.engine.actions import Action, PlayCard
from app.engine.cards import FOOL, Suit, code
from app.engine.deal import Phase
from app.engine.games import GAMES
from app.engine.observation import Observation, observation_from_json, observe
from app.engine.options import Options
from app.engine.record import result
from app.engine.simulate import random_action
from app.protocol import messages
from app.protocol.program import (
    EXCERPT,
    MAX_LINE,
    FaultLog,
    Overlong,
    ProgramBot,
    ProgramSeat,
    bounded_lines,
    checked_action,
)

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
REFERENCE = f"{sys.executable} {ROOT / 'app' / 'protocol' / 'reference_bot.py'}"
MISBEHAVING = f"{sys.executable} {HERE / 'misbehaving_bot.py'}"
GAME_OPTIONS = [
    ("danish-tarok", Options()),
    ("danish-tarok", Options(traditional_fool_timing=True, chicks_rule=True)),
    ("troccas", Options()),
    ("troccas", Options(manual_bob=True, show_last_dealt_card=True)),
    ("danish-tarok", Options(chicks_after_deal=True)),
    ("troccas", Options(chicks_after_deal=True, manual_bob=True)),
]


@pytest.mark.parametrize(("game", "options"), GAME_OPTIONS)
def test_observation_json_reads_back_to_the_same_observation(game: str, options: Options) -> None:
    rng = Random(11)
    deal = GAMES[game].shuffle_and_deal(rng, 1, options)
    while not deal.is_over:
        for seat in range(deal.seat_count):
            obs = observe(deal, seat)
            assert observation_from_json(obs.to_json()) == obs
        deal.apply(random_action(deal, rng))


def play_deal(game: str, options: Options, seats: dict[int, ProgramBot], seed: int) -> None:
    """A whole deal: the given seats are programs, the others the random level."""
    rng = Random(seed)
    deal = GAMES[game].shuffle_and_deal(rng, seed % GAMES[game].seat_count, options)
    while not deal.is_over:
        bot = seats.get(deal.turn) or get_bot("random")
        deal.apply(checked_action(bot, deal, rng))
    for program in seats.values():
        program.send_result(result(deal))


def program(command: str, game: str, options: Options, seat: int, log: FaultLog) -> ProgramBot:
    where = ProgramSeat(game, options, seat, think_ms=400, seed=seat)
    return ProgramBot("mine", command, where, get_bot("random"), log)


@pytest.mark.parametrize(("game", "options"), GAME_OPTIONS)
def test_the_reference_bot_plays_whole_deals_without_a_fault(game: str, options: Options) -> None:
    log = FaultLog()
    seats = {s: program(REFERENCE, game, options, s, log) for s in range(2)}
    try:
        for seed in range(2):
            play_deal(game, options, seats, seed)
    finally:
        for bot in seats.values():
            bot.close()
    assert log.entries == []


def test_our_level_speaks_the_protocol_as_a_program() -> None:
    log = FaultLog()
    command = f"{sys.executable} -m app.cli bot --level random"
    bot = program(command, "troccas", Options(), 0, log)
    try:
        play_deal("troccas", Options(), {0: bot}, 3)
    finally:
        bot.close()
    assert log.entries == []


@pytest.mark.parametrize("mode", ["crash", "garbage", "illegal", "timeout"])
def test_a_misbehaving_program_is_replaced_for_its_decisions(mode: str) -> None:
    log = FaultLog()
    bot = program(f"{MISBEHAVING} {mode}", "danish-tarok", Options(), 0, log)
    try:
        play_deal("danish-tarok", Options(), {0: bot}, 1)
    finally:
        bot.close()
    kinds = {entry["kind"] for entry in log.entries}
    assert kinds == {mode}
    assert log.counts["mine"][mode] >= 1
    if mode == "garbage":
        assert any(entry["line"] == "this is not json {" for entry in log.entries)


def test_a_crashing_program_is_restarted_a_few_times_then_left_alone(tmp_path: Path) -> None:
    log = FaultLog(tmp_path / "faults.log")
    bot = program(f"{MISBEHAVING} crash", "troccas", Options(), 0, log)
    try:
        play_deal("troccas", Options(), {0: bot}, 2)
    finally:
        bot.close()
    assert 1 <= log.counts["mine"]["crash"] <= 19
    assert bot.starts == 4
    text = (tmp_path / "faults.log").read_text()
    assert "about to crash" in text  # the program's standard error is kept


def test_a_program_that_never_says_ready_times_out() -> None:
    log = FaultLog()
    bot = program(f"{MISBEHAVING} silent-hello", "troccas", Options(), 0, log)
    bot.seat.think_ms = 10
    obs_deal = GAMES["troccas"].shuffle_and_deal(Random(1), 0, Options())
    try:
        action = bot.choose(observe(obs_deal, 0), Random(1))
    finally:
        bot.close()
    obs_deal.check(action)
    assert log.counts["mine"]["timeout"] == 1


def test_trionfi_bot_rejects_an_unknown_level() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "bot", "--level", "genius"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert "unknown-level" in done.stderr


def test_the_documented_session_still_matches_the_protocol() -> None:
    """The example in static/docs is a real session; it must stay readable by this version,
    and its observations are written as this version writes them (the fields of ``legal``)."""
    session = (ROOT / "static" / "docs" / "bot-protocol-session.txt").read_text().splitlines()
    sent = [json.loads(line[2:]) for line in session if line.startswith("> ")]
    for line, message in zip([s for s in session if s.startswith("> ")], sent, strict=True):
        if message["type"] == "decide":
            obs = observation_from_json(message["observation"])
            assert messages.encode(messages.decide(message["id"], obs)) == line[2:] + "\n"
    answers = [json.loads(line[2:]) for line in session if line.startswith("< ")]
    assert sent[0]["type"] == "hello"
    assert sent[0]["protocol"] == messages.PROTOCOL
    assert answers[0]["type"] == "ready"
    decisions = [m for m in sent if m["type"] == "decide"]
    assert len(decisions) == len(answers) - 1
    for request, answer in zip(decisions, answers[1:], strict=True):
        obs = observation_from_json(request["observation"])
        messages.read_action(answer, request["id"], obs)
    assert [m["type"] for m in sent[-2:]] == ["result", "goodbye"]


def _fool_lead(game: str) -> Observation:
    """An observation of a seat about to lead, the Fool among its legal cards."""
    for seed in range(200):
        deal = GAMES[game].shuffle_and_deal(Random(seed), 0, Options())
        rng = Random(seed)
        while not deal.is_over:
            if deal.phase is Phase.PLAY and not deal.trick and FOOL in deal.legal_cards():
                return observe(deal, deal.turn)
            deal.apply(random_action(deal, rng))
    raise AssertionError("no Fool lead in 200 random deals")


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_an_answer_names_a_suit_exactly_when_legal_names_suit_says(game: str) -> None:
    obs = _fool_lead(game)
    naming = obs.to_json()["legal"]["names_suit"]
    assert naming == (["FOOL"] if obs.names_suit(FOOL) else [])
    other = code(next(card for card in obs.legal if card != FOOL))

    def answer(action: dict[str, str]) -> Action:
        return messages.read_action({"type": "action", "id": 1, "action": action}, 1, obs)

    with pytest.raises(messages.IllegalAnswer):
        answer({"play": other, "name": "T"})
    if naming:
        assert answer({"play": "FOOL", "name": "T"}) == PlayCard(obs.seat, FOOL, Suit.TRUMPS)
        with pytest.raises(messages.IllegalAnswer):
            answer({"play": "FOOL"})
    else:
        assert answer({"play": "FOOL"}) == PlayCard(obs.seat, FOOL)
        with pytest.raises(messages.IllegalAnswer):
            answer({"play": "FOOL", "name": "T"})


def test_the_arena_counts_an_outside_programs_faults_and_goes_on() -> None:
    from app.arena import Setup, run

    setup = Setup(
        game="troccas",
        players=("bad", "easy", "ref", "easy"),
        deals=2,
        seed="5",
        duplicate=False,
        external=(("bad", f"{MISBEHAVING} illegal"), ("ref", REFERENCE)),
        think_ms=400,
    )
    data = run(setup, jobs=1, progress=False)
    # every decision of "bad" (19 cards a deal and the kitty where it deals) is taken over
    assert sum(data["faults"]["bad"].values()) == 39
    assert data["faults"]["bad"]["illegal"] >= 30
    assert "ref" not in data["faults"]


def test_the_arena_tells_each_program_every_result_and_keeps_a_log(tmp_path: Path) -> None:
    from app.arena import Setup, run

    log = tmp_path / "bots.log"
    setup = Setup(
        game="danish-tarok",
        players=("tally", "bad", "easy"),
        deals=2,
        seed="9",
        duplicate=False,
        external=(("tally", f"{MISBEHAVING} tally"), ("bad", f"{MISBEHAVING} garbage")),
        think_ms=400,
        bot_log=str(log),
    )
    data = run(setup, jobs=1, progress=False)
    kept = log.read_text(encoding="utf-8").splitlines()
    heard = [line for line in kept if line.startswith("tally [seat 0] stderr: result danish")]
    assert len(heard) == 2
    garbage = [line for line in kept if re.match(r"bad \[seat 1, decision \d+\]: garbage:", line)]
    assert len(garbage) == sum(data["faults"]["bad"].values()) > 0
    assert all("this is not json {" in line for line in garbage)
    assert data["bot_log"] == str(log)
    assert kept[0].startswith("--- arena danish-tarok --players tally,bad,easy --seed 9")
    assert data["taken_over"] == {"bad": len(garbage)}


@pytest.mark.parametrize(("game", "options"), GAME_OPTIONS)
def test_no_hidden_card_reaches_a_program(game: str, options: Options, tmp_path: Path) -> None:
    """Every line a program is sent, scanned against the deal as it stood: no card of another
    seat's hand, nor a discard or kitty its seat may not see, ever appears in it."""
    from app.engine.record import record_of
    from app.engine.record import start as record_start
    from tests.web.test_leaks import hidden_cards, leaks

    kept = tmp_path / "sent.jsonl"
    seat = 1
    for seed in range(3):
        kept.unlink(missing_ok=True)
        bot = program(f"{MISBEHAVING} record {kept}", game, options, seat, FaultLog())
        rng = Random(seed)
        deal = GAMES[game].shuffle_and_deal(rng, seed % GAMES[game].seat_count, options)
        try:
            while not deal.is_over:
                player = bot if deal.turn == seat else get_bot("random")
                deal.apply(checked_action(player, deal, rng))
        finally:
            bot.close()
        sent = [line for line in kept.read_text().splitlines() if '"decide"' in line]
        replayed = record_start(record_of(deal))
        hidden_then = []
        for action in deal.history:
            if replayed.turn == seat:
                hidden_then.append(hidden_cards(replayed, seat))
            replayed.apply(action)
        assert len(sent) == len(hidden_then) > 0
        for line, hidden in zip(sent, hidden_then, strict=True):
            assert leaks(line, hidden) == []


@pytest.mark.parametrize(
    ("mode", "detail"),
    [
        ("wrong-id", "answer for id 1001, expected 1"),
        ("wrong-kind", "this decision is 'play': answer {\"play\": CARD}, not bob"),
    ],
)
def test_an_answer_for_no_such_decision_or_of_the_wrong_kind_is_garbage_at_once(
    mode: str, detail: str
) -> None:
    log = FaultLog()
    bot = program(f"{MISBEHAVING} {mode}", "troccas", Options(), 1, log)
    deal = GAMES["troccas"].shuffle_and_deal(Random(3), 0, Options())
    while deal.turn != 1:
        deal.apply(random_action(deal, Random(4)))
    try:
        action = bot.choose(observe(deal, 1), Random(1))
    finally:
        bot.close()
    deal.check(action)
    assert [entry["kind"] for entry in log.entries] == ["garbage"]
    assert log.entries[0]["detail"] == detail
    assert log.entries[0]["where"] == "seat 1, decision 1"
    assert log.entries[0]["line"]


def test_a_line_over_the_limit_is_garbage_and_never_held_whole(tmp_path: Path) -> None:
    """An 8 MB answer (and as long a line on stderr): the decision is garbage at once, the
    log keeps excerpts only, and the reader never holds much more than the limit."""
    size = 8_000_000
    log = FaultLog(tmp_path / "faults.log")
    bot = program(f"{MISBEHAVING} long-line {size}", "troccas", Options(), 1, log)
    deal = GAMES["troccas"].shuffle_and_deal(Random(3), 0, Options())
    rng = Random(4)
    decisions = 0
    tracemalloc.start()
    try:
        while decisions < 2:  # the second answer comes after the whole long line
            if deal.turn == 1:
                decisions += 1
            player = bot if deal.turn == 1 else get_bot("random")
            deal.apply(checked_action(player, deal, rng))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        bot.close()
    assert peak < 8 * MAX_LINE < size / 10
    assert [entry["kind"] for entry in log.entries] == ["garbage"]
    assert log.entries[0]["detail"] == f"a line longer than {MAX_LINE} characters"
    assert log.entries[0]["line"].startswith('{"type": "action", "id": 1, "action"')
    assert len(log.entries[0]["line"]) <= EXCERPT + 1
    kept = (tmp_path / "faults.log").read_text(encoding="utf-8")
    assert len(kept) < 2 * EXCERPT + 400
    assert f"(cut: over {MAX_LINE} characters)" in kept  # the stderr line, cut as well


@pytest.mark.parametrize(("length", "refused"), [(MAX_LINE, False), (MAX_LINE + 1, True)])
def test_the_limit_counts_the_characters_before_the_newline(length: int, refused: bool) -> None:
    stream = io.StringIO("a" * length + "\nnext\n" + "b" * (3 * MAX_LINE) + "\nlast")
    lines = list(bounded_lines(stream))
    assert isinstance(lines[0], Overlong) is refused
    assert lines[1:] == ["next\n", Overlong("b" * EXCERPT), "last"]
    padded = '{"type": "ready", "name": "' + "n" * (length - 29) + '"}\n'
    assert len(padded) == length + 1
    if refused:
        with pytest.raises(messages.BadAnswer, match="a line longer than"):
            messages.decode(padded)
    else:
        assert messages.decode(padded)["type"] == "ready"


def test_the_arena_logs_an_excerpt_of_an_over_long_answer(tmp_path: Path) -> None:
    from app.arena import Setup, run

    log = tmp_path / "bots.log"
    setup = Setup(
        game="danish-tarok",
        players=("long", "easy", "easy"),
        deals=1,
        seed="2",
        duplicate=False,
        external=(("long", f"{MISBEHAVING} long-line 3000000"),),
        think_ms=400,
        bot_log=str(log),
    )
    data = run(setup, jobs=1, progress=False)
    assert data["faults"] == {
        "long": dict.fromkeys(("crash", "illegal", "timeout"), 0) | {"garbage": 1}
    }
    assert data["taken_over"] == {"long": 1}
    assert log.stat().st_size < 2000
    assert "long [seat 0, decision 1]: garbage: a line longer than" in log.read_text()


@pytest.mark.parametrize("game", ["danish-tarok", "danish-tarok-4", "troccas"])
def test_the_chicks_decision_after_the_deal_speaks_the_protocol(game: str) -> None:
    """rules.md 2.14a, 3.8a: the forehand's decision is ``chicks``, answered true or false."""
    options = Options(chicks_after_deal=True)
    deal = GAMES[game].shuffle_and_deal(Random(2), 0, options)
    obs = observe(deal, deal.turn)
    sent = messages.decide(1, obs)
    assert sent["observation"]["legal"]["action"] == "chicks"
    answer = {"type": "action", "id": 1, "action": {"chicks": False}}
    action = messages.read_action(answer, 1, obs)
    deal.check(action)
    assert messages.action_json(action) == {"chicks": False}
    for wrong, detail in (({"chicks": "yes"}, "true or false"), ({"bob": True}, "chicks")):
        with pytest.raises(messages.BadAnswer, match=detail):
            messages.read_action({"type": "action", "id": 1, "action": wrong}, 1, obs)


@pytest.mark.parametrize("game", ["danish-tarok", "danish-tarok-4"])
def test_the_question_of_a_new_deal_speaks_the_protocol(game: str) -> None:
    """rules.md 2.3a: a player dealt no trump is asked ``redeal``, answered true or false."""
    from app.engine.actions import AskRedeal
    from tests.engine.rigged import trumpless_cards

    hands, talon = trumpless_cards(game, 0, (1,), seed=5)
    deal = GAMES[game].new_deal(hands, talon, 0, Options(trumpless_redeal=True))
    obs = observe(deal, 1)
    assert observation_from_json(obs.to_json()) == obs
    sent = messages.decide(1, obs)
    assert sent["observation"]["phase"] == "redeal"
    assert sent["observation"]["legal"] == {"action": "redeal", "cards": []}
    answer = {"type": "action", "id": 1, "action": {"redeal": True}}
    action = messages.read_action(answer, 1, obs)
    assert action == AskRedeal(1, True)
    deal.check(action)
    assert messages.action_json(action) == {"redeal": True}
    for wrong, detail in (({"redeal": "yes"}, "true or false"), ({"chicks": True}, "redeal")):
        with pytest.raises(messages.BadAnswer, match=detail):
            messages.read_action({"type": "action", "id": 1, "action": wrong}, 1, obs)
    elsewhere = observe(deal, 2)
    with pytest.raises(messages.BadAnswer, match="no decision is pending"):
        messages.read_action(answer, 1, elsewhere)
