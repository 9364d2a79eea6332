"""Every phase of a deal has the name a refusal gives it ("the deal waits for the discard"):
a phase added without one turned a wrong action into a KeyError instead of a refusal."""

from __future__ import annotations

from app.engine.deal import PHASE_NAMES, Phase


def test_every_phase_has_a_name_for_the_refusals() -> None:
    assert set(PHASE_NAMES) == set(Phase)
