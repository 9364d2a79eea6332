"""Which language a browser's Accept-Language header picks, and the current language's scope."""

from __future__ import annotations

import pytest

from app.i18n import N_, best_language, current_language, gettext, use_language


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("da-DK,da;q=0.9,en;q=0.8", "da"),
        ("fr-CH, de-CH;q=0.8, en;q=0.5", "de"),
        ("rm;q=0.7,de;q=0.9", "de"),
        ("rm-CH", "rm"),
        ("fr,it", "en"),
        ("de;q=abc,da", "da"),
        ("en-GB,da", "en"),
    ],
)
def test_the_best_spoken_language_of_a_header(header: str | None, language: str) -> None:
    assert best_language(header) == language


def test_use_language_holds_for_its_block_only() -> None:
    assert current_language() == "en"
    with use_language("da"):
        assert current_language() == "da"
        with use_language("xx"):
            assert current_language() == "en"
    assert current_language() == "en"


def test_a_marked_message_is_unchanged_and_english_translates_to_itself() -> None:
    assert N_("Your turn") == "Your turn"
    assert gettext("Your turn") == "Your turn"
