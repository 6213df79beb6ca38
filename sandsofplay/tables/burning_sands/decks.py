"""Saved Burning Sands decks: one JSON file per deck in the user data folder
(``<user dir>/decks/burning_sands/<file>.json``), checked against the deck rules of the rules
package (``data.validate_deck``). A damaged file is reported by name and never rewritten.

The file: ``{"game": "burning_sands", "name": ..., "stronghold": id, "sections": [ids],
"cards": {id: count}}``. Pure Python (no pygame): the deck scene and the tests use it.

Reading goes through the save files' reader (``engine.savefile.read_bytes`` and ``parse_json``):
only regular files of at most :data:`MAX_DECK_BYTES` are opened (a pipe, a device, a folder or a
link to nothing is refused by ``stat`` before any open, so nothing hangs or floods memory), and
the JSON is bounded (no ``NaN``/``Infinity``, no 19-digit numbers, no deep nesting). Every field
is then checked for type and size; a bad file is listed with its reason and the others work.

File names: the name's slug (``Desert Wind`` -> ``desert-wind.json``); when the name has no
Latin letter or digit, or the slug's file is taken by another deck name, a damaged file or
anything else, the slug plus a short hash of the exact name (``deck-1a2b3c4d.json``,
``desert-wind-5e6f7a8b.json``). A deck of the same exact name is found wherever it is and is
replaced only when asked (``replace=True``); a damaged file is never written over. Writes go
through ``engine.store.atomic_write_text``: a fresh temp file created with
``O_CREAT|O_EXCL|O_NOFOLLOW`` (``tempfile.mkstemp``), then ``os.replace``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ...engine import SaveError
from ...engine.names import visible
from ...engine.savefile import parse_json, quote, read_bytes
from ...engine.store import atomic_write_text
from ...games.burning_sands import data as bsdata
from ...games.burning_sands.decklist import MAX_COPIES, MAX_DECK_NAME, MAX_SECTIONS
from ...ui import paths

MAX_DECK_BYTES = 64 * 1024  # a deck of every card in the pool is about 4 kB
WHAT = "deck file"
_JOINERS = {"\u200c", "\u200d"}  # zero-width (non-)joiner: part of emoji and of some scripts
_UNSHOWN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def decks_dir() -> Path:
    d = paths.user_dir() / "decks" / "burning_sands"
    d.mkdir(parents=True, exist_ok=True)
    return d


def name_problem(name) -> str:
    """Why ``name`` cannot be a deck's name (empty when it can): text of 1 to
    :data:`MAX_DECK_NAME` characters, none of them a control, invisible, private-use or
    unassigned character (the zero-width joiners of emoji and scripts are allowed)."""
    if not isinstance(name, str):
        return f"its name is {quote(name)}, not text"
    if not name.strip() or not visible(name):
        return "it has no name"
    if len(name) > MAX_DECK_NAME:
        return f"its name is {len(name):,} characters long; a deck's name has at most " \
               f"{MAX_DECK_NAME}"
    for ch in name:
        if ch not in _JOINERS and unicodedata.category(ch) in _UNSHOWN:
            return f"its name holds an invisible or control character (U+{ord(ch):04X})"
    return ""


def shown(text: str, limit: int = 60) -> str:
    """A file name as it can be shown: unprintable characters (and bytes that are not UTF-8)
    become '?', a long one is cut."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


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


class DeckExists(DeckFileError):
    """A deck of the same exact name is saved already (in ``path``): ask before replacing it."""

    def __init__(self, path: Path, name: str):
        super().__init__(f"a deck named {quote(name)} is saved already as {shown(path.name)}")
        self.path = path


def from_json(d) -> DeckList:
    """The deck a parsed deck file holds; ``DeckFileError`` saying what is wrong with it."""
    if not isinstance(d, dict) or d.get("game") != "burning_sands":
        raise DeckFileError("it is not a Burning Sands deck")
    problem = name_problem(d.get("name"))
    if problem:
        raise DeckFileError(problem)
    stronghold, sections, cards = d.get("stronghold"), d.get("sections"), d.get("cards")
    if not isinstance(stronghold, str):
        raise DeckFileError(f"its Stronghold is {quote(stronghold)}, not a card")
    if not isinstance(sections, list) or len(sections) > MAX_SECTIONS or \
            not all(isinstance(s, str) for s in sections):
        raise DeckFileError(f"its City Sections are {quote(sections)}, not a short list of cards")
    if not isinstance(cards, dict):
        raise DeckFileError(f"its cards are {quote(cards)}, not cards with their counts")
    for cid, n in cards.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COPIES:
            raise DeckFileError(f"it counts {quote(n)} copies of {quote(cid)}; a count is a "
                                f"whole number from 1 to {MAX_COPIES}")
    known = bsdata.get().by_id
    unknown = [c for c in [stronghold, *sections, *cards] if c and c not in known]
    if unknown:
        raise DeckFileError("it names cards that do not exist: " +
                            ", ".join(quote(c, 30) for c in unknown[:5]))
    return DeckList(d["name"], stronghold, list(sections), dict(cards))


def read_deck(path) -> DeckList:
    """The deck in one file, read bounded (regular files only); ``SaveError`` when the file
    cannot be read or parsed, ``DeckFileError`` when it holds no usable deck."""
    path = os.fspath(path)
    if os.path.islink(path) and not os.path.exists(path):
        raise SaveError(f"{os.path.basename(path)} is a link to nothing (what it points to is "
                        f"missing), so it is not a {WHAT}.")
    raw = read_bytes(path, MAX_DECK_BYTES, WHAT)
    return from_json(parse_json(raw, os.path.basename(path), WHAT))


def _reason(path: Path, exc: Exception) -> str:
    text = str(exc).replace(path.name, shown(path.name))
    text = text.replace(" It was left untouched.", "").rstrip(".")
    if isinstance(exc, DeckFileError):
        return f"{shown(path.name)} cannot be used: {text}."
    return text + "."


def load_all(folder: Path | None = None) -> list[tuple[Path, DeckList | None, str]]:
    """Every saved deck: (path, deck or None, problem), by file name. A file that cannot be read
    (not a regular file, too large, damaged, not a deck) is listed with the reason, in one
    sentence, and left as it is; nothing but a regular file is ever opened."""
    try:
        folder = Path(folder or decks_dir())
        names = sorted(e.name for e in os.scandir(folder))
    except OSError:
        return []
    out = []
    for name in names:
        if not name.endswith(".json") or name.startswith("."):
            continue
        path = folder / name
        try:
            out.append((path, read_deck(path), ""))
        except (SaveError, DeckFileError) as exc:
            out.append((path, None, _reason(path, exc)))
    return out


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()[:40].strip("-")


def slug(name: str) -> str:
    """The readable part of a deck's file name (``deck`` when the name has no Latin letter or
    digit)."""
    return _slug(name) or "deck"


def file_stems(name: str):
    """The file names (without ``.json``) a deck of this exact name may have, in the order they
    are tried: the slug (when there is one), then the slug plus a longer and longer hash."""
    h = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
    base = _slug(name)
    if base:
        yield base
    base = base or "deck"
    yield f"{base}-{h[:8]}"
    yield f"{base}-{h[:16]}"
    for k in range(2, 100):
        yield f"{base}-{h[:16]}-{k}"


def file_for(name: str, folder: Path, listing=None) -> tuple[Path, bool]:
    """Where a deck of this exact name is saved: ``(path, True)`` for the file that holds a deck
    of that name already, else ``(path, False)`` for a free name (never a damaged file, another
    deck's file or anything else that is there)."""
    listing = load_all(folder) if listing is None else listing
    same = {p.name: p for p, d, _w in listing if d is not None and d.name == name}
    stems = list(file_stems(name))
    for stem in stems:
        if f"{stem}.json" in same:
            return same[f"{stem}.json"], True
    if same:
        return same[sorted(same)[0]], True
    for stem in stems:
        path = folder / f"{stem}.json"
        if not os.path.lexists(path):
            return path, False
    raise DeckFileError(f"no free file name is left for the deck {quote(name)}")


def save(deck: DeckList, folder: Path | None = None, replace: bool = False) -> Path:
    """Write the deck to its file (see :func:`file_for`); ``DeckExists`` when a deck of the same
    exact name is saved already and ``replace`` is false, ``DeckFileError`` for a name that
    cannot be saved, ``OSError`` when the disk refuses."""
    problem = name_problem(deck.name)
    if problem:
        raise DeckFileError(f"the deck cannot be saved: {problem}")
    folder = Path(folder or decks_dir())
    path, exists = file_for(deck.name, folder)
    if exists and not replace:
        raise DeckExists(path, deck.name)
    atomic_write_text(os.fspath(path), json.dumps(deck.to_json(), indent=1))
    return path


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
        try:
            return self.folder() if callable(self.folder) else (self.folder or decks_dir())
        except OSError:  # the folder cannot be made: it lists nothing (load_all says so)
            return paths.user_dir() / "decks" / "burning_sands"

    def choices(self, spec):
        from ...ui.setup_choices import Choice
        if not spec.key.startswith("deck"):
            return []
        out = []
        for path, deck, why in load_all(self.dir()):
            value = SAVED + path.stem
            if deck is None:
                out.append(Choice(value, f"{shown(path.stem)} (damaged)",
                                  why + " It is left as it is."))
                continue
            problems = deck.problems()
            if problems:
                out.append(Choice(value, f"{deck.name} (breaks a rule)",
                                  f"the saved deck {quote(deck.name)} cannot be played: " +
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
            return f"there is no saved deck {quote(name)}: no deck is saved yet (make one with " \
                   f"Card decks on the title screen)"
        near = slug(name)
        hint = f" (did you mean {SAVED}{near}?)" if near in stems and near != name else ""
        listed = ", ".join(SAVED + shown(s) for s in stems[:12])
        more = f" and {len(stems) - 12} more" if len(stems) > 12 else ""
        return f"there is no saved deck {quote(name)}{hint}; saved decks: {listed}{more}"

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
            raise ValueError(f"the saved deck {shown(stem)}.json is no longer in the decks "
                             f"folder")
        deck, why = found[0]
        if deck is None:
            raise ValueError(why + " It is left as it is")
        problems = deck.problems()
        if problems:
            raise ValueError(f"the saved deck {quote(deck.name)} breaks the deck rules: " +
                             "; ".join(problems))
        return deck


def _register():
    from ...ui.setup_choices import register_source
    register_source("burning_sands", SavedDeckChoices(lambda: decks_dir()))


_register()
