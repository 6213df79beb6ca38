"""Setting up a game (Rulebook: Setup A and B; Solo Mode, Setup; 3-Player Variant, Setup).

The play area is laid out at once (shuffles are chance); the choices that the rulebook leaves to
the players - clans in reverse order, colours, Guild camels on "1" tiles and camels on free tiles -
are actions of the seats, in order.
"""

from __future__ import annotations

from sandsofplay.engine import Event, RNG

from . import board
from .actions import A
from .pieces import cell_name, who
from .board import CORNER_CELLS, GUILD
from .data import CLANS, TOTAL_CUBES, TOTAL_STRATEGY, get as _data
from .state import NO_SPACE, SahwariState, blank
from .turn import start_turn

D = _data()

# the app's seat colour for each camel colour (one colour a player: docs/rulings/sahwari.md)
SEAT_COLOUR_OF_CAMEL = {"purple": "violet", "orange": "amber", "yellow": "saffron",
                        "green": "palm", "red": "crimson"}

COLOURS_BY_MODE = {
    "two": ("yellow", "green"),
    "solo": ("yellow", "green"),
    "standard": ("purple", "orange", "yellow", "green"),
    "variant": ("yellow", "green", "red"),
}


def guild_camels(n: int, mode: str) -> int:
    if mode == "variant":
        return 0
    return {1: 4, 2: 2, 3: 3, 4: 2}[n]


def colour_choices(s: SahwariState) -> tuple:
    if s.mode == "solo":
        return COLOURS_BY_MODE["solo"]
    if s.mode == "variant":
        return COLOURS_BY_MODE["variant"]
    return COLOURS_BY_MODE["two"] if s.n == 2 else COLOURS_BY_MODE["standard"]


def seat_colours(n: int, variant: str) -> tuple:
    """Setup B.9: the camel colours the players choose from, as the app's seat colours."""
    mode = "solo" if n == 1 else "two" if n == 2 else \
        "variant" if variant == "three_player_variant" and n == 3 else "standard"
    return tuple(SEAT_COLOUR_OF_CAMEL[c] for c in COLOURS_BY_MODE[mode])


def first_player(s: SahwariState, choice) -> int:
    """Setup B.7: choose a first player - a chosen seat (1-based), or drawn at random."""
    if s.n == 1:
        return 0
    if choice in (None, "", "random"):
        return s.rng.randrange(s.n)
    seat = int(choice) - 1
    if not 0 <= seat < s.n:
        raise ValueError(f"The first player must be one of seats 1-{s.n}, not {choice}.")
    return seat


def new_state(n: int, mode: str, difficulty: str, seed: int, first="random") -> SahwariState:
    s = blank()
    s.n, s.mode, s.difficulty = n, mode, difficulty
    s.guild_side = "12" if n <= 2 else "34"
    s.rng = RNG(seed)
    # A.1-2: the Guild in the centre, the 24 other tiles shuffled around it, Resources side up
    order = list(range(1, 25))
    s.rng.shuffle(order)
    s.tiles = [0] * 25
    cells = [c for c in range(25) if c != GUILD]
    for c, t in zip(cells, order):
        s.tiles[c] = t
    s.side = [board.RES] * 25
    s.side[GUILD] = board.GUILD_SIDE
    s.art = [0] * 25
    s.pawn = [0] * 25
    s.small = [0] * 25
    s.guard = [0] * 25
    for c in cells:
        t = D.tiles[s.tiles[c] - 1]
        s.art[c] = t.artifacts
        s.pawn[c] = t.pawns
    # A.3: the Recruitment area
    s.deck = list(range(1, 37))
    s.rng.shuffle(s.deck)
    s.area = [s.deck.pop() for _ in range(4)]
    s.discard = []
    # A.4: caravans shuffled by kind onto their shapes, the two left over removed unseen
    smalls = [c.id for c in D.caravans if c.kind == "small"]
    guards = [c.id for c in D.caravans if c.kind == "guarded"]
    s.rng.shuffle(smalls)
    s.rng.shuffle(guards)
    for c in cells:
        t = D.tiles[s.tiles[c] - 1]
        if t.small:
            s.small[c] = smalls.pop()
        if t.guarded:
            s.guard[c] = guards.pop()
    s.removed = smalls + guards
    # A.5: an extra Artifact cube on each corner; B.10 (4 players): one more on each "1" tile
    for c in CORNER_CELLS:
        s.art[c] += 1
    if n == 4 and mode == "standard":
        for c in cells:
            if D.tiles[s.tiles[c] - 1].one:
                s.art[c] += 1
    # A.6: the supply
    s.supply_art = TOTAL_CUBES - sum(s.art)
    s.supply_strat = TOTAL_STRATEGY
    s.pawns_out = 0
    # players
    s.clan = [""] * n
    s.colour = [""] * n
    s.storage = [0] * n
    s.track = [0] * n
    s.locks = [[] for _ in range(n)]
    s.left = [[] for _ in range(n)]
    s.right = [[] for _ in range(n)]
    s.spaces = [[NO_SPACE] * 37 for _ in range(n)]
    s.held = [[] for _ in range(n)]
    s.strat = [0] * n
    s.known = [0] * n
    s.used = 0
    s.revealed = 0
    # camels: the Guild's first, then each seat's
    g = guild_camels(n, mode)
    s.camel_cell = [-1] * 6
    s.camel_owner = [-1] * g + [-2] * (6 - g)
    s.camel_colour = ["red"] * g + [""] * (6 - g)
    cpp = 2 if (n <= 2 or mode == "variant") else 1
    for p in range(n):
        for j in range(cpp):
            s.camel_owner[g + p * cpp + j] = p
    # the Guildmaster (solo)
    s.gm_storage = 0
    s.gm_cards = []
    s.gm_pawns = 0
    s.gm_tokens = []
    s.gm_deck = []
    s.gm_discard = []
    s.gm_turns = 0
    if mode == "solo":
        # Solo Setup 10-12: the four Guild camels on the four "1" tiles, a cube on the 0 space
        ones = [c for c in cells if D.tiles[s.tiles[c] - 1].one]
        for k, c in enumerate(ones):
            s.camel_cell[k] = c
        s.gm_storage = 1
        s.supply_art -= 1
        s.gm_deck = list(range(1, 12))
        s.rng.shuffle(s.gm_deck)
    # B.7: the first player (drawn after every shuffle of the play area)
    s.first = first_player(s, first)
    order = [(s.first + i) % n for i in range(n)]  # turn order, clockwise from the first player
    # the setup choices, in order
    q = []
    for p in reversed(order):  # B.7: clans from the last player to the first
        q += [[p, "clan"], [p, "colour"]]
    if mode == "solo":
        q += [[0, "own"], [0, "own"]]
    elif mode == "variant":
        q += [[p, "own"] for p in order] * 2
    elif n == 2:
        a, b = order
        q += [[a, "guild"], [b, "guild"], [a, "own"], [b, "own"], [a, "own"], [b, "own"]]
    elif n == 3:
        q += [[p, "guild"] for p in order] + [[p, "own"] for p in order]
    else:
        q += [[order[-1], "guild"], [order[-1], "guild"]] + [[p, "own"] for p in order]
    s.queue = q
    s.phase = "setup"
    s.cur = q[0][0]
    s.step = ""
    s.camel = -1
    s.moves = 0
    s.last_dir = ""
    s.pending = []
    s.turns = [0] * n
    s.end_triggered = False
    s.over = False
    s.result = None
    s.actions = 0
    return s


# --- the set-up choices: one stage each ---------------------------------------------------------
# (the set-up-only lists are replaced, never changed in place: clones share them, state.py)

# the kind of a queued choice -> the stage that asks it
STAGE_OF = {"clan": "clan", "colour": "colour", "guild": "place_guild", "own": "place"}


def setup_actions(s: SahwariState, seat: int) -> list:
    """The answers ``seat`` has to the set-up choice now due (none when it is another's)."""
    p, what = s.queue[0]
    if seat != p:
        return []
    return LEGAL[STAGE_OF[what]](s, None)


def legal_clan(s: SahwariState, q) -> list:
    return [A("clan", c) for c in CLANS if c not in s.clan]


def do_clan(s: SahwariState, q, a, ev) -> None:
    p, clan = s.queue[0][0], a[1][0]
    s.clan = s.clan[:]
    s.clan[p] = clan
    s.storage[p] = 1  # B.8: the first cube on the leftmost storage space
    s.supply_art -= 1
    ev.append(Event("clan", {"seat": p, "clan": clan},
                    f"Player {p + 1} leads the {clan.capitalize()} clan."))
    _next_choice(s, ev)


def legal_colour(s: SahwariState, q) -> list:
    return [A("colour", c) for c in colour_choices(s) if c not in s.colour]


def do_colour(s: SahwariState, q, a, ev) -> None:
    p, colour = s.queue[0][0], a[1][0]
    s.colour = s.colour[:]
    s.colour[p] = colour
    s.camel_colour = s.camel_colour[:]
    for k in range(6):
        if s.camel_owner[k] == p:
            s.camel_colour[k] = colour
    ev.append(Event("colour", {"seat": p, "colour": colour},
                    f"Player {p + 1} takes the {colour} camels."))
    _next_choice(s, ev)


def legal_place_guild(s: SahwariState, q) -> list:
    return [A("place_guild", c) for c in range(25)
            if c != GUILD and D.tiles[s.tiles[c] - 1].one and board.is_free(s, c)]


def legal_place(s: SahwariState, q) -> list:
    return [A("place", c) for c in range(25) if board.is_free(s, c)]


def do_place(s: SahwariState, q, a, ev) -> None:
    """A Guild camel (``place_guild``) or one of the seat's own, on the tile chosen."""
    p, cell = s.queue[0][0], a[1][0]
    guild = a[0] == "place_guild"
    k = next(k for k in range(6) if (s.camel_owner[k] < 0 if guild else s.camel_owner[k] == p)
             and s.camel_cell[k] < 0)
    s.camel_cell[k] = cell
    ev.append(Event("place", {"seat": p, "camel": k, "cell": cell},
                    f"{who(s, p)} places {'a Guild camel' if guild else 'a camel'} on "
                    f"{cell_name(cell)}."))
    _next_choice(s, ev)


def _next_choice(s: SahwariState, ev) -> None:
    s.queue = s.queue[1:]
    if s.queue:
        s.cur = s.queue[0][0]
    else:
        s.phase = "turn"
        ev.append(Event("start", {}, "The game begins."))
        start_turn(s, s.first, ev)


def reason(s: SahwariState, q, seat: int, a) -> str:
    """Why the seat choosing now may not answer the set-up choice ``q`` with ``a``."""
    (k, args), p = a, q.seat
    value = args[0] if len(args) == 1 else None
    if q.stage == "clan" and k == "clan" and value in s.clan:
        return f"The {str(value).capitalize()} clan is already led by {who(s, s.clan.index(value))}."
    if q.stage == "colour" and k == "colour" and value in s.colour:
        return f"The {value} camels are already taken by {who(s, s.colour.index(value))}."
    if q.stage == "place_guild" and k == "place_guild":
        return "A Guild camel is placed on a free tile marked 1, not the Guild tile."
    if q.stage == "place" and k == "place":
        return ("A camel is placed on a free tile: one with no camel on it, the Guild tile or an "
                "Oasis.")
    return f"{who(s, p)} chooses {ASKS[q.stage]} now: '{a}' is not one of the choices."


# what each set-up choice asks, for the refusals
ASKS = {"clan": "a clan to lead", "colour": "the colour of their camels",
        "place_guild": "a free tile marked 1 for a Guild camel", "place": "a free tile for a camel"}


LEGAL = {"clan": legal_clan, "colour": legal_colour, "place_guild": legal_place_guild,
         "place": legal_place}

# name, legal, apply, auto, reason, rule
STAGES = (
    ("clan", legal_clan, do_clan, None, reason, "Setup B.7"),
    ("colour", legal_colour, do_colour, None, reason, "Setup B.9"),
    ("place_guild", legal_place_guild, do_place, None, reason, "Setup B.10"),
    ("place", legal_place, do_place, None, reason, "Setup B.10"),
)
