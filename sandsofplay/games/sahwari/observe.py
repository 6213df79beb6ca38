"""What a seat may see (Rulebook: hidden caravan tokens, Spying, the decks), a full state that is
consistent with it (for ISMCTS and greedy sampling) and the check that nothing leaks.

Hidden: the order of the Recruit deck; the Guildmaster's deck below its top card (whose Move side
shows); every caravan token camel side up that the seat has not seen - on tiles, in other clans,
with the Guildmaster, removed face down - and what other seats have spied. A hidden token shows
as -1 with its kind (small tokens are yellow and guarded ones blue on the camel side too).
"""

from __future__ import annotations

from itertools import compress
from operator import ne

from sandsofplay.engine import RNG

from . import board
from .data import get as _data
from .scoring import breakdown, gm_breakdown
from .state import CUBE, EMPTY, LOCKED, SahwariState, from_json

D = _data()

SPACE_NAMES = {EMPTY: "empty", CUBE: "cube", LOCKED: "lock"}
SPACE_CODES = {v: k for k, v in SPACE_NAMES.items()}
SIDE_CODES = {n: i for i, n in enumerate(board.SIDE_NAMES)}
KIND_OF = {c.id: c.kind for c in D.caravans}


_BITS: dict = {}


def _ids(bits: int) -> list:
    """The token ids set in a bit mask, as a (shared, read-only) sorted list."""
    out = _BITS.get(bits)
    if out is None:
        if len(_BITS) > 4096:
            _BITS.clear()
        out = _BITS[bits] = [t for t in range(1, 20) if bits >> t & 1]
    return out


def _cell(s: SahwariState, c, mask) -> dict:
    a, b = s.small[c], s.guard[c]
    return {"cell": c, "tile": s.tiles[c], "side": board.SIDE_NAMES[s.side[c]],
            "artifacts": s.art[c], "pawns": s.pawn[c],
            "small": (a if mask >> a & 1 else -1) if a else 0,
            "guarded": (b if mask >> b & 1 else -1) if b else 0}


# How the parts are kept: each memo entry holds copies of the state's lists it was built from
# (taken only when they changed) and the part built; a part is reused while the live lists still
# compare equal to those copies (one comparison at C speed), so observing costs little when
# little changed, and stays exact whatever changed the state (the rules, a test, a clone).

def _grid(s: SahwariState, seat, mask, memo):
    """The 25 cells. When only some tiles changed since this seat's last observation (or only
    some tokens became visible to it), only their cells are rebuilt (the others are the same
    dict objects)."""
    live = (s.art, s.pawn, s.small, s.guard, s.side, s.tiles)
    key = ("grid", seat)
    hit = memo.get(key)
    if hit is None:
        grid = [_cell(s, c, mask) for c in _CELLS]
    elif hit[0] == mask and hit[1] == live:
        return hit[2]
    else:
        grid = hit[2][:]
        changed = set()
        for old, new in zip(hit[1], live):
            if old != new:
                changed.update(compress(_CELLS, map(ne, old, new)))
        flipped = hit[0] ^ mask  # tokens whose visibility changed
        if flipped:
            small, guard = s.small, s.guard
            changed.update(c for c in _CELLS if flipped >> small[c] & 1 and small[c]
                           or flipped >> guard[c] & 1 and guard[c])
        for c in changed:
            grid[c] = _cell(s, c, mask)
    memo[key] = (mask, tuple([x[:] for x in live]), grid)
    return grid


_CELLS = range(25)


def _camels(s: SahwariState, memo):
    """The six camels; a camel whose cell, owner and colour did not change is the same dict."""
    cell, owner, colour = s.camel_cell, s.camel_owner, s.camel_colour
    hit = memo.get("camels")
    if hit is not None and hit[0] == cell and hit[1] == owner and hit[2] == colour:
        return hit[3]
    if hit is None:
        camels = [{"id": k, "colour": colour[k], "owner": owner[k], "cell": cell[k]}
                  for k in range(6)]
    else:
        camels = hit[3][:]
        ocell, oowner, ocolour = hit[0], hit[1], hit[2]
        for k in range(6):
            if ocell[k] != cell[k] or oowner[k] != owner[k] or ocolour[k] != colour[k]:
                camels[k] = {"id": k, "colour": colour[k], "owner": owner[k], "cell": cell[k]}
    memo["camels"] = (cell[:], owner[:], colour[:], camels)
    return camels


def _player(s: SahwariState, p, seat, mask, memo):
    """Player ``p`` as ``seat`` sees it; its held tokens and Artifact spaces are the same lists
    as before when they did not change."""
    clan, held, sp = s.clan[p], s.held[p], s.spaces[p]
    left, right, locks = s.left[p], s.right[p], s.locks[p]
    used = s.used
    live = (mask, used, clan, s.colour[p], s.storage[p], s.track[p], s.strat[p], s.turns[p],
            locks, left, right, held, sp)
    key = ("pl", p, seat)
    hit = memo.get(key)
    if hit is not None:
        old = hit[0]
        if old == live:
            return hit[1]
        if old[0] == mask and old[1] == used and old[11] == held:
            held_part = hit[1]["held"]
        else:
            held_part = None
        spaces_part = hit[1]["spaces"] if old[9] == left and old[10] == right and old[12] == sp \
            else None
    else:
        held_part = spaces_part = None
    if held_part is None:
        held_part = [{"token": t if mask >> t & 1 else -1, "kind": KIND_OF[t],
                      "used": bool(used >> t & 1)} for t in held]
    if spaces_part is None:
        spaces_part = [[c, SPACE_NAMES[sp[c]]] for c in left + right if sp[c] >= 0]
    pl = {"clan": clan, "colour": s.colour[p], "storage": s.storage[p],
          "track": s.track[p], "locks": locks[:], "left": left[:], "right": right[:],
          "spaces": spaces_part, "held": held_part, "strategy": s.strat[p], "turns": s.turns[p]}
    if clan:
        c = D.clans[clan]
        pl["storage_value"] = c.storage_value(s.storage[p])
        pl["track_value"] = c.track_value(s.track[p])
        pl["locks_left"] = 2 - len(locks)
    memo[key] = (live[:8] + (pl["locks"], pl["left"], pl["right"], held[:], sp[:]), pl)
    return pl


def _removed(s: SahwariState, seat, mask, memo):
    live = (mask, s.removed)
    key = ("removed", seat)
    hit = memo.get(key)
    if hit is not None and hit[0] == live:
        return hit[1]
    out = [{"token": t if mask >> t & 1 else -1, "kind": KIND_OF[t]} for t in s.removed]
    memo[key] = ((mask, s.removed[:]), out)
    return out


def _supply(s: SahwariState, memo) -> dict:
    live = (s.supply_art, s.supply_strat, s.pawns_out)
    hit = memo.get("supply")
    if hit is not None and hit[0] == live:
        return hit[1]
    out = {"artifacts": live[0], "strategy": live[1], "pawns_out": live[2]}
    memo["supply"] = (live, out)
    return out


def _guild_tile(s: SahwariState, memo) -> dict:
    live = (s.pawn[board.GUILD], s.art[board.GUILD], s.guild_side)
    hit = memo.get("guild_tile")
    if hit is not None and hit[0] == live:
        return hit[1]
    g = D.guild[s.guild_side]
    out = {"pawns": live[0], "artifacts": live[1], "recruit_spaces": g.recruit_spaces,
           "artifact_spaces": g.artifact_spaces}
    memo["guild_tile"] = (live, out)
    return out


def _pending(pend, mask) -> list:
    out = []
    for f in pend:
        if f[0] == "caravan":
            t = f[1]
            out.append(["caravan", t if mask >> t & 1 else -1, KIND_OF[t]])
        else:
            out.append([list(x) if isinstance(x, tuple) else x for x in f])
    return out


def observe(s: SahwariState, seat) -> dict:
    """What ``seat`` may see (None: a spectator). The observation is read-only: its parts (grid,
    camels, players, removed caravans) are built once and shared with later observations while
    they do not change, so observing every step stays cheap; nothing here is deep-copied."""
    mask = s.revealed | (s.known[seat] if seat is not None and 0 <= seat < s.n else 0)
    memo = s._obs
    if memo is None:
        memo = s._obs = {}
    obs = {
        "game": "sahwari", "seat": seat, "n": s.n, "mode": s.mode, "difficulty": s.difficulty,
        "guild_side": s.guild_side, "phase": s.phase,
        "queue": [list(q) for q in s.queue] if s.queue else [],
        "first": s.first, "cur": s.cur, "step": s.step, "camel": s.camel, "moves": s.moves,
        "last_dir": s.last_dir, "pending": _pending(s.pending, mask) if s.pending else [],
        "end_triggered": s.end_triggered, "over": s.over, "result": s.result,
        "actions": s.actions,
        "grid": _grid(s, seat, mask, memo), "camels": _camels(s, memo),
        "players": [_player(s, p, seat, mask, memo) for p in range(s.n)],
        "area": s.area[:], "deck_size": len(s.deck), "discard": s.discard[:],
        "supply": _supply(s, memo),
        "removed": _removed(s, seat, mask, memo) if s.removed else [],
        "used": _ids(s.used), "revealed": _ids(s.revealed),
        "guild_tile": _guild_tile(s, memo),
    }
    if s.mode == "solo":
        obs["gm"] = {"storage": s.gm_storage, "storage_value": D.gm_storage_value(s.gm_storage),
                     "cards": [list(x) for x in s.gm_cards], "pawns": s.gm_pawns,
                     "tokens": [{"token": t if mask >> t & 1 else -1, "kind": KIND_OF[t]}
                                for t in s.gm_tokens],
                     "deck_top": s.gm_deck[-1] if s.gm_deck else 0, "deck_size": len(s.gm_deck),
                     "discard": list(s.gm_discard), "turns": s.gm_turns,
                     # every part of the Guildmaster's score is public (kinds, counts, cards)
                     "score": gm_breakdown(s)["total"]}
    return obs


def visible_scores(obs: dict) -> list[dict]:
    """Each player's score breakdown as the observing seat can count it: the Influence of caravan
    tokens it cannot see is left out (for the table's score display)."""
    if obs["phase"] == "setup":
        return [{"total": 0} for _ in obs["players"]]
    world = determinize(obs, RNG(0))
    out = []
    for p, pl in enumerate(obs["players"]):
        b = breakdown(world, p)
        hidden = sum(D.caravan(world.held[p][i]).influence
                     for i, h in enumerate(pl["held"]) if h["token"] < 0)
        b["caravans"] -= hidden
        b["total"] -= hidden
        b["hidden_tokens"] = sum(1 for h in pl["held"] if h["token"] < 0)
        out.append(b)
    return out


def _token_slots(obs):
    """Every caravan slot of an observation as (container, key, kind)."""
    for g in obs["grid"]:
        for key in ("small", "guarded"):
            if g[key]:
                yield g, key, key
    for pl in obs["players"]:
        for h in pl["held"]:
            yield h, "token", h["kind"]
    for r in obs["removed"]:
        yield r, "token", r["kind"]
    if "gm" in obs:
        for t in obs["gm"]["tokens"]:
            yield t, "token", t["kind"]
    for f in obs["pending"]:
        if f[0] == "caravan":
            yield f, 1, f[2]


def _slots(o, small, guard, held, removed, gm_tokens, pending):
    """The caravan ids shown in ``o`` (a set), and every hidden slot in a fixed order as
    (list, index, kind) of the given lists (the observation's values, to be filled in)."""
    seen = set()
    slots = []

    def slot(lst, i, kind):
        v = lst[i]
        if v > 0:
            seen.add(v)
        else:
            slots.append((lst, i, kind))

    for c in range(25):
        if small[c]:
            slot(small, c, "small")
        if guard[c]:
            slot(guard, c, "guarded")
    for pl, h in zip(o["players"], held):
        for i, x in enumerate(pl["held"]):
            slot(h, i, x["kind"])
    for i, r in enumerate(o["removed"]):
        slot(removed, i, r["kind"])
    if "gm" in o:
        for i, x in enumerate(o["gm"]["tokens"]):
            slot(gm_tokens, i, x["kind"])
    for f, g in zip(o["pending"], pending):
        if f[0] == "caravan":
            slot(g, 1, f[2])
    return seen, slots


def _tokens(o):
    """Fresh lists of the caravan ids ``o`` shows (-1 for a hidden one): on the tiles' two
    shapes, held by each player, removed, with the Guildmaster, in the pending frames."""
    grid = o["grid"]
    gm = o.get("gm")
    return ([g["small"] for g in grid], [g["guarded"] for g in grid],
            [[h["token"] for h in pl["held"]] for pl in o["players"]],
            [r["token"] for r in o["removed"]],
            [t["token"] for t in gm["tokens"]] if gm else [],
            [["caravan", f[1]] if f[0] == "caravan" else f for f in o["pending"]])


def _placed(o) -> set:
    """The Recruit cards ``o`` shows somewhere (the rest are in the deck)."""
    placed = set(o["area"]) | set(o["discard"])
    for pl in o["players"]:
        placed.update(pl["left"])
        placed.update(pl["right"])
    if "gm" in o:
        placed.update(c for c, _ in o["gm"]["cards"])
    for f in o["pending"]:
        if f[0] == "edge":
            placed.add(f[1])
    return placed


def _layout(o, small, guard, held, removed, gm_tokens, pending, deck, gm_deck, known,
            rng_json) -> SahwariState:
    """The state whose every field is ``o``'s, with the given caravan ids, decks, knowledge
    and generator (built from fresh lists: ``o`` is only read)."""
    d = {"v": 1}
    for k in ("n", "mode", "difficulty", "guild_side", "phase", "first", "cur", "step", "camel",
              "moves", "last_dir", "end_triggered", "over", "result", "actions", "area", "discard"):
        d[k] = o[k]
    d["queue"] = o["queue"]
    d["deck"] = deck
    grid = o["grid"]
    d["tiles"] = [g["tile"] for g in grid]
    d["side"] = [SIDE_CODES[g["side"]] for g in grid]
    d["art"] = [g["artifacts"] for g in grid]
    d["pawn"] = [g["pawns"] for g in grid]
    d["small"] = small
    d["guard"] = guard
    d["camel_cell"] = [c["cell"] for c in o["camels"]]
    d["camel_owner"] = [c["owner"] for c in o["camels"]]
    d["camel_colour"] = [c["colour"] for c in o["camels"]]
    pls = o["players"]
    d["clan"] = [pl["clan"] for pl in pls]
    d["colour"] = [pl["colour"] for pl in pls]
    d["storage"] = [pl["storage"] for pl in pls]
    d["track"] = [pl["track"] for pl in pls]
    d["locks"] = [pl["locks"] for pl in pls]
    d["left"] = [pl["left"] for pl in pls]
    d["right"] = [pl["right"] for pl in pls]
    spaces = []
    for pl in pls:
        sp = [-1] * 37
        for c, name in pl["spaces"]:
            sp[c] = SPACE_CODES[name]
        spaces.append(sp)
    d["spaces"] = spaces
    d["held"] = held
    d["strat"] = [pl["strategy"] for pl in pls]
    d["turns"] = [pl["turns"] for pl in pls]
    used = 0
    for t in o["used"]:
        used |= 1 << t
    revealed = 0
    for t in o["revealed"]:
        revealed |= 1 << t
    d["used"] = used
    d["revealed"] = revealed
    d["supply_art"] = o["supply"]["artifacts"]
    d["supply_strat"] = o["supply"]["strategy"]
    d["pawns_out"] = o["supply"]["pawns_out"]
    d["removed"] = removed
    d["pending"] = pending
    gm = o.get("gm")
    if gm:
        d["gm_storage"] = gm["storage"]
        d["gm_cards"] = gm["cards"]
        d["gm_pawns"] = gm["pawns"]
        d["gm_tokens"] = gm_tokens
        d["gm_deck"] = gm_deck
        d["gm_discard"] = gm["discard"]
        d["gm_turns"] = gm["turns"]
    else:
        d["gm_storage"], d["gm_cards"], d["gm_pawns"], d["gm_tokens"] = 0, [], 0, []
        d["gm_deck"], d["gm_discard"], d["gm_turns"] = [], [], 0
    d["known"] = known
    d["rng"] = rng_json
    return from_json(d)


def _mask(ids) -> int:
    k = 0
    for t in ids:
        k |= 1 << t
    return k


def determinize(obs: dict, rng) -> object:
    """A full state consistent with ``obs``: hidden tokens, deck orders and other seats'
    knowledge are sampled from what this seat cannot tell apart. ``obs`` is only read (no deep
    copy): the state is built from fresh lists."""
    o = obs
    small, guard, held, removed, gm_tokens, pending = lists = _tokens(o)
    seen, slots = _slots(o, *lists)
    pool = {"small": [], "guarded": []}
    for c in D.caravans:
        if c.id not in seen:
            pool[c.kind].append(c.id)
    for lst in pool.values():
        rng.shuffle(lst)
    for lst, i, kind in slots:
        lst[i] = pool[kind].pop()
    # Recruit deck
    placed = _placed(o)
    deck = [c for c in range(1, 37) if c not in placed]
    rng.shuffle(deck)
    if len(deck) != o["deck_size"]:
        raise ValueError("the observation's Recruit cards do not add up")
    gm = o.get("gm")
    gm_deck = []
    if gm:
        rest = [c for c in range(1, 12) if c not in gm["discard"] and c != gm["deck_top"]]
        rng.shuffle(rest)
        gm_deck = rest + ([gm["deck_top"]] if gm["deck_top"] else [])
    # knowledge: this seat sees exactly what its observation shows; others know their own tokens
    known = []
    for q in range(o["n"]):
        if q == o["seat"]:
            k = _mask(seen)
        else:
            k = _mask(held[q])
            if o["cur"] == q:
                for f in pending:
                    if f[0] == "caravan":
                        k |= 1 << f[1]
        known.append(k)
    return _layout(o, *lists, deck, gm_deck, known, RNG(rng.next64()).to_json())


# A caravan token hidden from the seat, in ``seen_state``: an id of its own past the real ones
# (1..19), so the rules count it as a token no seat has seen and no card answers for it.
HIDDEN = 20


def seen_state(obs: dict) -> SahwariState:
    """The observation laid out as a state the rules can read, holding only what ``obs`` holds:
    each caravan token hidden from the seat is an unknown id of its own (``HIDDEN`` on; the
    rules see a token there that the seat has not seen, never which one), the Recruit deck and
    the Guildmaster's below its top card are as many unknown cards (-1) as they hold, a seat
    knows the tokens the observation shows it and nobody else's knowledge is told. No
    generator: the rules are only asked (who acts, legal actions, sentences, refusals), never
    played on it. Built from fresh lists."""
    o = obs
    lists = _tokens(o)
    seen, slots = _slots(o, *lists)
    for j, (lst, i, _) in enumerate(slots):
        lst[i] = HIDDEN + j
    gm = o.get("gm")
    gm_deck = []
    if gm:
        gm_deck = [-1] * (gm["deck_size"] - (1 if gm["deck_top"] else 0)) + \
            ([gm["deck_top"]] if gm["deck_top"] else [])
    seat = o["seat"]
    known = [_mask(seen) if q == seat else 0 for q in range(o["n"])]
    s = _layout(o, *lists, [-1] * o["deck_size"], gm_deck, known, RNG(0).to_json())
    s.rng = None
    return s


def check_observation(s: SahwariState, seat, obs) -> list[str]:
    """Leaks: any token id shown that the seat has not seen, any hidden order, others' knowledge."""
    problems = []
    allowed = s.revealed | (s.known[seat] if seat is not None and 0 <= seat < s.n else 0)
    for cont, key, kind in _token_slots(obs):
        v = cont[key]
        if v > 0 and not (allowed >> v) & 1:
            problems.append(f"caravan token {v} is shown to seat {seat} who has not seen it")
        if v > 0 and KIND_OF[v] != kind:
            problems.append(f"caravan token {v} is shown as {kind}")
    for key in ("deck", "rng", "known", "gm_deck"):
        if key in obs:
            problems.append(f"the observation has the hidden field {key!r}")
    if "gm" in obs and set(obs["gm"]) - {"storage", "storage_value", "cards", "pawns", "tokens",
                                          "deck_top", "deck_size", "discard", "turns", "score"}:
        problems.append("the Guildmaster's observation has unexpected fields")
    return problems

