"""End of the game (Rulebook: End of the Game; Alhazred's levels): Missions met (none after an
Iwakura delivery), Specialization Seals (a coin per Box of the colour on the plant record, not in
the Money Chest), Minor Tribes (12 each to the highest, ties included),
Songs (3 each to the most, ties included) and the tie-breaks (plants, Iwakura rocks, Missions)."""

from __future__ import annotations

from sandsofplay.engine import Event
from sandsofplay.engine.describe import plural as _plural

from .core import D, gain, who
from .data import TYPES
from .goods import songs_on_board
from .state import SandState

MINOR_BONUS = 12
SONG_COINS = 3


def delivered(rec: dict, colour: str) -> int:
    return rec[D.goods[colour]].count(colour)


def rivals(s: SandState, seat):
    """Everyone else's records (Alhazred counts as a rival in solo)."""
    out = [q["rec"] for i, q in enumerate(s.players) if i != seat]
    if s.alh is not None:
        out.append(s.alh["rec"])
    return out


def mission_met(s: SandState, seat, m) -> int:
    """Coins a kept Mission pays at the end (0 if not met)."""
    mi = D.missions[m]
    rec = s.players[seat]["rec"]
    k = mi.kind
    if k == "sets":
        return (delivered(rec, mi.colour) // mi.size) * mi.reward
    if k == "most":
        mine = len(rec[mi.type])
        best = max([len(r[mi.type]) for r in rivals(s, seat)], default=0)
        return mi.reward if mine > 0 and mine >= best else 0
    if k == "none":
        return mi.reward if not rec[mi.type] else 0
    if k == "pairs":
        return mi.reward if all(delivered(rec, c) >= 2 for c in mi.colours) else 0
    if k == "atleast":
        return mi.reward if len(rec[mi.type]) >= mi.count else 0
    if k == "last":
        r = rec[mi.type]
        return mi.reward if r and r[-1] == mi.colour else 0
    return 0


def on_record(rec: dict, colour: str) -> int:
    """Boxes of a plant colour on the Record of Plants Delivered itself: those past its last space
    lie in the Money Chest, not on the record (Specialization Seals: a coin per Box "on your
    Record of Plants Delivered")."""
    return rec["plant"][:len(D.records["plant"])].count(colour)


def minor_total(p) -> int:
    return sum(p["minor"])


def breakdown(s: SandState, seat) -> dict:
    p = s.players[seat]
    b = {"coins": p["coins"], "missions": 0, "met": 0, "seals": 0, "minor": 0, "songs": 0}
    if not p["rec"]["iwakura"]:
        for m in p["kept"]:
            v = mission_met(s, seat, m)
            if v:
                b["missions"] += v
                b["met"] += 1
    for c in p["seals"]:
        b["seals"] += on_record(p["rec"], c)
    mine = minor_total(p)
    others = [minor_total(q) for i, q in enumerate(s.players) if i != seat]
    if s.alh is not None:
        others.append(sum(s.alh["minor"]))
    if mine > 0 and mine >= max(others, default=0):
        b["minor"] = MINOR_BONUS
    songs = songs_on_board(s, seat)
    osongs = [songs_on_board(s, q) for q in range(s.n) if q != seat]
    if s.alh is not None and s.level == "expert":
        alh_songs = songs_on_board(s, s.n)
        if songs > alh_songs and songs >= max(osongs, default=0):
            b["songs"] = SONG_COINS * songs
    elif songs > 0 and songs >= max(osongs, default=0):
        b["songs"] = SONG_COINS * songs
    b["total"] = b["coins"] + b["missions"] + b["seals"] + b["minor"] + b["songs"]
    b["plants"] = len(p["rec"]["plant"])
    b["iwakura"] = len(p["rec"]["iwakura"])
    return b


def alh_breakdown(s: SandState) -> dict:
    a = s.alh
    b = {"coins": a["coins"], "seals": 0, "minor": 0, "songs": 0}
    if s.level == "expert":
        b["songs"] = SONG_COINS * songs_on_board(s, s.n)
        for c in a["seals"]:
            b["seals"] += on_record(a["rec"], c)
    if sum(a["minor"]) > minor_total(s.players[0]):
        b["minor"] = MINOR_BONUS
    b["total"] = b["coins"] + b["seals"] + b["minor"] + b["songs"]
    b["plants"] = len(a["rec"]["plant"])
    b["iwakura"] = len(a["rec"]["iwakura"])
    b["met"] = 0
    return b


def rank_key(b):
    return (b["total"], b["plants"], b["iwakura"], b["met"])


def finish(s: SandState, ev):
    bs = [breakdown(s, i) for i in range(s.n)]
    if s.solo:
        ab = alh_breakdown(s)
        win = rank_key(bs[0]) > rank_key(ab)
        winners = [0] if win else []
        detail = f"Alhazred {ab['total']}"
    else:
        ab = None
        best = max(rank_key(b) for b in bs)
        winners = [i for i, b in enumerate(bs) if rank_key(b) == best]
        detail = "most money"
    s.result = {"scores": [b["total"] for b in bs], "winners": winners, "breakdown": bs,
                "alhazred": ab, "detail": detail}
    s.over = True
    s.step = "over"
    s.cur = -1
    s.pending = []
    text = "; ".join(f"{who(s, i)} {b['total']}" for i, b in enumerate(bs))
    if ab:
        text += f"; Alhazred {ab['total']}"
    ev.append(Event("game_over", {"result": s.result}, f"The game ends: {text}."))


__all__ = ["finish", "breakdown", "alh_breakdown", "mission_met", "TYPES", "gain"]


# --- the results screen's breakdown (issue 30) ---------------------------------------------

def results_breakdown(s: SandState) -> dict:
    """What the results screen shows of a finished game (End of the Game): per seat - and for
    Alhazred in solo - its money by the book's categories, as ``(category, what, coins)`` rows
    whose coins add up to the seat's final money; ``tiebreak`` lines name the tie-breaks."""
    cols = []
    for i in range(s.n):
        b = breakdown(s, i)
        p = s.players[i]
        kept = len(p["kept"])
        miss = (f"{b['met']} of {kept} met" if not p["rec"]["iwakura"] else
                f"none paid: Iwakura rocks delivered ({kept} kept)")
        cols.append({"seat": i, "who": None, "total": b["total"], "rows": [
            ("Money", "coins in hand", b["coins"]),
            ("Missions accomplished", miss, b["missions"]),
            ("Specialization Seals", _plural(len(p["seals"]), "seal"), b["seals"]),
            ("Minor Tribes", f"{minor_total(p)} worth of tiles" +
             (", not the most" if minor_total(p) and not b["minor"] else ""), b["minor"]),
            ("Songs", _plural(songs_on_board(s, i), "Song token") +
             (", not the most" if songs_on_board(s, i) and not b["songs"] else " on the board"),
             b["songs"])],
            "tiebreak": f"{_plural(b['plants'], 'plant')} delivered, "
                        f"{_plural(b['iwakura'], 'Iwakura rock')}, "
                        f"{_plural(b['met'], 'Mission')} accomplished"})
    if s.alh is not None:
        a = alh_breakdown(s)
        expert = s.level == "expert"
        cols.append({"seat": None, "who": "Alhazred", "total": a["total"], "rows": [
            ("Money", "coins", a["coins"]),
            ("Specialization Seals", _plural(len(s.alh.get("seals", ())), "seal") if expert
             else "only at the Expert level", a["seals"]),
            ("Minor Tribes", f"{sum(s.alh['minor'])} worth of tiles", a["minor"]),
            ("Songs", _plural(songs_on_board(s, s.n), "Song token") + " on the board" if expert
             else "only at the Expert level", a["songs"])],
            "tiebreak": f"{_plural(a['plants'], 'plant')} delivered, "
                        f"{_plural(a['iwakura'], 'Iwakura rock')}"})
    return {"unit": "coins", "how": "most money" if not s.solo else "money against Alhazred",
            "ended": "The most money wins; ties go to plants delivered, then Iwakura rocks, "
                     "then Missions.",
            "columns": cols}
