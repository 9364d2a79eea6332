"""The language of a request (cookie, else Accept-Language, else English) and the header's
language switch."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.i18n import gettext, use_language
from app.paths import TEMPLATES_DIR
from app.web.http.language import LANGUAGE_COOKIE
from app.web.routes import learn
from tests.i18n.speaking import html_lang
from tests.web.support import TestClient


@pytest.mark.parametrize(
    ("cookie", "header", "language"),
    [
        (None, None, "en"),
        (None, "da-DK,da;q=0.9", "da"),
        (None, "fr-CH,fr", "en"),
        ("de", "da", "de"),  # the reader's choice beats the browser's
        ("rm", None, "rm"),
        ("xx", "da", "da"),  # a cookie naming no language we speak chooses nothing
        ("en", "de", "en"),
    ],
)
def test_the_language_of_a_page(
    client: TestClient, cookie: str | None, header: str | None, language: str
) -> None:
    headers = {}
    if header is not None:
        headers["Accept-Language"] = header
    if cookie is not None:
        headers["Cookie"] = f"{LANGUAGE_COOKIE}={cookie}"
    response = client.get("/rules", headers=headers)
    assert response.status_code == 200
    assert html_lang(response.text) == language
    vary = [part.strip() for part in response.headers["vary"].split(",")]
    assert {"Accept-Language", "Cookie", "HX-Request"} <= set(vary)


def test_the_switch_is_a_plain_form_in_the_header(client: TestClient) -> None:
    html = client.get("/stats?x=1", headers={"Accept-Language": "de"}).text
    header = html.split('<header class="site">', 1)[1].split("</header>", 1)[0]
    assert '<form method="post" action="/language"' in header
    assert '<input type="hidden" name="next" value="/stats?x=1">' in header
    for code, name in (("en", "English"), ("da", "Dansk"), ("de", "Deutsch"), ("rm", "Rumantsch")):
        assert f'name="language" value="{code}" lang="{code}"' in header
        assert f">{name}</button>" in header
    assert 'value="de" lang="de" aria-current="true">' in header


def test_the_switch_remembers_the_choice_for_a_year(client: TestClient) -> None:
    response = client.post(
        "/language", data={"language": "da", "next": "/rules/troccas#cards"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == "/rules/troccas#cards"
    cookie = response.headers["set-cookie"]
    assert f"{LANGUAGE_COOKIE}=da" in cookie
    assert "Max-Age=31536000" in cookie
    assert "Path=/" in cookie
    page = client.get("/rules")  # the client keeps the cookie, as a browser would
    assert html_lang(page.text) == "da"


@pytest.mark.parametrize(
    "next_url",
    [
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
        "javascript:alert(1)",
        "",
        "rules",
    ],
)
def test_the_switch_returns_only_to_our_own_pages(client: TestClient, next_url: str) -> None:
    response = client.post(
        "/language", data={"language": "de", "next": next_url}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == "/"


@pytest.mark.parametrize("language", ["xx", "", "EN", "da-DK", "fr"])
def test_a_language_we_do_not_speak_is_refused_and_changes_nothing(
    client: TestClient, language: str
) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "de")
    response = client.post(
        "/language", data={"language": language, "next": "/"}, follow_redirects=False
    )
    assert response.status_code == 400
    assert "set-cookie" not in response.headers
    with use_language("de"):  # said in the reader's language, which stays German
        assert gettext("No such language") in response.text
    assert "Dansk" in response.text
    assert html_lang(client.get("/").text) == "de"


def test_a_form_without_a_language_is_refused(client: TestClient) -> None:
    response = client.post("/language", data={"next": "/"}, follow_redirects=False)
    assert response.status_code == 400


def test_prose_pages_without_a_translation_say_so(client: TestClient, tmp_path: Path) -> None:
    """Each prose page in each language: the translator's file where it exists, else the
    English page under a note in the reader's language."""
    english = client.get("/rules/troccas").text
    assert "untranslated" not in english
    for kind in ("rules", "strategy"):
        for game in ("troccas", "danish-tarok"):
            for language in ("da", "de", "rm"):
                headers = {"Accept-Language": language}
                page = client.get(f"/{kind}/{game}", headers=headers).text
                translated = TEMPLATES_DIR / "pages" / kind / language / f"{game}.html"
                if translated.is_file():
                    assert "untranslated" not in page
                    assert '<main id="main" lang="en">' not in page
                else:
                    assert '<main id="main" lang="en">' in page
                    assert f'class="note untranslated" lang="{language}"' in page


def test_a_translated_prose_page_is_served_in_its_language(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translator's whole file (pages/rules/<lang>/<game>.html) replaces the English page."""
    page = tmp_path / "pages" / "rules" / "da" / "troccas.html"
    page.parent.mkdir(parents=True)
    page.write_text(
        '{% extends "base.html" %}{% block main %}<h1 id="rules-title">Troccas-regler</h1>'
        "{% endblock %}",
        encoding="utf-8",
    )
    monkeypatch.setattr(learn, "TEMPLATES_DIR", tmp_path)
    loader = client.app.state.templates.env.loader  # type: ignore[attr-defined]
    monkeypatch.setattr(loader, "searchpath", [str(tmp_path), *loader.searchpath])
    danish = client.get("/rules/troccas", headers={"Accept-Language": "da"}).text
    assert "Troccas-regler" in danish
    assert "untranslated" not in danish
    german = client.get("/rules/troccas", headers={"Accept-Language": "de"}).text
    assert "Troccas-regler" not in german
    assert 'class="note untranslated" lang="de"' in german
