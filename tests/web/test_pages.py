"""The pages that are not a table, static files, errors and the serve command."""

from __future__ import annotations

import re

from markupsafe import escape

from app.cli import build_parser
from app.engine.options import OPTION_LABELS, Options
from app.web.serve import DEFAULT_HOST, DEFAULT_PORT, lan_host, public_url
from tests.web.support import TestClient


def test_home_offers_both_games_every_option_speed_and_start(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.text
    assert "<legend>Game</legend>" in html
    for label in ("Danish Tarok", "Swiss Troccas", "Difficulty", "Speed", "Instant", "Start"):
        assert label in html
    for game in ("danish-tarok", "troccas"):
        for key in Options.keys_for(game):
            label, explanation = OPTION_LABELS[key]
            assert str(escape(label)) in html
            assert str(escape(explanation)) in html
    for seed_text in (
        "Player can help Left try for No Tricks",
        "Left can help Player try for No Tricks",
        "Player can help Right try for No Tricks",
        "Right can help Player try for No Tricks",
        "Opponents see all hands",
        "Card names on mouseover",
        "Leading the Fool as",
        "lowest trump",
        "Card style",
        "Italian suits",
        "Four colours",
        "French suits",
        "Tap to continue",
    ):
        assert seed_text in html
    assert 'value="random"' not in html  # the random level is not offered in pages


def test_each_checkbox_has_a_one_line_explanation(client: TestClient) -> None:
    html = client.get("/").text
    boxes = re.findall(
        r'<input type="checkbox" name="([^"]+)" id="opt-\1" aria-describedby="(opt-\1-note)"', html
    )
    assert len(boxes) >= 18
    for _, note in boxes:
        assert f'id="{note}"' in html


def test_rules_pages_and_the_bots_note(client: TestClient) -> None:
    for path, words in (
        ("/rules", "Danish Tarok"),
        ("/rules/danish-tarok", "King Ultimo"),
        ("/rules/troccas", "The Bob"),
        ("/bots", "never see your cards"),
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert words in response.text, path
    assert client.get("/rules/poker").status_code == 404


def test_static_files_are_cached(client: TestClient) -> None:
    html = client.get("/").text
    css = re.search(r'href="(/static/css/site\.css\?v=[0-9a-f]+)"', html)
    htmx = re.search(r'src="(/static/vendor/htmx-[0-9.]+\.min\.js\?v=[0-9a-f]+)"', html)
    assert css
    assert htmx
    for url in (css.group(1), htmx.group(1), "/static/cards/CU-K.svg?v=1"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "max-age=31536000" in response.headers["cache-control"], url
    plain = client.get("/static/cards/back.svg")
    assert "max-age" in plain.headers["cache-control"]


def test_first_page_load_is_under_150_kb(client: TestClient) -> None:
    """The home page, its stylesheet and htmx, uncompressed, without card faces."""
    html = client.get("/").text
    total = len(html.encode())
    for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', html):
        total += len(client.get(url).content)
    assert total < 150_000, total


def test_no_external_requests(client: TestClient) -> None:
    html = client.get("/").text
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html)


def test_unknown_addresses_get_a_page_not_json(client: TestClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404
    assert "text/html" in response.headers["content-type"]
    response = client.get("/tables/nosuchtable")
    assert response.status_code == 404
    assert "No such table" in response.text


def test_serve_command_defaults() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.data) == (DEFAULT_HOST, DEFAULT_PORT, "data")
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "8123"])
    assert (args.host, args.port) == ("127.0.0.1", 8123)
    assert public_url("127.0.0.1", 8123) == "http://127.0.0.1:8123/"
    assert public_url("0.0.0.0", 8000) == f"http://{lan_host()}:8000/"  # no packet is sent
