"""Goods on the move: who buys what where, the Delivery of Goods (Rulebook: Delivery of Goods,
Load/Deliver Crafts or Relics, Delivery Rates and Money, The Camps), the Records of Goods
Delivered and their rewards (Record of Goods Delivered, The Worms, The Shelters, The Companions,
Money Chest) and the Specialization Seals."""

from __future__ import annotations

from sandsofplay.engine import Event
from sandsofplay.engine.describe import plural

from .core import (D, TRACK_KEY, advance, doubled, free_spaces, free_token, gain, goods_type,
                   has_comp, loc_name, who)
from .data import COMPANIONS, PLANTS
from .state import SandState

SPACE_CAP = 2  # Boxes on one space with the Young Worm (same colour) or for Alhazred


def buyer(s: SandState, loc: str, colour: str) -> str:
    """The rate a Box is paid at a location ("main", "minor", "city", "port") or "" if no one
    there buys it: plants only at camps and the port, crafts and relics only at the port and the
    cities, Iwakura rocks only at the port."""
    kind = D.locations[loc].kind
    t = goods_type(colour)
    if kind == "port":
        return "port"
    if kind == "city":
        return "city" if t in ("craft", "relic") else ""
    if kind == "camp" and t == "plant":
        camp = D.camps[s.camps[loc]]
        return "main" if colour in camp.main else "minor"
    return ""


def rate(s: SandState, loc: str, colour: str) -> int:
    b = buyer(s, loc, colour)
    return D.rates[goods_type(colour)].get(b, 0) if b else 0


def songs_on_board(s: SandState, seat: int) -> int:
    return sum(1 for v in s.songs.values() if v == seat)


def load_box(p: dict, colour: str, token: int, young_worm: bool) -> bool:
    """Put a Box on the Worm: with the Young Worm onto a same-colour space (while no space holds two
    Boxes yet: two on *one* space), else a new space (with ``token`` occupied, or -1). False if
    there is no room."""
    if young_worm and not doubled(p):
        for entry in p["cargo"]:
            if entry[1] and entry[1][0] == colour and len(entry[1]) < SPACE_CAP and \
                    (token < 0 or entry[0] == token):
                entry[1].append(colour)
                return True
    if free_spaces(p) <= 0:
        return False
    p["cargo"].append([token, [colour]])
    if token >= 0:
        p["tok"][token] = 3
    return True


def take_from_cargo(s: SandState, p: dict, i: int) -> str:
    """Remove the top Box of cargo space ``i``; an emptied space frees its token."""
    entry = p["cargo"][i]
    colour = entry[1].pop()
    if not entry[1]:
        p["cargo"].pop(i)
        if entry[0] >= 0:
            free_token(s, p, entry[0])
    return colour


# --- delivery ---------------------------------------------------------------------------------

def deliverable(s: SandState, seat: int) -> list[int]:
    """Cargo spaces whose Box someone at the player's location buys."""
    p = s.players[seat]
    return [i for i, e in enumerate(p["cargo"]) if buyer(s, p["loc"], e[1][-1])]


def settle(s: SandState, seat: int, boxes: list[str], ev: list) -> None:
    """Pay for a delivery made all at once, give joint-delivery rewards, then record each Box."""
    p = s.players[seat]
    loc = p["loc"]
    fare = sum(rate(s, loc, c) for c in boxes)
    songs = songs_on_board(s, seat)
    total = fare + p["prest"] + songs
    got = gain(s, p, total)
    ev.append(Event("deliver", {"seat": seat, "loc": loc, "boxes": list(boxes), "fare": fare,
                                "prestige": p["prest"], "songs": songs, "coins": got},
                    f"{who(s, seat)} delivers {', '.join(boxes)} at {loc_name(loc)} for {got} "
                    f"coins "
                    f"(fare {fare}, Prestige {p['prest']}, Songs {songs})."))
    p["prest"] = 0
    if D.locations[loc].kind == "camp":
        joint_rewards(s, seat, p, loc, boxes, ev)
    place_boxes(s, seat, list(boxes), ev)


def place_boxes(s: SandState, seat: int, boxes: list[str], ev: list) -> None:
    """Place delivered Boxes on the records one at a time, each reward taken as its Box is placed
    (Delivery of Goods; The Shelters: at once on the third plant space). A reward that asks a
    question stops the placing: a ``boxes`` frame under the question keeps the rest, and the turn
    goes on with them once the question is answered (the ``boxes`` stage of ``frames``)."""
    while boxes:
        depth = len(s.pending)
        record(s, seat, boxes.pop(0), ev)
        if boxes and len(s.pending) > depth:
            s.pending.insert(depth, ["boxes", seat, boxes])
            return


def joint_rewards(s: SandState, seat, p, loc, boxes, ev, alh=False):
    camp = D.camps[s.camps[loc]]
    k_main = min(boxes.count(camp.main[0]), boxes.count(camp.main[1]))
    for _ in range(k_main):
        g = camp.gives
        if s.reserve[g] <= 0:
            ev.append(Event("no_reward", {"seat": seat, "colour": g},
                            f"No {g} Box is left in the reserve for {who(s, seat)}."))
            continue
        if alh:
            ok = len(p["cargo"]) < 8
            if ok:
                p["cargo"].append(g)
        else:
            ok = load_box(p, g, -1, has_comp(p, "young_worm"))
        if ok:
            s.reserve[g] -= 1
            ev.append(Event("receive", {"seat": seat, "colour": g, "loc": loc},
                            f"The main tribe gives {who(s, seat)} a {g} Box."))
        else:
            ev.append(Event("no_room", {"seat": seat, "colour": g},
                            f"{who(s, seat)} has no room for the {g} Box; it stays in the "
                            "reserve."))
    k_minor = min(boxes.count(camp.minor[0]), boxes.count(camp.minor[1]))
    for _ in range(k_minor):
        if s.minor[loc]:
            v = s.minor[loc].pop()
            p["minor"].append(v)
            ev.append(Event("minor", {"seat": seat, "value": v, "loc": loc},
                            f"The minor tribe gives {who(s, seat)} a Minor Tribe token worth {v}."))


def record(s: SandState, seat: int, colour: str, ev: list) -> None:
    p = s.players[seat]
    t = goods_type(colour)
    idx = len(p["rec"][t])
    p["rec"][t].append(colour)
    spaces = D.records[t]
    if idx >= len(spaces):
        got = gain(s, p, D.chest)
        ev.append(Event("chest", {"seat": seat, "colour": colour, "coins": got},
                        f"{who(s, seat)}'s {t} record is full: the Box goes to the Money Chest "
                        f"for {plural(got, 'coin')}."))
    else:
        opts = spaces[idx]
        if len(opts) > 1:
            s.pending.append(["choose", seat, t, idx])
        else:
            reward(s, seat, opts[0], ev)
    if t == "plant":
        check_seal(s, seat, colour, ev)
    if t == "iwakura" and idx == 0 and p["kept"]:
        s.mdiscard.extend(p["kept"])
        ev.append(Event("missions_lost", {"seat": seat, "missions": list(p["kept"])},
                        f"{who(s, seat)} delivered an Iwakura rock: their kept Missions are "
                        "discarded."))
        p["kept"] = []


def check_seal(s: SandState, seat, colour, ev):
    p = s.players[seat]
    if colour in s.seals and p["rec"]["plant"].count(colour) >= 4:
        s.seals.remove(colour)
        p["seals"].append(colour)
        ev.append(Event("seal", {"seat": seat, "colour": colour},
                        f"{who(s, seat)} claims the {colour} Specialization Seal."))


def reward(s: SandState, seat: int, r: tuple, ev: list) -> None:
    p = s.players[seat]
    word, n = r
    if word == "coins":
        got = gain(s, p, n)
        ev.append(Event("reward", {"seat": seat, "coins": got},
                        f"{who(s, seat)} gains {plural(got, 'coin')}."))
    elif word == "prayer":
        advance(p, "pray", n)
        ev.append(Event("reward", {"seat": seat, "prayer": n},
                        f"{who(s, seat)} advances {plural(n, 'Prayer')}."))
    elif word == "combined":
        if any(p[k] < m for k, m in (("hyd", 15), ("food", 15), ("hp", 10))):
            s.pending.append(["combined", seat, n])
    elif word == "worm":
        evolve(s, seat, ev)
    elif word == "shelter":
        if not p["shelter"]:
            s.pending.append(["shelter", seat])
    elif word == "companion":
        if len(p["comp"]) < len(COMPANIONS):
            s.pending.append(["companion", seat])


def evolve(s: SandState, seat, ev):
    p = s.players[seat]
    if p["worm"] >= 2:
        ev.append(Event("worm_full", {"seat": seat}, f"{who(s, seat)}'s Worm is fully grown."))
        return
    p["worm"] += 1
    if p["worm"] == 1:
        p["slots"] = 4
    for track, amount in D.worm[p["worm"]].boon:
        advance(p, TRACK_KEY[track], amount)
    ev.append(Event("evolve", {"seat": seat, "level": p["worm"]},
                    f"{who(s, seat)}'s Worm evolves (level {p['worm']})."))


def shelter_sites(s: SandState, seat: int) -> list[str]:
    taken = {q["shelter"] for i, q in enumerate(s.players) if i != seat and q["shelter"]}
    return [l for l in D.loc_ids if D.locations[l].kind in ("city", "oasis", "camp")
            and l not in taken]


PLANT_SET = set(PLANTS)
