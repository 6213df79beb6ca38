"""5. End of the Turn (flip emptied tiles, refill the Recruitment area), the End of the Game
trigger, and the proof that a board is locked for good.

Shared by the players' turns (``turn``) and the Guildmaster's (``guildmaster``), which is why it
lives apart from both: neither of them imports the other for it.

A locked board (docs/rulings/sahwari.md, "Locked board") is one on which no resource can ever
leave a tile again, whatever the players do: then the book's trigger (six Resources tiles) can
never be reached, and the end is triggered as if it had been. ``board_locked`` only answers True
when it can prove it, from an over-estimate of everything that could still happen.
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import abilities as ab
from .board import DESERT, GUILD, GUILD_SIDE, LINES, NEIGHBOURS, OASIS, RES
from .data import LOCKS_PER_PLAYER, get as _data
from .pieces import cell_name
from .state import EMPTY, SahwariState

D = _data()

# Abilities that can move a camel or take a resource off a tile: with one of them left, a board
# is never called locked.
BREAKERS = frozenset(("sandstorm", "theft", "rally", "attack", "recruit", "artifact"))


def resource_tiles(s: SahwariState) -> int:
    """Tiles Resources side up, the Guild tile included (Rulebook: End of the Game)."""
    side = s.side
    return side.count(RES) + side.count(GUILD_SIDE)


def end_of_turn_cleanup(s: SahwariState, ev) -> None:
    """Rulebook 5. End of the Turn: flip emptied tiles; refill the Recruitment area; then the
    End of the Game trigger (six Resources tiles, or a locked board)."""
    flipped = []
    side, art, pawn, small, guard = s.side, s.art, s.pawn, s.small, s.guard
    for c in range(25):
        if side[c] == RES and not (art[c] or pawn[c] or small[c] or guard[c]):
            back = D.tiles[s.tiles[c] - 1].back
            side[c] = OASIS if back == "oasis" else DESERT
            flipped.append((c, back))
    for c, back in flipped:
        ev.append(Event("flip", {"cell": c, "to": back},
                        f"The tile on {cell_name(c)} is empty and turns to {back}."))
    ab.refill_area(s, ev)
    if s.end_triggered:
        return
    tiles = resource_tiles(s)
    if tiles <= 6:
        s.end_triggered = True
        ev.append(Event("end_triggered", {"tiles": tiles},
                        "Only six Resources tiles are left: the round is finished, then the game "
                        "ends."))
    elif board_locked(s):
        s.end_triggered = True
        ev.append(Event("end_triggered", {"tiles": resource_tiles(s), "locked": True},
                        "No camel can ever reach a resource again and no ability is left to "
                        "change that: the round is finished, then the game ends."))


# --- the locked board ---------------------------------------------------------------------------

def _abilities_left(s: SahwariState, p: int) -> bool:
    """Could player p still use an ability that moves a camel or takes a resource?"""
    if s.strat[p] > 0 or s.track[p] >= 2:  # an Attack token; 2 pawns buy a Sandstorm
        return True
    used = s.used
    for t in s.held[p]:
        if not used >> t & 1 and BREAKERS.intersection(D.caravan(t).abilities):
            return True
    if len(s.locks[p]) < LOCKS_PER_PLAYER:
        abil = D.clans[s.clan[p]].storage_abilities
        for slot, icon in abil.items():
            if s.storage[p] > slot and slot not in s.locks[p] and icon in BREAKERS:
                return True
    if s.storage[p] > 0:
        sp = s.spaces[p]
        for c in s.left[p] + s.right[p]:
            if sp[c] == EMPTY and BREAKERS.intersection(
                    "attack" if i == "strategy" else i for i in ab.space_icons(s, p, c)):
                return True
    return False


def _walk(s: SahwariState, starts, guild_full):
    """From ``starts``, every tile a camel could end a move on, over any number of moves, with
    no camel ever in the way (an over-estimate). Returns (True, None) as soon as a Resources
    tile - or a way into a Guild tile that holds, or may receive, a resource - is found; else
    (False, the shared and standing tiles reached). ``guild_full()`` answers (once, when the
    Guild tile is reached) whether it holds, or may receive, a resource."""
    side = s.side
    frontier = list(starts)
    seen = set(frontier)
    while frontier:
        c = frontier.pop()
        for line in LINES[c]:
            for x in line:
                sd = side[x]
                if sd == RES:
                    return True, None
                if sd == DESERT:
                    continue
                if x == GUILD and guild_full():
                    return True, None
                if x not in seen:  # a shared tile: a possible stop, and the line goes on
                    seen.add(x)
                    frontier.append(x)
    return False, seen


def _never_blocked(s: SahwariState, cells) -> bool:
    """A camel next to an Oasis or the Guild always has a move (into it: nothing can be in the
    way), so a player whose camels can only ever stand on such tiles is never blocked and
    never re-enters."""
    side = s.side
    for c in cells:
        if not any(side[x] == OASIS or side[x] == GUILD_SIDE for x in NEIGHBOURS[c]):
            return False
    return True


def _pawn_can_be_spent(s: SahwariState) -> bool:
    """Could one Recruit pawn still be spent (on Spying or a refresh), and so land on the Guild
    tile? With no ability left, a seat that cannot now never can: tokens once seen stay seen,
    and an empty deck and discard pile stay empty without a refresh."""
    for p in range(s.n):
        if s.track[p] >= 1 and (s.deck or s.discard or ab.has_spy_target(s, p)):
            return True
    return False


def _reachable_resource(s: SahwariState) -> bool:
    """Over-estimate: could any player camel, now or after any number of moves and re-entries,
    end a move on a tile holding a resource? Camels are taken as never blocking (they may move
    away). A player who might ever be blocked (Unable to move?) re-enters on any shared tile, so
    every shared tile is then a starting point for their camels too."""
    side = s.side
    owner, cells = s.camel_owner, s.camel_cell
    memo = []

    def guild_full() -> bool:
        # a resource on the Guild tile never flips a tile, but collecting it may give a Recruit
        # card (new abilities); a pawn spent from a Recruit track can land there
        if not memo:
            memo.append(ab.has_resources(s, GUILD) or _pawn_can_be_spent(s))
        return memo[0]

    for p in range(s.n):
        mine = [cells[k] for k in range(6) if owner[k] == p]
        on = [c for c in mine if c >= 0]
        if any(side[c] == RES for c in on):
            return True  # it stands on resources: another camel may come once it leaves
        hit, seen = _walk(s, on, guild_full)
        if hit:
            return True
        if not on or len(on) < len(mine) or not _never_blocked(s, seen):
            shared = [c for c in range(25) if side[c] == OASIS or side[c] == GUILD_SIDE]
            hit, _ = _walk(s, set(on) | set(shared), guild_full)
            if hit:
                return True
    return False


def board_locked(s: SahwariState) -> bool:
    """True only when no resource can ever leave a tile again (see the module's docstring). The
    solo Guildmaster flies to any resource, so a solo board never locks."""
    if s.mode == "solo" or s.pending or _reachable_resource(s):
        return False
    return not any(_abilities_left(s, p) for p in range(s.n))
