"""Edge cases of Danish declarations (rules.md 2.5, 2.14) and the discard (2.4).

Declarations are looked at just before the first lead. Each case gives the middlehand M the
cards of the combinations and keeps other courts, trumps or the Fool away from it, so that M
declares exactly what the case expects; each of the two others then pays M each value.
"""

from tests.engine.builders import scenario
from tests.engine.cases import D, F, M
from tests.engine.checks import (
    Case,
    accepts,
    case,
    declared,
    declared_by,
    entries,
    legal,
    legal_includes,
    refuses,
)

ALL_TRUMPS = " ".join(f"T{n}" for n in range(1, 22))
FULL_CAVALRIES = " ".join(f"{s}-{r}" for s in ("CU", "CO", "SW", "ST") for r in "KQNP")


def trumps(low: int, high: int) -> str:
    return " ".join(f"T{n}" for n in range(low, high + 1))


def declaration(
    name: str, hand: str, lacks: str, expected: list[tuple[str, int]], chicks: bool = False
) -> Case:
    values = [value for _, value in expected]
    options = {"chicks_rule": True} if chicks else {}
    return case(
        f"declaration: {name}",
        scenario(options=options, hands={M: hand}, lacks={M: lacks}, stop=(1, 0)),
        declared_by(M, expected) if not chicks else declared_values(values),
        entries("declaration", [(p, M, v) for v in values for p in (D, F)], to=M),
        section="2.5" + (", 2.14" if chicks else ""),
    )


def declared_values(values: list[int]) -> object:
    from tests.engine.checks import custom

    def run(outcome: object) -> None:
        result = outcome.result((1, 0))  # type: ignore[attr-defined]
        found = sorted(d["value"] for d in result["declarations"] if d["seat"] == M)
        assert found == sorted(values), f"M declares {found}, expected {sorted(values)}"

    return custom(f"M declares values {values}", run)


def dealer_discard(*codes: str) -> dict[str, object]:
    return {"seat": D, "discard": list(codes)}


TRADITIONAL = {"traditional_skat_restrictions": True}

DECLARATIONS = [
    declaration("10 trumps", trumps(2, 11), "T FOOL COURT", [("trumps", 10)]),
    declaration(
        "9 trumps and the Fool make 10", trumps(2, 10) + " FOOL", "T COURT", [("trumps", 10)]
    ),
    declaration("9 trumps without the Fool: nothing", trumps(2, 10), "T FOOL COURT", []),
    declaration("13 trumps", trumps(2, 14), "T FOOL COURT", [("trumps", 25)]),
    declaration(
        "all 22 trumps: 70, and 22 matadors (T1 is not in the run)",
        ALL_TRUMPS + " FOOL",
        "COURT",
        [("trumps", 70), ("matadors", 105)],
    ),
    declaration("3 matadors", "FOOL T1 T21 T19 T18", "T COURT", [("matadors", 10)]),
    declaration(
        "5 matadors: T20 T19, stop at T18", "FOOL T1 T21 T20 T19 T17", "T COURT", [("matadors", 20)]
    ),
    declaration(
        "21 matadors: the run stops at the missing T2",
        "FOOL T1 " + trumps(3, 21),
        "T COURT",
        [("trumps", 65), ("matadors", 100)],
    ),
    declaration("T1 and T21 without the Fool: no matadors", "T1 T21 T20", "T FOOL COURT", []),
    declaration("full cavalry", "CU-K CU-Q CU-N CU-P", "FOOL COURT T", [("full-cavalry", 10)]),
    declaration(
        "abundant cavalry", "CO-K CO-Q CO-N CO-P FOOL", "COURT T", [("abundant-cavalry", 15)]
    ),
    declaration(
        "half cavalry without the Page", "SW-K SW-Q SW-N FOOL", "COURT T", [("half-cavalry", 5)]
    ),
    declaration(
        "half cavalry without the King", "ST-Q ST-N ST-P FOOL", "COURT T", [("half-cavalry", 5)]
    ),
    declaration("three courts without the Fool: nothing", "ST-K ST-Q ST-N", "COURT FOOL T", []),
    declaration("full kings", "CU-K CO-K SW-K ST-K", "COURT FOOL T", [("full-kings", 10)]),
    declaration("abundant kings", "CU-K CO-K SW-K ST-K FOOL", "COURT T", [("abundant-kings", 15)]),
    declaration("half kings", "CU-K CO-K ST-K FOOL", "COURT T", [("half-kings", 5)]),
    declaration("three kings without the Fool: nothing", "CU-K CO-K ST-K", "COURT FOOL T", []),
    declaration(
        "a King in a cavalry and in the kings",
        "CU-K CO-K SW-K ST-K CU-Q CU-N CU-P",
        "COURT FOOL T",
        [("full-cavalry", 10), ("full-kings", 10)],
    ),
    declaration(
        "the Fool in trumps, matadors, a cavalry and the kings at once",
        "FOOL T1 T21 " + trumps(2, 8) + " CU-K CO-K SW-K ST-K CU-Q CU-N CU-P",
        "T COURT",
        [("trumps", 10), ("matadors", 10), ("abundant-cavalry", 15), ("abundant-kings", 15)],
    ),
    declaration(
        "two half cavalries share the Fool",
        "FOOL CU-K CU-Q CU-N CO-Q CO-N CO-P",
        "COURT T",
        [("half-cavalry", 5), ("half-cavalry", 5)],
    ),
    declaration("Chicks: all four Queens", "CU-Q CO-Q SW-Q ST-Q", "COURT FOOL T", [("", 10)], True),
    declaration("Chicks: four Kings are nothing", "CU-K CO-K SW-K ST-K", "COURT FOOL T", [], True),
    declaration(
        "Chicks: three Queens and the Fool", "CU-Q CO-Q ST-Q FOOL", "COURT T", [("", 5)], True
    ),
    declaration(
        "Chicks: the cavalry is still K Q N P",
        "SW-K SW-Q SW-N SW-P",
        "COURT FOOL T",
        [("", 10)],
        True,
    ),
    case(
        "declarations are made F, M, D, the dealer on the cards kept",
        scenario(
            hands={
                F: "CU-K CU-Q CU-N CU-P " + trumps(1, 9),
                M: "CO-K CO-Q CO-N CO-P " + trumps(10, 18),
                D: "SW-K SW-Q SW-N SW-P ST-K ST-Q ST-N ST-P T19 T20 T21 FOOL",
            },
            lacks={F: "COURT T FOOL", M: "COURT T FOOL", D: "COURT T"},
            stop=(1, 0),
        ),
        declared(
            [
                (F, "full-cavalry", 10),
                (M, "full-cavalry", 10),
                (D, "abundant-cavalry", 15),
                (D, "abundant-cavalry", 15),
            ]
        ),
        entries("declaration", [(M, D, 15), (F, D, 15)] * 2, to=D),
        section="2.5",
    ),
]

DISCARDS = [
    case(
        "discard (seed): half-cavalry cards may not be laid away",
        scenario(hands={D: "FOOL CO-Q CO-N CO-P"}, lacks={D: "CO-K"}, stop=(0, 0)),
        legal_includes(D, no="CO-Q CO-N CO-P FOOL", at=(0, 0)),
        refuses(dealer_discard("CO-P", "CU-2", "SW-2"), at=(0, 0)),
        section="2.4",
    ),
    case(
        "discard (seed): three courts without the Fool are no combination",
        scenario(hands={D: "CO-Q CO-N CO-P CU-2 SW-2"}, lacks={D: "CO-K FOOL"}, stop=(0, 0)),
        legal_includes(D, yes="CO-Q CO-N CO-P", at=(0, 0)),
        accepts(dealer_discard("CO-P", "CU-2", "SW-2"), at=(0, 0)),
        section="2.4",
    ),
    case(
        "discard (seed): never a trump, even with only two",
        scenario(hands={D: "T4 T5 CU-2 SW-2"}, lacks={D: "T"}, stop=(0, 0)),
        legal_includes(D, yes="CU-2 SW-2", no="T4 T5", at=(0, 0)),
        refuses(dealer_discard("T4", "T5", "CU-2"), at=(0, 0)),
        section="2.4",
    ),
    case(
        "discard (Chicks): Kings may go unless in a cavalry; Queens never",
        scenario(
            options={"chicks_rule": True},
            hands={D: "CU-K CO-K SW-K ST-K ST-Q ST-N ST-P CO-Q"},
            lacks={D: "COURT"},
            stop=(0, 0),
        ),
        legal_includes(D, yes="CU-K CO-K SW-K", no="ST-K ST-Q ST-N ST-P CO-Q", at=(0, 0)),
        accepts(dealer_discard("CU-K", "CO-K", "SW-K"), at=(0, 0)),
        section="2.4, 2.14",
    ),
    case(
        "discard (traditional): trumps only if the dealer keeps none",
        scenario(
            options=TRADITIONAL, hands={D: "T4 T5 CU-2 SW-2 FOOL"}, lacks={D: "T"}, stop=(0, 0)
        ),
        legal_includes(D, yes="T4 T5 CU-2 SW-2", no="FOOL", at=(0, 0)),
        accepts(dealer_discard("T4", "T5", "CU-2"), at=(0, 0)),
        refuses(dealer_discard("T4", "CU-2", "SW-2"), at=(0, 0)),
        section="2.4",
    ),
    case(
        "discard (traditional): no trump while T1 stays",
        scenario(options=TRADITIONAL, hands={D: "T1 T4 CU-2"}, lacks={D: "T"}, stop=(0, 0)),
        legal_includes(D, yes="CU-2", no="T1 T4", at=(0, 0)),
        refuses(dealer_discard("T4", "CU-2", "SW-2"), at=(0, 0)),
        section="2.4",
    ),
    case(
        "discard (traditional): four trumps cannot all go",
        scenario(options=TRADITIONAL, hands={D: "T4 T5 T6 T7"}, lacks={D: "T"}, stop=(0, 0)),
        legal_includes(D, no="T4 T5 T6 T7", at=(0, 0)),
        section="2.4",
    ),
    case(
        "discard (traditional): combination cards when there is no other choice",
        scenario(
            options=TRADITIONAL,
            hands={D: FULL_CAVALRIES + " T1 T21 FOOL " + trumps(2, 10)},
            discard="CU-Q CU-N CU-P",
        ),
        legal(D, "CU-Q CU-N CU-P CO-Q CO-N CO-P SW-Q SW-N SW-P ST-Q ST-N ST-P", at=(0, 0)),
        declared_by(
            D,
            [
                ("trumps", 20),
                ("matadors", 10),
                ("abundant-cavalry", 15),
                ("abundant-cavalry", 15),
                ("abundant-cavalry", 15),
                ("abundant-cavalry", 15),
                ("abundant-kings", 15),
            ],
        ),
        section="2.4, 2.5",
    ),
    case(
        "discard (traditional): as few combination cards as possible",
        scenario(
            options=TRADITIONAL,
            hands={D: FULL_CAVALRIES + " T1 T21 FOOL " + trumps(2, 8) + " CO-2 SW-3"},
            stop=(0, 0),
        ),
        legal_includes(D, yes="CO-2 SW-3 CU-Q ST-P", no="CU-K T2 FOOL", at=(0, 0)),
        accepts(dealer_discard("CO-2", "SW-3", "CU-Q"), at=(0, 0)),
        refuses(dealer_discard("CO-2", "CU-Q", "CU-N"), at=(0, 0)),
        section="2.4",
    ),
]

CASES = DECLARATIONS + DISCARDS
