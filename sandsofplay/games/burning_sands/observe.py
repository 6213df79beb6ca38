"""What a seat may see, a full state consistent with it (for the bots), the leak check and the
conservation checks.

Hidden from a seat: every deck (order and contents; only the size shows), the other players'
hands (only their size), a raider's face-down card until the raid resolves (to all but the
raider) and a thrust until it is revealed (to all but the thruster). A hidden card shows as
``cdef`` -1; a hidden card held by a frame shows as ``-(owner + 2)``. Which starter deck each
player uses is public, so the cards a seat has not seen are its deck list minus what it has
seen; ``determinize`` deals them at random into the hidden places.
"""

from __future__ import annotations

from sandsofplay.engine import RNG

from .cards import CARDS
from .state import FIELDS, BurningSandsState, copy_fields, plain_problems

PUBLIC_TYPES = ("stronghold", "section")


def _frame_cards(f):
    """(path, uid, owner-index-key) of cards a frame holds face down or face up."""
    out = []
    if f["k"] == "raid":
        for i, x in enumerate(f["list"]):
            out.append(("list", i, 2, x[2], f["raider"], f["step"] != "resolve"))
        for i, x in enumerate(f["defs"]):
            if x[2] >= 0:
                out.append(("defs", i, 2, x[2], -1, False))
    elif f["k"] == "duel":
        if f.get("thrust", -1) >= 0:  # face down until the parry is placed
            out.append(("thrust", 0, 0, f["thrust"], -1, f["step"] == "parry"))
        if f.get("parry", -1) >= 0:
            out.append(("parry", 0, 0, f["parry"], -1, False))
    return out


def hidden_uids(s: BurningSandsState, seat) -> set:
    hid = set()
    for q in range(s.n):
        hid.update(s.deck[q])
        if q != seat:
            hid.update(s.hand[q])
    for f in s.stack:
        for _path, _i, _j, u, _o, secret in _frame_cards(f):
            if secret and s.owner[u] != seat:
                hid.add(u)
    return hid


_SPECIAL = ("deck", "hand", "att", "under")


def _copy_public(s: BurningSandsState) -> dict:
    d = {k: v for k, v in zip(FIELDS, copy_fields(s)) if k not in _SPECIAL}
    # attachments and overlays are sparse: only the cards that hold some
    d["att"] = {str(u): x[:] for u, x in enumerate(s.att) if x}
    d["under"] = {str(u): x[:] for u, x in enumerate(s.under) if x}
    return d


def observe(s: BurningSandsState, seat) -> dict:
    d = _copy_public(s)
    hid = hidden_uids(s, seat)
    cdef = d["cdef"]
    for u in hid:
        cdef[u] = -1
    d["deck"] = [len(x) for x in s.deck]
    d["hand"] = [list(s.hand[q]) if q == seat else len(s.hand[q]) for q in range(s.n)]
    for f in d["stack"]:
        for path, i, j, u, _o, _secret in _frame_cards(f):
            if u in hid:
                masked = -(s.owner[u] + 2)
                if path == "thrust":
                    f["thrust"] = masked
                else:
                    f[path][i][j] = masked
    d["seat"] = seat
    d["game"] = "burning_sands"
    return d


def determinize(obs, rng) -> BurningSandsState:
    steps = determinize_steps(obs, rng)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def determinize_steps(obs, rng):
    """``determinize`` in bounded pieces (for the time-sliced bot): a generator that yields
    ``None`` between pieces (after copying the public fields, after each player's hidden cards
    are dealt) and returns the state. It draws from ``rng`` exactly as ``determinize`` does."""
    s = BurningSandsState.__new__(BurningSandsState)
    src = dict(obs)
    src["deck"] = [[] for _ in obs["deck"]]
    src["hand"] = [x if isinstance(x, list) else [] for x in obs["hand"]]
    n_cards = len(obs["cdef"])
    src["att"] = [obs["att"].get(str(u), []) for u in range(n_cards)]
    src["under"] = [obs["under"].get(str(u), []) for u in range(n_cards)]
    vals = copy_fields(src, dict.__getitem__)
    for k, v in zip(FIELDS, vals):
        setattr(s, k, v)
    s.rng = RNG(rng.next64())
    s._cache = None
    yield None
    n = s.n
    hidden = [[] for _ in range(n)]
    for u, c in enumerate(s.cdef):
        if c < 0:
            hidden[s.owner[u]].append(u)
    for q in range(n):
        pool = list(obs["decks"][q])
        for u, c in enumerate(s.cdef):
            if c >= 0 and s.owner[u] == q and CARDS[c].type not in PUBLIC_TYPES:
                try:
                    pool.remove(c)
                except ValueError:
                    pass
        hs = hidden[q]
        rng.shuffle(hs)
        rng.shuffle(pool)
        for u, c in zip(hs, pool):
            s.cdef[u] = c
        for u in hs[len(pool):]:  # cannot happen with a consistent observation
            s.cdef[u] = pool[0] if pool else 0
        hidden[q] = hs
        yield None
    deck = obs["deck"]
    hand = obs["hand"]
    s.deck = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    for q in range(n):
        hs = hidden[q]
        if isinstance(hand[q], list):
            s.hand[q] = list(hand[q])
        else:
            s.hand[q] = [hs.pop() for _ in range(hand[q])]
        s.deck[q] = [hs.pop() for _ in range(deck[q])]
    for f in s.stack:
        if f["k"] == "raid":
            for x in f["list"]:
                if x[2] < -1:
                    x[2] = hidden[-x[2] - 2].pop()
        elif f["k"] == "duel" and f.get("thrust", -1) < -1:
            f["thrust"] = hidden[-f["thrust"] - 2].pop()
    return s


def check_observation(s: BurningSandsState, seat, obs) -> list:
    out = []
    hid = hidden_uids(s, seat)
    for u in hid:
        if obs["cdef"][u] != -1:
            out.append(f"hidden card {u} shows as {CARDS[obs['cdef'][u]].id}")
            break
    for q in range(s.n):
        if not isinstance(obs["deck"][q], int):
            out.append(f"seat {q}'s deck is listed")
        if q != seat and not isinstance(obs["hand"][q], int):
            out.append(f"seat {q}'s hand is listed")
    return out


def held_by_frames(s: BurningSandsState) -> list:
    out = []
    for f in s.stack:
        for _p, _i, _j, u, _o, _secret in _frame_cards(f):
            out.append(u)
    return out


def invariants(s: BurningSandsState) -> list:
    out = [f"not plain data (the check form relies on it): {p}" for p in plain_problems(s)]
    n_cards = len(s.cdef)
    seen = []
    for q in range(s.n):
        for zone in (s.deck, s.hand, s.saved, s.buried, s.home, s.heroes, s.sections):
            seen += zone[q]
    for u in range(n_cards):
        seen += s.att[u]
        seen += s.under[u]
    if s.omen >= 0:
        seen.append(s.omen)
    seen += s.limbo
    seen += held_by_frames(s)
    if sorted(seen) != list(range(n_cards)):
        from collections import Counter
        cnt = Counter(seen)
        dup = [u for u, k in cnt.items() if k > 1][:3]
        miss = [u for u in range(n_cards) if u not in cnt][:3]
        out.append(f"cards not each in exactly one zone (doubled {dup}, missing {miss})")
    if any(w < 0 for w in s.water):
        out.append("a negative number of Water tokens")
    pooled = sum(f["pool"] for f in s.stack if f["k"] == "endwater" and f["pool"] > 0)
    if sum(s.water) + pooled + s.w_lost != s.w_start + s.w_created:
        out.append(f"Water not conserved: {sum(s.water)} in play + {s.w_lost} gone != "
                   f"{s.w_start} at start + {s.w_created} created by effects")
    holders = set()
    for q in range(s.n):
        holders.update(s.sections[q])
        holders.update(s.heroes[q])
    for u, w in enumerate(s.water):
        if w and u not in holders:
            out.append(f"Water on card {u}, which is neither a City Section nor a Hero in play")
            break
    # in the middle of an exchange two Heroes may hold a swap half made (ruling R-23)
    swapping = {x for f in s.stack if f.get("k") == "exchange" for x in (f["h"], f["g"])}
    for q in range(s.n):
        for h in s.heroes[q]:
            if h in swapping:
                continue
            kinds = [CARDS[s.cdef[a]].traits for a in s.att[h]]
            for slot in ("Weapon", "Armor"):
                if sum(1 for t in kinds if slot in t) > 1:
                    out.append(f"a Hero carries two {slot} Items")
    return out
