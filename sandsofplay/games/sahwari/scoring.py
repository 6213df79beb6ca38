"""Scoring (Rulebook: End of the Game, Clan Abilities; Solo: End of the Game (Solo)).

A player scores five categories: 1. caravan tokens (+ and -), 2. storage (leftmost visible value),
3. Recruit track (leftmost visible value), 4. Influence of activated Artifact spaces (no Lock),
5. the clan leader's ability and every Clan Ability card activated on both edges. Abilities that
count for clan bonuses are only the activated ones, counted the same way for every bonus: both
halves of the Artifact spaces holding a cube (not locked), storage abilities covered by a Lock
token, and caravan tokens that were used.
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import abilities as ab
from .data import get as _data
from .pieces import who
from .state import CUBE, SahwariState

D = _data()
CLAN_CARD_IDS = frozenset(c.id for c in D.cards if c.clan)


def activated_icons(s: SahwariState, p: int) -> list[str]:
    icons = []
    sp = s.spaces[p]
    for c in s.left[p] + s.right[p]:
        if sp[c] == CUBE:
            inner, outer = ab.space_halves(s, p, c)
            icons.append(inner.ability)
            icons.append(outer.ability)
    abil = D.clans[s.clan[p]].storage_abilities
    for slot in s.locks[p]:
        icons.append(abil[slot])
    for t in s.held[p]:
        if s.used & (1 << t):
            icons.extend(D.caravan(t).abilities)
    return icons


def cubes_in_clan(s: SahwariState, p: int) -> int:
    sp = s.spaces[p]
    return s.storage[p] + sum(1 for c in s.left[p] + s.right[p] if sp[c] == CUBE)


def clan_sources(s: SahwariState, p: int) -> list[str]:
    """The leader's ability plus every Clan Ability card active on both edges."""
    out = [s.clan[p]]
    for c in s.left[p] + s.right[p]:
        if c in CLAN_CARD_IDS and ab.clan_card_active(s, p, c):
            out.append(D.card(c).clan)
    return out


def clan_bonus(s: SahwariState, p: int, name: str, icons=None) -> int:
    if name == "merchant":
        return cubes_in_clan(s, p) // 2
    if name == "diplomat":
        return (len(s.left[p]) + len(s.right[p])) // 2
    if name == "thief":
        return min(cubes_in_clan(s, p), len(s.held[p]))
    if name == "spy":
        icons = activated_icons(s, p) if icons is None else icons
        return icons.count("spy") // 2
    if name == "dealer":
        # every activated Attack ability, from all three sources (Clan Abilities: used storage
        # abilities count; End of the Game, Attention: and those of the caravan tokens)
        icons = activated_icons(s, p) if icons is None else icons
        return min(icons.count("attack"), cubes_in_clan(s, p))
    if name == "raider":
        icons = activated_icons(s, p) if icons is None else icons
        return min(len(s.held[p]), icons.count("attack"))
    return 0  # the Explorer's ability is a double move, not a bonus


def breakdown(s: SahwariState, p: int) -> dict:
    clan = D.clans[s.clan[p]]
    caravans = 0
    for t in s.held[p]:
        caravans += D.caravan(t).influence
    storage = clan.storage_value(s.storage[p])
    track = clan.track_value(s.track[p])
    spaces = 0
    sp = s.spaces[p]
    row = s.left[p] + s.right[p]
    for c in row:
        if sp[c] == CUBE:
            inner, outer = ab.space_halves(s, p, c)
            spaces += inner.value + outer.value
    bonus = 0
    icons = None
    for name in clan_sources(s, p):
        if name in ("spy", "raider", "dealer") and icons is None:
            icons = activated_icons(s, p)
        bonus += clan_bonus(s, p, name, icons)
    total = caravans + storage + track + spaces + bonus
    return {"caravans": caravans, "storage": storage, "track": track, "spaces": spaces,
            "clan": bonus, "total": total}


def score(s: SahwariState, p: int) -> int:
    return breakdown(s, p)["total"]


def tiebreak(s: SahwariState, p: int) -> int:
    """Rulebook: in a tie, the most Artifact cubes and Recruit pawns."""
    return cubes_in_clan(s, p) + s.track[p]


# --- the Guildmaster -----------------------------------------------------------------------------

def gm_breakdown(s: SahwariState) -> dict:
    active = sum(1 for _c, st in s.gm_cards if st == CUBE)
    guarded = sum(1 for t in s.gm_tokens if D.caravan(t).kind == "guarded")
    smalls = [D.caravan(t) for t in s.gm_tokens if D.caravan(t).kind == "small"]
    storage = D.gm_storage_value(s.gm_storage)
    base = 2 * active + guarded + storage
    d = s.difficulty
    spy_icons = sum(t.abilities.count("spy") for t in smalls)
    printed = sum(t.influence for t in smalls)
    if d == "recruit":
        extra = len(smalls) // 2 + s.gm_pawns // 2
    elif d == "merc":
        extra = s.gm_pawns // 2 + spy_icons + printed
    else:
        extra = s.gm_pawns + spy_icons + printed
    return {"cards": 2 * active, "guarded": guarded, "storage": storage, "extra": extra,
            "total": base + extra}


def gm_score(s: SahwariState) -> int:
    return gm_breakdown(s)["total"]


def finish(s: SahwariState, ev) -> None:
    """Reveal every caravan token, count Influence and name the winner."""
    s.revealed = sum(1 << c.id for c in D.caravans if c.id not in s.removed)  # removed stay face down
    scores = [breakdown(s, p) for p in range(s.n)]
    totals = [b["total"] for b in scores]
    if s.mode == "solo":
        gm = gm_breakdown(s)
        winners = [0] if totals[0] > gm["total"] else []  # the Guildmaster wins ties
        s.result = {"scores": totals, "breakdown": scores, "winners": winners,
                    "guildmaster": gm, "reason": "score" if totals[0] != gm["total"] else "tie"}
        text = (f"Final score: {totals[0]} against the Guildmaster's {gm['total']}. "
                + ("The player wins." if winners else "The Guildmaster wins."))
    else:
        best = max(totals)
        tied = [p for p in range(s.n) if totals[p] == best]
        reason = "score"
        if len(tied) > 1:
            tb = max(tiebreak(s, p) for p in tied)
            tied = [p for p in tied if tiebreak(s, p) == tb]
            reason = "tiebreak"
        winners = tied if len(tied) == 1 else []
        if not winners:
            reason = "no guildmaster elected"
        s.result = {"scores": totals, "breakdown": scores, "winners": winners, "reason": reason}
        text = ("No new Guildmaster is elected: the tie stands." if not winners else
                f"{who(s, winners[0])} becomes Merchant Guildmaster with {best} Influence.")
    s.over = True
    s.phase = "over"
    s.step = ""
    s.pending = []
    ev.append(Event("game_over", dict(s.result), text, reveal=True))


# --- the results screen's breakdown (issue 30) ---------------------------------------------

DIFFICULTY_NAMES = {"recruit": "Recruit", "merc": "Merc", "clan_leader": "Clan Leader"}


def results_breakdown(s: SahwariState) -> dict:
    """What the results screen shows of a finished game (End of the Game; End of the Game
    (Solo)): per seat the five counts of Influence as ``(category, what, points)`` rows adding
    up to the seat's score, and in solo the Guildmaster's base and extra scoring."""
    cols = []
    for p in range(s.n):
        b = breakdown(s, p)
        active = sum(1 for c in s.left[p] + s.right[p] if s.spaces[p][c] == CUBE)
        cols.append({"seat": p, "who": None, "total": b["total"], "rows": [
            ("Caravan tokens", f"{len(s.held[p])} held, + and -", b["caravans"]),
            ("Storage", "leftmost visible value", b["storage"]),
            ("Recruit track", "leftmost visible value", b["track"]),
            ("Artifact spaces", f"{active} activated", b["spaces"]),
            ("Clan abilities", ", ".join(n.capitalize() for n in clan_sources(s, p)),
             b["clan"])],
            "tiebreak": f"{cubes_in_clan(s, p)} Artifact cubes and {s.track[p]} Recruit pawns"})
    if s.mode == "solo":
        g = gm_breakdown(s)
        level = DIFFICULTY_NAMES.get(s.difficulty, str(s.difficulty))
        cols.append({"seat": None, "who": "The Guildmaster", "total": g["total"], "rows": [
            ("Activated Recruit cards", "2 each", g["cards"]),
            ("Guarded caravan tokens", "1 each", g["guarded"]),
            ("Storage", "first visible space", g["storage"]),
            ("Extra scoring", f"{level} difficulty", g["extra"])],
            "tiebreak": "wins ties"})
    reason = (s.result or {}).get("reason") if s.mode != "solo" else None
    ended = {"tiebreak": "A tie, broken by Artifact cubes and Recruit pawns.",
             "no guildmaster elected": "A tie that the tie-break did not break."}.get(
        reason, "The most Influence wins." if len(cols) > 1 else "")
    return {"unit": "Influence", "how": "most Influence", "ended": ended, "columns": cols}
