"""Component conservation (``GAME.check_invariants``): every cube, pawn, caravan token,
Strategy token and card in exactly one place, and six camels in play once set up."""

from __future__ import annotations

from . import board
from .board import GUILD
from .data import TOTAL_CUBES, TOTAL_PAWNS, TOTAL_STRATEGY, get as _data
from .pieces import cell_name
from .state import CUBE, LOCKED, SahwariState

D = _data()


def invariants(s: SahwariState) -> list[str]:
    """Component conservation: 30 cubes, 12 pawns, 19 caravans, 11 Strategy tokens, 36 cards,
    six camels in play once set up."""
    problems = []
    n = s.n
    cubes = sum(s.art) + s.supply_art + sum(s.storage) + s.gm_storage
    cubes += sum(1 for p in range(n) for c in s.left[p] + s.right[p] if s.spaces[p][c] == CUBE)
    cubes += sum(1 for _c, st in s.gm_cards if st == CUBE)
    cubes += sum(1 for f in s.pending if f[0] == "cube")
    if cubes != TOTAL_CUBES:
        problems.append(f"{cubes} Artifact cubes instead of {TOTAL_CUBES}")
    pawns = sum(s.pawn) + sum(s.track) + s.gm_pawns + s.pawns_out
    if pawns != TOTAL_PAWNS:
        problems.append(f"{pawns} Recruit pawns instead of {TOTAL_PAWNS}")
    toks = [t for t in s.small + s.guard if t] + [t for h in s.held for t in h] + s.gm_tokens \
        + s.removed + [f[1] for f in s.pending if f[0] == "caravan"]
    if sorted(toks) != list(range(1, 20)):
        problems.append(f"caravan tokens are not each in one place: {sorted(toks)}")
    locks = sum(1 for p in range(n) for c in s.left[p] + s.right[p] if s.spaces[p][c] == LOCKED)
    locks += sum(1 for _c, st in s.gm_cards if st == LOCKED)
    strat = s.supply_strat + sum(s.strat) + locks
    if strat != TOTAL_STRATEGY:
        problems.append(f"{strat} Strategy tokens instead of {TOTAL_STRATEGY}")
    cards = list(s.deck) + list(s.area) + list(s.discard) + [c for r in s.left + s.right for c in r]
    cards += [c for c, _st in s.gm_cards] + [f[1] for f in s.pending if f[0] == "edge"]
    if sorted(cards) != list(range(1, 37)):
        problems.append("Recruit cards are lost or doubled")
    g = D.guild[s.guild_side]
    if s.pawn[GUILD] > g.recruit_spaces or s.art[GUILD] > g.artifact_spaces:
        problems.append("the Guild tile holds more than its spaces")
    for p in range(n):
        if s.clan[p]:
            clan = D.clans[s.clan[p]]
            if not 0 <= s.storage[p] <= clan.capacity:
                problems.append(f"seat {p} storage {s.storage[p]} out of range")
            if not 0 <= s.track[p] <= len(clan.track):
                problems.append(f"seat {p} Recruit track {s.track[p]} out of range")
            if len(s.locks[p]) > 2:
                problems.append(f"seat {p} used more than two Lock tokens")
    if s.phase != "setup":
        on = [k for k in range(6) if s.camel_cell[k] >= 0]
        off = [k for k in range(6) if s.camel_cell[k] < 0]
        if any(s.camel_owner[k] < 0 for k in off):
            problems.append("a Guild camel left the play area")
        if len(on) + len(off) != 6 or len(off) > n:
            problems.append("six camels must stay in play")
        for c in range(25):
            here = [k for k in on if s.camel_cell[k] == c]
            if len(here) > 1 and not board.is_shared(s.side[c]):
                problems.append(f"several camels share the tile {cell_name(c)}")
    if s.mode == "solo" and len(s.gm_deck) + len(s.gm_discard) != 11:
        problems.append("Guildmaster cards lost")
    return problems
