"""``trionfi replay FILE|-`` (design.md 1.3-1.5): results, illegal actions, malformed records.

The contract end to end runs as a real process (``python -m app.cli`` and the ``trionfi``
script); the long matrix of bad records runs ``app.cli.main`` in this process, which is the
same code path without the interpreter start-up.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.engine.compare import differences

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
DANISH_FILE = EXAMPLES / "danish-tarok-complete.json"
TROCCAS_FILE = EXAMPLES / "troccas-complete.json"
TOTALS = {"danish-tarok": 78, "troccas": 72}


def example(path: Path = DANISH_FILE) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def run_process(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )


def replay_process(path: Path | str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_process([sys.executable, "-m", "app.cli", "replay", str(path)], stdin)


def replay_in_process(
    record: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> tuple[int, str, str]:
    from app.cli import main

    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def assert_complete_result(stdout: str, record: dict[str, Any]) -> None:
    result = json.loads(stdout)
    assert result["format"] == "trionfi-result/1"
    assert result["game"] == record["game"]
    assert result["complete"] is True
    assert result["next"] is None
    assert sum(result["counts"]) == TOTALS[record["game"]]
    assert not differences(record, result)


def assert_one_error_line(stderr: str, error: str) -> dict[str, Any]:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    data: dict[str, Any] = json.loads(lines[0])
    assert data["error"] == error
    assert isinstance(data["reason"], str)
    assert data["reason"]
    return data


# ------------------------------------------------------------------ real processes


@pytest.mark.parametrize("path", [DANISH_FILE, TROCCAS_FILE], ids=["danish", "troccas"])
def test_replay_file_prints_the_complete_result(path: Path) -> None:
    done = replay_process(path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert len(done.stdout.strip().splitlines()) == 1
    assert_complete_result(done.stdout, example(path))


def test_replay_reads_standard_input() -> None:
    done = replay_process("-", stdin=TROCCAS_FILE.read_text())
    assert done.returncode == 0, done.stderr
    assert_complete_result(done.stdout, example(TROCCAS_FILE))


def test_the_trionfi_script_replays() -> None:
    script = Path(sys.executable).parent / "trionfi"
    if not script.exists():
        pytest.skip("the trionfi console script is not installed")
    done = run_process([str(script), "replay", "-"], stdin=DANISH_FILE.read_text())
    assert done.returncode == 0, done.stderr
    assert_complete_result(done.stdout, example())


def test_illegal_action_process() -> None:
    record = example()
    record["actions"][2] = {"seat": 0, "play": "CO-9"}  # swords were led and seat 0 has some
    done = replay_process("-", stdin=json.dumps(record))
    assert done.returncode == 1
    assert done.stdout == ""
    data = assert_one_error_line(done.stderr, "illegal-action")
    assert data["index"] == 2
    assert data["action"] == {"seat": 0, "play": "CO-9"}


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2]"], ids=["broken", "empty", "list"])
def test_malformed_record_process(text: str) -> None:
    done = replay_process("-", stdin=text)
    assert done.returncode == 2
    assert done.stdout == ""
    assert_one_error_line(done.stderr, "bad-record")


def test_missing_file_process(tmp_path: Path) -> None:
    done = replay_process(tmp_path / "nowhere.json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert_one_error_line(done.stderr, "bad-record")


def test_replay_does_not_load_the_web_stack() -> None:
    """pyproject.toml: "The CLI imports the web stack lazily so `trionfi bot` and `trionfi
    replay` start fast." Checkers run replay thousands of times."""
    code = (
        "import sys; from app.cli import main; "
        f"main(['replay', {str(TROCCAS_FILE)!r}]); "
        "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette') if m in sys.modules))"
    )
    done = run_process([sys.executable, "-c", code])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


# ------------------------------------------------------------------ illegal actions


Edit = Callable[[dict[str, Any]], None]


def set_action(index: int, action: dict[str, Any]) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        record["actions"][index] = action

    return edit


def append_action(action: dict[str, Any]) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        record["actions"].append(action)

    return edit


# The Danish example: dealer 1 discards SW-Q ST-8 ST-5, seat 2 leads SW-3, seat 0 follows.
ILLEGAL = {
    "card not held": (set_action(1, {"seat": 2, "play": "CU-9"}), 1),
    "out of turn": (set_action(1, {"seat": 0, "play": "SW-9"}), 1),
    "must follow": (set_action(2, {"seat": 0, "play": "CO-9"}), 2),
    "discard a King": (set_action(0, {"seat": 1, "discard": ["SW-K", "ST-8", "ST-5"]}), 0),
    "discard a trump": (set_action(0, {"seat": 1, "discard": ["T16", "ST-8", "ST-5"]}), 0),
    "discard two cards": (set_action(0, {"seat": 1, "discard": ["ST-8", "ST-5"]}), 0),
    "discard a card twice": (set_action(0, {"seat": 1, "discard": ["ST-8", "ST-8", "ST-5"]}), 0),
    "discard by another seat": (
        set_action(0, {"seat": 0, "discard": ["CO-10", "CO-9", "CO-7"]}),
        0,
    ),
    "play before the discard": (set_action(0, {"seat": 2, "play": "SW-3"}), 0),
    "demand the Fool without the option": (set_action(1, {"seat": 2, "demand_fool": True}), 1),
    "a Bob in Danish Tarok": (set_action(1, {"seat": 2, "bob": True}), 1),
    "an action after the end": (append_action({"seat": 0, "play": "T5"}), 76),
}


@pytest.mark.parametrize(("edit", "index"), ILLEGAL.values(), ids=ILLEGAL.keys())
def test_illegal_action(
    edit: Edit, index: int, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = example()
    edit(record)
    status, out, err = replay_in_process(record, capsys, tmp_path)
    assert status == 1
    assert out == ""
    data = assert_one_error_line(err, "illegal-action")
    assert data["index"] == index
    assert data["action"] == record["actions"][index]


def test_a_partial_record_gives_the_next_decision(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = example()
    record["actions"] = record["actions"][:2]
    status, out, _ = replay_in_process(record, capsys, tmp_path)
    assert status == 0
    result = json.loads(out)
    assert result["complete"] is False
    assert result["next"]["seat"] == 0
    assert result["next"]["action"] == "play"
    assert result["counts"] is None
    assert not differences(record, result)


# ------------------------------------------------------------------ malformed records


def troccas_edit(edit: Edit) -> Edit:
    """Marks an edit to apply to the Troccas example instead."""
    edit.troccas = True  # type: ignore[attr-defined]
    return edit


def setter(path: tuple[Any, ...], value: Any) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def deleter(key: str) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        del record[key]

    return edit


def swap_first_card(card: str) -> Edit:
    return setter(("deal", 0, 0), card)


def move_card(source: tuple[Any, ...], target: tuple[Any, ...]) -> Edit:
    """Move one card from one list to another (wrong counts)."""

    def edit(record: dict[str, Any]) -> None:
        card = record[source[0]][source[1]].pop() if len(source) == 2 else record[source[0]].pop()
        (record[target[0]][target[1]] if len(target) == 2 else record[target[0]]).append(card)

    return edit


BAD = {
    "wrong format": setter(("format",), "trionfi-hand/2"),
    "no format": deleter("format"),
    "unknown game": setter(("game",), "tarot"),
    "unknown card": swap_first_card("CU-11"),
    "unknown card in an action": setter(("actions", 1), {"seat": 2, "play": "XX"}),
    "duplicated card": swap_first_card("CU-9"),
    "25 cards short of one": move_card(("deal", 0), ("talon",)),
    "a 2-card talon": move_card(("talon",), ("deal", 0)),
    "two seats only": setter(("deal",), [["CU-K"], ["CU-Q"]]),
    "unknown option": setter(("options",), {"chicks": True}),
    "option not a boolean": setter(("options",), {"chicks_rule": "yes"}),
    "dealer 3": setter(("dealer",), 3),
    "dealer -1": setter(("dealer",), -1),
    "dealer not a number": setter(("dealer",), "0"),
    "action seat 3": setter(("actions", 1), {"seat": 3, "play": "SW-3"}),
    "action seat missing": setter(("actions", 1), {"play": "SW-3"}),
    "action without a kind": setter(("actions", 1), {"seat": 2}),
    "Fool named X": setter(("actions", 1), {"seat": 2, "play": "FOOL", "name": "X"}),
    "actions not a list": setter(("actions",), {"seat": 2}),
    "before without pots": setter(("before",), {"balances": [0, 0, 0]}),
    "before with two balances": setter(
        ("before",), {"balances": [0, 0], "pots": {"king": 0, "pagat": 0}}
    ),
    "a Troccas option on in Danish Tarok": setter(("options",), {"manual_bob": True}),
    "a Danish option on in Troccas": troccas_edit(setter(("options",), {"round_count": True})),
    "Troccas dealer with 19": troccas_edit(move_card(("deal", 1), ("deal", 0))),
    "Troccas talon not empty": troccas_edit(move_card(("deal", 1), ("talon",))),
    "Troccas seat 4": troccas_edit(setter(("dealer",), 4)),
}


@pytest.mark.parametrize("edit", BAD.values(), ids=BAD.keys())
def test_malformed_record(edit: Edit, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = example(TROCCAS_FILE if getattr(edit, "troccas", False) else DANISH_FILE)
    edit(record)
    status, out, err = replay_in_process(record, capsys, tmp_path)
    assert (status, out) == (2, ""), err
    assert_one_error_line(err, "bad-record")


def test_lower_case_card_codes_are_accepted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """design.md 1.1: parsing accepts any letter case."""
    record = example()
    lowered = copy.deepcopy(record)
    lowered["deal"] = [[card.lower() for card in cards] for cards in record["deal"]]
    lowered["actions"][0]["discard"] = [c.lower() for c in record["actions"][0]["discard"]]
    lowered["actions"][1]["play"] = record["actions"][1]["play"].lower()
    status, out, err = replay_in_process(lowered, capsys, tmp_path)
    assert status == 0, err
    assert_complete_result(out, record)


def test_options_of_the_record_game_default_to_false(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A missing key takes its default; ``false`` for every key is the same deal."""
    record = example()
    record["options"] = dict.fromkeys(
        (
            "chicks_rule",
            "fool_is_last_trump",
            "conceal_discards",
            "traditional_fool_timing",
            "pagat_trick_reward",
            "last_trick_paid_when_ultimo_fails",
            "round_count",
            "traditional_skat_restrictions",
        ),
        False,
    )
    status, out, err = replay_in_process(record, capsys, tmp_path)
    assert status == 0, err
    assert_complete_result(out, record)


# ------------------------------------------------------------------ take backs


def with_take_backs(record: dict[str, Any], at: int) -> dict[str, Any]:
    """The record with its play at ``at`` taken back at once and then played again (twice)."""
    edited = copy.deepcopy(record)
    play = edited["actions"][at]
    undo = {"seat": play["seat"], "take_back": play["play"]}
    edited["actions"][at + 1 : at + 1] = [undo, play, undo, play]
    return edited


@pytest.mark.parametrize("path", [DANISH_FILE, TROCCAS_FILE], ids=["danish", "troccas"])
def test_a_record_with_take_backs_replays_to_the_same_result(path: Path) -> None:
    """design.md 1.3's ``take_back``: the process reads it; the result is the same deal's."""
    record = example(path)
    plain = replay_process(path)
    taken = replay_process("-", stdin=json.dumps(with_take_backs(record, 5)))
    assert plain.returncode == 0, plain.stderr
    assert taken.returncode == 0, taken.stderr
    assert json.loads(taken.stdout) == json.loads(plain.stdout)


def test_a_take_back_and_the_moves_it_undid_are_replayed_as_they_happened(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Seat 0 follows, seat 1 answers, seat 0 takes back: the deal waits for seat 0 again."""
    record = example()
    actions = record["actions"]
    record["actions"] = [*actions[:4], {"seat": 0, "take_back": actions[2]["play"]}]
    status, out, _ = replay_in_process(record, capsys, tmp_path)
    assert status == 0
    result = json.loads(out)
    assert result["next"]["seat"] == 0
    assert actions[2]["play"] in result["next"]["legal"]


TAKE_BACK_REFUSED = {
    "before any card": (set_action(1, {"seat": 2, "take_back": "SW-3"}), 1, "no card to take"),
    "another card": (set_action(3, {"seat": 0, "take_back": "T5"}), 3, "last card is"),
    "after the end": (append_action({"seat": 0, "take_back": "T5"}), 76, "the deal is over"),
}


@pytest.mark.parametrize(
    ("edit", "index", "reason"), TAKE_BACK_REFUSED.values(), ids=TAKE_BACK_REFUSED.keys()
)
def test_a_take_back_the_rules_refuse_is_an_illegal_action(
    edit: Edit, index: int, reason: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = example()
    edit(record)
    status, out, err = replay_in_process(record, capsys, tmp_path)
    assert status == 1
    assert out == ""
    data = assert_one_error_line(err, "illegal-action")
    assert data["index"] == index
    assert data["action"] == record["actions"][index]
    assert reason in data["reason"]


def test_a_malformed_take_back_is_a_bad_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = example()
    record["actions"][3] = {"seat": 0, "take_back": True}
    status, _, err = replay_in_process(record, capsys, tmp_path)
    assert status == 2
    assert "actions[3].take_back" in assert_one_error_line(err, "bad-record")["reason"]


def test_a_record_with_a_redeal_replays_as_a_void_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """rules.md 2.3a: a player dealt no trump asked for a new deal; the record holds that void
    deal alone, and a forged demand by a player holding trumps is an illegal action."""
    from app.engine.actions import AskRedeal
    from app.engine.games import GAMES
    from app.engine.options import Options
    from app.engine.record import record_of
    from tests.engine.rigged import trumpless_cards

    hands, talon = trumpless_cards("danish-tarok", 2, (1, 2), seed=8)
    deal = GAMES["danish-tarok"].new_deal(hands, talon, 2, Options(trumpless_redeal=True))
    deal.apply(AskRedeal(1, False))  # the forehand declines, the dealer asks
    deal.apply(AskRedeal(2, True))
    record = record_of(deal).to_json()
    assert record["actions"] == [{"seat": 1, "redeal": False}, {"seat": 2, "redeal": True}]
    status, out, err = replay_in_process(record, capsys, tmp_path)
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert result["complete"] is True
    assert result["redeal"] == {"seat": 2}
    assert result["ledger"] == []
    assert result["balances"] == [0, 0, 0]
    assert result["pots"] == {"king": 0, "pagat": 0}
    forged = copy.deepcopy(record)
    forged["actions"] = [{"seat": 0, "redeal": True}]
    status, out, err = replay_in_process(forged, capsys, tmp_path)
    assert status == 1
    assert json.loads(err)["reason"] == "it is seat 1's turn, not seat 0's"
