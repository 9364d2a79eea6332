"""Why a card may not be played (``Deal.why_not_playable``) and what binds the seat to play
(``Deal.binding_rule``), for every restriction of trick play in rules.md: following (2.6, 3.4),
trumping when void, the Fool as an excuse, as the last trump (2.7e, 3.4 rule 6), its deadline
and its ban from trick 24 (2.7d); and the refusals that are no rule of play: another seat's
turn, a card not held, another decision pending, the deal over. Each reason is also the words
the engine refuses that play with (``checks.why_not``).

Nothing in rules.md restricts playing an Ultimo card (2.9-2.10 only pay for it): a case says so.
"""

from tests.engine.builders import Play, scenario
from tests.engine.cases import LEFT, PARTNER, PLAYER, RIGHT, D, F, M
from tests.engine.checks import binds, case, why_not

TROCCAS = "troccas"
TRADITIONAL = {"traditional_fool_timing": True}
LAST_TRUMP = {"fool_is_last_trump": True}
FOOL_AS_LAST_TRUMP = "must play the Fool as your last trump, having no Staves"
NO_DEMANDS = {(23, F): False, (23, M): False, (23, D): False}

DANISH_PLAY = [
    case(
        "why not: holding the suit led, a card of another suit must wait",
        scenario(hands={M: "CU-3 SW-5"}, tricks={1: Play(F, "CU-7")}),
        why_not(M, "SW-5", "must follow Cups"),
        why_not(M, "CU-3", None),
        binds(M, "must follow Cups"),
        section="2.6 rule 2",
    ),
    case(
        "why not: without the suit led, a trump must be played",
        scenario(hands={M: "T5 SW-5"}, lacks={M: "CU FOOL"}, tricks={1: Play(F, "CU-7")}),
        why_not(M, "SW-5", "must play a trump, having no Cups"),
        why_not(M, "T5", None),
        binds(M, "must play a trump, having no Cups"),
        section="2.6 rule 3",
    ),
    case(
        "why not: with neither the suit led nor a trump, any card",
        scenario(hands={M: "SW-5 ST-2"}, lacks={M: "CU T FOOL"}, tricks={1: Play(F, "CU-7")}),
        why_not(M, "SW-5", None),
        binds(M, None),
        section="2.6 rule 4",
    ),
    case(
        "why not: the Fool may stand in for the card the rules ask for",
        scenario(hands={M: "CU-3 FOOL SW-5"}, tricks={1: Play(F, "CU-7")}),
        why_not(M, "FOOL", None),
        why_not(M, "SW-5", "must follow Cups"),
        section="2.6 rule 5, 2.7a",
    ),
    case(
        "why not: trumps led, a trump must follow",
        scenario(hands={M: "T5 CU-3"}, tricks={1: Play(F, "T10")}),
        why_not(M, "CU-3", "must follow Trumps"),
        section="2.6 rule 2",
    ),
    case(
        "why not: a led Fool's named suit must be followed",
        scenario(hands={M: "CO-10 SW-5"}, lacks={M: "FOOL"}, tricks={1: Play(F, "FOOL/CO")}),
        why_not(M, "SW-5", "must follow Coins"),
        binds(M, "must follow Coins"),
        section="2.7c",
    ),
    case(
        "why not: the leader may lead any card, an Ultimo card too",
        scenario(hands={F: "T1 CU-K SW-5"}, tricks={1: Play(F, "")}),
        why_not(F, "T1", None),
        why_not(F, "CU-K", None),
        binds(F, None),
        section="2.6 rule 1, 2.9",
    ),
    case(
        "why not: the Fool counts as the last trump (option)",
        scenario(
            options=LAST_TRUMP,
            hands={M: "FOOL CU-3"},
            lacks={M: "ST T"},
            tricks={1: Play(F, "ST-5")},
        ),
        why_not(M, "CU-3", FOOL_AS_LAST_TRUMP),
        why_not(M, "FOOL", None),
        binds(M, FOOL_AS_LAST_TRUMP),
        section="2.7e",
    ),
    case(
        "why not: the Fool must be played by trick 23",
        scenario(hands={F: "FOOL ST-2"}, tricks={23: Play(F, "")}, seed=5),
        why_not(F, "ST-2", "the Fool must be played by trick 23", at=(23, 0)),
        why_not(F, "FOOL", None, at=(23, 0)),
        binds(F, "the Fool must be played by trick 23", at=(23, 0)),
        section="2.7d",
    ),
    case(
        "why not: the demanded Fool must be played in trick 23 (traditional timing)",
        scenario(
            options=TRADITIONAL,
            hands={M: "FOOL CU-5"},
            tricks={23: Play(F, "CU-7")},
            answers={(23, F): True},
            seed=47,
        ),
        why_not(M, "CU-5", "the Fool was demanded and must be played in trick 23", at=(23, 1)),
        binds(M, "the Fool was demanded and must be played in trick 23", at=(23, 1)),
        section="2.7d",
    ),
    case(
        "why not: the Fool may not be played to trick 24 (traditional timing)",
        scenario(
            options={**TRADITIONAL, **LAST_TRUMP},
            hands={M: "FOOL CU-3"},
            tricks={24: Play(F, "T5")},
            answers=NO_DEMANDS,
            seed=445,
        ),
        why_not(M, "FOOL", "the Fool may not be played to trick 24", at=(24, 1)),
        why_not(M, "CU-3", None, at=(24, 1)),
        binds(M, "the Fool may not be played to trick 24", at=(24, 1)),
        section="2.7d-e",
    ),
    case(
        "why not: not the seat's turn, a card not held",
        scenario(hands={M: "CU-3", D: "SW-4"}, tricks={1: Play(F, "CU-7")}),
        why_not(D, "SW-4", "it is seat 2's turn, not seat 0's", at=(1, 1)),
        why_not(M, "SW-4", "seat 2 does not hold 4 of Swords", at=(1, 1)),
        binds(D, None, at=(1, 1)),
        section="2.12",
    ),
    case(
        "why not: the deal is over",
        scenario(tricks={1: Play(F, "CU-7 CU-3 CU-2")}),
        why_not(F, "CU-7", "the deal is over"),
        binds(F, None),
        section="2.12",
    ),
    case(
        "why not: no card is played while the dealer discards or the Fool may be demanded",
        scenario(
            options=TRADITIONAL,
            hands={M: "FOOL"},
            tricks={23: Play(F, "")},
            stop=(23, 0, "demand_fool"),
            seed=40,
        ),
        why_not(D, "FOOL", "the deal waits for discard", at=(0, 0)),
        why_not(F, "FOOL", "the deal waits for demand fool", at=(23, 0, "demand_fool")),
        section="2.4, 2.7d",
    ),
]

TROCCAS_PLAY = [
    case(
        "why not (Troccas): holding the suit led, it must be followed",
        scenario(TROCCAS, hands={PARTNER: "SW-9 CU-2"}, tricks={1: Play(RIGHT, "SW-3")}),
        why_not(PARTNER, "CU-2", "must follow Swords", at=(1, 1)),
        binds(PARTNER, "must follow Swords", at=(1, 1)),
        section="3.4 rule 2",
    ),
    case(
        "why not (Troccas): without the suit led, trump",
        scenario(
            TROCCAS,
            hands={PARTNER: "T4 CU-2"},
            lacks={PARTNER: "SW FOOL"},
            tricks={1: Play(RIGHT, "SW-3")},
        ),
        why_not(PARTNER, "CU-2", "must play a trump, having no Swords", at=(1, 1)),
        section="3.4 rule 2",
    ),
    case(
        "why not (Troccas): after a led Fool the second card is free and sets the suit",
        scenario(
            TROCCAS,
            hands={PARTNER: "CO-5 ST-4", LEFT: "CO-2 ST-6"},
            tricks={1: Play(RIGHT, "FOOL CO-5")},
        ),
        why_not(PARTNER, "ST-4", None, at=(1, 1)),
        binds(PARTNER, None, at=(1, 1)),
        why_not(LEFT, "ST-6", "must follow Coins", at=(1, 2)),
        section="3.4 rule 4",
    ),
    case(
        "why not (Troccas): the Fool counts as the last trump (option)",
        scenario(
            TROCCAS,
            options=LAST_TRUMP,
            hands={PARTNER: "FOOL CU-2"},
            lacks={PARTNER: "SW T"},
            tricks={1: Play(RIGHT, "SW-3")},
        ),
        why_not(
            PARTNER,
            "CU-2",
            "must play the Fool as your last trump, having no Swords",
            at=(1, 1),
        ),
        section="3.4 rule 6",
    ),
    case(
        "why not (Troccas): the Fool has no deadline",
        scenario(TROCCAS, hands={RIGHT: "FOOL CU-2"}, tricks={18: Play(RIGHT, "")}, seed=3),
        why_not(RIGHT, "FOOL", None, at=(18, 0)),
        why_not(RIGHT, "CU-2", None, at=(18, 0)),
        why_not(PLAYER, "CU-2", "it is seat 1's turn, not seat 0's", at=(18, 0)),
        section="3.4 rule 3",
    ),
]

CASES = DANISH_PLAY + TROCCAS_PLAY
