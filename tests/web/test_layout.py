"""What the pages' layout depends on in their HTML: the Fool's preset marked by a tag (not a
ring), the start page's rule options folded away, the rules' contents as a list, and the bot
protocol as a page of the site."""

from __future__ import annotations

import re
from typing import Any

from markupsafe import escape

from app.engine.options import Options
from app.paths import STATIC_DIR
from app.web.show.markdown import markdown_page
from app.web.table.forms import option_prefix
from app.web.table.model import TableSettings
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
            assert f'name="{option_prefix(game)}{key}"' in folded.group(1), key
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
    for path, count in (("/rules/danish-tarok", 10), ("/rules/troccas", 7)):
        html = client.get(path).text
        toc = re.search(r'<nav aria-label="On this page" class="toc">\s*<ul>(.*?)</ul>', html, re.S)
        assert toc, path
        targets = re.findall(r'<li><a href="#([\w-]+)">[^<]+</a></li>', toc.group(1))
        assert len(targets) == count, path
        for target in targets:
            assert f'id="{target}"' in html, (path, target)
        assert "·" not in toc.group(1)


DOCS = STATIC_DIR / "docs"


def test_the_protocol_is_a_page_of_the_site(client: TestClient) -> None:
    response = client.get("/bots/protocol")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert '<html lang="en">' in page
    assert "<title>The Trionfi bot protocol, trionfi-bot/1 · Trionfi</title>" in page
    assert '<h1 id="doc-title">The Trionfi bot protocol, trionfi-bot/1</h1>' in page
    assert page.count("<h1") == 1  # the reference's own first heading is the page's title
    assert '<div class="doc-body" lang="en">' in page
    assert 'name="viewport"' in page  # the site's base template: readable on a phone
    text = (DOCS / "bot-protocol.md").read_text()
    for heading in re.findall(r"^#{2,4} (.+)$", text, re.M):
        words = re.sub(r"`([^`]+)`", r"<code>\1</code>", heading)
        assert words in page, heading
    for block in re.findall(r"```\w*\n(.*?)\n```", text, re.S):
        assert f"<pre><code>{escape(block)}</code></pre>" in page
    assert page.count("<table>") == len(re.findall(r"^\|(?:-+\|)+$", text, re.M))
    assert '<a href="/bots/protocol/session"><code>bot-protocol-session.txt</code></a>' in page
    assert 'href="../../' not in page  # the source tree is not served: no dead link
    assert '<a href="/rules">rules.md</a>' in page  # the rules specification: the rules pages
    assert '<a href="/bots/protocol.md" type="text/plain">' in page


def test_the_example_session_is_a_page_with_each_line_marked(client: TestClient) -> None:
    page = client.get("/bots/protocol/session").text
    assert "<title>A complete session of trionfi-bot/1 · Trionfi</title>" in page
    lines = (DOCS / "bot-protocol-session.txt").read_text().splitlines()
    for line in lines:
        kind = "to" if line.startswith(">") else "from"
        assert f'<span class="{kind}">{escape(line)}</span>' in page, line[:40]
    assert '<a href="/bots/protocol/session.txt" type="text/plain">' in page
    assert '<a href="/bots/reference_bot.py" type="text/plain">' in page


def test_the_plain_text_stays_a_link_away(client: TestClient) -> None:
    for path, name in (
        ("/bots/protocol.md", "bot-protocol.md"),
        ("/bots/protocol/session.txt", "bot-protocol-session.txt"),
    ):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"] == "text/plain; charset=utf-8"
        assert response.text == (DOCS / name).read_text()


def test_the_markdown_subset_is_converted_and_everything_escaped() -> None:
    title, body = markdown_page(
        "# A <b>title</b> with `code`\n"
        "\n"
        "Some <script>alert(1)</script> text\n"
        "on two lines, **strong & bold**, [a link](https://example.org/?a=1&b=2).\n"
        "[bad](javascript:alert) [source](../../app/x.py) [session](bot-protocol-session.txt)\n"
        "\n"
        "## Part\n"
        "## Part\n"
        "- one item\n"
        "  continued\n"
        "- `<two>`\n"
        "\n"
        "| a | b |\n"
        "|---|---|\n"
        "| `x | y` | <i>z</i> |\n"
        "\n"
        "```json\n"
        '{"a": "<tag>"}\n'
        "```\n"
    )
    assert title == "A <b>title</b> with code"  # plain text; the template escapes it
    heading = "A &lt;b&gt;title&lt;/b&gt; with <code>code</code>"
    assert f'<h1 id="a-b-title-b-with-code">{heading}</h1>' in body
    assert "<p>Some &lt;script&gt;alert(1)&lt;/script&gt; text on two lines," in body
    assert "<strong>strong &amp; bold</strong>" in body
    assert '<a href="https://example.org/?a=1&amp;b=2">a link</a>' in body
    assert "javascript" not in body  # not a link: only its text
    assert "bad <code>" not in body
    assert "</a>. bad source " in body  # a file of the source tree: its text, without a link
    assert '<a href="/bots/protocol/session">session</a>' in body
    assert '<h2 id="part">Part</h2>' in body
    assert '<h2 id="part-2">Part</h2>' in body
    assert "<ul><li>one item continued</li><li><code>&lt;two&gt;</code></li></ul>" in body
    assert '<th scope="col">a</th><th scope="col">b</th>' in body
    assert "<td><code>x | y</code></td><td>&lt;i&gt;z&lt;/i&gt;</td>" in body
    assert "<pre><code>{&#34;a&#34;: &#34;&lt;tag&gt;&#34;}</code></pre>" in body
    assert "<script>" not in body
    assert "<i>" not in body
