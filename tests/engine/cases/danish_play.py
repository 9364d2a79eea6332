"""Edge cases of Danish play: the Fool (rules.md 2.6-2.8) and payments in tricks 1-24 (2.9)."""

from tests.engine.builders import Play, scenario
from tests.engine.cases import D, F, M
from tests.engine.checks import (
    Case,
    accepts,
    as_referee,
    case,
    decision,
    entries,
    legal,
    legal_whole_hand,
    net,
    no_entries,
    refuses,
    winner,
)

KING_POT, PAGAT_POT = "king-pot", "pagat-pot"
TRADITIONAL = {"traditional_fool_timing": True}
NO_DEMANDS = {(23, F): False, (23, M): False, (23, D): False}


def named_fool(suit: str, follower_cards: str) -> Case:
    """F leads the Fool naming ``suit``; M holds two cards of it and must play one."""
    return case(
        f"Fool named {suit}: the next player must follow {suit}",
        scenario(
            hands={M: follower_cards},
            lacks={M: suit + " FOOL"},
            tricks={1: Play(F, f"FOOL/{suit}")},
        ),
        legal(M, follower_cards),
        section="2.7c",
    )


FOOL_NAMING = [
    named_fool("CU", "CU-3 CU-K"),
    named_fool("CO", "CO-10 CO-P"),
    named_fool("SW", "SW-A SW-Q"),
    named_fool("ST", "ST-2 ST-N"),
    named_fool("T", "T5 T21"),
    case(
        "Fool named cups: no cups, so trump",
        scenario(hands={M: "T5 T9"}, lacks={M: "CU T FOOL"}, tricks={1: Play(F, "FOOL/CU")}),
        legal(M, "T5 T9"),
        section="2.7c",
    ),
    case(
        "Fool named trumps, nobody has one: the first non-Fool card's suit wins",
        scenario(
            hands={F: "FOOL " + " ".join(f"T{n}" for n in range(1, 22))},
            tricks={1: Play(F, "FOOL/T SW-5 ST-K")},
        ),
        legal_whole_hand(M, at=(1, 1)),
        winner(1, M, named="T"),
        entries("card-lost", [(D, F, 5), (D, M, 5), (D, KING_POT, 5)], trick=1),
        as_referee(),
        section="2.7c, 2.8",
    ),
    case(
        "a Fool led with a name is still the named suit after an off-suit second card",
        scenario(
            hands={D: "ST-2"},
            extra={F: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 CO-K CO-Q CO-N CO-P CO-A"},
            voids={M: (23, "CO T"), D: (23, "CO T")},
            tricks={23: Play(F, "FOOL/CO SW-5 SW-9")},
            seed=2,
        ),
        legal_whole_hand(D, at=(23, 2), has="SW-9 ST-2"),
        section="2.7c",
    ),
]

FOOL_TIMING = [
    case(
        "seed timing: leading trick 23 with the Fool in hand, it is the only card",
        scenario(hands={F: "FOOL"}, tricks={23: Play(F, "")}, seed=5),
        legal(F, "FOOL", at=(23, 0)),
        refuses({"seat": F, "play": "FOOL"}, at=(23, 0)),
        accepts({"seat": F, "play": "FOOL", "name": "SW"}, at=(23, 0)),
        section="2.7c-d",
    ),
    case(
        "seed timing: in trick 22 the Fool is not forced",
        scenario(hands={F: "FOOL"}, tricks={22: Play(F, "")}, seed=5),
        legal_whole_hand(F, at=(22, 0), has="FOOL"),
        section="2.7d",
    ),
    case(
        "traditional timing: asked from the leader on, skipping the holder; a yes ends it",
        scenario(
            options=TRADITIONAL,
            hands={M: "FOOL"},
            tricks={23: Play(F, "")},
            stop=(23, 0, "demand_fool"),
            seed=40,
        ),
        decision(F, "demand_fool", at=(23, 0, "demand_fool")),
        decision(
            D, "demand_fool", at=(23, 0, "demand_fool"), then=({"seat": F, "demand_fool": False},)
        ),
        decision(F, "play", at=(23, 0, "demand_fool"), then=({"seat": F, "demand_fool": True},)),
        decision(
            F,
            "play",
            at=(23, 0, "demand_fool"),
            then=({"seat": F, "demand_fool": False}, {"seat": D, "demand_fool": False}),
        ),
        refuses({"seat": M, "demand_fool": True}, at=(23, 0, "demand_fool")),
        section="2.7d",
    ),
    case(
        "traditional timing: demanded, the holder must play the Fool in trick 23",
        scenario(
            options=TRADITIONAL,
            hands={M: "FOOL CU-5"},
            tricks={23: Play(F, "CU-7")},
            answers={(23, F): True},
            seed=47,
        ),
        legal(M, "FOOL", at=(23, 1)),
        section="2.7d",
    ),
    case(
        "traditional timing: the leader holds the Fool, the others are asked in order",
        scenario(
            options=TRADITIONAL,
            hands={F: "FOOL"},
            tricks={23: Play(F, "")},
            stop=(23, 0, "demand_fool"),
            seed=5,
        ),
        decision(M, "demand_fool", at=(23, 0, "demand_fool")),
        decision(
            D, "demand_fool", at=(23, 0, "demand_fool"), then=({"seat": M, "demand_fool": False},)
        ),
        section="2.7d",
    ),
    case(
        "traditional timing: the leader holds the Fool and it is demanded: lead it",
        scenario(
            options=TRADITIONAL,
            hands={F: "FOOL"},
            tricks={23: Play(F, "")},
            answers={(23, M): False, (23, D): True},
            seed=5,
        ),
        legal(F, "FOOL", at=(23, 0)),
        section="2.7d",
    ),
    case(
        "traditional timing: no demand once the Fool is out",
        scenario(options=TRADITIONAL, tricks={1: Play(F, "FOOL/CU"), 23: Play(F, "")}, seed=6),
        decision(F, "play", at=(23, 0)),
        section="2.7d",
    ),
    case(
        "traditional timing: the Fool may not be led to trick 24",
        scenario(
            options=TRADITIONAL,
            hands={F: "FOOL SW-2"},
            tricks={24: Play(F, "")},
            answers=NO_DEMANDS,
            seed=9,
        ),
        legal(F, "SW-2", at=(24, 0)),
        section="2.7d",
    ),
    case(
        "traditional timing: the Fool led to trick 25 names nothing; the second card sets the suit",
        scenario(
            options=TRADITIONAL,
            tricks={25: Play(F, "FOOL CU-3 SW-K")},
            answers=NO_DEMANDS,
            require={25: lambda r: r.pots["king-pot"] == 65},
            seed=47,
        ),
        winner(25, M, named=None),
        refuses({"seat": F, "play": "FOOL", "name": "CU"}, at=(25, 0)),
        entries("bagud", [(D, F, 40), (D, M, 40), (D, KING_POT, 65)], trick=25),
        as_referee(),
        section="2.7d, 2.10",
    ),
    case(
        "traditional timing and Fool is last trump: in trick 24 the Fool is still banned",
        scenario(
            options={**TRADITIONAL, "fool_is_last_trump": True},
            hands={M: "FOOL CU-3"},
            tricks={24: Play(F, "T5")},
            answers=NO_DEMANDS,
            seed=445,
        ),
        legal(M, "CU-3", at=(24, 1)),
        section="2.7d-e",
    ),
    case(
        "Fool is last trump: trumps led, no trump but the Fool",
        scenario(
            options={"fool_is_last_trump": True},
            hands={M: "FOOL"},
            lacks={M: "T"},
            tricks={1: Play(F, "T5")},
        ),
        legal(M, "FOOL"),
        section="2.7e",
    ),
    case(
        "Fool is last trump: not forced when the player can follow",
        scenario(
            options={"fool_is_last_trump": True},
            hands={M: "FOOL ST-9"},
            lacks={M: "T ST"},
            tricks={1: Play(F, "ST-5")},
        ),
        legal(M, "FOOL ST-9"),
        section="2.7e",
    ),
]

PAYMENTS = [
    *[
        case(
            f"a King of {suit} lost in play pays 5, 5 and 5 to the King pot",
            scenario(lacks={M: suit}, tricks={1: Play(F, f"{suit}-5 T4 {suit}-K")}),
            winner(1, M),
            entries("card-lost", [(D, F, 5), (D, M, 5), (D, KING_POT, 5)], trick=1),
            section="2.9",
        )
        for suit in ("CU", "CO", "SW", "ST")
    ],
    case(
        "T1 lost in play pays the Pagat pot",
        scenario(tricks={1: Play(F, "T5 T1 T2")}),
        winner(1, F),
        entries("card-lost", [(M, F, 5), (M, D, 5), (M, PAGAT_POT, 5)], trick=1),
        section="2.9",
    ),
    case(
        "a King and T1 lost in one trick are paid separately",
        scenario(lacks={M: "CU", D: "CU"}, tricks={1: Play(F, "CU-K T1 T9")}),
        winner(1, D),
        entries(
            "card-lost",
            [(F, M, 5), (F, D, 5), (F, KING_POT, 5), (M, F, 5), (M, D, 5), (M, PAGAT_POT, 5)],
            trick=1,
        ),
        net({F: -10, M: -10, D: 10, KING_POT: 5, PAGAT_POT: 5}, trick=1),
        section="2.9",
    ),
    case(
        "T21 never pays",
        scenario(tricks={1: Play(F, "T21 T1 T3")}),
        entries("card-lost", [(M, F, 5), (M, D, 5), (M, PAGAT_POT, 5)], trick=1),
        section="2.9",
    ),
    case(
        "Chicks: a lost Queen pays the (King) pot",
        scenario(
            options={"chicks_rule": True}, lacks={M: "CU"}, tricks={1: Play(F, "CU-Q T3 CU-2")}
        ),
        entries("card-lost", [(F, M, 5), (F, D, 5), (F, KING_POT, 5)], trick=1),
        section="2.9, 2.14",
    ),
    case(
        "Chicks: a King beaten by the Queen costs nothing",
        scenario(options={"chicks_rule": True}, tricks={1: Play(F, "CU-K CU-Q CU-2")}),
        winner(1, M),
        net({}, trick=1),
        section="2.9, 2.14",
    ),
    case(
        "Pagat reward off: winning with T1 earns nothing",
        scenario(lacks={M: "CU"}, tricks={1: Play(F, "CU-5 T1 CU-2")}),
        winner(1, M),
        no_entries("pagat-trick"),
        section="2.9",
    ),
    case(
        "Pagat reward on: winning trick 1 with T1 earns 5 from each",
        scenario(
            options={"pagat_trick_reward": True},
            lacks={M: "CU"},
            tricks={1: Play(F, "CU-5 T1 CU-2")},
        ),
        winner(1, M),
        entries("pagat-trick", [(F, M, 5), (D, M, 5)], trick=1),
        net({F: -5, D: -5, M: 10}, trick=1),
        section="2.9",
    ),
    case(
        "Pagat reward on: T1 beaten pays as lost, no reward",
        scenario(options={"pagat_trick_reward": True}, tricks={1: Play(F, "T5 T1 T2")}),
        entries("card-lost", [(M, F, 5), (M, D, 5), (M, PAGAT_POT, 5)], trick=1),
        no_entries("pagat-trick"),
        section="2.9",
    ),
    case(
        "Pagat reward on: not in trick 25 (that is the Pagat Ultimo)",
        scenario(
            options={"pagat_trick_reward": True},
            tricks={25: Play(F, "T1 SW-3 ST-4")},
            require={25: lambda r: all(0 < w < 24 for w in r.won)},
            seed=4,
        ),
        winner(25, F),
        entries("pagat-trick", [], trick=25),
        entries("pagat-ultimo", [(PAGAT_POT, F, 65), (M, F, 45), (D, F, 45)], trick=25),
        section="2.9, 2.10",
    ),
]

CASES = FOOL_NAMING + FOOL_TIMING + PAYMENTS
