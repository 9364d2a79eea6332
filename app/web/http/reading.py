"""Reading a request's fields without trusting them: every value is text, checked here.

A missing, repeated or oversized form field gives a ``BadForm`` with a message for the person,
never an exception further in. Numbers, in a form or in a request's path or query, are read by
``whole_number`` alone: ASCII digits within a stated range. A form's bad number is a
``BadForm``; an address's is a 400 page (``address_number``). ``read_form`` reads a posted form,
any failure to read it (too large, not a form) being an empty one.

Nothing here knows the games: ``app.web.table.forms`` reads the game's own fields with these.
"""

from __future__ import annotations

from typing import overload

from fastapi import Request
from starlette.datastructures import FormData

from app.i18n import N_
from app.web.http.problems import Problem

MAX_FIELD = 200
MAX_FIELDS = 40
"""The most fields a form of ours has (the home page's, with every option of both games)."""


async def read_form(request: Request, max_fields: int = MAX_FIELDS) -> FormData:
    """The posted form without files; one that cannot be read is empty (the handlers then
    refuse it for its missing fields)."""
    try:
        return await request.form(max_files=0, max_fields=max_fields)
    except Exception:
        return FormData()


class BadForm(ValueError):
    """A form that no page of ours sends."""


def text(form: FormData, name: str, default: str | None = None) -> str:
    values = form.getlist(name)
    if not values:
        if default is None:
            raise BadForm(f"the form has no {name}")
        return default
    value = values[0]
    if not isinstance(value, str) or len(value) > MAX_FIELD:
        raise BadForm(f"the form's {name} is not valid")
    return value


def flag(form: FormData, name: str) -> bool:
    return form.get(name) in ("on", "true", "1", "yes")


def single(form: FormData, name: str) -> str:
    """A field that a page sends once (a card to play): two values are a forged form."""
    if len(form.getlist(name)) > 1:
        raise BadForm(f"the form has more than one {name}")
    return text(form, name)


MAX_VERSION = 10**12 - 1
"""The highest table version a form, a frame's address or a poll may name."""


def whole_number(raw: str, lowest: int, highest: int) -> int | None:
    """``raw`` as a whole number from ``lowest`` to ``highest``, or None if it is anything else.

    Only ASCII digits count: ``str.isdigit()`` takes ``²`` (which ``int()`` then rejects) and
    ``int()`` takes ``٣``, full-width ``１``, ``+7``, `` 7`` and ``1_000``, none of which our
    pages write. The length is checked before ``int()``, which refuses over 4300 digits."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(highest)):
        return None
    value = int(raw)
    return value if lowest <= value <= highest else None


def number(form: FormData, name: str, lowest: int, highest: int) -> int:
    """The form's field ``name`` as a whole number from ``lowest`` to ``highest``."""
    value = whole_number(text(form, name), lowest, highest)
    if value is None:
        raise BadForm(f"the form's {name} is not a number from {lowest} to {highest}")
    return value


@overload
def address_number(raw: str, name: str, lowest: int, highest: int) -> int: ...
@overload
def address_number(raw: str | None, name: str, lowest: int, highest: int) -> int | None: ...
def address_number(raw: str | None, name: str, lowest: int, highest: int) -> int | None:
    """A number in a request's path or query: None if the query leaves it out, else a whole
    number from ``lowest`` to ``highest``; anything else (empty too) is refused with a 400
    page (``Problem``), so the route goes no further."""
    if raw is None:
        return None
    value = whole_number(raw, lowest, highest)
    if value is None:
        message = f"In this address, “{name}” must be a number from {lowest} to {highest}."
        raise Problem(400, N_("Not understood"), message)
    return value


def version(form: FormData) -> int:
    return number(form, "version", 0, MAX_VERSION)
