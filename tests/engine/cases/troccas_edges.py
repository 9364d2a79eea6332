"""Edge cases of Swiss Troccas: following a led Fool (rules.md 3.4) and every branch of the Bob
(3.5, 3.7, 3.8).

The Player deals, so Right leads trick 1; a Bob is written as the result's ``bobs`` entry.
"""

from typing import Any

from tests.engine.builders import Play, scenario
from tests.engine.cases import LEFT, PARTNER, PLAYER, RIGHT
from tests.engine.checks import (
    Case,
    as_referee,
    bob_after,
    case,
    custom,
    decision,
    holds,
    legal,
    refuses,
    winner,
)

TROCCAS = "troccas"
CHICKS = {"chicks_rule": True}
MANUAL = {"manual_bob": True}


def moved(trick: int, holder: int, winner_: int, page: str, returned: str) -> dict[str, Any]:
    return {
        "trick": trick,
        "suit": page[:2],
        "from": holder,
        "to": winner_,
        "page": page,
        "returned": returned,
    }


def revealed(trick: int, suit: str, holder: int) -> dict[str, Any]:
    return {"trick": trick, "suit": suit, "revealed": holder}


def bob_case(name: str, *checks: object, **build: Any) -> Case:
    build.setdefault("no_lead", "ST")
    return case(
        f"Bob: {name}",
        scenario(TROCCAS, **build),
        *checks,  # type: ignore[arg-type]
        as_referee(),
        section="3.5",
    )


def _before_plus_result(outcome: Any, before: list[int]) -> None:
    result = outcome.result()
    team_result = {seat: team["result"] for team in result["teams"] for seat in team["seats"]}
    assert result["balances"] == [before[s] + team_result[s] for s in range(4)]


def _face_up(outcome: Any) -> None:
    import json

    from app.engine.observation import observe
    from app.engine.record import parse_record, replay

    record = outcome.record((1, 0))
    deal = replay(parse_record(json.loads(json.dumps(record))))
    last_dealt = [cards[-1] for cards in record["deal"]]
    for seat in range(4):
        assert observe(deal, seat).to_json()["face_up"] == last_dealt


FOLLOWING = [
    case(
        "Fool led, a trump second: trumps are led",
        scenario(
            TROCCAS,
            hands={LEFT: "T9 T12"},
            lacks={LEFT: "T", PLAYER: "T"},
            tricks={1: Play(RIGHT, "FOOL T5")},
        ),
        legal(LEFT, "T9 T12", at=(1, 2)),
        section="3.4",
    ),
    case(
        "Fool led, cups second: no cups, so trump",
        scenario(
            TROCCAS,
            hands={LEFT: "T9 T12"},
            lacks={LEFT: "CU T FOOL"},
            tricks={1: Play(RIGHT, "FOOL CU-9")},
        ),
        legal(LEFT, "T9 T12", at=(1, 2)),
        section="3.4",
    ),
    case(
        "Fool is last trump (Troccas): no staves and no trump but the Fool",
        scenario(
            TROCCAS,
            options={"fool_is_last_trump": True},
            hands={PARTNER: "FOOL"},
            lacks={PARTNER: "ST T"},
            tricks={1: Play(RIGHT, "ST-3")},
        ),
        legal(PARTNER, "FOOL"),
        section="3.4",
    ),
    case(
        "the Fool in trick 19 stays with its owner's team",
        scenario(TROCCAS, tricks={19: Play(RIGHT, "CU-5 FOOL CU-4 CU-3")}, seed=12),
        winner(19, PLAYER),
        as_referee(),
        section="3.4",
    ),
    case(
        "earlier balances carry into the result (before)",
        scenario(TROCCAS, dealer=LEFT, before={"balances": [12, -12, 12, -12]}),
        as_referee(),
        custom("balances = before + R", lambda o: _before_plus_result(o, [12, -12, 12, -12])),
        section="3.6",
    ),
    case(
        "show the last dealt card: everybody sees it",
        scenario(TROCCAS, options={"show_last_dealt_card": True}, stop=(1, 0)),
        custom("the observation shows each seat's last dealt card", _face_up),
        section="3.2",
    ),
]


STAVES_TRICK = "ST-K ST-3 ST-7 ST-9"  # Right, Partner, Left, Player

BOBS = [
    bob_case(
        "the winner holds the page: the highest spot card goes to its hand",
        bob_after(1, moved(1, RIGHT, RIGHT, "ST-P", "ST-9")),
        holds(RIGHT, yes="ST-9", no="ST-P", at=(2, 0)),
        hands={RIGHT: "ST-P"},
        tricks={1: Play(RIGHT, STAVES_TRICK)},
    ),
    bob_case(
        "the winner's partner holds the page: it is taken all the same",
        bob_after(1, moved(1, LEFT, RIGHT, "ST-P", "ST-3")),
        holds(LEFT, yes="ST-3", no="ST-P", at=(2, 0)),
        hands={LEFT: "ST-P"},
        tricks={1: Play(RIGHT, STAVES_TRICK)},
    ),
    bob_case(
        "the holder played the Knight: the page is only revealed",
        bob_after(1, revealed(1, "ST", PLAYER)),
        holds(PLAYER, yes="ST-P", at=(2, 0)),
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-K ST-3 ST-7 ST-N")},
    ),
    bob_case(
        "the holder played the Queen: the page is only revealed",
        bob_after(1, revealed(1, "ST", PLAYER)),
        holds(PLAYER, yes="ST-P", at=(2, 0)),
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-K ST-3 ST-7 ST-Q")},
    ),
    bob_case(
        "no spot card in the trick (the holder excused itself): reveal only",
        bob_after(1, revealed(1, "ST", PLAYER)),
        holds(PLAYER, yes="ST-P", at=(2, 0)),
        hands={PLAYER: "ST-P"},
        lacks={PARTNER: "ST T", LEFT: "ST T"},
        tricks={1: Play(RIGHT, "ST-K CU-Q CO-N FOOL")},
    ),
    bob_case(
        "no spot card and the winner holds the page: reveal the winner's own seat",
        bob_after(1, revealed(1, "ST", RIGHT)),
        holds(RIGHT, yes="ST-P", at=(2, 0)),
        hands={RIGHT: "ST-P"},
        tricks={1: Play(RIGHT, "ST-K ST-Q ST-N FOOL")},
    ),
    bob_case(
        "the page is played to the trick: nothing happens",
        bob_after(1, None),
        tricks={1: Play(RIGHT, "ST-K ST-P ST-7 ST-9")},
    ),
    bob_case(
        "a King played second wins the first staves trick: it takes the page",
        bob_after(1, moved(1, PLAYER, PARTNER, "ST-P", "ST-3")),
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-3 ST-K ST-7 ST-9")},
    ),
    bob_case(
        "the holder excused itself with the Fool: the page is taken",
        bob_after(1, moved(1, PLAYER, RIGHT, "ST-P", "ST-3")),
        holds(PLAYER, yes="ST-3", no="ST-P FOOL", at=(2, 0)),
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-K ST-3 ST-7 FOOL")},
    ),
    bob_case(
        "the page lies in the kitty: nothing happens",
        bob_after(1, None),
        discard="ST-P CO-2",
        tricks={1: Play(RIGHT, STAVES_TRICK)},
    ),
    bob_case(
        "the page was already won: nothing happens",
        bob_after(2, None),
        lacks={PARTNER: "CU ST T"},
        tricks={1: Play(RIGHT, "CU-K ST-P CU-3 CU-4"), 2: Play(RIGHT, "ST-K CO-3 ST-7 ST-9")},
        no_lead="CU ST",
    ),
    bob_case(
        "the first staves trick was trumped: a later King takes nothing",
        bob_after(3, None),
        winner(1, PARTNER),
        winner(3, RIGHT),
        holds(PLAYER, yes="ST-P", at=(4, 0)),
        hands={PLAYER: "ST-P", PARTNER: "T3"},
        lacks={PARTNER: "ST T"},
        tricks={1: Play(RIGHT, "ST-5 T3 ST-7 ST-9"), 3: Play(RIGHT, "ST-K CO-3 ST-8 ST-10")},
        seed=1,
    ),
    bob_case(
        "the first staves trick went to the Queen: the suit is opened",
        bob_after(1, None),
        bob_after(3, None),
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-Q ST-3 ST-7 ST-9"), 3: Play(RIGHT, "ST-K ST-2 ST-8 ST-10")},
    ),
    bob_case(
        "a Fool-led trick: the second card's suit, won by its King",
        bob_after(1, moved(1, PLAYER, PARTNER, "ST-P", "ST-3")),
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "FOOL ST-K ST-3 ST-9")},
    ),
    bob_case(
        "lowest spot card: a tie between CU-10 and ST-A goes to cups",
        bob_after(1, moved(1, PLAYER, RIGHT, "ST-P", "CU-10")),
        hands={PLAYER: "ST-P"},
        lacks={PARTNER: "ST T"},
        tricks={1: Play(RIGHT, "ST-K CU-10 ST-A ST-2")},
    ),
    bob_case(
        "highest spot card: a tie between CU-A and SW-10 goes to cups",
        bob_after(1, moved(1, RIGHT, RIGHT, "ST-P", "CU-A")),
        hands={RIGHT: "ST-P"},
        lacks={PARTNER: "ST T", LEFT: "ST T"},
        tricks={1: Play(RIGHT, "ST-K CU-A SW-10 ST-3")},
    ),
    bob_case(
        "highest spot card: a tie between SW-10 and CO-A goes to coins",
        bob_after(1, moved(1, RIGHT, RIGHT, "ST-P", "CO-A")),
        hands={RIGHT: "ST-P"},
        lacks={PARTNER: "ST T", LEFT: "ST T"},
        tricks={1: Play(RIGHT, "ST-K SW-10 CO-A ST-3")},
    ),
    bob_case(
        "round-suit spots: CO-10 is the lowest, CO-A the highest",
        bob_after(1, moved(1, PLAYER, RIGHT, "CO-P", "CO-10")),
        hands={PLAYER: "CO-P"},
        tricks={1: Play(RIGHT, "CO-K CO-A CO-10 CO-5")},
        no_lead="CO",
    ),
    bob_case(
        "Chicks: the Queen takes the page",
        bob_after(1, moved(1, PLAYER, RIGHT, "ST-P", "ST-3")),
        options=CHICKS,
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-Q ST-3 ST-7 ST-9")},
    ),
    bob_case(
        "Chicks: the holder played the King: reveal only",
        bob_after(1, revealed(1, "ST", PLAYER)),
        options=CHICKS,
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-Q ST-3 ST-7 ST-K")},
    ),
    bob_case(
        "Chicks: a King winning the first staves trick takes nothing",
        bob_after(1, None),
        options=CHICKS,
        hands={PLAYER: "ST-P", LEFT: "ST-Q"},
        tricks={1: Play(RIGHT, STAVES_TRICK)},
    ),
    bob_case(
        "manual Bob: the winner is asked, and calls",
        decision(RIGHT, "bob", at=(1, 4, "bob")),
        refuses({"seat": PLAYER, "bob": True}, at=(1, 4, "bob")),
        bob_after(1, moved(1, PLAYER, RIGHT, "ST-P", "ST-3")),
        options=MANUAL,
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, STAVES_TRICK)},
        answers={(1, RIGHT): True},
    ),
    bob_case(
        "manual Bob: the winner lets it go",
        bob_after(1, None),
        holds(PLAYER, yes="ST-P", no="ST-3", at=(2, 0)),
        options=MANUAL,
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, STAVES_TRICK)},
        answers={(1, RIGHT): False},
    ),
    bob_case(
        "manual Bob: a reveal is asked too",
        decision(RIGHT, "bob", at=(1, 4, "bob")),
        bob_after(1, revealed(1, "ST", PLAYER)),
        options=MANUAL,
        hands={PLAYER: "ST-P"},
        tricks={1: Play(RIGHT, "ST-K ST-3 ST-7 ST-N")},
    ),
    bob_case(
        "manual Bob: not asked when the page lies in the kitty",
        decision(RIGHT, "play", at=(2, 0)),
        refuses({"seat": RIGHT, "bob": True}, at=(2, 0)),
        options=MANUAL,
        discard="ST-P CO-2",
        tricks={1: Play(RIGHT, STAVES_TRICK)},
    ),
]

CASES = FOLLOWING + BOBS
