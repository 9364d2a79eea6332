"""The invite link as a QR code, drawn on the server as inline SVG (segno: pure Python, no
dependencies), so that phones join by scanning the screen and the page loads no script for it.
"""

from __future__ import annotations

import io
from functools import lru_cache

import segno
from markupsafe import Markup


@lru_cache(maxsize=256)
def qr_svg(link: str) -> Markup:
    """An SVG QR code of ``link``, scaled by CSS, with the link as its accessible name."""
    code = segno.make(link, error="m", micro=False)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        border=2,
        dark="#1b1b1b",
        light="#ffffff",
        omitsize=True,
        title=f"QR code of the invite link {link}",
        svgclass="qr",
        lineclass=None,
    )
    return Markup(out.getvalue().decode())  # segno escapes the title; the rest is its own
