"""Quoting outside values in error messages: short, and never failing.

>>> quote("x" * 100, limit=12)
"'xxxxxxx...(102 chars)"
"""

from __future__ import annotations

#: The most characters of an outside value an error message repeats.
LIMIT = 60


def quote(value, limit: int = LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters; a value whose ``repr``
    raises is named by its type (the message must not become the error)."""
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
    if not isinstance(text, str):
        return f"<{type(value).__name__} object>"
    if len(text) <= limit:
        return text
    return f"{text[:limit - 4]}...({len(text)} chars)"
