"""rules.md 4.1: the worked examples of Danish Tarok (DK-13 and DK-30 are property tests)."""

from tests.engine.builders import Play, scenario
from tests.engine.cases import D, F, M
from tests.engine.checks import (
    accepts,
    as_referee,
    case,
    counts,
    decision,
    declaration_detail,
    declared_by,
    entries,
    field_is,
    legal,
    legal_includes,
    legal_whole_hand,
    net,
    no_entries,
    pots,
    refuses,
    winner,
)

KING_POT, PAGAT_POT = "king-pot", "pagat-pot"


def discard(*codes: str) -> dict[str, object]:
    return {"seat": D, "discard": list(codes)}


def no_tout_or_nolo(referee: object) -> bool:
    return all(0 < won < 25 for won in referee.won)  # type: ignore[attr-defined]


DK_14_HAND = "CU-K CU-Q CU-N CU-P T4 SW-K CO-2 SW-7 ST-9 CO-Q"
DK_14 = {
    "hands": {D: DK_14_HAND, M: "SW-Q CO-K CO-N CO-P"},
    "lacks": {D: "FOOL"},
    "stop": (0, 0),
}
DK_22 = scenario(
    tricks={25: Play(F, "CU-K SW-3 ST-4")},
    require={25: lambda r: r.pots["king-pot"] == 65 and no_tout_or_nolo(r)},
    seed=68,
)
DK_27 = {"require": {26: lambda r: r.counts == [30, 28, 20]}, "seed": 970}

CASES = [
    case(
        "DK-01 round-suit pip order",
        scenario(tricks={2: Play(M, "CU-2 CU-A CU-10")}),
        winner(2, D),
        as_referee(),
        section="1.2",
    ),
    case(
        "DK-02 long-suit pip order",
        scenario(tricks={1: Play(F, "SW-A SW-10 SW-9")}),
        winner(1, M),
        section="1.2",
    ),
    case(
        "DK-03 courts over pips",
        scenario(tricks={1: Play(F, "CO-A CO-P CO-N")}),
        winner(1, D),
        section="1.2",
    ),
    case(
        "DK-04 must follow, the Fool is always allowed",
        scenario(hands={M: "ST-K CU-3 T7 FOOL"}, lacks={M: "ST"}, tricks={1: Play(F, "ST-5")}),
        legal(M, "ST-K FOOL"),
        section="2.6",
    ),
    case(
        "DK-05 must trump, no duty to beat",
        scenario(
            hands={D: "T20 CU-4"},
            lacks={M: "ST", D: "ST T FOOL"},
            tricks={1: Play(F, "ST-5 T12 T3")},
        ),
        legal(D, "T3 T20", at=(1, 2)),
        winner(1, M),
        as_referee(),
        section="2.6",
    ),
    case(
        "DK-06 free discard, and a King lost in it",
        scenario(hands={D: "CU-4"}, lacks={D: "ST T FOOL"}, tricks={1: Play(F, "ST-5 ST-9 SW-K")}),
        legal_whole_hand(D, at=(1, 2), has="CU-4 SW-K"),
        winner(1, M),
        entries("card-lost", [(D, F, 5), (D, M, 5), (D, KING_POT, 5)], trick=1),
        section="2.6, 2.9",
    ),
    case(
        "DK-07 option off: the Fool is not forced",
        scenario(hands={M: "FOOL CU-3"}, lacks={M: "ST T"}, tricks={1: Play(F, "ST-5")}),
        legal_whole_hand(M, has="FOOL CU-3"),
        section="2.7e",
    ),
    case(
        "DK-07 option on: the Fool counts as your last trump",
        scenario(
            options={"fool_is_last_trump": True},
            hands={M: "FOOL CU-3"},
            lacks={M: "ST T"},
            tricks={1: Play(F, "ST-5")},
        ),
        legal(M, "FOOL"),
        section="2.7e",
    ),
    case(
        "DK-08 the Fool never wins and returns to its owner",
        scenario(hands={M: "CU-3"}, tricks={1: Play(F, "CU-K FOOL CU-2")}),
        winner(1, F),
        net({}, trick=1),
        as_referee(),
        section="2.7a-b",
    ),
    case(
        "DK-09 leading the Fool with a named suit",
        scenario(
            hands={M: "CU-3 T5", D: "SW-4"},
            lacks={M: "CU FOOL", D: "CU T FOOL"},
            tricks={1: Play(F, "FOOL/CU CU-9 T2")},
        ),
        legal(M, "CU-3 CU-9", at=(1, 1)),
        legal(D, "T2", at=(1, 2)),
        winner(1, D, named="CU"),
        as_referee(),
        section="2.7c",
    ),
    case(
        "DK-10 a named suit that nobody has",
        scenario(
            extra={F: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 CO-K CO-Q CO-N CO-P CO-A"},
            voids={M: (23, "CO T"), D: (23, "CO T")},
            tricks={23: Play(F, "FOOL/CO SW-5 SW-9")},
        ),
        legal_whole_hand(M, at=(23, 1)),
        winner(23, D, named="CO"),
        as_referee(),
        section="2.7c",
    ),
    case(
        "DK-11 seed timing: the Fool is the only card in trick 23",
        scenario(hands={M: "FOOL CU-5 SW-2"}, tricks={23: Play(F, "CU-7")}, seed=19),
        legal(M, "FOOL", at=(23, 1)),
        section="2.7d",
    ),
    case(
        "DK-11 traditional timing: nobody demands, never in 24, lost in 25",
        scenario(
            options={"traditional_fool_timing": True},
            hands={M: "FOOL CU-5 SW-2"},
            lacks={D: "CU-6"},
            tricks={23: Play(F, "CU-7 CU-5"), 24: Play(M, "SW-2")},
            answers={(23, F): False, (23, D): False},
            seed=82,
        ),
        decision(F, "demand_fool", at=(23, 0, "demand_fool")),
        legal(M, "CU-5 FOOL", at=(23, 1)),
        legal(M, "SW-2", at=(24, 0)),
        as_referee(),
        section="2.7d",
    ),
    *[
        case(
            f"DK-12 dealer {dealer}: seat {(dealer + 1) % 3} leads trick 1",
            scenario(dealer=dealer, stop=(1, 0)),
            decision((dealer + 1) % 3, "play", at=(1, 0)),
            section="2.1",
        )
        for dealer in range(3)
    ],
    case(
        "DK-14 discard legality, seed rules",
        scenario(**DK_14),
        refuses(discard("T4", "CO-2", "SW-7"), at=(0, 0)),
        refuses(discard("SW-K", "CO-2", "SW-7"), at=(0, 0)),
        refuses(discard("CU-Q", "CO-2", "SW-7"), at=(0, 0)),
        accepts(discard("CO-2", "SW-7", "ST-9"), at=(0, 0)),
        accepts(discard("CO-Q", "CO-2", "SW-7"), at=(0, 0)),
        legal_includes(D, yes="CO-2 SW-7 ST-9 CO-Q", no="T4 SW-K CU-K CU-Q CU-N CU-P", at=(0, 0)),
        section="2.4",
    ),
    case(
        "DK-14 discard legality, Chicks rule",
        scenario(options={"chicks_rule": True}, **DK_14),
        accepts(discard("SW-K", "CO-2", "SW-7"), at=(0, 0)),
        refuses(discard("CO-Q", "CO-2", "SW-7"), at=(0, 0)),
        refuses(discard("CU-K", "CO-2", "SW-7"), at=(0, 0)),
        legal_includes(D, yes="SW-K CO-2", no="CO-Q CU-K CU-Q T4", at=(0, 0)),
        section="2.4, 2.14",
    ),
    case(
        "DK-16 trumps declaration",
        scenario(
            hands={M: "T1 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 FOOL"},
            lacks={M: "T COURT"},
            stop=(1, 0),
        ),
        declared_by(M, [("trumps", 20)]),
        declaration_detail(M, "trumps", "12 trumps, with the I"),
        entries("declaration", [(D, M, 20), (F, M, 20)], to=M),
        section="2.5",
    ),
    case(
        "DK-20 losing a King during play",
        scenario(lacks={F: "CU"}, tricks={7: Play(M, "CU-5 CU-K T2")}),
        winner(7, F),
        entries("card-lost", [(D, F, 5), (D, M, 5), (D, KING_POT, 5)], trick=7),
        net({D: -15, F: 5, M: 5, KING_POT: 5}, trick=7),
        as_referee(),
        section="2.9",
    ),
    case(
        "DK-22 King Ultimo",
        DK_22,
        winner(25, F),
        entries("king-ultimo", [(KING_POT, F, 65), (M, F, 40), (D, F, 40)], trick=25),
        net({F: 145, M: -40, D: -40, KING_POT: -65}, trick=25),
        no_entries("last-trick"),
        no_entries("bagud"),
        as_referee(),
        section="2.10",
    ),
    case(
        "DK-22 next hand: the empty King pot is refilled, then the dealer's fee",
        scenario(
            dealer=F,
            before={"balances": [30, -40, -60], "pots": {"king": 0, "pagat": 70}},
            stop=(0, 0),
        ),
        entries("pot-refill", [(D, KING_POT, 20), (F, KING_POT, 20), (M, KING_POT, 20)]),
        entries("dealer-fee", [(F, KING_POT, 5), (F, PAGAT_POT, 5)]),
        pots(65, 75),
        field_is("balances", [10, -70, -80]),
        section="2.2",
    ),
    case(
        "DK-27 count settlement, exact",
        scenario(**DK_27),
        counts([30, 28, 20]),
        entries("count", [(None, D, 4), (None, F, 2), (None, M, -6)]),
        section="2.11",
    ),
    case(
        "DK-27 count settlement, rounded to 5s (the next dealer F takes the difference)",
        scenario(options={"round_count": True}, **DK_27),
        counts([30, 28, 20]),
        entries("count", [(None, D, 5), (None, F, 0), (None, M, -5)]),
        section="2.11",
    ),
    case(
        "DK-28 founding the pots and the dealer's fee",
        scenario(stop=(0, 0)),
        field_is("balances", [-50, -40, -40]),
        pots(65, 65),
        entries("pot-founding", [(s, pot, 20) for s in (D, F, M) for pot in (KING_POT, PAGAT_POT)]),
        entries("dealer-fee", [(D, KING_POT, 5), (D, PAGAT_POT, 5)]),
        section="2.2",
    ),
]
