"""A player's own deck as a game option (Preparing Your Deck).

The options ``deck1``..``deck4`` name a starter deck, or carry a whole deck as compact JSON text
(``{"cards": {...}, "name": ..., "sections": [...], "stronghold": ...}``), so that a save or a
replay of a game played with a saved deck holds the deck itself and replays anywhere.

``register`` checks such a deck against the deck rules (``data.validate_deck``) and enters it in
the card data's deck table under an id made from its content (``custom-<hash>``): the same deck
always gets the same id, so registering again changes nothing. Its City Sections are both the
ones offered for purchase and the bots' plan.

The text comes from a save file, so it is read bounded and checked: at most
``MAX_DECK_TEXT`` characters (what a save may hold in one option), no ``NaN``/``Infinity``, no
number longer than 18 digits, nothing nested, every field of the right type. Anything else is a
``ValueError`` of one sentence.
"""

from __future__ import annotations

import hashlib
import json

from ...engine.savefile import MAX_OPTION_TEXT, quote
from .data import Deck, get, validate_deck

MAX_DECK_TEXT = MAX_OPTION_TEXT  # a longer option would make the game's save unloadable
MAX_DECK_NAME = 60  # characters (code points) of a deck's name
MAX_SECTIONS = 16  # far more than any Stronghold's City Points buy
MAX_COPIES = 99  # a count beyond this is not a deck (the deck rule itself says at most three)


def is_deck_text(value) -> bool:
    return isinstance(value, str) and value.lstrip().startswith("{")


def deck_text(name: str, stronghold: str, sections, cards: dict) -> str:
    """The option value for a deck (compact, keys sorted: one deck, one text)."""
    return json.dumps({"name": str(name), "stronghold": str(stronghold),
                       "sections": [str(s) for s in sections],
                       "cards": {str(k): int(v) for k, v in sorted(dict(cards).items())}},
                      sort_keys=True, separators=(",", ":"))


class _Bad(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 18:
        raise _Bad("it holds a number far too large to count cards")
    return int(text)


def _parse_float(text: str):
    raise _Bad(f"it holds the number {quote(text, 20)}, and cards are counted in whole numbers")


def _parse_constant(text: str):
    raise _Bad(f"it holds {text}, which is not a number of cards")


def parse(text, who: str = "a player") -> tuple:
    """``(name, stronghold, sections, cards)`` of deck text, checked for shape and size (not yet
    against the deck rules); ``ValueError`` in one sentence when it is not a deck."""
    def bad(why: str):
        raise ValueError(f"{who}'s deck cannot be read: {why}")

    if not isinstance(text, str):
        bad("it is not text")
    if len(text) > MAX_DECK_TEXT:
        bad(f"it is {len(text):,} characters long, more than a game can save "
            f"({MAX_DECK_TEXT:,})")
    try:
        d = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                       parse_constant=_parse_constant)
    except _Bad as exc:
        bad(str(exc))
    except RecursionError:
        bad("it is nested far too deeply")
    except ValueError:
        bad("it is cut short or garbled")
    if not isinstance(d, dict):
        bad("it is not a deck list")
    name = d.get("name", "a deck")
    if not isinstance(name, str):
        bad(f"its name is {quote(name)}, not text")
    stronghold = d.get("stronghold")
    if not isinstance(stronghold, str):
        bad(f"its Stronghold is {quote(stronghold)}, not a card")
    sections, cards = d.get("sections"), d.get("cards")
    if not isinstance(sections, list) or len(sections) > MAX_SECTIONS or \
            not all(isinstance(s, str) for s in sections):
        bad(f"its City Sections are {quote(sections)}, not a short list of cards")
    if not isinstance(cards, dict):
        bad(f"its cards are {quote(cards)}, not a list of cards and counts")
    for cid, n in cards.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COPIES:
            bad(f"it counts {quote(n)} copies of {quote(cid)}")
    return name, stronghold, tuple(sections), tuple(sorted(cards.items()))


def register(text: str, who: str = "a player") -> str:
    """The deck id of deck text; ValueError (naming the deck rule and the cards) if the text is
    not a deck or the deck breaks a deck rule."""
    name, stronghold, sections, cards = parse(text, who)
    data = get()
    problems = validate_deck(data, stronghold, sections, cards)
    if problems:
        shown = "; ".join(problems[:6]) + (f"; and {len(problems) - 6} more"
                                           if len(problems) > 6 else "")
        raise ValueError(f"{who}'s deck {quote(name)} breaks the deck rules: " + shown)
    digest = hashlib.sha1(deck_text(name, stronghold, sections, dict(cards)).encode()).hexdigest()
    deck_id = f"custom-{digest[:12]}"
    if deck_id not in data.decks:
        data.decks[deck_id] = Deck(deck_id, data.by_id[stronghold].faction, name, stronghold,
                                   sections, sections, cards, "")
    return deck_id
