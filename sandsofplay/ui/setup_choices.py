"""Choices a table package adds to a game's options at seat setup (the Burning Sands saved
decks), and how they are turned into the game's own option values when the game starts.

A table package registers a source for its game (``register_source``); ui never imports
tables. A source has

* ``choices(spec) -> list[Choice]``: extra choices for the option ``spec`` (read when the seat
  setup is built: a deck saved a moment ago is there);
* ``resolve(setup) -> Setup``: the setup with every such choice replaced by what the game
  needs (the deck itself), so a save or a replay holds everything; ValueError with a sentence
  for the player when a choice cannot be used;
* optionally ``unknown(spec, text) -> str``: why ``text`` (typed on the command line, say) is
  none of its choices, when it looks like one of its kind ("" otherwise).

The command line (``--option KEY=VALUE``) accepts the same choices as the seat setup.
"""

from __future__ import annotations

from dataclasses import dataclass

from .table_registry import load_table

_SOURCES: dict = {}


def _source(game_id: str):
    """The game's source; its table package registers it as it is imported, so a table
    registered lazily is loaded first."""
    if game_id not in _SOURCES:
        load_table(game_id)
    return _SOURCES.get(game_id)


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    problem: str = ""  # why it cannot be played ("" when it can)


def register_source(game_id: str, source) -> None:
    _SOURCES[game_id] = source


def extra_choices(game_id: str, spec) -> list[Choice]:
    source = _source(game_id)
    if source is None:
        return []
    try:
        return list(source.choices(spec))
    except OSError:
        return []


def resolve(setup):
    source = _source(setup.game)
    return setup if source is None else source.resolve(setup)


def unknown_choice(game_id: str, spec, text: str) -> str:
    """Why ``text`` is not a choice the game's source offers, if it looks like one ("")."""
    source = _source(game_id)
    explain = getattr(source, "unknown", None)
    if explain is None:
        return ""
    try:
        return explain(spec, text) or ""
    except OSError:
        return ""
