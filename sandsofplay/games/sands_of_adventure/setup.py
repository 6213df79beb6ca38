"""Game Setup: characters, the first Adventure tiles, decks, hands, the timer, Marcus's Power token
and the first Excavation Leader - the stages ``setup_side`` (``side A|B``, when the group chooses
each round-1 tile's side), ``setup_token`` (``token KIND``) and ``first_leader`` (``leader
SEAT``)."""

from __future__ import annotations

from ...engine import RNG, TICKS_PER_SECOND
from ...engine.flow import Question
from . import timer
from .common import R_SETUP, SIDE_A, SIDE_B, Tables, ev, take_token
from .data import CHARACTERS, TOKEN_KINDS
from .rounds import deal, do_leader, legal_leader
from .state import SETUP, SandsOfAdventureState


def new_state(tb: Tables, n: int, seed: int, opts: dict) -> SandsOfAdventureState:
    """Game Setup, for ``n`` seats with the resolved options."""
    c = tb.comp
    s = SandsOfAdventureState.__new__(SandsOfAdventureState)
    s.n = n
    s.rng = RNG(seed)
    s.tick = 0
    s.sand_ticks = int(opts["sand"]) * TICKS_PER_SECOND
    s.sides = str(opts["sides"])
    # characters: chosen per seat, the rest at random among those left
    chosen = [str(opts.get(f"char{i + 1}", "random")) for i in range(n)]
    taken = [ch for ch in chosen if ch != "random"]
    if len(set(taken)) != len(taken):
        raise ValueError("two seats cannot play the same character")
    free = [ch for ch in CHARACTERS if ch not in taken]
    s.rng.shuffle(free)
    s.chars = tuple(ch if ch != "random" else free.pop() for ch in chosen)
    # round 1 tiles in random order, A sides (or a random mix)
    first = [t.index for t in c.tiles if t.round == 1]
    s.rng.shuffle(first)
    if s.sides == "mixed":
        s.row = [(t, "AB"[s.rng.randrange(2)]) for t in first]
    else:  # "A", or "choose": A sides until the group has chosen each tile's side
        s.row = [(t, "A") for t in first]
    s.tiles_aside = [t.index for t in sorted(c.tiles, key=lambda t: t.round) if t.round > 1]
    s.updeck = list(c.upgrade_cards)
    s.rng.shuffle(s.updeck)
    s.deck = list(c.action_cards)
    s.rng.shuffle(s.deck)
    s.stacks = dict(c.token_count)
    s.tokens = [[] for _ in range(n)]
    s.hands = [[] for _ in range(n)]
    s.pile, s.snakes, s.aside = [], [], []
    s.figures = [-1] * n
    s.round = 1
    s.phase = SETUP
    s.leader = 0
    s.current = 0
    s.villain = 0
    s.vpos = 0
    s.health = c.villains[0].health
    s.timer = timer.Timer(s.sand_ticks)
    s.prog, s.step_count, s.give_card = [], 0, -1
    s.dice, s.rolled, s.penalty = [], [], []
    s.snake_card, s.snake_seat, s.torch_land, s.torch_last = -1, -1, -1, ""
    s.results, s.ended_how, s.result, s.choice = [], "", None, -1
    s.finish = []
    s._obs = None
    s._ta = None
    s._views = []
    events: list = []
    for seat in range(n):
        deal(tb, s, seat, events)
    timer.reset(s.timer, s.rng, c)
    if s.sides == "choose":
        s.stage, s.choice = "sides", 0
    else:
        after_sides(tb, s)
    return s


def after_sides(tb: Tables, s: SandsOfAdventureState) -> None:
    s.stage = "token" if token_seat(tb, s) >= 0 else "leader"


def token_seat(tb: Tables, s: SandsOfAdventureState) -> int:
    """The seat still owed a Power token at set-up (Marcus), or -1."""
    for seat, ch in enumerate(s.chars):
        need = tb.comp.characters[ch].setup_tokens
        if len(s.tokens[seat]) < need and any(s.stacks.values()):
            return seat
    return -1


def questions(tb: Tables, s: SandsOfAdventureState):
    """The one set-up question open now (seat 0 chooses for the group, Marcus his token)."""
    if s.stage == "token":
        return (Question("setup_token", token_seat(tb, s)),)
    return (Question("setup_side" if s.stage == "sides" else "first_leader", 0),)


# --- stages -------------------------------------------------------------------------------------
def legal_side(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [SIDE_A, SIDE_B]


def do_side(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    """Game Setup (note): once the game is known, the group may mix and match the sides of
    the round-1 Adventure tiles - one ``side A|B`` decision per tile, left to right."""
    side = action.args[0]
    pos = s.choice
    tile = s.row[pos][0]
    s.row[pos] = (tile, side)
    events.append(ev("tile_side_chosen", f"The {tb.comp.tiles[tile].name} is placed on "
                     f"side {side}.", index=pos, tile=tile, side=side))
    if pos + 1 < len(s.row):
        s.choice = pos + 1
    else:
        s.choice = -1
        after_sides(tb, s)


def legal_token(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [tb.A_TOKEN[k] for k in TOKEN_KINDS if s.stacks[k] > 0]


def do_token(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    take_token(tb, s, q.seat, action.args[0], events)
    if token_seat(tb, s) < 0:
        s.stage = "leader"


def setup_reason(tb: Tables, s: SandsOfAdventureState, q, seat: int, action) -> tuple[str, str]:
    if seat != q.seat:
        return (f"It is not {tb.name(s, seat)}'s choice now.", R_SETUP)
    return (f"'{action}' is not a setup choice now.", R_SETUP)


# name, legal, apply, auto, reason, rule
STAGES = (
    ("setup_side", legal_side, do_side, None, setup_reason, R_SETUP),
    ("setup_token", legal_token, do_token, None, setup_reason, R_SETUP),
    ("first_leader", legal_leader, do_leader, None, setup_reason, R_SETUP),
)
