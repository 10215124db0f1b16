"""Looking texts up in a locale catalog: the part of the texts both sides of
the page need (the DOM side's fixed texts and questions, the model side's
:class:`ui.model.i18n.Translator` on top). Written in the Python MicroPython
runs too: the DOM layer on the main thread reads the same catalogs.

>>> Words("pt", {"a.b": "Olá, {name}"}).t("a.b", name="Ana"), Words("pt", {}).t("x.y")
('Olá, Ana', 'x.y')
"""

import json

LANGUAGES = ("pt", "it")


def flatten(data, prefix=""):
    """Nested objects become dotted keys; a flat catalog comes back unchanged."""
    out = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(flatten(value, prefix + key + "."))
        else:
            out[prefix + key] = str(value)
    return out


def read_catalog(lang, root="."):
    """``locales/<lang>.json`` below ``root``, flattened; ValueError for another language."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGUAGES}")
    with open(f"{root}/locales/{lang}.json", encoding="utf-8") as f:
        return flatten(json.load(f))


class Words:
    """One language's catalog; a missing key shows as the key itself."""

    def __init__(self, lang, catalog):
        self.lang = lang
        self.catalog = catalog
        self.missing = set()

    def t(self, key, **params):
        """The text for ``key`` with ``{name}`` placeholders filled in."""
        text = self.catalog.get(key)
        if text is None:
            self.missing.add(key)
            return key
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text
