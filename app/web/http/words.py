"""Saying the engine's words in the reader's language (issue 19).

The engine returns English ``Phrase``s (``app.engine.phrases``): text that remembers its
message and named parameters. ``say`` translates one at show time, into the current language
(``app.i18n``), its parameters that are Phrases too (a card's name in a refusal); other
parameters (seat numbers, trick numbers) are put in as they are. Plain text is returned as it
is: only marked words are translated.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, overload

from babel.dates import format_date
from babel.numbers import format_decimal

from app.engine.phrases import Phrase
from app.i18n import N_, current_language, gettext


def say(text: object) -> str:
    """``text`` in the current language: a Phrase translated, parameters included; an
    exception raised with a Phrase (``IllegalAction``) says its Phrase; anything else as
    ``str`` gives it."""
    if isinstance(text, BaseException) and len(text.args) == 1:
        text = text.args[0]
    if not isinstance(text, Phrase):
        return str(text)
    translated = gettext(text.msgid)
    if not text.params:
        return translated
    params: dict[str, Any] = {
        name: say(value) if isinstance(value, Phrase) else value
        for name, value in text.params.items()
    }
    try:
        return translated % params
    except (KeyError, ValueError, TypeError):  # a catalog's broken placeholder: say English
        return text.msgid % params


SEAT_WORDS = frozenset(
    {N_("You"), N_("Left"), N_("Right"), N_("Partner"), N_("Across"), N_("Computer")}
)
"""The seats' names that are words (design.md 1.2), not people's names: these are translated."""


def seat_name(name: str) -> str:
    """A seat's name as the reader reads it: "You", "Left"... translated, a person's as typed."""
    return gettext(name) if name in SEAT_WORDS else name


def decimal(value: float, decimals: int = 1) -> str:
    """A number for people in the current language: "43.3", Danish and German "43,3" (CLDR),
    at most ``decimals`` places; whole numbers without any."""
    return _decimal(value, decimals, _locale())


@lru_cache(maxsize=4096)
def _decimal(value: float, decimals: int, locale: str) -> str:
    """Babel's formatting, kept: every table answer says each seat's balance, and Babel
    parses the pattern and the locale each time (a tenth of a server's rendering)."""
    pattern = "0" + ("." + "#" * decimals if decimals else "")  # no grouping, as before
    return format_decimal(value, format=pattern, locale=locale)


def day_name(timestamp: float) -> str:
    """A day (UTC) for people in the current language (CLDR's medium date): "6 Dec 2026"
    (British English, as the pages spell), Danish "6. dec. 2026", German "06.12.2026"."""
    day = datetime.fromtimestamp(timestamp, UTC).date()
    locale = _locale()
    return format_date(day, format="medium", locale="en_GB" if locale == "en" else locale)


def _locale() -> str:
    language = current_language()
    return "rm_CH" if language == "rm" else language


class Spoken(dict[str, str]):
    """A table of words kept as data (marked with ``N_``) that reads out in the current
    language: ``labels[key]`` and ``labels.get(key, default)`` translate the word found."""

    def __getitem__(self, key: str) -> str:
        return gettext(super().__getitem__(key))

    @overload  # type: ignore[override]
    def get(self, key: str, default: None = None) -> str | None: ...
    @overload
    def get(self, key: str, default: str) -> str: ...
    def get(self, key: str, default: str | None = None) -> str | None:
        value = super().get(key, default)
        return gettext(value) if value else value  # gettext("") is a catalog's header
