"""The translation catalogs: ``python -m tools.i18n extract|update|check``.

- ``extract`` reads what ``babel.cfg`` names (the app's Python, the templates) and writes
  ``app/i18n/locales/messages.pot``: sorted, without source locations and with fixed dates,
  so the file changes only when a message does.
- ``update`` merges the template into the ``.po`` catalog of each language but English
  (creating a missing one), keeping every translation made, and drops the messages the
  template no longer holds (Babel's obsolete ``#~`` entries); ``update --keep-obsolete``
  keeps them at the end of each catalog.
- ``check`` prints, per language, the messages translated of all, and exits 1 unless every
  language is complete (a fuzzy or empty translation counts as not done).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from app.i18n import DEFAULT_LANGUAGE, LANGUAGES, LOCALES_DIR, catalog_path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "babel.cfg"
TEMPLATE = LOCALES_DIR / "messages.pot"
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The date every catalog's header carries: a real one would change the file at each run."""
WIDTH = 100
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]|\{\w*\}")


def translated_languages() -> list[str]:
    return [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]


def placeholders(text: str) -> list[str]:
    """The ``%(name)s`` (and bare ``%s``, ``{name}``) placeholders of a message, sorted."""
    return sorted(match.group(0) for match in PLACEHOLDER.finditer(text.replace("%%", "")))


def extract() -> Catalog:
    """Every message marked in the code and the templates, as a catalog template."""
    with CONFIG.open() as config:
        method_map, options_map = parse_mapping_cfg(config, str(CONFIG))  # type: ignore[no-untyped-call]
    catalog = Catalog(
        project="Trionfi", creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False
    )
    found = extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords=DEFAULT_KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def write(catalog: Catalog, path: Path, keep_obsolete: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(
            out,
            catalog,
            width=WIDTH,
            no_location=True,
            sort_output=True,
            ignore_obsolete=not keep_obsolete,
        )


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language)


def update(template: Catalog, keep_obsolete: bool = False) -> list[Path]:
    """Merge ``template`` into each language's catalog; the paths written. A message the
    template no longer holds is dropped unless ``keep_obsolete``."""
    written = []
    for language in translated_languages():
        path = catalog_path(language)
        if path.is_file():
            catalog = read(path, language)
        else:
            catalog = Catalog(
                locale=language,
                project="Trionfi",
                creation_date=FIXED_DATE,
                revision_date=FIXED_DATE,
                fuzzy=False,
            )
        catalog.update(template, update_creation_date=False)
        catalog.creation_date = FIXED_DATE
        write(catalog, path, keep_obsolete)
        written.append(path)
    return written


def is_translated(message: Message) -> bool:
    if message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings)


def messages(catalog: Catalog) -> Iterable[Message]:
    return (message for message in catalog if message.id)


def progress() -> dict[str, tuple[int, int]]:
    """Per language: messages translated, messages in the template."""
    total = len(list(messages(read(TEMPLATE))))
    counts = {}
    for language in translated_languages():
        path = catalog_path(language)
        done = 0
        if path.is_file():
            done = sum(1 for message in messages(read(path, language)) if is_translated(message))
        counts[language] = (done, total)
    return counts


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        write(extract(), TEMPLATE)
        print(f"wrote {TEMPLATE.relative_to(ROOT)}")
        return 0
    if command == "update":
        for path in update(read(TEMPLATE), keep_obsolete="--keep-obsolete" in argv[1:]):
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if command == "check":
        complete = True
        for language, (done, total) in progress().items():
            share = 100 * done / total if total else 100.0
            print(f"{language} ({LANGUAGES[language]}): {done}/{total} translated ({share:.1f}%)")
            complete = complete and done == total
        return 0 if complete else 1
    print("usage: python -m tools.i18n extract|update [--keep-obsolete]|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
