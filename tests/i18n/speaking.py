"""Helpers of the language tests: a pseudo-language installed in place of Danish, and a
browser at a table that reads its own language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import app.i18n
from app.i18n import LANGUAGES
from app.web.http.cookies import SEAT_COOKIE
from app.web.http.language import LANGUAGE_COOKIE
from tests.web.support import Person

TEMPLATE = app.i18n.LOCALES_DIR / "messages.pot"
OPEN, CLOSE = "⟦", "⟧"


def pseudo(message: str) -> str:
    return f"{OPEN}{message}{CLOSE}"


@contextmanager
def pseudo_language(
    monkeypatch: pytest.MonkeyPatch, folder: Path, language: str = "da"
) -> Iterator[None]:
    """Speak ``language`` as ⟦every message⟧, from a catalog built from messages.pot in
    ``folder``: whatever a page shows outside ⟦⟧ was never translated."""
    with TEMPLATE.open("rb") as pot:
        template = read_po(pot)
    catalog = Catalog(locale=language)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            forms = catalog.num_plurals
            string: object = tuple(pseudo(message.id[min(i, 1)]) for i in range(forms))
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, context=message.context, flags=message.flags)
    path = folder / language / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as po:
        write_po(po, catalog)
    monkeypatch.setattr(app.i18n, "LOCALES_DIR", folder)
    app.i18n.translations.cache_clear()
    try:
        yield
    finally:
        monkeypatch.undo()
        app.i18n.translations.cache_clear()


@dataclass
class Reader(Person):
    """A browser at a table that has chosen its language (the switch's cookie)."""

    language: str = "en"

    @property
    def headers(self) -> dict[str, str]:
        assert self.language in LANGUAGES
        return {"Cookie": f"{SEAT_COOKIE}={self.token}; {LANGUAGE_COOKIE}={self.language}"}


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found, html[:200]
    return found.group(1)
