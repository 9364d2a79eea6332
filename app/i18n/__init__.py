"""The players' languages: which ones Trionfi speaks, the current one, and its words.

Every sentence a person reads is written in English in the code and translated at the moment
it is shown, into the language of whoever reads it. The language is a context variable, set
for each request by the web layer (from the person's choice, remembered in a cookie, or the
browser's Accept-Language), so two seats at one friends' table each read their own language
from the same game state.

- ``gettext``/``ngettext``/``pgettext``/``npgettext`` translate now, into the current language.
- ``N_`` only marks a message for the catalogs (``pybabel extract`` finds it) and returns it
  unchanged: for words kept in data and translated where they are shown (the engine's refusals,
  names in tables). The engine may use ``N_`` and nothing else from here: it stays pure.
- ``use_language`` sets the current language for a block; ``current_language`` reads it.

The catalogs are gettext ``.po`` files in ``app/i18n/locales/<language>/LC_MESSAGES/``, read
at first use with Babel (no compiled ``.mo`` files to keep in step with their sources). English
is the source language and needs no catalog. This package imports nothing of the app.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES: dict[str, str] = {
    "en": "English",
    "da": "Dansk",
    "de": "Deutsch",
    "rm": "Rumantsch",
}
"""The languages spoken, each in its own name (as a language switch shows them)."""

DEFAULT_LANGUAGE = "en"
LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DOMAIN = "messages"

_current: ContextVar[str] = ContextVar("trionfi_language", default=DEFAULT_LANGUAGE)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention, known to pybabel)
    """Mark ``message`` for translation where it is shown; returns it unchanged."""
    return message


def catalog_path(language: str) -> Path:
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The translations of ``language``, read once from its ``.po`` catalog (English and a
    language without a catalog translate nothing)."""
    path = catalog_path(language)
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return _gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def current_language() -> str:
    return _current.get()


@contextmanager
def use_language(language: str) -> Iterator[None]:
    """Speak ``language`` (one of ``LANGUAGES``, else English) within the block."""
    token = _current.set(language if language in LANGUAGES else DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return translations(_current.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).npgettext(context, singular, plural, n)


def best_language(accept_language: str | None) -> str:
    """The best of ``LANGUAGES`` for an Accept-Language header ("da-DK,da;q=0.9,en;q=0.8"):
    the highest weighted one we speak, by its primary tag; English when none matches."""
    best, best_weight = DEFAULT_LANGUAGE, 0.0
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        weight -= position * 1e-6  # equal weights: the earlier wins
        if primary in LANGUAGES and weight > best_weight:
            best, best_weight = primary, weight
    return best
