"""Component conservation and bounds, checked at every step by tools/simulate.py: the 115 Boxes,
the coins (the bank plus every purse), 12 Minor Tribe tokens, four Seals, six Songs each, the
Missions, track bounds, Worm capacity."""

from __future__ import annotations

from .core import BANK, D, TRACK_MAX, used_spaces
from .data import DICE, TOTAL_BOXES, TYPES
from .state import BUSY, SandState


def invariants(s: SandState) -> list[str]:
    out = []
    boxes = sum(s.bag.values()) + sum(s.reserve.values())
    boxes += sum(1 for c in D.cities for x in s.cities[c] if x)
    coins = s.bank
    minor = sum(len(v) for v in s.minor.values())
    seals = len(s.seals) + len(s.seals_gone)
    for f in s.pending:
        if f[0] in ("deliver", "boxes"):  # Boxes being delivered / waiting for their record
            boxes += len(f[2])
    for i, p in enumerate(s.players):
        boxes += sum(len(e[1]) for e in p["cargo"]) + len(p["store"]) + len(p["aband"])
        boxes += sum(len(p["rec"][t]) for t in TYPES)
        coins += p["coins"]
        minor += len(p["minor"])
        seals += len(p["seals"])
        if p["coins"] < 0:
            out.append(f"seat {i} has {p['coins']} coins")
        for key, top in TRACK_MAX.items():
            if not 0 <= p[key] <= top:
                out.append(f"seat {i} track {key} = {p[key]} outside 0..{top}")
        if p["prest"] < 0:
            out.append(f"seat {i} has Prestige {p['prest']}")
        if sum(1 for e in p["cargo"] if len(e[1]) > 1) > 1:
            out.append(f"seat {i} has two Boxes on more than one space")
        if used_spaces(p) > p["slots"]:
            out.append(f"seat {i} uses {used_spaces(p)} spaces of {p['slots']}")
        if len(p["store"]) > 4:
            out.append(f"seat {i} has {len(p['store'])} Boxes in the Shelter")
        busy = sorted(e[0] for e in p["cargo"] if e[0] >= 0)
        if busy != [k for k in range(4) if p["tok"][k] == BUSY]:
            out.append(f"seat {i} occupied tokens do not match its cargo")
        for e in p["cargo"]:
            if not e[1] or len(e[1]) > 2 or len(set(e[1])) != 1:
                out.append(f"seat {i} has a bad cargo space {e}")
            if e[0] >= 0 and e[1][0] != DICE[e[0]]:
                out.append(f"seat {i} has a {e[1][0]} Box on the {DICE[e[0]]} token")
        songs_out = sum(1 for v in s.songs.values() if v == i)
        if p["songs"] + songs_out != D.songs:
            out.append(f"seat {i} Songs: {p['songs']} + {songs_out} on the board")
    if s.alh is not None:
        a = s.alh
        boxes += len(a["cargo"]) + sum(len(a["rec"][t]) for t in TYPES)
        coins += a["coins"]
        minor += len(a["minor"])
        seals += len(a["seals"])
        if len(a["cargo"]) > 8:
            out.append("Alhazred carries more than 8 Boxes")
        on = sum(1 for v in s.songs.values() if v == s.n)
        if s.level == "expert" and a["songs"] + on != D.songs:
            out.append("Alhazred's Songs are lost or doubled")
        if len(s.codex) + len(s.cdiscard) != 8:
            out.append("Codex cards lost")
    if boxes != TOTAL_BOXES:
        out.append(f"{boxes} Boxes instead of {TOTAL_BOXES}")
    if coins != BANK:
        out.append(f"{coins} coins accounted for instead of {BANK}")
    if minor != 12:
        out.append(f"{minor} Minor Tribe tokens instead of 12")
    if seals != 4:
        out.append(f"{seals} Seals instead of 4")
    if any(v < 0 for v in list(s.bag.values()) + list(s.reserve.values())):
        out.append("a negative count in the bag or reserve")
    ms = list(s.deck) + list(s.display) + list(s.mdiscard)
    ms += [m for p in s.players for m in p["kept"]]
    if len(ms) != len(set(ms)):
        out.append("a Mission card is in two places")
    if not 0 <= s.round <= s.rounds:
        out.append(f"round {s.round} out of range")
    return out
