"""Helpers for the Sands of Adventure tests: set-ups, scenario building and scripted dice.

Scenario helpers move cards between zones (never create or destroy them), so every scenario
state still passes ``check_invariants``.
"""

from __future__ import annotations

from bisect import insort

from sandsofplay.engine import RNG, A, Setup
from sandsofplay.engine.playout import Raw, play_move, random_move
from sandsofplay.games.sands_of_adventure import GAME
from sandsofplay.games.sands_of_adventure import gems
from sandsofplay.games.sands_of_adventure import timer


def add_gem(s, size: str, seat: int, events: list) -> None:
    """The Add a Gem rule on its own (``gems.add_gem``), for scenarios."""
    gems.add_gem(GAME.tables, s, size, seat, events)


COMP = GAME.comp


def setup(players=2, seed=1, chars=None, **opts) -> Setup:
    if chars:
        for i, ch in enumerate(chars):
            opts[f"char{i + 1}"] = ch
    return Setup.make(GAME.id, ["human"] * players, seed=seed, **opts)


def new_game(players=2, seed=1, chars=None, token="any", leader=0, **opts):
    """A game past setup: Marcus (if playing) takes ``token``; ``leader`` leads round 1."""
    s = GAME.new_state(setup(players, seed, chars, **opts))
    while s.phase == "setup":
        seat = GAME.to_act(s)[0]
        if s.stage == "token":
            GAME.apply(s, seat, A("token", token))
        else:
            GAME.apply(s, seat, A("leader", leader))
    return s


def seat_of(s, char: str) -> int:
    return s.chars.index(char)


def ids_named(name: str) -> list[int]:
    return [c.id for c in COMP.cards if c.name == name]


def _zones(s):
    return [s.deck, s.updeck, s.pile, s.snakes, s.aside] + list(s.hands)


def _detach(s, name: str, prefer=None) -> int:
    """Take a card with this name out of wherever it is (the decks first)."""
    order = [s.deck, s.updeck] + [z for z in _zones(s) if z is not s.deck and z is not s.updeck]
    if prefer is not None:
        order.insert(0, prefer)
    for zone in order:
        for c in zone:
            if COMP.cards[c].name == name:
                zone.remove(c)
                return c
    raise LookupError(f"no free card named {name!r}")


def give(s, seat: int, *names: str) -> list[int]:
    """Put cards with these names into a seat's hand (taken from the decks)."""
    out = []
    for name in names:
        c = _detach(s, name)
        insort(s.hands[seat], c)
        out.append(c)
    s.touch()
    return out


def empty_hand(s, seat: int) -> None:
    """Send a hand's cards to the bottom of the Action deck."""
    for c in list(s.hands[seat]):
        s.hands[seat].remove(c)
        s.deck.insert(0, c)
    s.touch()


def on_pile(s, *names: str) -> list[int]:
    out = []
    for name in names:
        c = _detach(s, name)
        s.pile.append(c)
        out.append(c)
    s.touch()
    return out


def _on_top(s, deck: list, names) -> list[int]:
    """Put cards with these names on top of ``deck`` (taken from it first); the first name ends on
    top (is drawn first)."""
    out = []
    for name in reversed(names):
        c = _detach(s, name, prefer=deck)
        deck.append(c)
        out.append(c)
    s.touch()
    return list(reversed(out))


def deck_top(s, *names: str) -> list[int]:
    """Put cards on top of the Action deck; the first name ends on top (is drawn first)."""
    return _on_top(s, s.deck, names)


def upgrade_top(s, *names: str) -> list[int]:
    """Put Upgrade cards on top of the Upgrade deck; the first name is drawn first."""
    return _on_top(s, s.updeck, names)


def tile_pos(s, tile_id: str) -> int:
    for i, (tile, _side) in enumerate(s.row):
        if COMP.tiles[tile].id == tile_id:
            return i
    raise LookupError(tile_id)


def put_tile(s, pos: int, tile_id: str, side: str = "A") -> None:
    """Swap a tile into position ``pos`` (it trades places with the tile there)."""
    idx = COMP.tile_by_id(tile_id).index
    s.touch()
    for i, (tile, sd) in enumerate(s.row):
        if tile == idx:
            s.row[i] = s.row[pos]
            s.row[pos] = (idx, side)
            return
    if idx in s.tiles_aside:
        k = s.tiles_aside.index(idx)
        s.tiles_aside[k] = s.row[pos][0]
        s.row[pos] = (idx, side)
        return
    raise LookupError(tile_id)


def set_round(s, rnd: int) -> None:
    """Jump a fresh round-1 state to the start of round ``rnd`` (villain and tiles)."""
    v = COMP.villains[rnd - 1]
    s.touch()
    s.round = rnd
    s.villain = v.index
    s.health = v.health
    s.vpos = 0


class ScriptedRNG:
    """A stand-in for the state's RNG that returns scripted values (for dice in examples)."""

    def __init__(self, values=(), uniform=0.5):
        self.values = list(values)
        self.state = 0
        self._uniform = uniform

    def clone(self):
        c = ScriptedRNG(self.values, self._uniform)
        c.state = self.state
        return c

    def _next(self):
        self.state += 1
        if not self.values:
            raise AssertionError("the test scripted too few random values")
        return self.values.pop(0)

    def randrange(self, n):
        v = self._next()
        assert 0 <= v < n
        return v

    def random(self):
        self.state += 1
        return self._uniform

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def shuffle(self, items):
        self.state += 1

    def to_json(self):
        return self.state


def threat(*faces: str) -> list[int]:
    return [COMP.threat_faces.index(f) for f in faces]


def torch(*faces: str) -> list[int]:
    return [COMP.torch_faces.index(f) for f in faces]


def script(s, values) -> None:
    s.rng = ScriptedRNG(values)


def explore(s, pos: int, faces, answer=A("token", "any"), seat: int = 0):
    """``seat`` moves its figure to Adventure tile ``pos``, answers the tile's question with
    ``answer`` (a token to take, or a pass) and rolls the Threat dice, scripted to show
    ``faces``; returns the roll's events."""
    GAME.apply(s, seat, A("move", pos))
    GAME.apply(s, seat, answer)
    script(s, threat(*faces))
    return GAME.apply(s, seat, A("roll"))


def rolled_before_a_flip(first="large", second="villain", chars=("indiana", "marion")):
    """Seat 0 moves to tile 2 (the College) and rolls ``first`` and ``second``, which wait to be
    put in order; the timer is loaded so that doing ``first`` first tips it (a low tipping
    point)."""
    s = new_game(len(chars), chars=chars)
    put_tile(s, 2, "college", "A")
    s.timer.tip_g = 34.6
    for _ in range(6):
        add_gem(s, "small", 1, [])  # 18 g
    for _ in range(2):
        add_gem(s, "large", 1, [])  # 30 g
    explore(s, 2, (first, second))
    return s


def load(s) -> float:
    return timer.load_g(s.timer, COMP)


def flip_now(s, tip_g=None) -> None:
    """Fill the basket past the tipping point through the rules (the Timed Phase starts)."""
    if tip_g is not None:
        s.timer.tip_g = tip_g
    events = []
    s.touch()
    while s.phase == "explore":
        add_gem(s, "large", s.current, events)
    return events


def run_to(s, tick: int) -> list:
    return GAME.advance(s, tick - s.tick)


def play_out_fall(s) -> list:
    """Advance until the timer rests inverted."""
    return GAME.advance(s, s.timer.fall_end_tick - s.tick)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def check(s) -> None:
    s.touch()  # scenarios change states by hand: observe them afresh
    problems = GAME.check_invariants(s)
    assert not problems, problems


def random_states(s, seed: int, steps: int):
    """Yield ``s`` before each of up to ``steps`` uniformly random moves played on it (seeded by
    ``seed``), until the game ends or nothing can happen; the caller may stop early."""
    rng, target = RNG(seed), Raw(GAME, s)
    for _ in range(steps):
        if GAME.outcome(s) is not None:
            return
        yield s
        move = random_move(GAME, s, rng)
        if move is None:
            return
        play_move(target, move)
