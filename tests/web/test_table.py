"""The table page and every action, with plain requests (JavaScript off) and htmx requests."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from app.engine.cards import code, display_name, parse
from app.engine.deal import Phase
from app.engine.options import Options
from app.engine.record import parse_record, replay
from app.web.http.cookies import SEAT_COOKIE
from app.web.table.model import TableSettings
from tests.web.factory import (
    build_table,
    person_leads_fool,
    person_to,
    play_until,
)
from tests.web.support import (
    TestClient,
    attribute,
    finish_deal,
    inline_app,
    message,
    start,
    status_of,
)

Seat = Any


# ------------------------------------------------------------------ starting


def test_start_sets_an_httponly_samesite_seat_cookie(client: TestClient) -> None:
    response = client.post("/tables", data={"game": "troccas"}, follow_redirects=False)
    assert response.status_code == 303
    location = response.headers["location"]
    cookie = next(c for c in response.headers.get_list("set-cookie") if c.startswith(SEAT_COOKIE))
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert f"Path={location}" in cookie


def test_you_sit_at_seat_0_and_deal_first(client: TestClient) -> None:
    for game, names in (
        ("danish-tarok", ["You", "Right", "Left"]),
        ("troccas", ["You", "Right", "Partner", "Left"]),
    ):
        person = start(client, game=game)
        html = person.html
        assert attribute(html, "data-game") == game
        assert attribute(html, "data-phase") == "discard"
        assert attribute(html, "data-turn") == "0"
        for seat, name in enumerate(names):
            assert f'id="seat-{seat}"' in html
            assert f'<span class="seat-name">{name}</span>' in html
        assert html.count('class="badge dealer"') == 1
        assert (
            'id="seat-0"'
            in html.split('class="badge dealer"')[0].rsplit("seat-", 1)[0] + 'id="seat-0"'
        )
        assert "Medium" in html


def test_the_hand_is_one_labelled_group_of_named_card_buttons(client: TestClient) -> None:
    person = start(client)
    html = person.html
    assert html.count('id="hand"') == 1
    assert 'id="hand" class="hand discarding" role="group" aria-label="Your hand"' in html
    buttons = re.findall(r'<button [^>]*data-card="([^"]+)"[^>]*>\s*<img [^>]*alt="([^"]+)"', html)
    assert len(buttons) == 28  # the dealer's 25 and the talon's 3
    for card_code, alt in buttons:
        assert alt == display_name(parse(card_code))
    assert html.count('aria-pressed="false"') == 28


def test_plain_and_htmx_requests_get_a_page_and_a_partial(client: TestClient) -> None:
    person = start(client)
    full = person.get()
    assert full.text.startswith("<!doctype html>")
    assert "HX-Request" in full.headers["vary"]
    part = person.get(htmx=True)
    assert not part.text.lstrip().startswith("<!doctype")
    assert part.text.lstrip().startswith("<title>")
    assert 'id="table"' in part.text
    assert "HX-Request" in part.headers["vary"]


# ------------------------------------------------------------------ the discard


def test_discard_choose_refuse_and_confirm(client: TestClient) -> None:
    person = start(client)
    phase, _, version = person.state()
    legal = person.legal()
    hand = person.hand()
    illegal = next(card for card in hand if card not in legal)
    response = person.post("select", {"version": version, "select": illegal})
    assert status_of(response) == 422
    assert display_name(parse(illegal)) in message(person.html)
    assert "may not" in message(person.html)
    assert re.search(rf'data-card="{illegal}"\s+aria-pressed="false"', person.html)

    for card in legal[:3]:
        response = person.post("select", {"version": version, "select": card}, htmx=True)
        assert response.status_code == 200
        assert re.search(rf'data-card="{card}"\s+aria-pressed="true"', person.html)
    response = person.post("select", {"version": version, "select": legal[3]}, htmx=True)
    assert status_of(response) == 422
    assert "put one back" in message(person.html)
    response = person.post("select", {"version": version, "unselect": legal[0]}, htmx=True)
    assert re.search(rf'data-card="{legal[0]}"\s+aria-pressed="false"', person.html)

    response = person.post("discard", {"version": version, "card": legal[1:3]})
    assert status_of(response) == 422
    assert "exactly 3" in message(person.html)
    response = person.post("discard", {"version": version, "card": [illegal, *legal[1:3]]})
    assert status_of(response) == 422
    assert person.version() == version

    response = person.post("discard", {"version": version, "card": legal[1:4]})
    assert response.status_code == 303
    phase, _, after = person.state()
    assert after > version
    assert phase in ("declarations", "play")
    discards = person.html.split('id="discards"', 1)[1].split("</div>\n    </div>", 1)[0]
    for card in legal[1:4]:
        assert f'data-card="{card}"' in discards  # shown to everyone by default


def test_troccas_kitty_is_hidden_from_the_others(client: TestClient) -> None:
    person = start(client, game="troccas")
    _, _, version = person.state()
    kitty = person.legal()[:2]
    assert person.post("discard", {"version": version, "card": kitty}).status_code == 303
    person.get()
    assert "Kitty" in person.html
    # the dealer (you) sees it; the others' pages never could: see test_leaks


# ------------------------------------------------------------------ playing


def test_play_a_card_plain_and_htmx(client: TestClient, seat: Seat) -> None:
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, level="medium"))
    _, _, version = person.state()
    card = next(c for c in person.legal() if c != "FOOL")
    response = person.post("play", {"version": version, "card": card})
    assert response.status_code == 303
    assert response.headers["location"] == f"{person.url}#hand"  # lands at the hand
    person.get()
    assert card not in person.hand()
    assert int(attribute(person.html, "data-version")) >= version + 3  # you and both bots

    _, _, version = person.state()
    card = next(c for c in person.legal() if c != "FOOL")
    response = person.post("play", {"version": version, "card": card}, htmx=True)
    assert response.status_code == 200
    assert 'hx-swap-oob="innerHTML"' in person.html
    assert f"You play {display_name(parse(card))}." in person.html


def test_cards_you_may_not_play_are_marked_so(client: TestClient, seat: Seat) -> None:
    """aria-disabled with their reason (``test_why_not.py``), so that a tap reaches them."""
    table, token = build_table(deals_before=0)

    def must_follow(deal: Any) -> bool:
        return (
            deal.phase is Phase.PLAY
            and deal.turn == 0
            and bool(deal.trick)
            and len(deal.legal_cards()) < len(deal.holdings[0])
        )

    assert play_until(table, must_follow)
    person = seat(table, token)
    legal = set(person.legal())
    for card_code in person.hand():
        tag = re.search(rf'<button [^>]*value="{re.escape(card_code)}"[^>]*>', person.html)
        assert tag
        assert ('aria-disabled="true"' in tag.group(0)) == (card_code not in legal)
        assert " disabled" not in tag.group(0)


def test_leading_the_fool_asks_for_a_suit_with_the_preset(client: TestClient, seat: Seat) -> None:
    settings = TableSettings(speed="instant", fool_preset="SW")
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, settings=settings))
    _, _, version = person.state()
    response = person.post("play", {"version": version, "card": "FOOL"})
    assert response.status_code == 303
    assert response.headers["location"].endswith("?prompt=fool#hand")
    person.get("?prompt=fool")
    assert attribute(person.html, "data-version") == str(version)  # nothing played yet
    for label in ("Cups", "Coins", "Swords", "Staves", "Trumps"):
        assert re.search(
            rf'<button type="submit" name="name" value="\w+"[^>]*>{label}</button>', person.html
        )
    assert re.search(r'value="SW" class="primary preset" autofocus', person.html)

    response = person.post("play", {"version": version, "card": "FOOL"}, htmx=True)
    assert response.status_code == 200
    assert "fool-question" in person.html
    response = person.post("play", {"version": version, "card": "FOOL", "name": "CO"}, htmx=True)
    assert "You lead The Fool as Coins." in person.html
    assert "The Fool leads as <strong>Coins</strong>" in person.html or "as Coins" in person.html


def test_demanding_the_fool(client: TestClient, seat: Seat) -> None:
    options = Options(traditional_fool_timing=True)
    for attempt in range(30):
        table, token = build_table(options=options, seed=attempt * 7)
        if play_until(table, person_to(Phase.DEMAND_FOOL), seed=attempt, keep_fool=True):
            break
    else:
        pytest.skip("no deal asked the person to demand the Fool")
    table.acknowledge(0)
    person = seat(table, token)
    assert attribute(person.html, "data-phase") == "demand_fool"
    assert "Demand the Fool" in person.html
    _, _, version = person.state()
    response = person.post("decide", {"version": version, "choice": "yes"}, htmx=True)
    assert response.status_code == 200
    assert "You demand the Fool." in person.html


def test_manual_bob(client: TestClient, seat: Seat) -> None:
    options = Options(manual_bob=True)
    for attempt in range(60):
        table, token = build_table("troccas", options=options, seed=attempt * 5)
        if play_until(table, person_to(Phase.BOB), seed=attempt):
            break
    else:
        pytest.skip("no deal gave the person a Bob")
    person = seat(table, token)
    assert attribute(person.html, "data-phase") == "bob"
    assert "Call Bob" in person.html
    assert "Let it go" in person.html
    _, _, version = person.state()
    response = person.post("decide", {"version": version, "choice": "no"})
    assert response.status_code == 303
    assert "You let the Bob go." in person.get().text


def test_declarations_pause_until_continue(client: TestClient, seat: Seat) -> None:
    def declares(deal: Any) -> bool:
        return deal.phase is Phase.DISCARD and deal.turn == 0

    for attempt in range(40):
        table, token = build_table(wanted=declares, seed=attempt * 3, acknowledge=False)
        deal = table.match.deal
        assert deal is not None
        play_until(table, lambda d: d.phase is not Phase.DISCARD, seed=attempt)
        if deal.declared:
            break
    else:
        pytest.skip("no declarations")
    person = seat(table, token)
    assert attribute(person.html, "data-phase") == "declarations"
    assert "from each other player" in person.html
    assert re.search(
        r'<button type="submit" class="primary" autofocus>Continue</button>', person.html
    )
    version = int(attribute(person.html, "data-version"))
    assert person.post("continue", {"version": version}).status_code == 303
    assert attribute(person.get().text, "data-phase") != "declarations"


# ------------------------------------------------------------------ pacing


def test_frames_reveal_the_bots_moves_one_at_a_time(client: TestClient, seat: Seat) -> None:
    settings = TableSettings(speed="normal")
    person = seat(*build_table(wanted=person_leads_fool, deals_before=2, settings=settings))
    _, _, version = person.state()
    card = next(c for c in person.legal() if c != "FOOL")
    person.post("play", {"version": version, "card": card}, htmx=True)
    shown = int(attribute(person.html, "data-version"))
    assert shown == version + 1  # your own card first
    tick = re.search(
        r'hx-get="([^"]+/at/(\d+)\?after=(\d+))" hx-trigger="load delay:(\d+)ms"', person.html
    )
    assert tick, "the next frame is fetched after a delay"
    assert int(tick.group(2)) == shown + 1
    response = client.get(
        tick.group(1).replace("&amp;", "&"), headers={**person.headers, "HX-Request": "true"}
    )
    assert attribute(response.text, "data-version") == str(shown + 1)
    assert 'hx-swap-oob="beforeend"' in response.text
    assert "plays" in response.text
    plain = client.get(tick.group(1), headers=person.headers, follow_redirects=False)
    assert plain.status_code == 303  # with JavaScript off a page shows the latest state


def test_tap_to_continue_waits_at_the_end_of_a_trick(client: TestClient, seat: Seat) -> None:
    settings = TableSettings(speed="instant", tap_to_continue=True)
    for attempt in range(20):
        table, token = build_table(
            wanted=person_leads_fool, deals_before=2, settings=settings, seed=attempt * 11
        )
        person = seat(table, token)
        _, _, version = person.state()
        card = next(c for c in person.legal() if c != "FOOL")
        person.post("play", {"version": version, "card": card}, htmx=True)
        html = person.html
        if attribute(html, "data-turn") != "0":
            break
    else:
        pytest.skip("you won every first trick")
    assert re.search(
        r'<button type="button" class="primary" hx-get="[^"]+" autofocus>Continue</button>', html
    )
    assert re.search(r"wins? trick 1", html)
    assert 'class="trick finished"' in html or "trick finished" in html


# ------------------------------------------------------------------ the end of a deal


@pytest.mark.parametrize("game", ["danish-tarok", "troccas"])
def test_summary_score_sheet_chart_download_and_next_deal(client: TestClient, game: str) -> None:
    person = start(client, game=game)
    finish_deal(person)
    html = person.get().text
    assert 'id="summary"' in html
    assert "Ledger of this deal" in html
    assert "Score sheet" in html
    assert '<svg class="chart"' in html
    assert "Next deal" in html
    if game == "troccas":
        assert "You &amp; Partner" in html
    else:
        assert 'King<span class="pot-word"> pot</span>' in html

    download = person.client.get(f"{person.url}/deals/1.json", headers=person.headers)
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    record = download.json()
    assert record["format"] == "trionfi-hand/1"
    assert replay(parse_record(record)).is_over

    version = int(attribute(html, "data-version"))
    assert person.post("next", {"version": version}).status_code == 303
    html = person.get().text
    assert "Deal 2" in html
    dealer = re.search(
        r'id="seat-(\d)"[^>]*>\s*<div class="seat-head">(?:(?!id="seat-).)*badge dealer', html, re.S
    )
    assert dealer
    assert dealer.group(1) == "1"  # the deal passes to the right
    finish_deal(person, htmx=True)
    html = person.get().text
    rows = re.findall(
        r'<tr>\s*<th scope="row"><a [^>]*>(\d+)</a></th>', html.split("Score sheet", 1)[1]
    )
    assert rows == ["2", "1"]  # newest first
    assert (
        person.client.get(f"{person.url}/deals/2.json", headers=person.headers).status_code == 200
    )
    assert (
        person.client.get(f"{person.url}/deals/9.json", headers=person.headers).status_code == 404
    )


def test_no_download_of_a_deal_in_progress(client: TestClient) -> None:
    person = start(client)
    response = person.client.get(f"{person.url}/deals/1.json", headers=person.headers)
    assert status_of(response) == 404


# ------------------------------------------------------------------ settings and hints


def test_settings_change_the_pages(client: TestClient) -> None:
    person = start(client)
    response = person.post(
        "settings",
        {"speed": "slow", "four_colour": "on", "names_on_hover": "on", "hints": "on"},
        htmx=True,
    )
    assert response.status_code == 200
    assert "/static/cards/four-colour/" in person.html
    assert re.search(r'<img [^>]*alt="([^"]+)"[^>]* title="\1"', person.html)
    person.get()
    assert re.search(r'name="speed" value="slow" checked', person.html)


def test_hint_suggests_a_move_with_a_reason(client: TestClient) -> None:
    person = start(client)
    response = person.get("?hint=1", htmx=True)
    assert response.status_code == 200
    assert "Hint:" in person.html
    assert re.search(r"Hint: (Play|Lay away) the [^<]+: [^<]+\.</p>", person.html)
    assert "hinted" in person.html
    person.post("settings", {"speed": "instant"})
    person.get()
    assert "?hint=1" not in person.html  # hints turned off


# ------------------------------------------------------------------ a restart


def test_a_restart_shows_the_same_table(client: TestClient, data_dir: Path) -> None:
    person = start(client)
    _, _, version = person.state()
    person.post("discard", {"version": version, "card": person.legal()[:3]})
    before = person.get().text
    with TestClient(inline_app(data_dir)) as again:
        after = again.get(person.url, headers=person.headers).text
    assert attribute(after, "data-version") == attribute(before, "data-version")
    assert re.findall(r'data-card="([^"]+)"', after) == re.findall(r'data-card="([^"]+)"', before)


def test_code_of_every_card_round_trips_in_forms() -> None:
    assert [code(parse(c)) for c in ("cu-k", "T21", "fool")] == ["CU-K", "T21", "FOOL"]


def test_records_are_plain_json(client: TestClient) -> None:
    person = start(client, game="troccas")
    finish_deal(person)
    text = person.client.get(f"{person.url}/deals/1.json", headers=person.headers).text
    assert json.loads(text)["game"] == "troccas"


def test_an_earlier_frame_of_the_viewers_own_turn_says_so_in_the_second_person(
    client: TestClient,
) -> None:
    """Revealing moves again from the start, the frame before the person's discard says
    "Your discard.", never "You is discarding."."""
    person = start(client, game="danish-tarok")
    phase, turn, version = person.state()
    assert (phase, turn) == ("discard", 0)  # seat 0 deals first and discards
    person.post("discard", {"version": version, "card": person.legal()[:3]})
    earlier = person.get(f"/at/{version}", htmx=True).text
    assert "Your discard." in earlier
    assert "You is" not in earlier


def test_the_charts_legend_is_in_each_lines_colour_from_the_highest_balance_down() -> None:
    from app.web.show.summary import SEAT_COLOURS, balance_chart

    svg = str(balance_chart([[0, 5], [0, -10], [0, 5]], ["You", "Right", "Left"], SEAT_COLOURS))
    pattern = r'<text x="[^"]+" y="(\d+)" style="fill:([^"]+)" class="legend">([^<]+)<'
    legend = re.findall(pattern, svg)
    by_height = [(colour, text) for _, colour, text in sorted(legend, key=lambda e: int(e[0]))]
    assert by_height == [
        (SEAT_COLOURS[0], "You +5"),
        (SEAT_COLOURS[2], "Left +5"),
        (SEAT_COLOURS[1], "Right −10"),
    ]
