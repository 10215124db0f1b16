"""The table's model as the DOM layer receives it: JSON text, read as a :class:`ModelView`.

The presenter's model (:func:`ui.model.present.model_json`) is all the
renderer is given, as plain JSON, the way it will come from the worker that
holds the model (issue 33). A view reads a JSON object's members as
attributes (``m.my_cards[0].code``) and as a mapping (``m.piles["you"]``,
``m.buttons.items()``: a member named like a mapping's method would be
hidden by it, so no model field is), and two views are equal when their
JSON is. Written in the Python MicroPython
runs too (tests/js/micropython.test.mjs).
"""

import json


class ModelView:
    """A JSON object read by attribute or by key; nested objects are views too."""

    def __init__(self, data):
        self._data = data

    def __getattr__(self, name):
        try:
            return wrap(self._data[name])
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key):
        return wrap(self._data[key])

    # A JSON object that is a mapping in the model (``buttons``, ``piles``) reads as one.
    def get(self, key, default=None):
        return wrap(self._data[key]) if key in self._data else default

    def keys(self):
        return list(self._data)

    def items(self):
        return [(k, wrap(v)) for k, v in self._data.items()]

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        return isinstance(other, ModelView) and self._data == other._data

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return "ModelView(" + repr(self._data) + ")"


def wrap(value):
    """JSON objects as views, arrays as lists of what they hold, the rest as it is."""
    if isinstance(value, dict):
        return ModelView(value)
    if isinstance(value, list):
        return [wrap(v) for v in value]
    return value


def read_model(text):
    """The model from its JSON text."""
    return ModelView(json.loads(text))
