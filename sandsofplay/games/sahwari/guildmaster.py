"""The solo Guildmaster: rules, not a bot (Rulebook: Solo Mode, Guildmaster's Turn and Abilities).

Its turn runs inside the ``apply`` of the player's ``end_turn``, with one event per step so the
table can animate it:

1. Guild Action - flip the top card of its deck (its Action side is used); if the deck is empty,
   shuffle the other discards into a new deck. The new top card's Move side (starting tile and
   arrow) drives the movement. The card's extra ability comes first, then A. Collect (the
   closest Guild camel along the arrow goes to the first tile with the wanted resource; if there
   is none anywhere, the next one in the loop Artifact -> Recruit -> Small -> Guarded), then
   B. Block (if the card shows it: the furthest Guild camel along the arrow goes next to the
   player's camel numbered 1 or 2 along the arrow, on the first side of the priority diagram
   where it blocks a possible move; else the other camel; else nothing).
2. End of the Turn - as in the 2-4 player game. A Sandstorm gives it another turn.

Guild camels ignore every movement restriction, but never end on a tile another camel holds
(except the Guild tile and Oases).
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import abilities as ab
from . import board
from .pieces import cell_name, put_cube_on_guild, who
from .data import get as _data
from .endturn import end_of_turn_cleanup
from .scoring import score
from .state import CUBE, LOCKED, SahwariState

D = _data()

LOOP = ("artifact", "pawn", "small", "guarded")
GM = "The Guildmaster"
PATHS = {}


def path_of(card_id: int) -> tuple:
    p = PATHS.get(card_id)
    if p is None:
        c = D.gm_card(card_id)
        p = PATHS[card_id] = board.gm_path(c.start, c.path)
    return p


def blocks_a_player(s: SahwariState, k: int) -> bool:
    """A Guild camel already blocks a player camel when it stands on a Resources or Desert tile
    orthogonally next to one (see docs/rulings/sahwari.md)."""
    c = s.camel_cell[k]
    if c < 0 or board.is_shared(s.side[c]):
        return False
    for j in range(6):
        if s.camel_owner[j] >= 0 and s.camel_cell[j] >= 0 and s.camel_cell[j] in board.NEIGHBOURS[c]:
            return True
    return False


def guild_camels_along(s: SahwariState, path) -> list[int]:
    pos = {c: i for i, c in enumerate(path)}
    ks = [k for k in range(6) if s.camel_owner[k] < 0 and s.camel_cell[k] >= 0]
    return sorted(ks, key=lambda k: (pos[s.camel_cell[k]], k))


def pick_up_camel(s: SahwariState, path) -> int:
    order = guild_camels_along(s, path)
    free = [k for k in order if not blocks_a_player(s, k)]
    return (free or order)[0]


def patrol_camel(s: SahwariState, path) -> int:
    order = guild_camels_along(s, path)
    free = [k for k in order if not blocks_a_player(s, k)]
    return (free or order)[-1]


def can_stand(s: SahwariState, cell: int, camel: int) -> bool:
    return board.is_free(s, cell, camel)


def has_kind(s: SahwariState, c: int, kind: str) -> bool:
    if kind == "artifact":
        return s.art[c] > 0
    if kind == "pawn":
        return s.pawn[c] > 0
    if kind == "small":
        return s.small[c] > 0
    return s.guard[c] > 0


def find_resource(s: SahwariState, path, want: str, camel: int):
    i = LOOP.index(want)
    for j in range(4):
        kind = LOOP[(i + j) % 4]
        for c in path:
            if has_kind(s, c, kind) and can_stand(s, c, camel):
                return c, kind
    return None, None


def gm_turns(s: SahwariState, ev) -> None:
    turns = 1
    while turns and not s.over:
        turns -= 1
        if gm_turn(s, ev):
            turns += 1
            ev.append(Event("gm_extra_turn", {}, f"{GM}'s Sandstorm gives it another turn."))


def flip(s: SahwariState, ev) -> tuple[int, int]:
    action = s.gm_deck.pop()
    s.gm_discard.append(action)
    if not s.gm_deck:
        pile = s.gm_discard[:-1]
        s.rng.shuffle(pile)
        s.gm_deck = pile
        s.gm_discard = [action]
        ev.append(Event("gm_reshuffle", {"deck": len(pile)}, f"{GM}'s deck is shuffled anew."))
    move = s.gm_deck[-1]
    ev.append(Event("gm_flip", {"action": action, "move": move},
                    f"{GM} flips card {action}; card {move} shows the way.", reveal=True))
    return action, move


def gm_turn(s: SahwariState, ev) -> bool:
    """One Guildmaster turn; True if a Sandstorm gives it another."""
    s.gm_turns += 1
    ev.append(Event("gm_turn", {"turn": s.gm_turns}, f"{GM} takes a turn."))
    action_id, move_id = flip(s, ev)
    act = D.gm_card(action_id)
    path = path_of(move_id)
    again = False
    # extra ability first (it never moves a Guild camel)
    if act.extra == "refresh":
        ab.refresh_area(s, ev, s.n)
    elif act.extra == "attack":
        gm_attack(s, ev)
    elif act.extra == "sandstorm":
        again = True
    # A. Collect
    camel = pick_up_camel(s, path)
    cell, kind = find_resource(s, path, act.want, camel)
    if cell is not None:
        frm = s.camel_cell[camel]
        s.camel_cell[camel] = cell
        ev.append(Event("gm_collect", {"camel": camel, "from": frm, "to": cell, "kind": kind,
                                       "wanted": act.want},
                        f"{GM} sends a Guild camel from {cell_name(frm)} to {cell_name(cell)} for "
                        f"a {kind}."))
        if gm_take(s, cell, kind, ev, path, act.want):
            again = True
    else:
        ev.append(Event("gm_collect", {"camel": camel, "kind": None, "wanted": act.want},
                        f"{GM} finds nothing to collect."))
    # B. Block
    if act.block:
        gm_block(s, path, act, ev)
    end_of_turn_cleanup(s, ev)
    return again


def gm_take(s: SahwariState, cell: int, kind: str, ev, path=None, want: str = "artifact") -> bool:
    """Collect a resource with the Guildmaster's abilities; True if it gives another turn.
    ``path`` and ``want`` (this turn's arrow and wanted resource) guide its Theft and Rally; the
    arrow defaults to the Move side showing."""
    if path is None:
        path = path_of(s.gm_deck[-1]) if s.gm_deck else board.gm_path("nw", "rows")
    if kind == "artifact":
        s.art[cell] -= 1
        gm_place_cube(s, ev)
        return False
    if kind == "pawn":
        s.pawn[cell] -= 1
        s.gm_pawns += 1
        ev.append(Event("gm_pawn", {"pawns": s.gm_pawns}, f"{GM} recruits a pawn."))
        gm_recruit(s, ev)
        return False
    lst = s.small if kind == "small" else s.guard
    tid = lst[cell]
    lst[cell] = 0
    s.gm_tokens.append(tid)
    if kind == "small" and s.difficulty != "recruit":
        s.revealed |= 1 << tid
        s.used |= 1 << tid
        car = D.caravan(tid)
        ev.append(Event("gm_caravan", {"token": tid, "kind": kind, "revealed": True,
                                       "abilities": list(car.abilities)},
                        f"{GM} takes small caravan {tid} and reveals it.", reveal=True))
        again = False
        for a in car.abilities:
            if a == "artifact":
                if s.supply_art > 0:
                    s.supply_art -= 1
                    gm_place_cube(s, ev)
            elif a == "attack":
                gm_attack(s, ev)
            elif a == "refresh":
                ab.refresh_area(s, ev, s.n)
            elif a == "recruit":
                gm_recruit(s, ev)
            elif a == "sandstorm":
                again = True
            elif a == "theft":
                again = gm_theft(s, ev, path, want) or again
            elif a == "rally":
                again = gm_rally(s, ev, path, want) or again
            # spying only scores at the end (Guildmaster Abilities, Spying)
        return again
    ev.append(Event("gm_caravan", {"kind": kind, "revealed": False},
                    f"{GM} takes a {kind} caravan token without revealing it."))
    return False


def gm_theft(s: SahwariState, ev, path, want: str) -> bool:
    """Guildmaster Abilities (a small caravan's effect, "if possible"), Theft: it collects a
    resource on a tile orthogonally next to any Guild camel (its camels), even one holding a
    camel: the first such tile along this turn's arrow with the wanted resource, else the next
    resource in the pick-up loop. No Guild camel moves. True if it gives another turn."""
    near = set()
    for k in range(6):
        if s.camel_owner[k] < 0 and s.camel_cell[k] >= 0:
            near.update(board.NEIGHBOURS[s.camel_cell[k]])
    return _take_first(s, ev, path, want, _from(want), "gm_theft", near,
                       lambda kind, c: f"{GM}'s Theft takes a {kind} from {cell_name(c)}.",
                       f"{GM}'s Theft finds nothing next to a Guild camel.")


def gm_rally(s: SahwariState, ev, path, want: str) -> bool:
    """Guildmaster Abilities (a small caravan's effect), Rally: it takes a caravan token anywhere
    on the board - the first along this turn's arrow of the first caravan kind that the pick-up
    loop reaches from the wanted resource. True if it gives another turn."""
    kinds = [k for k in _from(want) if k in ("small", "guarded")]
    return _take_first(s, ev, path, want, kinds, "gm_rally", None,
                       lambda kind, c: f"{GM}'s Rally takes the {kind} caravan on {cell_name(c)}.",
                       f"{GM}'s Rally finds no caravan on the board.")


def _from(want: str) -> list:
    """The pick-up loop's resources, from the wanted one on."""
    i = LOOP.index(want)
    return [LOOP[(i + j) % 4] for j in range(4)]


def _take_first(s: SahwariState, ev, path, want: str, kinds, event: str, near, found, nothing) -> bool:
    """Take the first resource of the first of ``kinds`` found along ``path`` (on the ``near``
    cells only, unless None): the ``event`` says what was taken (``found(kind, cell)``) or that
    ``nothing`` was. True if it gives another turn."""
    for kind in kinds:
        for c in path:
            if (near is None or c in near) and has_kind(s, c, kind):
                ev.append(Event(event, {"cell": c, "kind": kind}, found(kind, c)))
                return gm_take(s, c, kind, ev, path, want)
    ev.append(Event(event, {"cell": None, "kind": None}, nothing))
    return False


def gm_place_cube(s: SahwariState, ev) -> None:
    """Guildmaster Abilities, Artifact: a card with no cube and no lock, else its storage, else the
    Guild tile, else the supply."""
    for entry in s.gm_cards:
        if entry[1] == 0:
            entry[1] = CUBE
            ev.append(Event("gm_cube", {"to": "card", "card": entry[0]},
                            f"{GM} activates card {entry[0]} with an Artifact cube."))
            return
    if s.gm_storage < len(D.gm_storage):
        s.gm_storage += 1
        where = "storage"
    else:
        where = put_cube_on_guild(s)
    ev.append(Event("gm_cube", {"to": where}, f"{GM} puts an Artifact cube in its {where}."))


def card_priority(cid: int) -> tuple:
    """Rulebook, Priority: most Influence, then a clan ability, then a Recruitment icon."""
    c = D.card(cid)
    return (c.influence, 1 if c.clan else 0, 1 if c.has("recruit") else 0)


def gm_recruit(s: SahwariState, ev) -> None:
    if not s.area:
        return
    best = max(s.area, key=lambda c: (card_priority(c), -s.area.index(c)))
    s.area.remove(best)
    entry = [best, 0]
    if s.gm_storage > 0:
        s.gm_storage -= 1
        entry[1] = CUBE
    s.gm_cards.append(entry)
    ev.append(Event("gm_recruit", {"card": best, "active": entry[1] == CUBE},
                    f"{GM} takes Recruit card {best}"
                    + (" and activates it." if entry[1] == CUBE else ".")))


def gm_attack(s: SahwariState, ev) -> None:
    """Guildmaster Abilities, Attack: the player loses a stored cube, else the space whose loss
    costs the most Influence is locked."""
    p = 0
    if s.storage[p] > 0:
        s.storage[p] -= 1
        where = put_cube_on_guild(s)
        ev.append(Event("gm_attack", {"lost": "storage", "cube_to": where},
                        f"{GM} attacks: {who(s, p)} loses a stored Artifact cube."))
        return
    spaces = [c for c in s.left[p] + s.right[p] if s.spaces[p][c] == CUBE]
    if not spaces or s.supply_strat <= 0:
        ev.append(Event("gm_attack", {"lost": "nothing"}, f"{GM} attacks, but there is nothing to take."))
        return
    row = s.left[p] + s.right[p]
    best, best_key = None, None
    for c in spaces:
        s.spaces[p][c] = LOCKED
        after = score(s, p)
        s.spaces[p][c] = CUBE
        key = (after, tuple(-x for x in card_priority(c)), row.index(c))
        if best_key is None or key < best_key:
            best, best_key = c, key
    s.spaces[p][best] = LOCKED
    s.supply_strat -= 1
    where = put_cube_on_guild(s)
    ev.append(Event("gm_attack", {"lost": "space", "space": best, "cube_to": where},
                    f"{GM} attacks: the Artifact space of card {best} is locked."))


def gm_block(s: SahwariState, path, act, ev) -> None:
    camel = patrol_camel(s, path)
    pos = {c: i for i, c in enumerate(path)}
    players = [k for k in range(6) if s.camel_owner[k] >= 0 and s.camel_cell[k] >= 0]
    players.sort(key=lambda k: (pos[s.camel_cell[k]], k))
    if not players:
        ev.append(Event("gm_block", {"camel": camel, "target": None}, f"{GM} has no camel to block."))
        return
    i = min(act.block, len(players)) - 1
    order = [players[i]] + [k for k in players if k != players[i]]
    for target in order:
        tc = s.camel_cell[target]
        for d in act.dirs:
            nc = board.step(tc, d)
            if nc < 0 or s.side[nc] not in (board.RES, board.DESERT):
                continue
            if board.occupied(s, nc, camel):
                continue
            if not board.destinations(s, target, only_dir=d):
                continue
            frm = s.camel_cell[camel]
            s.camel_cell[camel] = nc
            ev.append(Event("gm_block", {"camel": camel, "from": frm, "to": nc, "target": target,
                                         "dir": d},
                            f"{GM} sends a Guild camel from {cell_name(frm)} to {cell_name(nc)} to "
                            "block a camel."))
            return
    ev.append(Event("gm_block", {"camel": camel, "target": None},
                    f"{GM} cannot block any camel this turn."))
