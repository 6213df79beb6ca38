"""What every part of the round shares: the rulebook section names used in refusals, the
pre-built actions, the event helper, ``Tables`` (the components and what the rules derive from
them once), and small rules used everywhere (matching a card, Power tokens, the Threat dice of a
tile, drawing the top card, a new Exploration turn).

Every rule is a free function over the state: ``(tb, s, ...)`` where ``tb`` is the game's
``Tables``. Modules import downwards: common < gems < rounds < villain < exploration, timed,
setup < stages < game."""

from __future__ import annotations

from bisect import insort
from functools import partial

from ...engine import A, Event, seconds_to_ticks
from . import timer
from .data import ROW_LENGTH, TOKEN_KINDS, Components
from .state import SandsOfAdventureState

R_MOVE = "Exploration Phase: Move"
R_TILE = "Exploration Phase: Do the Adventure Tile"
R_DICE = "Threat Dice"
R_PLAY = "Playing Cards"
R_ATTACK = "Attack Cards"
R_BURY = "Burying Cards"
R_TIMED = "Timed Phase: On Your Turn"
R_SNAKE = "Timed Phase: Snakes"
R_TOKENS = "Power Tokens"
R_PREP = "Preparing for the Next Round"
R_SETUP = "Game Setup"
R_VILLAIN = "Activate the Villain"

PASS = A("pass")
SIDE_A, SIDE_B = A("side", "A"), A("side", "B")
VILLAIN_LEFT, VILLAIN_RIGHT = A("villain", "left"), A("villain", "right")
ROLL = A("roll")
DRAW = A("draw")
ROLL_TORCH = A("roll_torch")
IGNORE = A("ignore")
FINISH = A("finish")
R_FLIP = "The Sand Timer"


def ev(kind: str, text: str, reveal: bool = False, /, **data) -> Event:
    return Event(kind, data, text, reveal)


class Tables:
    """The loaded Components and the lookups the rules use in hot paths, built once per game
    object: card masks and kinds, names, and every action object (``legal`` builds lists of
    these)."""

    def __init__(self, comp: Components):
        c = self.comp = comp
        self.MASK = [card.mask for card in c.cards]
        self.ATTACK = [card.attack for card in c.cards]
        self.SNAKE = [card.snake for card in c.cards]
        self.UPGRADE = [card.upgrade for card in c.cards]
        self.CARD_NAME = [card.name for card in c.cards]
        self.CHAR_NAME = {k: ch.name for k, ch in c.characters.items()}
        self.roll_ticks = seconds_to_ticks(c.torch_roll_s)
        ids = range(len(c.cards))
        self.A_PLAY = [A("play", i) for i in ids]
        self.A_ANY = [A("any", i) for i in ids]
        self.A_INTERRUPT = [A("interrupt", i) for i in ids]
        self.A_BURY = [A("bury", i) for i in ids]
        self.A_KEEP = [A("keep", i) for i in ids]
        self.A_GIVE = [A("give", i) for i in ids]
        self.A_MOVE = [A("move", i) for i in range(ROW_LENGTH)]
        self.A_REPLACE = [A("replace", i) for i in range(ROW_LENGTH)]
        self.A_SEAT = {k: [A(k, i) for i in range(4)] for k in ("to", "leader")}
        self.A_TOKEN = {k: A("token", k) for k in TOKEN_KINDS}
        self.A_UPGRADES = [A("upgrades", i) for i in range(len(c.upgrade_cards) + 1)]
        self.well_formed = None  # id -> action: those of these the shape check passes at once

    def name(self, s: SandsOfAdventureState, seat: int) -> str:
        return self.CHAR_NAME[s.chars[seat]]

    def card_name(self, card: int) -> str:
        return self.CARD_NAME[card]

    def tile_name(self, s: SandsOfAdventureState, pos: int) -> str:
        return self.comp.tiles[s.row[pos][0]].name

    def villain_name(self, s: SandsOfAdventureState) -> str:
        return self.comp.villains[s.villain].name


def matches(tb: Tables, s: SandsOfAdventureState, card: int) -> bool:
    """Playing Cards: the first card of the round is free; after it, a card must share at least
    one colour or object with the top of the pile (an Attack card's character never counts: it
    is not in the card's mask)."""
    if not s.pile:
        return True
    return (tb.MASK[card] & tb.MASK[s.pile[-1]]) != 0


def playable(tb: Tables, s: SandsOfAdventureState, seat: int) -> list[int]:
    if not s.pile:
        return list(s.hands[seat])
    m, top = tb.MASK, tb.MASK[s.pile[-1]]
    return [c for c in s.hands[seat] if m[c] & top]


def has_token(s: SandsOfAdventureState, seat: int, kind: str) -> bool:
    for t in s.tokens[seat]:
        if t[1] and t[0] == kind:
            return True
    return False


def use_token(tb: Tables, s: SandsOfAdventureState, seat: int, kind: str, events: list) -> None:
    ts = s.tokens[seat]
    for i, t in enumerate(ts):
        if t[1] and t[0] == kind:
            ts[i] = (kind, False)
            break
    events.append(ev("token_used", f"{tb.name(s, seat)} uses "
                     f"{tb.comp.token_names[kind]}.", seat=seat, kind=kind))


def dice_count(tb: Tables, s: SandsOfAdventureState, seat: int) -> int:
    """Threat Dice: the tile's number, but Sallah always rolls one."""
    ch = tb.comp.characters[s.chars[seat]]
    if ch.threat_dice:
        return ch.threat_dice
    tile, side = s.row[s.figures[seat]]
    return tb.comp.tiles[tile].side(side).dice


def side_of(tb: Tables, s: SandsOfAdventureState, pos: int):
    tile, side = s.row[pos]
    return tb.comp.tiles[tile].side(side)


def load(tb: Tables, s: SandsOfAdventureState) -> float:
    return timer.load_g(s.timer, tb.comp)


def take_top(tb: Tables, s: SandsOfAdventureState, seat: int, events: list) -> int:
    """Drawing Cards / Snake Cards (outside the Timed Phase): the top Action card goes to the
    hand, or, if it is a Snake, to the Snake discard without a replacement. Returns the card
    added to the hand, or -1 for a Snake. The deck must not be empty."""
    card = s.deck.pop()
    if tb.SNAKE[card]:
        s.snakes.append(card)
        events.append(ev("snake_discarded", f"{tb.name(s, seat)} draws a Snake and "
                         "discards it.", True, seat=seat, card=card))
        return -1
    insort(s.hands[seat], card)
    return card


def take_token(tb: Tables, s: SandsOfAdventureState, seat: int, kind: str, events: list) -> None:
    """Power Tokens: one from the stack, face up."""
    s.stacks[kind] -= 1
    s.tokens[seat].append((kind, True))
    events.append(ev("token_taken", f"{tb.name(s, seat)} takes the "
                     f"{tb.comp.token_names[kind]} token.", seat=seat, kind=kind))


def bury(tb: Tables, s: SandsOfAdventureState, seat: int, card: int, source: list, events: list) -> None:
    """Burying Cards: face down at the bottom of the Action deck, even an Upgrade card."""
    source.remove(card)
    s.deck.insert(0, card)
    events.append(ev("card_buried", f"{tb.name(s, seat)} buries the "
                     f"{tb.card_name(card)} under the Action deck.", seat=seat, card=card))


def new_explore_turn(s: SandsOfAdventureState) -> None:
    """Exploration Phase: a player's turn starts with Move."""
    s.stage = "move"
    s.prog = []
    s.step_count = 0
    s.give_card = -1
    s.dice = []
    s.penalty = []


def bind(flow, tb: Tables, rows) -> None:
    """Register stages written as data rows ``(name, legal, apply, auto, reason, rule)`` (plus an
    optional ``allows``): each function takes ``tb`` first, bound here."""
    for row in rows:
        name, legal, apply, auto, reason, rule, *rest = row
        allows = rest[0] if rest else None
        flow.stage(name, partial(legal, tb), partial(apply, tb) if apply else _no_answer, rule,
                   reason=partial(reason, tb) if reason else None,
                   auto=partial(auto, tb) if auto else None,
                   allows=partial(allows, tb) if allows else None)


def _no_answer(s, q, action, events):  # pragma: no cover - an automatic stage has no answers
    raise AssertionError(f"the automatic stage {q.stage!r} takes no answer")
