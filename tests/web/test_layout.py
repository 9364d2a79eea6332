"""What the pages' layout depends on in their HTML: the Fool's preset marked by a tag (not a
ring), the start page's rule options folded away, the rules' contents as a list, and the bot
protocol as a page of the site."""

from __future__ import annotations

import re
from typing import Any

from app.engine.options import Options
from app.web.forms import OPTION_PREFIX
from app.web.tables import TableSettings
from tests.web.factory import build_table, person_leads_fool
from tests.web.support import TestClient

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


def test_the_rule_options_are_folded_away_but_all_there(client: TestClient) -> None:
    """On a phone the Start button was 3,500px down: the rules' options are closed by default
    in a <details>, which needs no JavaScript to open; the form still sends every option."""
    html = client.get("/").text
    form = html.split('<form class="page setup" method="post" action="/tables">', 1)[1]
    form = form.split("</form>", 1)[0]
    folded = re.search(r'<details class="more-options rule-options">(.*?)</details>', form, re.S)
    assert folded, "no rule options <details>"
    assert "<summary>Rule options" in folded.group(1)
    for game in ("danish-tarok", "troccas"):
        for key in Options.keys_for(game):
            assert f'name="{OPTION_PREFIX[game]}{key}"' in folded.group(1), key
    assert 'name="fool_preset"' in folded.group(1)
    assert 'name="help_0_2"' in folded.group(1)
    outside = form.replace(folded.group(0), "")
    for name in ("game", "difficulty", "see_all", "hints", "speed"):
        assert f'name="{name}"' in outside, name  # the everyday choices stay in sight
    assert outside.index('name="speed"') < outside.index(">Start</button>")


def test_the_seat_choices_have_a_grid_of_their_own(client: TestClient) -> None:
    html = client.get("/").text
    seats = html.split('<fieldset class="seats">', 1)[1].split("</fieldset>", 1)[0]
    grid = seats.split('<div class="seat-fields">', 1)[1]
    assert grid.count("<select") == 4
    assert "Computer · Medium" in grid


def test_the_rules_contents_are_a_list_of_links_to_the_headings(client: TestClient) -> None:
    for path, count in (("/rules/danish-tarok", 9), ("/rules/troccas", 7)):
        html = client.get(path).text
        toc = re.search(r'<nav aria-label="On this page" class="toc">\s*<ul>(.*?)</ul>', html, re.S)
        assert toc, path
        targets = re.findall(r'<li><a href="#([\w-]+)">[^<]+</a></li>', toc.group(1))
        assert len(targets) == count, path
        for target in targets:
            assert f'id="{target}"' in html, (path, target)
        assert "·" not in toc.group(1)
