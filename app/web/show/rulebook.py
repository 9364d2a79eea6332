"""The rule options in words: the list of the options in force, the notice of a change for the
next deal, and the score sheet's mark on deals played under other options.

The match holds the options of the next deal (``Match.options``), each deal its own
(``Deal.options``, carried by its hand record); between deals the two differ once someone
changed them (``Match.change_options``). Everything here only compares and words them.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.options import MATCH_OPTIONS, OPTION_LABELS, Options
from app.i18n import N_, gettext

NAMES: dict[str, str] = {
    "chicks_rule": N_("the Chicks rule"),
    "chicks_after_deal": N_("the Chicks rule decided after each deal"),
    "trumpless_redeal": N_("a new deal for a hand with no trumps"),
    "fool_is_last_trump": N_("the Fool counting as your last trump"),
    "conceal_discards": N_("concealed discards"),
    "traditional_fool_timing": N_("traditional Fool timing"),
    "pagat_trick_reward": N_("the Pagat's trick reward"),
    "last_trick_paid_when_ultimo_fails": N_("the last trick paid when an Ultimo fails"),
    "round_count": N_("the count rounded to 5s"),
    "traditional_skat_restrictions": N_("traditional skat restrictions"),
    "manual_bob": N_("the manual Bob call"),
    "show_last_dealt_card": N_("each player's last dealt card face up"),
    "draw_first_dealer": N_("the draw for the first dealer"),
    "draw_partners": N_("partners drawn by trumps"),
}
"""Each option as the object of a sentence ("turned on the Chicks rule")."""


@dataclass(frozen=True, slots=True)
class RuleLine:
    """One option that is on, as the table's list of rules shows it."""

    key: str
    label: str
    href: str


@dataclass(frozen=True, slots=True)
class OptionField:
    """One checkbox of the form "Rules for the next deal"."""

    key: str
    name: str
    """The form field."""
    label: str
    explanation: str
    href: str
    on: bool
    locked: bool
    """The option may not change now (the Swiss Chicks rule after the first deal)."""

    @property
    def before_first_deal(self) -> bool:
        """An option of the match's start (the draws): it acted before the first deal."""
        return self.key in MATCH_OPTIONS


def rules_href(game: str, key: str) -> str:
    """The rules page's explanation of an option."""
    return f"/rules/{game}#option-{key}"


def rules_on(options: Options, game: str) -> list[RuleLine]:
    """The options of ``game`` that are on, in the order of design.md 1.3."""
    return [
        RuleLine(key, gettext(OPTION_LABELS[key][0]), rules_href(game, key))
        for key in Options.keys_for(game)
        if getattr(options, key)
    ]


def words(changes: list[tuple[str, bool]]) -> str:
    """Changes as a phrase: "turned on the Chicks rule and turned off the count rounded…"."""
    parts = [
        (gettext("turned on %(option)s") if on else gettext("turned off %(option)s"))
        % {"option": gettext(NAMES[key])}
        for key, on in changes
    ]
    return join(parts)


def played_with(changes: list[tuple[str, bool]]) -> str:
    """How a deal's options differed, from that deal's side: "with the Chicks rule"."""
    return join(
        [
            (gettext("with %(option)s") if on else gettext("without %(option)s"))
            % {"option": gettext(NAMES[key])}
            for key, on in changes
        ]
    )


def join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return gettext("%(items)s and %(last)s") % {"items": ", ".join(parts[:-1]), "last": parts[-1]}


def change_notice(changes: list[tuple[str, bool]], by_viewer: bool) -> str:
    """What everyone at the table reads once the options of the next deal were changed."""
    if not changes:
        return ""
    if by_viewer:
        return gettext("You %(changes)s for the next deal.") % {"changes": words(changes)}
    return gettext("The host %(changes)s for the next deal.") % {"changes": words(changes)}


def option_fields(
    next_options: Options, game: str, locked: list[str], prefix: str
) -> list[OptionField]:
    """The form's checkboxes: each option of ``game`` as the next deal will have it."""
    return [
        OptionField(
            key,
            prefix + key,
            gettext(OPTION_LABELS[key][0]),
            gettext(OPTION_LABELS[key][1]),
            rules_href(game, key),
            getattr(next_options, key),
            key in locked,
        )
        for key in Options.keys_for(game)
    ]
