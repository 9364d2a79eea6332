"""The options that change a deal's rules or what a seat may see (design.md 1.3).

Settings that change only the computer players or the pages (difficulty, hints, card names on
hover, the preset for naming a led Fool, the card style) belong to the match, not here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from app.engine.phrases import N_

DANISH = "danish-tarok"
TROCCAS = "troccas"
DANISH_FOUR = "danish-tarok-4"
"""Danish Tarok for four (rules.md 2.17): a form of Danish Tarok, with all its options."""
GAMES = (DANISH, TROCCAS)
"""The two games (a benchmark or a test of every game loops over these; the four-player form
plays the three-player deal, so it is left out)."""

OPTION_GAMES: dict[str, tuple[str, ...]] = {
    "chicks_rule": (DANISH, DANISH_FOUR, TROCCAS),
    "chicks_after_deal": (DANISH, DANISH_FOUR, TROCCAS),
    "trumpless_redeal": (DANISH, DANISH_FOUR),
    "fool_is_last_trump": (DANISH, DANISH_FOUR, TROCCAS),
    "conceal_discards": (DANISH, DANISH_FOUR),
    "traditional_fool_timing": (DANISH, DANISH_FOUR),
    "pagat_trick_reward": (DANISH, DANISH_FOUR),
    "last_trick_paid_when_ultimo_fails": (DANISH, DANISH_FOUR),
    "round_count": (DANISH, DANISH_FOUR),
    "traditional_skat_restrictions": (DANISH, DANISH_FOUR),
    "manual_bob": (TROCCAS,),
    "show_last_dealt_card": (TROCCAS,),
    "draw_first_dealer": (DANISH, DANISH_FOUR, TROCCAS),
    "draw_partners": (TROCCAS,),
}
MATCH_OPTIONS = ("draw_first_dealer", "draw_partners")
"""Options of the match's start (rules.md 2.1a, 3.1a): they act before the first deal only,
so they never change once it is dealt; a deal's record carries them as it carries the others."""

OPTION_LABELS: dict[str, tuple[str, str]] = {
    "chicks_rule": (
        N_("Chicks rule"),
        N_("Queens beat kings and take over the kings' special roles."),
    ),
    "chicks_after_deal": (
        N_("Chicks decided after the deal"),
        N_("Each deal, the forehand looks at their hand and says whether the Chicks rule applies."),
    ),
    "trumpless_redeal": (
        N_("A new deal for a hand with no trumps"),
        N_("A player dealt no trump (the Fool does not count) may ask for a new deal."),
    ),
    "fool_is_last_trump": (
        N_("The Fool counts as your last trump"),
        N_("If you must trump and hold no trump but the Fool, you must play the Fool."),
    ),
    "conceal_discards": (
        N_("Conceal the cards discarded"),
        N_("The dealer's three discards stay hidden until the end of the deal."),
    ),
    "traditional_fool_timing": (
        N_("Traditional Fool timing"),
        N_(
            "The Fool may be kept past trick 23 unless demanded; never in trick 24; "
            "kept to the last trick it is lost to that trick's winner."
        ),
    ),
    "pagat_trick_reward": (
        N_("Reward the Pagat for winning an earlier trick"),
        N_("Winning one of tricks 1-24 with the I earns 5 from each other player."),
    ),
    "last_trick_paid_when_ultimo_fails": (
        N_("Winner of the last trick is also paid when an Ultimo fails"),
        N_("The last-trick bonus of 20 is paid even when a King or the I in it lost."),
    ),
    "round_count": (
        N_("Round the count to 5s (traditional)"),
        N_("Count settlements are rounded to 5; the next dealer takes the difference."),
    ),
    "traditional_skat_restrictions": (
        N_("Traditional skat restrictions"),
        N_(
            "Trumps may be discarded only if the dealer keeps none; combination cards "
            "only when there is no other choice."
        ),
    ),
    "manual_bob": (
        N_("Manual Bob call"),
        N_("When your King could take a page, you choose whether to call Bob."),
    ),
    "show_last_dealt_card": (
        N_("Show each player's last dealt card face up"),
        N_("The last card dealt to each player is shown to everyone (traditional)."),
    ),
    "draw_first_dealer": (
        N_("Draw for the first dealer"),
        N_("Before the first deal each player draws cards until a trump; the lowest deals first."),
    ),
    "draw_partners": (
        N_("Partners drawn by trumps"),
        N_(
            "Before the first deal each player draws cards until a trump; the two highest "
            "play together against the two lowest, and the lowest deals first."
        ),
    ),
}


class BadOptions(ValueError):
    """Options that are not of the record's game or not booleans."""


@dataclass(frozen=True)
class Options:
    """Rule options, all off by default (rules.md 2.13 and 3.7)."""

    chicks_rule: bool = False
    chicks_after_deal: bool = False
    """The forehand decides the Chicks rule for each deal after seeing their hand (rules.md
    2.14, 3.8); ``chicks_rule`` then only says what a deal starts from until the choice."""
    trumpless_redeal: bool = False
    """A player dealt no trump, the Fool not counting, may ask for a new deal (rules.md 2.3a,
    Danish Tarok): asked in playing order from the forehand before anything else happens."""
    fool_is_last_trump: bool = False
    conceal_discards: bool = False
    traditional_fool_timing: bool = False
    pagat_trick_reward: bool = False
    last_trick_paid_when_ultimo_fails: bool = False
    round_count: bool = False
    traditional_skat_restrictions: bool = False
    manual_bob: bool = False
    show_last_dealt_card: bool = False
    draw_first_dealer: bool = False
    """Drawing for the first dealer before the match (rules.md 2.1a, 3.1a)."""
    draw_partners: bool = False
    """Troccas: partners drawn by trumps before the match (rules.md 3.1a), and the first
    dealer with them."""

    @classmethod
    def from_json(cls, game: str, data: Any) -> Options:
        """Options from a record's ``options`` object; a missing key takes its default.

        An unknown key or a value that is not a boolean is an error, and so is turning on
        an option of the other game; the other game's option left off is accepted (a tool
        may write every key for both games).
        """
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadOptions("options must be an object")
        values: dict[str, bool] = {}
        for key, value in data.items():
            if key not in OPTION_GAMES:
                raise BadOptions(f"unknown option {key!r}")
            if not isinstance(value, bool):
                raise BadOptions(f"option {key!r} must be true or false")
            if game in OPTION_GAMES[key]:
                values[key] = value
            elif value:
                raise BadOptions(f"option {key!r} is not an option of {game}")
        return cls(**values)

    def to_json(self, game: str) -> dict[str, bool]:
        """The options of ``game`` that are on (defaults are left out)."""
        return {
            key: True for key, value in asdict(self).items() if value and game in OPTION_GAMES[key]
        }

    @staticmethod
    def keys_for(game: str) -> list[str]:
        return [f.name for f in fields(Options) if game in OPTION_GAMES[f.name]]

    def of_game(self, game: str) -> Options:
        """These options with every option of the other game off."""
        return Options(**{key: getattr(self, key) for key in Options.keys_for(game)})

    def changes_to(self, other: Options, game: str) -> list[tuple[str, bool]]:
        """The options of ``game`` that ``other`` sets differently, each with its value there."""
        return [
            (key, getattr(other, key))
            for key in Options.keys_for(game)
            if getattr(other, key) != getattr(self, key)
        ]
