"""Scenario helpers for the Sahwari tests: play the setup with chosen clans, then arrange the
board by hand (tiles, resources, camels, clans) and act with action text."""

from __future__ import annotations

from sandsofplay.engine import Action, Setup
from sandsofplay.games.sahwari import GAME
from sandsofplay.games.sahwari import board
from sandsofplay.games.sahwari.data import get as data
from sandsofplay.games.sahwari.state import CUBE, EMPTY, NO_SPACE

D = data()
R, DESERT, OASIS = board.RES, board.DESERT, board.OASIS


def cell(name: str) -> int:
    """'A1' (column A-E, row 1-5) -> cell index."""
    return (int(name[1]) - 1) * 5 + "ABCDE".index(name[0])


def new(n=2, seed=1, **options):
    """A new game; seat 0 (Player 1) goes first unless ``first_player`` says otherwise."""
    options.setdefault("first_player", "1")
    return GAME.new_state(Setup.make("sahwari", ["human"] * n, seed=seed, **options))


def act(s, text, seat=None):
    seat = s.cur if seat is None else seat
    return GAME.apply(s, seat, Action.parse(text))


def legal(s, seat=None):
    seat = s.cur if seat is None else seat
    return [str(a) for a in GAME.legal_actions(s, seat)]


def play_setup(s, clans=None, colours=None):
    """Answer every setup question: the given clans/colours per seat (or the first offered),
    then camels on the first free tiles offered."""
    while s.phase == "setup":
        p, what = s.queue[0]
        if what == "clan" and clans:
            act(s, f"clan {clans[p]}")
        elif what == "colour" and colours:
            act(s, f"colour {colours[p]}")
        else:
            act(s, legal(s)[0])
    return s


def game(n=2, clans=None, seed=1, **options):
    s = new(n, seed, **options)
    clans = clans or ("merchant", "diplomat", "thief", "spy")[:n]
    return play_setup(s, clans)


def clear_board(s, keep_cells=()):
    """Every tile but the Guild becomes a Resources tile holding one Artifact cube (so nothing
    flips by accident); tokens on tiles go to the removed pile. Cubes come from the supply."""
    for c in range(25):
        if c == board.GUILD or c in keep_cells:
            continue
        for lst in (s.small, s.guard):
            if lst[c]:
                s.removed.append(lst[c])
                lst[c] = 0
        s.side[c] = R
        s.supply_art += s.art[c]
        s.pawns_out += s.pawn[c]
        s.pawn[c] = 0
        s.art[c] = 0
    for c in range(25):
        if c != board.GUILD and c not in keep_cells:
            s.art[c] = 1
            s.supply_art -= 1
    s._cache = None


def set_tile(s, c, side=R, art=None, pawn=None, small=None, guard=None):
    """Change one tile, keeping cubes, pawns and tokens conserved through the supply/out pile."""
    s.side[c] = side
    if art is not None:
        s.supply_art += s.art[c] - art
        s.art[c] = art
    if pawn is not None:
        s.pawns_out += s.pawn[c] - pawn
        s.pawn[c] = pawn
    for lst, tok in ((s.small, small), (s.guard, guard)):
        if tok is None:
            continue
        if lst[c]:
            s.removed.append(lst[c])
            lst[c] = 0
        if tok:
            take_token_from_anywhere(s, tok)
            lst[c] = tok
    s._cache = None


def take_token_from_anywhere(s, tok):
    for lst in (s.small, s.guard):
        for c in range(25):
            if lst[c] == tok:
                lst[c] = 0
    for h in s.held:
        if tok in h:
            h.remove(tok)
    if tok in s.removed:
        s.removed.remove(tok)
    if tok in s.gm_tokens:
        s.gm_tokens.remove(tok)


def give_token(s, p, tok, used=False):
    take_token_from_anywhere(s, tok)
    s.held[p].append(tok)
    s.known[p] |= 1 << tok
    if used:
        s.used |= 1 << tok
        s.revealed |= 1 << tok
    s._cache = None


def put(s, camel, c):
    s.camel_cell[camel] = c
    s._cache = None


def clear_camels(s):
    """Park every camel off the board (tests then put the ones they need)."""
    for k in range(6):
        s.camel_cell[k] = -1
    s._cache = None


def camels_of(s, p):
    return [k for k in range(6) if s.camel_owner[k] == p]


def guild_camels(s):
    return [k for k in range(6) if s.camel_owner[k] < 0]


def set_storage(s, p, n):
    s.supply_art += s.storage[p] - n
    s.storage[p] = n
    s._cache = None


def set_track(s, p, n):
    s.pawns_out += s.track[p] - n
    s.track[p] = n
    s._cache = None


def give_card(s, p, cid, edge, cube=False):
    """Place a card at an edge of player p's clan (taking it from wherever it is)."""
    from sandsofplay.games.sahwari.abilities import place_card
    for lst in (s.deck, s.area, s.discard):
        if cid in lst:
            lst.remove(cid)
    made = place_card(s, p, cid, edge)
    if cube:
        assert made, f"card {cid} makes no Artifact space at the {edge} edge"
        s.spaces[p][cid] = CUBE
        s.supply_art -= 1
    s._cache = None
    return made


def set_area(s, cards):
    """Put exactly these cards in the Recruitment area (the old ones go back into the deck)."""
    for c in s.area:
        s.deck.insert(0, c)
    s.area = []
    for c in cards:
        for lst in (s.deck, s.discard):
            if c in lst:
                lst.remove(c)
        s.area.append(c)
    s._cache = None


def start_step(s, p, step="move"):
    s.cur = p
    s.step = step
    s.pending = []
    s.camel = -1
    s.moves = 0
    s._cache = None


def check(s):
    problems = GAME.check_invariants(s)
    assert not problems, problems


__all__ = ["GAME", "D", "R", "DESERT", "OASIS", "CUBE", "EMPTY", "NO_SPACE", "board"]


def bare_board(clans=("merchant", "diplomat"), where=(), seed=1, **options):
    """A game of ``len(clans)`` players with these clans and a cleared board (``clear_board``),
    every camel off it; then the camels - each player's in seat order, then the Guild's - are put
    on the cells named in ``where``, in that order (None: left off). Returns the state and the
    camels in that order."""
    s = game(len(clans), clans, seed, **options)
    clear_board(s)
    clear_camels(s)
    camels = tuple(k for p in range(len(clans)) for k in camels_of(s, p)) + tuple(guild_camels(s))
    put_all(s, camels, where)
    return s, camels


def put_all(s, camels, where):
    """Put each camel on the cell named at its place in ``where`` (None: left where it is)."""
    for k, c in zip(camels, where):
        if c is not None:
            put(s, k, cell(c))


def desert_but(s, resources):
    """Every tile but the Guild and the cells named in ``resources`` becomes an empty Desert."""
    keep = {cell(x) for x in resources}
    for c in range(25):
        if c != board.GUILD and c not in keep:
            set_tile(s, c, DESERT, art=0, pawn=0, small=0, guard=0)


STANDARD = ("A1", "A5", "C5", "E5", "E3", "A3")  # standard_board's camels
EXPLORER = ("B2", "E5", "A5", "C5", "E3", "A4")  # seat 0's camel on B2 with room for two moves
# seat 0's camels on A1 and E1 with no move: the next four camels stand on B1, A2, D1 and E2
BLOCKED = ("A1", "E1", "B1", "A2", "D1", "E2")
# 2 players: once seat 0's camel on E3 moves to E2, neither Guild camel (A1, E1) can move
BOXED_IN = ("E3", "D1", "B1", "A2", "A1", "E1")
SOLO_CORNERS = ("A1", "E5", "C1", "C5", "A3", "E3")  # solo: the player's camels on two corners,
#                                                      the Guild's on the edges' middles


def standard_board(clans=("merchant", "diplomat"), step="move"):
    """A 2-player board cleared to a known position: seat 0's camels on A1 and A5, seat 1's on C5
    and E5, the Guild camels on E3 and A3, a guarded caravan on D4 (something to spy on), and
    seat 0 at ``step``. Returns the state and the camels (a1, a2, b1, b2, g1, g2)."""
    s, camels = bare_board(clans, STANDARD)
    set_tile(s, cell("D4"), guard=15)
    start_step(s, 0, step)
    return s, camels


def theft_targets(s):
    """Seat 0 uses a Theft caravan token at the end of its turn: the cells it may steal from."""
    give_token(s, 0, 16)
    start_step(s, 0, "end")
    act(s, "caravan 0")
    act(s, "do theft")
    return sorted(int(a.split()[1]) for a in legal(s) if a.startswith("steal"))
