"""The hand in balanced rows (issue 21): where each row of the viewer's cards ends, on a phone,
a tablet and a desktop.

A hand left to wrap on its own fills its first row and leaves the rest to a second (25 cards
as 24 + 1, a lone trump below). Here the rows are as even as they can be (25 as 13 + 12) and
each screen size has the most cards a row may hold with every card at least 44 px wide to tap
(``MOST_IN_A_ROW``, in step with the widths in static/css/site.css). The hand keeps the height
of the rows it had at the deal's hand size (``reserved``), so that nothing under it moves as
cards leave; the page marks each row's end with an element the stylesheet breaks the line at.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

MOST_IN_A_ROW = {"phone": 7, "tablet": 12, "wide": 14}
"""The most cards in one row: on a phone (from 360 px wide, under 600), a tablet (600 px to
999 px, no side column) and a desktop (1000 px and more, beside the side column)."""


def row_lengths(count: int, most: int) -> list[int]:
    """``count`` cards in as few rows of at most ``most`` as will do, the longer rows first,
    no two rows differing by more than one card."""
    if count <= 0:
        return []
    rows = ceil(count / most)
    base, longer = divmod(count, rows)
    return [base + 1] * longer + [base] * (rows - longer)


@dataclass(frozen=True, slots=True)
class HandRows:
    """The rows of one hand of ``count`` cards, dealt ``hand_size`` to the deal."""

    count: int
    hand_size: int

    def ends_after(self, index: int) -> str:
        """The screen sizes (``phone tablet wide``) on which a row ends after card ``index``
        (from 0); empty where none does, and after the last card."""
        sizes = []
        for size, most in MOST_IN_A_ROW.items():
            ends, total = set(), 0
            for length in row_lengths(self.count, most)[:-1]:
                total += length
                ends.add(total - 1)
            if index in ends:
                sizes.append(size)
        return " ".join(sizes)

    def reserved(self) -> dict[str, int]:
        """How many rows the hand keeps room for on each screen size: those of the deal's hand
        size, so that its height does not change as the cards are played."""
        return {
            size: max(1, len(row_lengths(max(self.count, self.hand_size), most)))
            for size, most in MOST_IN_A_ROW.items()
        }

    def style(self) -> str:
        """The reserved rows as the custom properties the stylesheet reads."""
        return "; ".join(f"--rows-{size}: {rows}" for size, rows in self.reserved().items())
