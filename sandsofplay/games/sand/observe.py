"""What a seat may see (Rulebook: Setup step 2, Alhazred's Codex deck), a full state consistent
with it (for ISMCTS and greedy sampling), and the leak check.

Hidden: which cards of each coming workday were drawn into the Mission deck (an observation shows
only the workday of each card, as the backs do), the order of Alhazred's Codex deck, and the RNG.
Everything else in Sand is open on the table."""

from __future__ import annotations

from sandsofplay.engine import RNG

from .data import get as _data
from .state import SandState, from_json, to_json

D = _data()
HIDDEN = ("deck", "codex", "rng")


def observe(s: SandState, seat) -> dict:
    d = to_json(s)
    d["deck_days"] = [D.missions[m].day for m in d.pop("deck")]
    d["codex_size"] = len(d.pop("codex"))
    del d["rng"]
    d["seat"] = seat
    d["game"] = "sand"
    return d


def determinize(obs: dict, rng) -> object:
    d = dict(obs)
    days = d.pop("deck_days")
    deck = []
    i = 0
    while i < len(days):
        day = days[i]
        k = 0
        while i + k < len(days) and days[i + k] == day:
            k += 1
        cards = sorted(m.number for m in D.missions.values() if m.day == day)
        rng.shuffle(cards)
        deck.extend(cards[:k])
        i += k
    d["deck"] = deck
    size = d.pop("codex_size")
    codex = [c for c in sorted(D.codex) if c not in obs["cdiscard"]] if obs["solo"] else []
    rng.shuffle(codex)
    if len(codex) != size:
        raise ValueError("the observation's Codex cards do not add up")
    d["codex"] = codex
    d["rng"] = RNG(rng.next64()).state
    d.pop("seat", None)
    d.pop("game", None)
    return from_json(d)


def check_observation(s: SandState, seat, obs) -> list[str]:
    problems = [f"the observation has the hidden field {k!r}" for k in HIDDEN if k in obs]
    if len(obs.get("deck_days", ())) != len(s.deck):
        problems.append("the observation's Mission deck has the wrong size")
    if any(not isinstance(x, int) or not 1 <= x <= 5 for x in obs.get("deck_days", ())):
        problems.append("the Mission deck shows more than the workdays")
    return problems
