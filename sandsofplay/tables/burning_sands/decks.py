"""Saved Burning Sands decks: one JSON file per deck in the user data folder
(``<user dir>/decks/burning_sands/<name>.json``), checked against the deck rules of the rules
package (``data.validate_deck``). A damaged file is reported by name and never rewritten.

The file: ``{"game": "burning_sands", "name": ..., "stronghold": id, "sections": [ids],
"cards": {id: count}}``. Pure Python (no pygame): the deck scene and the tests use it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ...games.burning_sands import data as bsdata
from ...ui import paths


def decks_dir() -> Path:
    d = paths.user_dir() / "decks" / "burning_sands"
    d.mkdir(parents=True, exist_ok=True)
    return d


@dataclass
class DeckList:
    name: str = "New deck"
    stronghold: str = ""
    sections: list = field(default_factory=list)
    cards: dict = field(default_factory=dict)  # card id -> count

    def total(self) -> int:
        return sum(self.cards.values())

    def problems(self) -> list[str]:
        """Which deck rules it breaks (and which cards), in words; empty when legal."""
        d = bsdata.get()
        if not self.stronghold:
            return ["the deck has no Stronghold: choose one"]
        return bsdata.validate_deck(d, self.stronghold, self.sections, sorted(self.cards.items()))

    def add(self, cid: str) -> str:
        """Add a card (a Stronghold replaces the one chosen; a City Section joins the
        sections). Returns what happened, in words."""
        c = bsdata.get().by_id[cid]
        if c.type == "stronghold":
            self.stronghold = cid
            return f"{c.name} is the Stronghold."
        if c.type == "section":
            if cid in self.sections:
                return f"{c.name} is already one of the City Sections."
            self.sections.append(cid)
            return f"{c.name} joins the City Sections."
        self.cards[cid] = self.cards.get(cid, 0) + 1
        return f"{c.name}: {self.cards[cid]} in the deck."

    def remove(self, cid: str) -> None:
        if cid == self.stronghold:
            self.stronghold = ""
        elif cid in self.sections:
            self.sections.remove(cid)
        elif cid in self.cards:
            self.cards[cid] -= 1
            if self.cards[cid] <= 0:
                del self.cards[cid]

    def curve(self) -> dict:
        """Cards by total cost (Water + Copper + Influence), 5 meaning 5 or more."""
        d = bsdata.get()
        out = {k: 0 for k in range(6)}
        for cid, n in self.cards.items():
            c = d.by_id[cid]
            out[min(5, c.water + c.copper + c.influence)] += n
        return out

    def by_type(self) -> dict:
        d = bsdata.get()
        out: dict = {}
        for cid, n in self.cards.items():
            t = d.by_id[cid].type
            out[t] = out.get(t, 0) + n
        return out

    def to_json(self) -> dict:
        return {"game": "burning_sands", "name": self.name, "stronghold": self.stronghold,
                "sections": list(self.sections), "cards": dict(sorted(self.cards.items()))}


class DeckFileError(ValueError):
    pass


def from_json(d) -> DeckList:
    if not isinstance(d, dict) or d.get("game") != "burning_sands":
        raise DeckFileError("it is not a Burning Sands deck")
    known = bsdata.get().by_id
    try:
        deck = DeckList(str(d["name"]), str(d["stronghold"]), [str(x) for x in d["sections"]],
                        {str(k): int(v) for k, v in dict(d["cards"]).items()})
    except (KeyError, TypeError, ValueError) as exc:
        raise DeckFileError(f"a part of it is missing or wrong ({exc})") from None
    unknown = [c for c in [deck.stronghold, *deck.sections, *deck.cards] if c and c not in known]
    if unknown:
        raise DeckFileError("it names cards that do not exist: " + ", ".join(unknown[:5]))
    return deck


def slug(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()
    return s[:60] or "deck"


def save(deck: DeckList, folder: Path | None = None) -> Path:
    folder = folder or decks_dir()
    path = folder / f"{slug(deck.name)}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(deck.to_json(), indent=1), encoding="utf-8")
    tmp.replace(path)
    return path


def load_all(folder: Path | None = None) -> list[tuple[Path, DeckList | None, str]]:
    """Every saved deck: (path, deck or None, problem). A file that cannot be read is listed
    with the reason and left as it is."""
    folder = folder or decks_dir()
    out = []
    for path in sorted(folder.glob("*.json")):
        try:
            deck = from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            out.append((path, None, f"{path.name} is damaged and cannot be read ({exc})."))
            continue
        except DeckFileError as exc:
            out.append((path, None, f"{path.name} cannot be used: {exc}."))
            continue
        out.append((path, deck, ""))
    return out


def starter(deck_id: str) -> DeckList:
    dk = bsdata.get().decks[deck_id]
    return DeckList(dk.name, dk.stronghold, list(dk.plan), dict(dk.cards))


def pool(faction: str = "", ctype: str = "", trait: str = "", cost=None, text: str = "") -> list:
    """The card pool filtered (every filter optional); ``cost`` counts Water + Copper +
    Influence (5 meaning 5 or more)."""
    out = []
    t = text.lower().strip()
    for c in bsdata.get().cards:
        if faction and c.faction != faction:
            continue
        if ctype and c.type != ctype:
            continue
        if trait and trait not in c.traits:
            continue
        if cost is not None and min(5, c.water + c.copper + c.influence) != cost:
            continue
        if t and t not in (c.name + " " + c.text + " " + " ".join(c.traits)).lower():
            continue
        out.append(c)
    return out


# --- saved decks at seat setup (ui.setup_choices) ---------------------------------------------
SAVED = "saved:"


class SavedDeckChoices:
    """The seat setup's deck options list the saved decks after the starters (value
    ``saved:<file name>``); at the start the choice is replaced by the deck itself
    (``decklist.deck_text``), so the game's setup - and its save and replay - holds the deck. A
    deck that breaks a deck rule, or a file that cannot be read, is listed with the reason and
    cannot be played; the file is left as it is."""

    def __init__(self, folder=None):
        self.folder = folder

    def dir(self):
        return self.folder() if callable(self.folder) else (self.folder or decks_dir())

    def choices(self, spec):
        from ...ui.setup_choices import Choice
        if not spec.key.startswith("deck"):
            return []
        out = []
        for path, deck, why in load_all(self.dir()):
            value = SAVED + path.stem
            if deck is None:
                out.append(Choice(value, f"{path.stem} (damaged)", why + " It is left as it is."))
                continue
            problems = deck.problems()
            if problems:
                out.append(Choice(value, f"{deck.name} (breaks a rule)",
                                  f"the saved deck \"{deck.name}\" cannot be played: " +
                                  "; ".join(problems) + ". Fix it in the deck scene."))
            else:
                out.append(Choice(value, f"{deck.name} (saved)"))
        return out

    def unknown(self, spec, text: str) -> str:
        """Why ``saved:NAME`` names no saved deck, with the ones there are."""
        if not spec.key.startswith("deck") or not text.startswith(SAVED):
            return ""
        stems = [p.stem for p, _d, _w in load_all(self.dir())]
        name = text[len(SAVED):]
        if not stems:
            return f"there is no saved deck {name!r}: no deck is saved yet (make one with " \
                   f"Card decks on the title screen)"
        near = slug(name)
        hint = f" (did you mean {SAVED}{near}?)" if near in stems and near != name else ""
        return f"there is no saved deck {name!r}{hint}; saved decks: " + \
            ", ".join(SAVED + s for s in stems)

    def resolve(self, setup):
        from ...engine import Setup
        from ...games.burning_sands.decklist import deck_text
        opts = []
        for k, v in setup.options:
            if isinstance(v, str) and v.startswith(SAVED):
                deck = self.load(v[len(SAVED):], k)
                v = deck_text(deck.name, deck.stronghold, deck.sections, deck.cards)
            opts.append((k, v))
        return Setup(setup.game, setup.seats, tuple(opts), setup.seed)

    def load(self, stem: str, key: str) -> DeckList:
        path = self.dir() / f"{stem}.json"
        found = [(d, why) for p, d, why in load_all(self.dir()) if p == path]
        if not found:
            raise ValueError(f"the saved deck {stem}.json is no longer in the decks folder")
        deck, why = found[0]
        if deck is None:
            raise ValueError(why + " It is left as it is")
        problems = deck.problems()
        if problems:
            raise ValueError(f"the saved deck \"{deck.name}\" breaks the deck rules: " +
                             "; ".join(problems))
        return deck


def _register():
    from ...ui.setup_choices import register_source
    register_source("burning_sands", SavedDeckChoices(lambda: decks_dir()))


_register()
