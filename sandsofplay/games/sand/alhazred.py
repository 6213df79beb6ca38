"""Alhazred, the solo rival, as rules (Rulebook: Alhazred and the Spirit of Imomushi).

Each of his turns reveals three Codex cards, resolved one at a time. A card names a direction and a
count: from the compass of his location, count that many shortcuts in that direction (going round
again if needed). He prefers, scanning on in the arrow's direction from there, the first shortcut
leading where he can deliver something he carries; else the first leading to a city with a Box to
load; else the counted shortcut itself. Travel costs him nothing. On arrival he delivers all he
can (camps: plants, with joint-delivery rewards; cities: crafts and relics; the book names only
cities and camps, so he delivers nothing at the port),
then loads one Box (the left one) if he has room (two Boxes on each of four spaces).
His level decides what he earns: Novice only the rates; Medium adds the coins of his records, sends
players' Songs home and removes Seals he reaches first; Expert also uses the Money Chest, replaces
Songs with his own and keeps the Seals he reaches first.
"""

from __future__ import annotations

from sandsofplay.engine import Event

from .core import ALH, D, gain, loc_name, shuffle
from .goods import buyer, joint_rewards, rate
from .state import SandState

CAPACITY = 8  # four spaces, two Boxes each


def path_order(loc: str, direction: str, count: int) -> list[str]:
    """Shortcut ids from ``loc`` starting at the counted one and going on in the arrow's
    direction."""
    seq = list(D.locations[loc].compass)
    if not seq:
        return []
    if direction == "ccw":
        seq.reverse()
    start = (count - 1) % len(seq)
    return seq[start:] + seq[:start]


DELIVERS_AT = ("city", "camp")  # Delivering and Loading Goods: "when he arrives in a city or camp"


def buys_from_him(s: SandState, dest: str, colour: str) -> bool:
    return D.locations[dest].kind in DELIVERS_AT and bool(buyer(s, dest, colour))


def choose_path(s: SandState, loc: str, direction: str, count: int) -> str | None:
    order = path_order(loc, direction, count)
    if not order:
        return None
    a = s.alh
    if a["cargo"]:
        for rid in order:
            dest = D.routes[rid].other(loc)
            if any(buys_from_him(s, dest, c) for c in a["cargo"]):
                return rid
    if len(a["cargo"]) < CAPACITY:
        for rid in order:
            dest = D.routes[rid].other(loc)
            if D.locations[dest].kind == "city" and any(s.cities[dest]):
                return rid
    return order[0]


def draw_card(s: SandState, ev) -> int:
    if not s.codex:
        s.codex = s.cdiscard
        s.cdiscard = []
        shuffle(s, s.codex)
        ev.append(Event("codex_shuffle", {}, "Alhazred's Codex deck is reshuffled."))
    c = s.codex.pop(0)
    s.cdiscard.append(c)
    return c


def take_turn(s: SandState, ev) -> None:
    s.codex_shown = []
    for _ in range(3):
        card = draw_card(s, ev)
        s.codex_shown.append(card)
        direction, count = D.codex[card]
        loc = s.alh["loc"]
        rid = choose_path(s, loc, direction, count)
        ev.append(Event("codex", {"card": card, "dir": direction, "count": count},
                        f"Alhazred reads Codex card {card}: {count} {direction}.", reveal=True))
        if rid is None:
            continue
        dest = D.routes[rid].other(loc)
        s.alh["loc"] = dest
        ev.append(Event("alh_travel", {"from": loc, "to": dest, "route": rid},
                        f"Alhazred travels from {loc_name(loc)} to {loc_name(dest)}."))
        arrive(s, dest, ev)


def arrive(s: SandState, dest: str, ev) -> None:
    a = s.alh
    boxes = [c for c in a["cargo"] if buys_from_him(s, dest, c)]
    if boxes:
        for c in boxes:
            a["cargo"].remove(c)
        fare = sum(rate(s, dest, c) for c in boxes)
        got = gain(s, a, fare)
        ev.append(Event("alh_deliver", {"loc": dest, "boxes": list(boxes), "coins": got},
                        f"Alhazred delivers {', '.join(boxes)} at {loc_name(dest)} for {got} "
                        "coins."))
        if D.locations[dest].kind == "camp":
            joint_rewards(s, s.n, a, dest, boxes, ev, alh=True)
        for c in boxes:
            record(s, c, ev)
    kind = D.locations[dest].kind
    if kind == "city":
        songs(s, dest, ev)
        if len(a["cargo"]) < CAPACITY:
            for slot in range(2):
                c = s.cities[dest][slot]
                if c:
                    s.cities[dest][slot] = ""
                    a["cargo"].append(c)
                    ev.append(Event("alh_load", {"loc": dest, "colour": c},
                                    f"Alhazred loads a {c} Box at {loc_name(dest)}."))
                    break


def record(s: SandState, colour: str, ev) -> None:
    a = s.alh
    t = D.goods[colour]
    idx = len(a["rec"][t])
    a["rec"][t].append(colour)
    spaces = D.records[t]
    if s.level != "novice":
        if idx < len(spaces):
            coins = [n for word, n in spaces[idx] if word == "coins"]
            if coins:
                got = gain(s, a, coins[0])
                ev.append(Event("alh_reward", {"coins": got}, f"Alhazred's record pays {got}."))
        elif s.level == "expert":
            got = gain(s, a, D.chest)
            ev.append(Event("alh_chest", {"coins": got},
                            f"Alhazred's Money Chest pays {got}."))
    if t == "plant" and s.level != "novice" and colour in s.seals and \
            a["rec"]["plant"].count(colour) >= 4:
        s.seals.remove(colour)
        if s.level == "expert":
            a["seals"].append(colour)
            text = f"Alhazred claims the {colour} Specialization Seal."
        else:
            s.seals_gone.append(colour)
            text = f"Alhazred reached four {colour} Boxes first: that Seal leaves the game."
        ev.append(Event("alh_seal", {"colour": colour}, text))


def songs(s: SandState, city: str, ev) -> None:
    owner = s.songs[city]
    if owner < 0 or owner >= s.n or s.level == "novice":
        return
    p = s.players[owner]
    if p["trav"] == "zhema":
        return
    if s.level == "medium":
        s.songs[city] = -1
        p["songs"] += 1
        ev.append(Event("alh_song", {"city": city, "seat": owner},
                        f"{ALH} sends a Song in {loc_name(city)} back to its owner."))
    elif s.alh["songs"] > 0:
        s.songs[city] = s.n
        s.alh["songs"] -= 1
        p["songs"] += 1
        ev.append(Event("alh_song", {"city": city, "seat": owner, "replaced": True},
                        f"{ALH} replaces a Song in {loc_name(city)} with his own."))
