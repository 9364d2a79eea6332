"""The last trick, steps A-F of rules.md 2.10, the count (2.11) and the pots (2.2).

Unless a case says otherwise, nobody lost a King or T1 before trick 25, so both pots hold their
opening 65 at the end of play, and every seat won a trick (no Tout, no Nolo).
"""

from tests.engine.builders import Play, scenario
from tests.engine.cases import D, F, M
from tests.engine.checks import (
    Case,
    as_referee,
    case,
    custom,
    entries,
    field_is,
    net,
    no_entries,
    pots,
    winner,
)

KING_POT, PAGAT_POT = "king-pot", "pagat-pot"
FAILS_PAID = {"last_trick_paid_when_ultimo_fails": True}


def plain_end(referee: object) -> bool:
    """Before trick 25: full pots and a trick for everyone, so no Tout and no Nolo."""
    pots_ = referee.pots  # type: ignore[attr-defined]
    won = referee.won  # type: ignore[attr-defined]
    return pots_ == {KING_POT: 65, PAGAT_POT: 65} and all(0 < w < 24 for w in won)


def last_trick(
    name: str, cards: str, *checks: object, options: dict[str, bool] | None = None, seed: int = 0
) -> Case:
    """F leads trick 25 with ``cards`` (F, M, D)."""
    return case(
        f"last trick: {name}",
        scenario(
            options=options,
            tricks={25: Play(F, cards)},
            require={25: plain_end},
            seed=seed,
        ),
        *checks,  # type: ignore[arg-type]
        as_referee(),
        section="2.10",
    )


def count_entries_are_rounded(next_dealer: int) -> object:
    def run(outcome: object) -> None:
        result = outcome.result()  # type: ignore[attr-defined]
        amounts = {e["to"]: e["amount"] for e in result["ledger"] if e["kind"] == "count"}
        exact = {seat: count - 26 for seat, count in enumerate(result["counts"])}
        assert sum(amounts.values()) == 0
        for seat in range(3):
            if seat != next_dealer:
                assert amounts[seat] == round(exact[seat] / 5) * 5, (amounts, exact)

    return custom(f"count rounded to 5s, seat {next_dealer} takes the difference", run)


LAST_TRICK = [
    last_trick(
        "Pagat Ultimo",
        "T1 SW-3 ST-4",
        entries("pagat-ultimo", [(PAGAT_POT, F, 65), (M, F, 45), (D, F, 45)], trick=25),
        net({F: 155, M: -45, D: -45, PAGAT_POT: -65}, trick=25),
        no_entries("last-trick"),
        seed=4,
    ),
    last_trick(
        "a King trumped is a Bagud; no last-trick bonus by default",
        "CU-K T5 ST-4",
        winner(25, M),
        entries("bagud", [(F, M, 40), (F, D, 40), (F, KING_POT, 65)], trick=25),
        no_entries("last-trick"),
        pots(130, 65),
        seed=660,
    ),
    last_trick(
        "a King trumped, with the option the winner gets the bonus",
        "CU-K T5 ST-4",
        entries("bagud", [(F, M, 40), (F, D, 40), (F, KING_POT, 65)], trick=25),
        entries("last-trick", [(F, M, 20), (D, M, 20)], trick=25),
        options=FAILS_PAID,
        seed=660,
    ),
    last_trick(
        "two Kings discarded into a trumped trick: two Bagud, each pays the end-of-play pot",
        "T5 SW-K CO-K",
        winner(25, F),
        entries(
            "bagud",
            [(M, F, 40), (M, D, 40), (M, KING_POT, 65), (D, F, 40), (D, M, 40), (D, KING_POT, 65)],
            trick=25,
        ),
        pots(195, 65),
        entries("last-trick", [(M, F, 20), (D, F, 20)], trick=25),
        options=FAILS_PAID,
        seed=74,
    ),
    last_trick(
        "King Ultimo and another King's Bagud on the same pot",
        "CU-K SW-K ST-4",
        winner(25, F),
        entries("king-ultimo", [(KING_POT, F, 65), (M, F, 40), (D, F, 40)], trick=25),
        entries("bagud", [(M, F, 40), (M, D, 40), (M, KING_POT, 65)], trick=25),
        pots(65, 65),
        no_entries("last-trick"),
        options=FAILS_PAID,
        seed=7,
    ),
    last_trick(
        "Pagat Ultimo and a King's Bagud",
        "ST-4 T1 ST-K",
        winner(25, M),
        entries("pagat-ultimo", [(PAGAT_POT, M, 65), (F, M, 45), (D, M, 45)], trick=25),
        entries("bagud", [(D, F, 40), (D, M, 40), (D, KING_POT, 65)], trick=25),
        pots(130, 0),
        no_entries("last-trick"),
        seed=151,
    ),
    last_trick(
        "T1 beaten in the last trick is a Bagud of 45",
        "T5 T1 SW-3",
        winner(25, F),
        entries("bagud", [(M, F, 45), (M, D, 45), (M, PAGAT_POT, 65)], trick=25),
        pots(65, 130),
        no_entries("last-trick"),
        seed=229,
    ),
    last_trick(
        "no King or T1: the winner gets 20 from each",
        "SW-3 SW-4 SW-5",
        winner(25, D),
        entries("last-trick", [(F, D, 20), (M, D, 20)], trick=25),
        no_entries("bagud"),
        seed=184,
    ),
    last_trick(
        "Chicks: a Queen wins the last trick, a Queen Ultimo from the King pot",
        "CU-Q SW-3 ST-4",
        entries("king-ultimo", [(KING_POT, F, 65), (M, F, 40), (D, F, 40)], trick=25),
        no_entries("last-trick"),
        options={"chicks_rule": True},
        seed=16,
    ),
    last_trick(
        "Chicks: a King in the last trick is no Ultimo card, the bonus is paid",
        "CU-K SW-3 ST-4",
        entries("last-trick", [(M, F, 20), (D, F, 20)], trick=25),
        no_entries("king-ultimo"),
        no_entries("bagud"),
        options={"chicks_rule": True},
        seed=44,
    ),
    last_trick(
        "Chicks: a Queen trumped in the last trick is a Bagud",
        "CU-Q T2 ST-4",
        entries("bagud", [(F, M, 40), (F, D, 40), (F, KING_POT, 65)], trick=25),
        options={"chicks_rule": True},
        seed=1329,
    ),
    last_trick(
        "a King of another suit discarded into the last trick is a Bagud",
        "SW-3 CU-K SW-5",
        winner(25, D),
        entries("bagud", [(M, F, 40), (M, D, 40), (M, KING_POT, 65)], trick=25),
        no_entries("last-trick"),
        seed=9,
    ),
]


def pots_at_25(king: int, pagat: int) -> object:
    def require(referee: object) -> bool:
        won = referee.won  # type: ignore[attr-defined]
        pots_ = referee.pots  # type: ignore[attr-defined]
        return pots_ == {KING_POT: king, PAGAT_POT: pagat} and all(0 < w < 24 for w in won)

    return require


SMALL_POTS = {"balances": [-20, -20, -15], "pots": {"king": 40, "pagat": 15}}

END_OF_PLAY_VALUE = [
    case(
        "Bagud pays the pot's end-of-play value (45), not 65",
        scenario(
            before=SMALL_POTS,
            tricks={25: Play(F, "T5 SW-K CO-3")},
            require={25: pots_at_25(45, 20)},
            seed=44,
        ),
        entries("bagud", [(M, F, 40), (M, D, 40), (M, KING_POT, 45)], trick=25),
        pots(90, 20),
        as_referee(),
        section="2.10",
    ),
    case(
        "King Ultimo and a Bagud on a pot of 50 (a King was lost in play)",
        scenario(
            before=SMALL_POTS,
            tricks={25: Play(F, "CU-K SW-K ST-4")},
            require={25: pots_at_25(50, 20)},
            seed=16,
        ),
        entries("king-ultimo", [(KING_POT, F, 50), (M, F, 40), (D, F, 40)], trick=25),
        entries("bagud", [(M, F, 40), (M, D, 40), (M, KING_POT, 50)], trick=25),
        pots(50, 20),
        as_referee(),
        section="2.10",
    ),
]

F_WINS_ALL = " ".join(f"T{n}" for n in range(2, 22)) + " CU-K CU-Q CO-K SW-K"  # and T1

TOUT_AND_NOLO = [
    case(
        "Tout: 135 from each, no Ultimo, no count; a Bagud is still paid",
        scenario(
            extra={F: F_WINS_ALL},
            tricks={25: Play(F, "T1 ST-K ST-4")},
            require={25: lambda r: r.pots == {KING_POT: 65, PAGAT_POT: 65}},
        ),
        winner(25, F),
        entries("tout", [(M, F, 135), (D, F, 135)]),
        entries("bagud", [(M, F, 40), (M, D, 40), (M, KING_POT, 65)], trick=25),
        no_entries("pagat-ultimo"),
        no_entries("last-trick"),
        no_entries("count"),
        no_entries("nolo"),
        custom("counts are reported and total 78", lambda o: _counts_total(o, 78)),
        as_referee(),
        section="2.10",
    ),
    case(
        "Nolo: 25 from each, no King Ultimo, no count; a Bagud is still paid",
        scenario(
            lacks={D: "T COURT FOOL"},
            tricks={25: Play(F, "CU-K SW-K CU-6")},
            never_win=(D,),
            require={
                25: lambda r: r.pots == {KING_POT: 65, PAGAT_POT: 65} and r.won[D] == 0,
                26: lambda r: r.won[D] == 0,
            },
            seed=20,
        ),
        winner(25, F),
        entries("nolo", [(F, D, 25), (M, D, 25)]),
        entries("bagud", [(M, F, 40), (M, D, 40), (M, KING_POT, 65)], trick=25),
        no_entries("king-ultimo"),
        no_entries("last-trick"),
        no_entries("count"),
        custom("counts are reported and total 78", lambda o: _counts_total(o, 78)),
        as_referee(),
        section="2.10",
    ),
]


def _counts_total(outcome: object, total: int) -> None:
    result = outcome.result()  # type: ignore[attr-defined]
    assert result["counts"] is not None
    assert sum(result["counts"]) == total


COUNT_AND_POTS = [
    *[
        case(
            f"count rounded to 5s with dealer {dealer}",
            scenario(
                dealer=dealer,
                options={"round_count": True},
                require={26: lambda r: all(0 < w < 25 for w in r.won)},
                seed=seed,
            ),
            count_entries_are_rounded((dealer + 1) % 3),
            as_referee(),
            section="2.11",
        )
        for dealer, seed in ((1, 11), (2, 12))
    ],
    case(
        "before with two full pots: no refill, only the dealer's fee",
        scenario(
            dealer=M,
            before={"balances": [-100, -20, -30], "pots": {"king": 90, "pagat": 60}},
            stop=(0, 0),
        ),
        no_entries("pot-refill"),
        no_entries("pot-founding"),
        entries("dealer-fee", [(M, KING_POT, 5), (M, PAGAT_POT, 5)]),
        field_is("balances", [-100, -20, -40]),
        pots(95, 65),
        section="2.2",
    ),
    case(
        "before with an empty Pagat pot: only it is refilled",
        scenario(
            before={"balances": [-30, -40, -60], "pots": {"king": 130, "pagat": 0}},
            stop=(0, 0),
        ),
        entries("pot-refill", [(D, PAGAT_POT, 20), (F, PAGAT_POT, 20), (M, PAGAT_POT, 20)]),
        field_is("balances", [-60, -60, -80]),
        pots(135, 65),
        section="2.2",
    ),
    case(
        "before with both pots empty: both are refilled (not founded)",
        scenario(
            dealer=F,
            before={"balances": [10, 0, -10], "pots": {"king": 0, "pagat": 0}},
            stop=(0, 0),
        ),
        entries("pot-refill", [(s, pot, 20) for s in (D, F, M) for pot in (KING_POT, PAGAT_POT)]),
        no_entries("pot-founding"),
        field_is("balances", [-30, -50, -50]),
        pots(65, 65),
        section="2.2",
    ),
    case(
        "a whole deal from earlier balances: the result adds to them",
        scenario(
            dealer=M,
            before={"balances": [40, -10, -100], "pots": {"king": 45, "pagat": 25}},
            seed=8,
        ),
        as_referee(),
        section="2.2, 2.12",
    ),
]

CASES = LAST_TRICK + END_OF_PLAY_VALUE + TOUT_AND_NOLO + COUNT_AND_POTS
