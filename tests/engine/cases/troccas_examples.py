"""rules.md 4.2: the worked examples of Swiss Troccas (TR-22 is a property test).

The Player deals unless a case says otherwise, so Right leads trick 1.
"""

from tests.engine.builders import Play, scenario
from tests.engine.cases import LEFT, PARTNER, PLAYER, RIGHT
from tests.engine.checks import (
    accepts,
    as_referee,
    bob_after,
    case,
    custom,
    decision,
    entries,
    field_is,
    holds,
    legal,
    legal_includes,
    legal_whole_hand,
    refuses,
    winner,
)

TROCCAS = "troccas"


def kitty(*codes: str) -> dict[str, object]:
    return {"seat": PLAYER, "discard": list(codes)}


def deal_shape(outcome: object) -> None:
    result = outcome.result()  # type: ignore[attr-defined]
    record = outcome.record()  # type: ignore[attr-defined]
    assert [len(cards) for cards in record["deal"]] == [21, 19, 19, 19]
    assert record["talon"] == []
    assert len(result["discard"]["cards"]) == 2
    assert len(result["tricks"]) == 19
    assert all(len(t["cards"]) == 4 for t in result["tricks"])


TR_02 = {"hands": {PLAYER: "T1 CU-3 SW-K CO-4 T21 FOOL CU-Q T7"}, "stop": (0, 0)}
TR_17 = {
    "discard": "CO-7 SW-3",
    "require": {20: lambda r: r.won[0] + r.won[2] == 12 and r.counts[0] + r.counts[2] == 43},
    "seed": 60,
}

CASES = [
    case(
        "TR-01 deal sizes",
        scenario(TROCCAS),
        custom("21 for the dealer, 19 for the others, 2 in the kitty, 19 tricks of 4", deal_shape),
        as_referee(),
        section="3.2",
    ),
    case(
        "TR-02 kitty legality",
        scenario(TROCCAS, **TR_02),
        refuses(kitty("T1", "CU-3"), at=(0, 0)),
        refuses(kitty("SW-K", "CO-4"), at=(0, 0)),
        refuses(kitty("T21", "CU-3"), at=(0, 0)),
        refuses(kitty("FOOL", "CU-3"), at=(0, 0)),
        accepts(kitty("CU-Q", "T7"), at=(0, 0)),
        legal_includes(PLAYER, yes="CU-Q T7 CU-3 CO-4", no="T1 T21 FOOL SW-K", at=(0, 0)),
        section="3.3",
    ),
    case(
        "TR-02 kitty legality, Chicks rule",
        scenario(TROCCAS, options={"chicks_rule": True}, **TR_02),
        refuses(kitty("CU-Q", "CU-3"), at=(0, 0)),
        accepts(kitty("SW-K", "CO-4"), at=(0, 0)),
        legal_includes(PLAYER, yes="SW-K T7", no="CU-Q T1 T21 FOOL", at=(0, 0)),
        section="3.3, 3.8",
    ),
    case(
        "TR-03 hand 1: the Player deals, Right leads",
        scenario(TROCCAS, stop=(1, 0)),
        decision(RIGHT, "play", at=(1, 0)),
        section="3.1",
    ),
    case(
        "TR-03 hand 2: Right deals, Partner leads",
        scenario(TROCCAS, dealer=RIGHT, stop=(1, 0)),
        decision(PARTNER, "play", at=(1, 0)),
        section="3.1",
    ),
    case(
        "TR-04 round-suit order",
        scenario(TROCCAS, tricks={1: Play(RIGHT, "CO-5 CO-A CO-10 CO-P")}),
        winner(1, PLAYER),
        section="1.2",
    ),
    case(
        "TR-05 long-suit order",
        scenario(TROCCAS, tricks={1: Play(RIGHT, "SW-A SW-10 SW-2 SW-9")}),
        winner(1, PARTNER),
        section="1.2",
    ),
    case(
        "TR-06 follow suit; the Fool is allowed",
        scenario(
            TROCCAS,
            hands={PARTNER: "ST-K CU-2 T4 FOOL"},
            lacks={PARTNER: "ST"},
            tricks={1: Play(RIGHT, "ST-3")},
        ),
        legal(PARTNER, "ST-K FOOL"),
        section="3.4",
    ),
    case(
        "TR-06 no staves: trump; the Fool is allowed",
        scenario(
            TROCCAS,
            hands={PARTNER: "CU-2 T4 FOOL"},
            lacks={PARTNER: "ST T"},
            tricks={1: Play(RIGHT, "ST-3")},
        ),
        legal(PARTNER, "T4 FOOL"),
        section="3.4",
    ),
    case(
        "TR-06 no staves, no trumps: anything",
        scenario(
            TROCCAS,
            hands={PARTNER: "CU-2 SW-6"},
            lacks={PARTNER: "ST T FOOL"},
            tricks={1: Play(RIGHT, "ST-3")},
        ),
        legal_whole_hand(PARTNER, has="CU-2 SW-6"),
        section="3.4",
    ),
    case(
        "TR-07 no duty to overtrump",
        scenario(
            TROCCAS,
            hands={LEFT: "T2 T20"},
            lacks={PARTNER: "CU", LEFT: "CU T FOOL"},
            tricks={1: Play(RIGHT, "CU-5 T15")},
        ),
        legal(LEFT, "T2 T20"),
        section="3.4",
    ),
    case(
        "TR-08 Fool led: the second card sets the suit",
        scenario(
            TROCCAS,
            lacks={LEFT: "CU", PLAYER: "CU T"},
            tricks={1: Play(RIGHT, "FOOL CU-9 CU-2 T1")},
        ),
        legal_whole_hand(PARTNER, at=(1, 1)),
        refuses({"seat": RIGHT, "play": "FOOL", "name": "CU"}, at=(1, 0)),
        legal(LEFT, "CU-2", at=(1, 2)),
        legal(PLAYER, "T1", at=(1, 3)),
        winner(1, PLAYER),
        as_referee(),
        section="3.4",
    ),
    case(
        "TR-12 Bob captures the page",
        scenario(
            TROCCAS,
            hands={PLAYER: "ST-P"},
            tricks={1: Play(RIGHT, "ST-K ST-3 ST-7 ST-9")},
        ),
        winner(1, RIGHT),
        bob_after(
            1,
            {
                "trick": 1,
                "suit": "ST",
                "from": PLAYER,
                "to": RIGHT,
                "page": "ST-P",
                "returned": "ST-3",
            },
        ),
        holds(PLAYER, yes="ST-3", no="ST-P", at=(2, 0)),
        as_referee(),
        section="3.5",
    ),
    case(
        "TR-17 hand settlement",
        scenario(TROCCAS, **TR_17),
        field_is(
            "teams",
            [
                {"seats": [0, 2], "count": 43, "result": 7},
                {"seats": [1, 3], "count": 29, "result": -7},
            ],
        ),
        field_is("balances", [7, -7, 7, -7]),
        entries(
            "result", [(None, PLAYER, 7), (None, RIGHT, -7), (None, PARTNER, 7), (None, LEFT, -7)]
        ),
        as_referee(),
        section="3.6",
    ),
]
