"""Plain records for the ui layer: dataclass-like, without generating code.

At the page's start Python runs cold in Pyodide, and ``@dataclass`` writes
and compiles an ``__init__``, ``__repr__`` and ``__eq__`` for each class as
its module loads. For the ui's eight records on the start path that was
about 30 ms of the game's imports in Chromium (docs/performance.md, "The
ui's records, and app.zip imported in place"). A :class:`Record` reads its
fields from the class's annotations once and shares one generic
``__init__``, ``__repr__`` and ``__eq__``, which is all these small records
need. The engine (``sixtysix/``) keeps ``dataclasses``.

>>> class Point(Record):
...     x: int
...     y: int = 0
...     tags: list = field(default_factory=list)
>>> Point(1), Point(1, y=2) == Point(1, 2), Point._fields
(Point(x=1, y=0, tags=[]), True, ('x', 'y', 'tags'))
"""

from __future__ import annotations

_MISSING = object()


class Field:
    """A field's options, where a plain default is not enough (as ``dataclasses.field``)."""

    __slots__ = ("default", "default_factory", "compare")

    def __init__(self, default=_MISSING, default_factory=None, compare=True):
        if default is not _MISSING and default_factory is not None:
            raise TypeError("a field has a default or a default_factory, not both")
        self.default, self.default_factory, self.compare = default, default_factory, compare


def field(*, default=_MISSING, default_factory=None, compare: bool = True) -> Field:
    """Options of one field: a factory for mutable defaults, or ``compare=False``."""
    return Field(default, default_factory, compare)


class Record:
    """Fields in annotation order (a base's first), set by keyword or position.

    Records compare by their compared fields and class, are unhashable (like a
    dataclass with ``eq``), and ``as_dict()`` gives their fields' values.
    """

    #: The fields' names, in order (namedtuple's name for it).
    _fields: tuple[str, ...] = ()
    _defaults: dict = {}      # name -> default value
    _factories: dict = {}     # name -> callable making the default
    _compared: tuple[str, ...] = ()
    __hash__ = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        names, compared = list(cls._fields), list(cls._compared)
        defaults, factories = dict(cls._defaults), dict(cls._factories)
        for name, kind in cls.__dict__.get("__annotations__", {}).items():
            if str(kind).startswith(("ClassVar", "typing.ClassVar")):  # strings under the future import
                continue
            value = cls.__dict__.get(name, _MISSING)
            options = value if isinstance(value, Field) else Field(value)
            if options.default_factory is not None:
                factories[name] = options.default_factory
                delattr(cls, name)
            elif options.default is not _MISSING:
                defaults[name] = options.default
                setattr(cls, name, options.default)
            elif defaults or factories:
                raise TypeError(f"{cls.__name__}.{name}: a field without a default follows one with a default")
            if name not in names:
                names.append(name)
            if options.compare and name not in compared:
                compared.append(name)
        cls._fields, cls._compared = tuple(names), tuple(compared)
        cls._defaults, cls._factories = defaults, factories

    def __init__(self, *args, **kwargs):
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} fields, {len(args)} were given")
        values = self.__dict__
        for name, value in zip(fields, args):
            if name in kwargs:
                raise TypeError(f"{type(self).__name__}() got two values for {name!r}")
            values[name] = value
        for name in fields[len(args):]:
            if name in kwargs:
                values[name] = kwargs.pop(name)
            elif name in self._factories:
                values[name] = self._factories[name]()
            elif name in self._defaults:
                values[name] = self._defaults[name]
            else:
                raise TypeError(f"{type(self).__name__}() is missing the field {name!r}")
        if kwargs:
            raise TypeError(f"{type(self).__name__}() has no field {next(iter(kwargs))!r}")

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._compared)

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"

    def as_dict(self) -> dict:
        """The fields' values by name (shallow: nested records stay records)."""
        return {n: getattr(self, n) for n in self._fields}

    def replace(self, **changes):
        """A copy with ``changes``: a record shared by several objects changes
        whole, through its owner, never field by field from outside.

        >>> class Pair(Record):
        ...     a: int
        ...     b: int = 0
        >>> Pair(1).replace(b=2)
        Pair(a=1, b=2)
        """
        return type(self)(**{**self.as_dict(), **changes})


def plain(value):
    """``value`` as JSON's own types: records as dicts of their fields, tuples as
    lists, all the way down (what crosses to another thread as JSON).

    >>> class Card(Record):
    ...     code: str
    ...     marks: tuple = ()
    >>> plain({"cards": [Card("QH", ("hinted",))]})
    {'cards': [{'code': 'QH', 'marks': ['hinted']}]}
    """
    if isinstance(value, Record):
        return {name: plain(getattr(value, name)) for name in value._fields}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value

