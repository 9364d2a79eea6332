"""Run every data-driven case of ``tests/engine/cases`` (rules.md section 4 and edge cases).

Each (case, check) pair is one test, named after the case and the check, so a failure names
the rule example and the fact that does not hold.
"""

from __future__ import annotations

import pytest

from tests.engine.cases import all_cases
from tests.engine.checks import Case, Check, Outcome, outcome_of

CASES: list[Case] = all_cases()
PAIRS = [(c, check) for c in CASES for check in c.checks]
OUTCOMES: dict[str, Outcome] = {}


def test_case_names_are_unique() -> None:
    names = [c.name for c in CASES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    ("example", "check"), PAIRS, ids=[f"{c.name} | {check.what}" for c, check in PAIRS]
)
def test_case(example: Case, check: Check) -> None:
    if example.name not in OUTCOMES:
        OUTCOMES[example.name] = outcome_of(example.scenario)
    check.run(OUTCOMES[example.name])
