"""Words the engine makes, kept translatable (issue 19).

The engine speaks English: its refusals and names are English text, as every test and hand
record expects. A ``Phrase`` is that English text (a ``str``, equal to it, hashed like it)
that also keeps the message it was made from (``msgid``, marked with ``N_`` for the catalogs)
and its named parameters, so that the web layer can say it again in the reader's language at
show time (``app.web.http.words.say``). The engine stays pure: it translates nothing.

A Phrase pickles (the bots' worker processes pickle observations) through the module-level
``_rebuild``, and JSON writes it as its English text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def N_(message: str) -> str:  # noqa: N802 (the gettext convention, known to pybabel)
    """Mark ``message`` for the catalogs; returns it unchanged. The engine's own copy of
    ``app.i18n.N_``, so that the engine imports only the standard library."""
    return message


def _rebuild(msgid: str, params: Mapping[str, Any]) -> Phrase:
    """Unpickle a Phrase (module level, so that pickle finds it by name)."""
    return Phrase(msgid, **params)


class Phrase(str):
    """English text made from ``msgid % params``, remembering both."""

    __slots__ = ("msgid", "params")
    msgid: str
    params: dict[str, Any]

    def __new__(cls, msgid: str, **params: Any) -> Phrase:
        text = msgid % params if params else msgid
        phrase = super().__new__(cls, text)
        phrase.msgid = msgid
        phrase.params = dict(params)
        return phrase

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.msgid, self.params))

    def __repr__(self) -> str:
        return f"Phrase({self.msgid!r}, **{self.params!r})"
