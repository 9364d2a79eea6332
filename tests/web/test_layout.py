"""What the pages' layout depends on in their HTML: the Fool's preset marked by a tag (not a
ring), the start page's rule options folded away, the rules' contents as a list, and the bot
protocol as a page of the site."""

from __future__ import annotations

import re
from typing import Any

from app.web.tables import TableSettings
from tests.web.factory import build_table, person_leads_fool

Seat = Any


def test_the_fools_preset_is_marked_by_a_tag_beside_its_button(seat: Seat) -> None:
    settings = TableSettings(speed="instant", fool_preset="CU")
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, settings=settings))
    _, _, version = person.state()
    person.post("play", {"version": version, "card": "FOOL"}, htmx=True)
    prompt = person.html.split('class="prompt fool-prompt"', 1)[1].split("</form>", 1)[0]
    preset = re.search(
        r'<span class="preset-choice">\s*(<button [^>]*>)Cups</button>\s*'
        r'<span class="preset-tag" aria-hidden="true">preset</span>\s*</span>',
        prompt,
    )
    assert preset, prompt
    assert 'class="primary preset" autofocus aria-describedby="fool-preset"' in preset.group(1)
    assert prompt.count("preset-tag") == 1
    assert prompt.count("<button") == 5
    assert "Your preset is preselected." in prompt  # what a screen reader hears instead
