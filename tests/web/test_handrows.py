"""The hand's rows (app/web/show/handrows.py): balanced, within each screen's most, and the
room kept for the rows of the deal's hand size."""

from __future__ import annotations

import re

import pytest

from app.web.show.handrows import MOST_IN_A_ROW, HandRows, row_lengths
from tests.web.support import TestClient, start


@pytest.mark.parametrize("count", range(1, 29))
@pytest.mark.parametrize("most", sorted(set(MOST_IN_A_ROW.values())))
def test_rows_are_balanced_and_within_the_most(count: int, most: int) -> None:
    rows = row_lengths(count, most)
    assert sum(rows) == count
    assert max(rows) <= most
    assert max(rows) - min(rows) <= 1
    assert rows == sorted(rows, reverse=True)  # the longer rows first
    assert len(rows) == -(-count // most)  # no more rows than needed


def test_the_deals_hands_in_rows() -> None:
    assert row_lengths(25, MOST_IN_A_ROW["wide"]) == [13, 12]  # never 24 + 1
    assert row_lengths(25, MOST_IN_A_ROW["phone"]) == [7, 6, 6, 6]
    assert row_lengths(19, MOST_IN_A_ROW["phone"]) == [7, 6, 6]
    assert row_lengths(28, MOST_IN_A_ROW["wide"]) == [14, 14]  # the Danish dealer's discard


def test_row_ends_and_the_reserved_rows() -> None:
    rows = HandRows(count=25, hand_size=25)
    ends = {i: rows.ends_after(i) for i in range(25) if rows.ends_after(i)}
    assert ends == {6: "phone", 8: "tablet", 12: "phone wide", 16: "tablet", 18: "phone"}
    assert rows.reserved() == {"phone": 4, "tablet": 3, "wide": 2}
    # a few cards left: fewer rows, the room of the deal's rows kept
    late = HandRows(count=5, hand_size=25)
    assert [late.ends_after(i) for i in range(5)] == [""] * 5
    assert late.reserved() == rows.reserved()
    assert late.style() == "--rows-phone: 4; --rows-tablet: 3; --rows-wide: 2"


def test_the_hand_marks_its_row_ends(client: TestClient) -> None:
    """The page's hand: every card a button, the row ends empty and hidden from readers."""
    person = start(client, game="troccas")  # the person deals first: 19 cards and the kitty's 2
    html = person.html
    hand = html[html.index('id="hand"') : html.index("</form>", html.index('id="hand"'))]
    assert 'style="--rows-phone: 3; --rows-tablet: 2; --rows-wide: 2"' in hand
    ends = re.findall(r'<span class="row-end ([a-z ]+)" aria-hidden="true"></span>', hand)
    assert ends == ["phone", "tablet wide", "phone"]  # 7 + 7 + 7 on a phone, 11 + 10 wider
    assert hand.count("<button") == 21
