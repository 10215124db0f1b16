"""JSON from untrusted text (storage, links, files), bounded before parsing.

``json.loads`` recurses once per level of nesting. In CPython a deep value
raises ``RecursionError``; in Pyodide the wasm stack overflows first and the
interpreter dies before any ``except`` runs. So the size and the nesting are
checked on the raw text, and only a text within both reaches ``json.loads``.

>>> bounded_loads('{"a": [1, 2]}', max_chars=100, max_depth=2)
{'a': [1, 2]}
>>> bounded_loads('[[[1]]]', max_chars=100, max_depth=2)
Traceback (most recent call last):
...
sixtysix.safejson.JSONLimitError: nested deeper than 2 levels
"""

from __future__ import annotations

import json
import re

# A JSON string literal (escapes included). Possessive, so an unterminated
# string fails in linear time instead of backtracking.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class JSONLimitError(ValueError):
    """Text that is too long, nested too deep, or not JSON at all."""


def nesting_depth(text: str) -> int:
    """How deep the brackets of ``text`` nest, ignoring those inside strings."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def bounded_loads(text, max_chars: int, max_depth: int):
    """The value of JSON ``text`` of at most ``max_chars`` characters nested at
    most ``max_depth`` levels deep.

    :raises JSONLimitError: (a ``ValueError``) for anything else, whatever
        went wrong: never ``RecursionError``, ``TypeError`` or the like.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONLimitError("not UTF-8 text") from None
    if not isinstance(text, str):
        raise JSONLimitError(f"not text but {type(text).__name__}")
    if len(text) > max_chars:
        raise JSONLimitError(f"{len(text)} characters, more than {max_chars}")
    if nesting_depth(text) > max_depth:
        raise JSONLimitError(f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except Exception as e:  # ValueError for bad JSON; anything else is still bad input
        raise JSONLimitError(f"not JSON: {str(e)[:80]}") from None
