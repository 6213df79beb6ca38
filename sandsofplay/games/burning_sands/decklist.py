"""A player's own deck as a game option (Preparing Your Deck).

The options ``deck1``..``deck4`` name a starter deck, or carry a whole deck as compact JSON text
(``{"cards": {...}, "name": ..., "sections": [...], "stronghold": ...}``), so that a save or a
replay of a game played with a saved deck holds the deck itself and replays anywhere.

``register`` checks such a deck against the deck rules (``data.validate_deck``) and enters it in
the card data's deck table under an id made from its content (``custom-<hash>``): the same deck
always gets the same id, so registering again changes nothing. Its City Sections are both the
ones offered for purchase and the bots' plan.
"""

from __future__ import annotations

import hashlib
import json

from .data import Deck, get, validate_deck


def is_deck_text(value) -> bool:
    return isinstance(value, str) and value.lstrip().startswith("{")


def deck_text(name: str, stronghold: str, sections, cards: dict) -> str:
    """The option value for a deck (compact, keys sorted: one deck, one text)."""
    return json.dumps({"name": str(name), "stronghold": str(stronghold),
                       "sections": [str(s) for s in sections],
                       "cards": {str(k): int(v) for k, v in sorted(dict(cards).items())}},
                      sort_keys=True, separators=(",", ":"))


def register(text: str, who: str = "a player") -> str:
    """The deck id of deck text; ValueError (naming the deck rule and the cards) if the text is
    not a deck or the deck breaks a deck rule."""
    try:
        d = json.loads(text)
        name = str(d.get("name", "a deck"))
        stronghold = str(d["stronghold"])
        sections = tuple(str(s) for s in d["sections"])
        cards = tuple(sorted((str(k), int(v)) for k, v in dict(d["cards"]).items()))
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ValueError(f"{who}'s deck cannot be read ({exc})") from None
    data = get()
    problems = validate_deck(data, stronghold, sections, cards)
    if problems:
        raise ValueError(f"{who}'s deck \"{name}\" breaks the deck rules: " + "; ".join(problems))
    digest = hashlib.sha1(deck_text(name, stronghold, sections, dict(cards)).encode()).hexdigest()
    deck_id = f"custom-{digest[:12]}"
    if deck_id not in data.decks:
        data.decks[deck_id] = Deck(deck_id, data.by_id[stronghold].faction, name, stronghold,
                                   sections, sections, cards, "")
    return deck_id
