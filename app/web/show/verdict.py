"""The one line at the top of a deal's summary: how the deal went for the viewer, and why.

"You lost 94 tokens: Left made the King Ultimo." or "You and Ursina won 26 points: your team
counted 62, 26 over 36." The amount is the viewer's change over the deal's ledger (every
payment and settlement of the deal, design.md 1.4); the reason is the one that weighs most:
an Ultimo or a Bagud in the last trick, a Tout or a Nolo, else the kind of entry that moved
the viewer's balance most (the count, a declaration, the last trick...). Someone watching
hears it for the player who gained most. Nothing here decides a rule: the amounts are the
engine's ledger, the teams and their counts the engine's (``Game.team_counts``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from app.engine.deal import TeamCount
from app.engine.games import Game
from app.engine.ledger import KING_ULTIMO, PAGAT_ULTIMO, Account, LedgerEntry
from app.engine.observation import Observation
from app.i18n import N_, gettext, ngettext
from app.web.http.render import signed
from app.web.show.events import Names, declaration_text, ledger_label

DECIDING_KINDS = (KING_ULTIMO, PAGAT_ULTIMO, "bagud", "tout", "nolo")
"""Ledger kinds that decide a deal whenever they happen (rules.md 2.10), in this order."""
STAKES = ("pot-founding", "pot-refill", "dealer-fee")
"""What every deal pays into the pots before play: a reason only when nothing else moved."""


def unit(rules: Game, amount: int) -> str:
    """The word for ``amount`` of a game's results: "1 token", "12 tokens", "34 points".

    The engine counts Troccas in "team points"; the pages say "points", since each seat's
    balance is shown beside its own name."""
    if rules.result_unit.split()[-1] == "tokens":
        return ngettext("token", "tokens", abs(amount))
    return ngettext("point", "points", abs(amount))


def change_of(ledger: tuple[LedgerEntry, ...] | list[LedgerEntry], seat: int) -> int:
    """What the deal's ledger moved into (+) or out of (−) ``seat``'s balance."""
    return sum(_effect(entry, seat) for entry in ledger)


def _effect(entry: LedgerEntry, seat: int) -> int:
    gained = entry.amount if entry.target == seat else 0
    return gained - (entry.amount if entry.source == seat else 0)


def verdict(obs: Observation, names: Names) -> str:
    """The summary's first line for the viewer of ``names`` (a seat, or someone watching)."""
    rules = obs.rules
    teams = rules.team_counts(obs.counts) if rules.partnerships and obs.counts else ()
    if teams:
        return _team_verdict(obs, names, teams)
    seats = range(len(names.seat_names))
    seat = names.viewer if names.viewer in seats else max(seats, key=lambda s: _change(obs, s))
    change = _change(obs, seat)
    outcome = _outcome(names.subject(seat), change, rules)
    return gettext("%(outcome)s: %(reason)s.") % {
        "outcome": outcome,
        "reason": _reason(obs, names, seat, change),
    }


def _change(obs: Observation, seat: int) -> int:
    return change_of(obs.ledger, seat)


def _outcome(who: str, change: int, rules: Game) -> str:
    """ "You lost 94 tokens", "You and Ursina won 26 points", "Left broke even"."""
    if change == 0:
        return gettext("%(who)s broke even") % {"who": who}
    word = rules.result_unit.split()[-1]
    amount = abs(change)
    forms = OUTCOMES[(change > 0, word == "tokens")]
    return ngettext(*forms, amount) % {"who": who, "amount": amount}


OUTCOMES: dict[tuple[bool, bool], tuple[str, str]] = {
    (True, True): (N_("%(who)s won %(amount)s token"), N_("%(who)s won %(amount)s tokens")),
    (False, True): (N_("%(who)s lost %(amount)s token"), N_("%(who)s lost %(amount)s tokens")),
    (True, False): (N_("%(who)s won %(amount)s point"), N_("%(who)s won %(amount)s points")),
    (False, False): (N_("%(who)s lost %(amount)s point"), N_("%(who)s lost %(amount)s points")),
}
"""(won?, in tokens?): the outcome's singular and plural, for ngettext."""


def _reason(obs: Observation, names: Names, seat: int, change: int) -> str:
    by_kind: dict[str, list[LedgerEntry]] = defaultdict(list)
    for entry in obs.ledger:
        by_kind[entry.kind].append(entry)
    for kind in DECIDING_KINDS:
        if kind in by_kind:
            return _deciding(kind, by_kind[kind], names)
    effects = {kind: sum(_effect(e, seat) for e in entries) for kind, entries in by_kind.items()}
    moved = [kind for kind, effect in effects.items() if effect and kind not in STAKES]
    moved = moved or [kind for kind, effect in effects.items() if effect]
    if not moved:
        return gettext("nothing was paid to or by %(who)s") % {"who": names.object(seat)}
    # the kind that moved the balance most, in the direction the deal went
    with_change = [kind for kind in moved if (effects[kind] > 0) == (change > 0)] or moved
    kind = max(with_change, key=lambda k: abs(effects[k]))
    return _weighed(kind, effects[kind], by_kind[kind], obs, names, seat)


def _deciding(kind: str, entries: list[LedgerEntry], names: Names) -> str:
    """An Ultimo made or failed, a Tout, a Nolo: who, from the entries' parties."""
    if kind == "bagud":
        owner = names.object(_seat(e.source for e in entries))
        return gettext("%(who)s lost the last trick with an Ultimo card (Bagud)") % {"who": owner}
    who = names.object(_seat(e.target for e in entries))
    if kind == "tout":
        return gettext("%(who)s took every trick (Tout)") % {"who": who}
    if kind == "nolo":
        return gettext("%(who)s took no trick (Nolo)") % {"who": who}
    return gettext("%(who)s made the %(ultimo)s") % {
        "who": who,
        "ultimo": ledger_label(kind, names.chicks),
    }


def _weighed(
    kind: str,
    effect: int,
    entries: list[LedgerEntry],
    obs: Observation,
    names: Names,
    seat: int,
) -> str:
    """The reason told from the kind of entry that weighed most for ``seat``."""
    own = names.possessive(seat)
    if kind == "count" and obs.counts is not None:
        count = obs.counts[seat]
        return gettext("%(whose)s count was %(count)s") % {"whose": own, "count": count} + (
            _count_note(effect)
        )
    if kind == "declaration" and obs.declarations:
        best = max(obs.declarations, key=lambda d: d.value)  # the biggest says enough
        return gettext("%(who)s declared %(declaration)s") % {
            "who": names.object(best.seat),
            "declaration": declaration_text(best, names.chicks),
        }
    if kind == "last-trick":
        who = names.object(_seat(e.target for e in entries))
        return gettext("%(who)s won the last trick") % {"who": who}
    if kind == "card-lost":
        owner = names.object(_seat(e.source for e in entries))
        return gettext("%(who)s lost an Ultimo card in trick %(trick)s") % {
            "who": owner,
            "trick": entries[0].trick,
        }
    if kind == "pagat-trick":
        winner = names.possessive(_seat(e.target for e in entries))
        return gettext("%(whose)s Pagat won trick %(trick)s") % {
            "whose": winner,
            "trick": entries[0].trick,
        }
    if kind in STAKES:
        params = {"who": names.object(seat), "amount": abs(effect)}
        if kind == "dealer-fee":
            return gettext("%(who)s paid %(amount)s in dealer's fees") % params
        return gettext("%(who)s paid %(amount)s into the pots") % params
    return gettext("%(kind)s: %(amount)s for %(who)s") % {
        "kind": ledger_label(kind, names.chicks),
        "amount": signed(effect),
        "who": names.object(seat),
    }


def _seat(accounts: Iterable[Account]) -> int:
    """The first seat among ledger accounts (the others are pots)."""
    for account in accounts:
        if isinstance(account, int):
            return account
    raise ValueError("no seat among these accounts")


def _count_note(effect: int) -> str:
    if effect > 0:
        return gettext(", which paid %(amount)s") % {"amount": effect}
    return gettext(", which cost %(amount)s") % {"amount": -effect}


def _team_verdict(obs: Observation, names: Names, teams: tuple[TeamCount, ...]) -> str:
    """Troccas: the team's result, from its count and the game's par (count minus result)."""
    own = next((team for team in teams if names.viewer in team.seats), None)
    team = own or max(teams, key=lambda t: t.result)
    outcome = _outcome(_partners(names, team.seats), team.result, obs.rules)
    par = team.count - team.result
    params = {"outcome": outcome, "count": team.count, "amount": abs(team.result), "par": par}
    return gettext(TEAM_VERDICTS[(own is not None, team.result >= 0)]) % params


TEAM_VERDICTS: dict[tuple[bool, bool], str] = {
    (True, True): N_("%(outcome)s: your team counted %(count)s, %(amount)s over %(par)s."),
    (True, False): N_("%(outcome)s: your team counted %(count)s, %(amount)s under %(par)s."),
    (False, True): N_("%(outcome)s: their team counted %(count)s, %(amount)s over %(par)s."),
    (False, False): N_("%(outcome)s: their team counted %(count)s, %(amount)s under %(par)s."),
}
"""(the viewer's team?, over par?): the Troccas verdict."""


def _partners(names: Names, seats: tuple[int, ...]) -> str:
    """ "You and Ursina" for the viewer's team (the viewer first), "Anna and Ben" else."""
    ordered = sorted(seats, key=lambda seat: seat != names.viewer)
    return gettext(" and ").join(names.subject(seat) for seat in ordered)
