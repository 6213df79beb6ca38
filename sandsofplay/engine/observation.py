"""Observations built when first read.

A game's ``observe`` may return an ``Observation``: a dict whose content is built the first time
anything reads it (a key, ``in``, ``len``, iteration, ``==``, JSON, a copy). Observing then costs
almost nothing for a caller that takes an observation every step and reads it only now and then
(a bot waiting for its turn, a table that redraws when something moved), and the same as before
for a caller that reads it.

The content is the state *as it was when observed*: the game settles every view still unread
before it changes the state (``settle_views``, first thing in ``apply`` and ``advance``), so a
view read later shows the moment it was taken, never a mix. The state keeps only weak references:
a view nobody holds costs nothing to settle.

After the first read an observation is an ordinary dict at C speed for ``obs[key]``; ``get``,
``in``, ``len``, iteration and the views go through a small check first.
"""

from __future__ import annotations

import copy
from weakref import ref

_get = dict.get
_update = dict.update


class Observation(dict):
    """A dict filled by ``build()`` on first read (see the module docstring)."""

    __slots__ = ("_build", "__weakref__")

    def __init__(self, build, head: dict):
        # ``head``: a few keys known at once (never empty: C code such as the JSON encoder takes
        # an empty dict's fast path without asking the subclass)
        dict.__init__(self, head)
        self._build = build

    def _fill(self) -> None:
        build = self._build
        if build is not None:
            self._build = None
            _update(self, build())

    @property
    def built(self) -> bool:
        return self._build is None

    # reading ---------------------------------------------------------------------------------
    def __missing__(self, key):
        if self._build is None:
            raise KeyError(key)
        self._fill()
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        if self._build is not None:
            self._fill()
        return _get(self, key, default)

    def __contains__(self, key):
        if self._build is not None:
            self._fill()
        return dict.__contains__(self, key)

    def __iter__(self):
        if self._build is not None:
            self._fill()
        return dict.__iter__(self)

    def __len__(self):
        if self._build is not None:
            self._fill()
        return dict.__len__(self)

    def keys(self):
        if self._build is not None:
            self._fill()
        return dict.keys(self)

    def values(self):
        if self._build is not None:
            self._fill()
        return dict.values(self)

    def items(self):
        if self._build is not None:
            self._fill()
        return dict.items(self)

    def __eq__(self, other):
        if self._build is not None:
            self._fill()
        if isinstance(other, Observation) and other._build is not None:
            other._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def __repr__(self):
        if self._build is not None:
            self._fill()
        return dict.__repr__(self)

    # copies are plain dicts --------------------------------------------------------------------
    def copy(self) -> dict:
        if self._build is not None:
            self._fill()
        return dict(dict.items(self))

    __copy__ = copy

    def __deepcopy__(self, memo):
        return copy.deepcopy(self.copy(), memo)

    def __reduce__(self):
        return (dict, (self.copy(),))

    def __or__(self, other):
        return self.copy() | other

    def __ror__(self, other):
        return dict(other) | self.copy()

    # changes (an observation is the caller's own: it may add to it) ---------------------------
    def __setitem__(self, key, value):
        if self._build is not None:
            self._fill()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        if self._build is not None:
            self._fill()
        dict.__delitem__(self, key)

    def __ior__(self, other):
        self.update(other)
        return self

    def update(self, *args, **kw):
        if self._build is not None:
            self._fill()
        _update(self, *args, **kw)

    def setdefault(self, key, default=None):
        if self._build is not None:
            self._fill()
        return dict.setdefault(self, key, default)

    def pop(self, key, *default):
        if self._build is not None:
            self._fill()
        return dict.pop(self, key, *default)

    def popitem(self):
        if self._build is not None:
            self._fill()
        return dict.popitem(self)

    def clear(self):
        self._build = None
        dict.clear(self)


def lazy(views: list, build, head: dict) -> Observation:
    """A new observation of a state whose unread views are the list ``views`` (the state's own
    list, which ``settle_views`` empties): ``build()`` gives its content, of which ``head`` (a
    few keys, e.g. the game and the seat) is known now."""
    obs = Observation(build, head)
    if len(views) >= 32:  # observed often between changes: keep only the views still unread
        views[:] = [r for r in views if (o := r()) is not None and o._build is not None]
    views.append(ref(obs))
    return obs


def settle_views(views: list) -> None:
    """Build every view of a state that is still held and unread, before the state changes."""
    for r in views:
        obs = r()
        if obs is not None and obs._build is not None:
            obs._fill()
    views.clear()


__all__ = ["Observation", "lazy", "settle_views"]
