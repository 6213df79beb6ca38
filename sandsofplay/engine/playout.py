"""One playout loop for every game, and the protocol checks run along it.

The same loop serves the conformance test (tests/conformance), ``tools/simulate.py`` (bots
through a ``Driver``) and ``tools/bench.py`` (the raw rules and ``Match``). It plays on a
*target*: anything with ``game``, ``state``, ``apply(seat, action)`` and ``advance(ticks)`` - a
``Match``, or ``Raw`` for the bare rules. A *chooser* names each move:

* ``("act", seat, action)`` - a seat takes an action;
* ``("wait", ticks)`` - real time runs on;
* ``None`` - nothing can happen (humans are needed, or the game is stuck).

``random_move`` is the uniformly random chooser; ``Checker`` holds the protocol checks
(invariants, observation leaks, determinize, JSON and clone round trips, undo, malformed
actions), each reporting a sentence naming the step, the seat and the action.
"""

from __future__ import annotations

import json

from .errors import IllegalAction
from .game import A, Action
from .rng import RNG
from .savefile import check_form_function
from .store import canonical, state_hash

MAX_STEPS = 200_000


class PlayoutError(RuntimeError):
    """A game that could not be played to its end (stuck, or too long)."""


def checkpoint(step: int) -> bool:
    """Steps at which the costly checks run: the first ten, then every power of two."""
    return step < 10 or (step & (step - 1)) == 0


class Raw:
    """The bare rules as a playout target: no log, no undo, no hashes."""

    __slots__ = ("game", "state")

    def __init__(self, game, state):
        self.game = game
        self.state = state

    def apply(self, seat, action):
        return self.game.apply(self.state, seat, action)

    def advance(self, ticks):
        return self.game.advance(self.state, ticks)


def actors(game, state) -> list[tuple[int, list[Action]]]:
    """The seats that may act now with a non-empty list of legal actions, in to_act order."""
    out = []
    for seat in game.to_act(state):
        legal = game.legal_actions(state, seat)
        if legal:
            out.append((seat, legal))
    return out


def random_move(game, state, rng: RNG, *, act_chance: float = 0.85, max_wait: int = 120):
    """A uniformly random move: a random acting seat plays a uniformly random legal action; in a
    game with a clock, now and then time runs on instead (1..``max_wait`` ticks, never past the
    next scheduled event). ``None`` when no seat can act and nothing is scheduled.

    Randomness drawn, in order: the acting seat (only when several may act), whether to wait
    (only when something is scheduled), then the action or the wait."""
    acting = actors(game, state)
    nxt = game.next_event_tick(state)
    if acting and (nxt is None or rng.random() < act_chance):
        seat, legal = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
        return "act", seat, legal[rng.randrange(len(legal))]
    if nxt is None:
        return None
    now = game.now(state)
    wait = 1 + rng.randrange(max(1, max_wait))
    return "wait", max(1, min(wait, nxt - now))


def random_chooser(rng: RNG, **kw):
    """``random_move`` as a chooser for ``run``."""
    return lambda target: random_move(target.game, target.state, rng, **kw)


def play_move(target, move) -> list:
    if move[0] == "act":
        return target.apply(move[1], move[2])
    return target.advance(move[1])


def run(target, choose, *, max_steps: int = MAX_STEPS, before=None, after=None,
        stats: dict | None = None) -> int:
    """Play moves named by ``choose(target)`` until the game ends; return the number of moves.

    ``before(target, step, move)`` runs before each move and ``after(target, step, move)`` after
    it (``step`` counts from 1). ``stats["actions"]``, when given, is increased by the number of
    actions played (moves that are not waits). Raises ``PlayoutError`` when the chooser has
    nothing to do while the game runs on, or after ``max_steps`` moves.
    """
    game = target.game
    step = 0
    waits = 0
    while game.outcome(target.state) is None:
        if step >= max_steps:
            raise PlayoutError(f"the game did not finish in {step} moves (tick "
                               f"{game.now(target.state)})")
        move = choose(target)
        if move is None:
            raise PlayoutError(f"nothing can happen at move {step + 1} (tick "
                               f"{game.now(target.state)}): no seat may act and nothing is "
                               "scheduled")
        step += 1
        if before is not None:
            before(target, step, move)
        if move[0] == "act":
            target.apply(move[1], move[2])
        else:
            target.advance(move[1])
            waits += 1
        if after is not None:
            after(target, step, move)
    if stats is not None:
        stats["actions"] = stats.get("actions", 0) + step - waits
    return step


def random_playout(game, setup, seed: int, **kw):
    """A whole uniformly random game on the bare rules; returns ``(state, moves)``."""
    target = Raw(game, game.new_state(setup))
    steps = run(target, random_chooser(RNG(seed), **kw))
    return target.state, steps


def move_text(move) -> str:
    if move is None:
        return "nothing"
    if move[0] == "act":
        return f"seat {move[1]} plays '{move[2]}'"
    return f"{move[1]} ticks pass"


# --- checks ------------------------------------------------------------------------------------

HUGE = (-1, -2, 10**6, 2**31, 2**63, 10**30, -(10**30))


def variants(action: Action) -> list[Action]:
    """Malformed neighbours of an action: one argument too many or too few, an argument of the
    wrong type, out of range or huge."""
    kind, args = action
    out = [A(kind), A(kind, *args, 0), A(kind, *args, 1), A(kind, *args, "x")]
    if args:
        out.append(A(kind, *args[:-1]))
        for i, v in enumerate(args):
            head, tail = args[:i], args[i + 1:]
            out.append(A(kind, *head, "zz" if isinstance(v, int) else 7, *tail))
            for big in HUGE:
                out.append(A(kind, *head, big, *tail))
            if isinstance(v, int):
                out.append(A(kind, *head, v + 1000, *tail))
    return out


def malformed_actions(seat: int, legal: list[Action], others: list[Action], kinds: dict,
                      rng: RNG, count: int = 40) -> list[Action]:
    """Actions ``seat`` may not take now: unknown kinds; malformed neighbours (see ``variants``)
    of its own legal actions, of other seats' and of every kind seen so far in the game
    (``kinds`` maps a kind to an example of its arguments); and other seats' legal actions.
    At most ``count``, a random choice, a third of them from each source."""
    own = [v for a in legal for v in variants(a)]
    seen = [v for kind, example in kinds.items() for v in variants(A(kind, *example))]
    seen += [v for a in others for v in variants(a)]
    pools = [own, seen, list(others)]
    out = [A("no_such_action"), A("no_such_action", 1), A("x" * 40, "y")]
    legal_set = set(legal)
    for pool in pools:
        pool = [a for a in dict.fromkeys(pool) if a not in legal_set]
        rng.shuffle(pool)
        out += pool[:count // 3]
    return [a for a in dict.fromkeys(out) if a not in legal_set]


class Checker:
    """The protocol checks, run along a playout. Each problem is kept as a sentence naming the
    step and what failed; at most ``limit`` are kept."""

    def __init__(self, game, seed: int = 0, limit: int = 20):
        self.game = game
        self.rng = RNG(seed ^ 0x5EED)
        self.failures: list[str] = []
        self.limit = limit
        self.kinds: dict[str, tuple] = {}
        self._twins = None
        self._before_hash = None
        self._texts_ok: set = set()

    def fail(self, msg: str) -> None:
        if len(self.failures) < self.limit:
            self.failures.append(msg)

    # every step ----------------------------------------------------------------------------------
    def state(self, state, step: int, full: bool | None = None) -> None:
        """Invariants and observation leaks for every seat and a spectator; at checkpoints (or
        with ``full``) also determinize, JSON and clone round trips."""
        game = self.game
        full = checkpoint(step) if full is None else full
        for p in game.check_invariants(state):
            self.fail(f"step {step}: invariant: {p}")
        n = game.seat_count(state)
        for seat in list(range(n)) + [None]:
            obs = game.observe(state, seat)
            for p in game.check_observation(state, seat, obs):
                self.fail(f"step {step}: seat {seat}: observation leak: {p}")
            if full and seat is not None:
                self.determinize(state, seat, obs, step)
        for seat in game.to_act(state):
            for a in game.legal_actions(state, seat):
                if a not in self._texts_ok:
                    self.text_form(a, step, seat)
        if full:
            self.round_trips(state, step)
            self.words(state, step)

    def words(self, state, step: int, count: int = 3) -> None:
        """The Hint's reason and a bot's words (``hint_why``, ``bot_why``) for the first
        ``count`` legal actions of each seat to act: text, never an error, the state unchanged."""
        game = self.game
        before = canonical(game.state_to_json(state))
        for seat in game.to_act(state):
            for a in game.legal_actions(state, seat)[:count]:
                for name in ("hint_why", "bot_why"):
                    try:
                        text = getattr(game, name)(state, seat, a)
                    except Exception as exc:  # noqa: BLE001 - report it with the step
                        self.fail(f"step {step}: seat {seat}: {name}({a}) raised {exc!r}")
                        continue
                    if not isinstance(text, str):
                        self.fail(f"step {step}: seat {seat}: {name}({a}) is not text: {text!r}")
        if canonical(game.state_to_json(state)) != before:
            self.fail(f"step {step}: the Hint's reason or a bot's words changed the state")

    def text_form(self, action, step, seat) -> None:
        """A legal action has a faithful text form (logs, saves and replays rely on it)."""
        self.kinds.setdefault(action.kind, action.args)
        self._texts_ok.add(action)
        why = action.problem()
        if why:
            self.fail(f"step {step}: seat {seat}: legal action {action!r} has no text form: {why}")
        elif Action.parse(str(action)) != action:
            self.fail(f"step {step}: seat {seat}: legal action {action!r} does not survive its "
                      "text form")

    def determinize(self, state, seat, obs, step) -> None:
        game = self.game
        try:
            world = game.determinize(obs, self.rng)
        except Exception as exc:  # noqa: BLE001 - report it with the step, keep checking
            self.fail(f"step {step}: seat {seat}: determinize raised {exc!r}")
            return
        if canonical(game.observe(world, seat)) != canonical(obs):
            self.fail(f"step {step}: seat {seat}: the determinized state observes differently")
        for p in game.check_invariants(world):
            self.fail(f"step {step}: seat {seat}: determinized state: {p}")
        if game.legal_actions(world, seat) != game.legal_actions(state, seat):
            self.fail(f"step {step}: seat {seat}: the determinized state offers other legal "
                      "actions")

    def round_trips(self, state, step) -> None:
        game = self.game
        data = game.state_to_json(state)
        text = json.dumps(data)
        back = game.state_from_json(json.loads(text))
        if canonical(game.state_to_json(back)) != canonical(data):
            self.fail(f"step {step}: the JSON round trip changed the state")
        if canonical(game.state_to_json(game.clone(state))) != canonical(data):
            self.fail(f"step {step}: the clone differs from the state")

    # around a move: copies follow the original ---------------------------------------------------
    def before_move(self, target, step: int, move) -> None:
        """At checkpoints, take a clone and a JSON copy (and the state's hash, for undo); after
        the move they must equal the original once they took the same move."""
        if not checkpoint(step - 1):
            self._twins = self._before_hash = None
            return
        game, state = self.game, target.state
        self._twins = [("clone", game.clone(state)),
                       ("JSON copy", game.state_from_json(json.loads(json.dumps(
                           game.state_to_json(state)))))]
        self._before_hash = state_hash(game, state)

    def after_move(self, target, step: int, move) -> None:
        if self._twins is None:
            return
        game = self.game
        data = canonical(game.state_to_json(target.state))
        for name, twin in self._twins:
            try:
                play_move(Raw(game, twin), move)
            except Exception as exc:  # noqa: BLE001
                self.fail(f"step {step}: the {name} refused {move_text(move)}: {exc!r}")
                continue
            if canonical(game.state_to_json(twin)) != data:
                self.fail(f"step {step}: after {move_text(move)} the {name} differs from the "
                          "original")
        self._twins = None

    def undo(self, match, step: int, move) -> None:
        """Undo then redo the last action (when allowed): the state before it comes back, and
        the redo gives the same state again. Call right after ``after_move`` at a checkpoint.
        A probe that put everything back leaves no trace: the match's version is restored, so
        bots driven on the match are not asked their question again."""
        if move[0] != "act" or not match.log or self._before_hash is None:
            return
        last = match.log[-1]
        ok, _why = match.can_undo(last.seat)
        if not ok:
            return
        game = self.game
        after = state_hash(game, match.state)
        version = match.version
        match.undo(last.seat)
        if game.now(match.state) == last.tick and state_hash(game, match.state) != self._before_hash:
            self.fail(f"step {step}: undo of '{last.action}' did not restore the state before it")
        match.apply(last.seat, last.action)
        if state_hash(game, match.state) != after:
            self.fail(f"step {step}: undo then redo of '{last.action}' changed the state")
        else:
            match.version = version
        self._before_hash = None

    # malformed actions -------------------------------------------------------------------------
    def malformed(self, state, step: int, count: int = 40) -> int:
        """Feed ``apply`` actions no seat may take now (see ``malformed_actions``; also seats
        -1 and n); each must raise ``IllegalAction`` and leave the state unchanged. Returns how
        many were tried."""
        game = self.game
        n = game.seat_count(state)
        legal = {seat: game.legal_actions(state, seat) for seat in range(n)}
        data = game.state_to_json(state)
        before = canonical(data)
        tried = 0
        for seat in list(range(n)) + [-1, n]:
            mine = legal.get(seat, [])
            others = [a for s, acts in legal.items() if s != seat for a in acts]
            batch = malformed_actions(seat, mine, others, self.kinds, self.rng, count)
            for action in batch:
                tried += 1
                self._refuse(state, seat, action, step)
            if canonical(game.state_to_json(state)) != before:
                # find the action that changed it, on copies of the state before the batch
                for action in batch:
                    copy = game.state_from_json(json.loads(json.dumps(data)))
                    self._refuse(copy, seat, action, step, quiet=True)
                    if canonical(game.state_to_json(copy)) != before:
                        self.fail(f"step {step}: seat {seat}: refusing '{action}' changed the "
                                  "state")
                        break
                else:
                    self.fail(f"step {step}: seat {seat}: refusing malformed actions changed "
                              "the state")
                return tried
        return tried

    def _refuse(self, state, seat, action, step, quiet=False):
        try:
            self.game.apply(state, seat, action)
        except IllegalAction:
            return
        except Exception as exc:  # noqa: BLE001 - the point of the check
            if not quiet:
                self.fail(f"step {step}: seat {seat}: '{action}' raised {exc!r} instead of "
                          "IllegalAction")
            return
        if not quiet:
            self.fail(f"step {step}: seat {seat}: '{action}' (not a legal action) was accepted")

    def malformed_text(self, match, step: int) -> int:
        """Feed ``Match.apply`` damaged action text and actions no seat may take now: each is
        refused with ``IllegalAction`` and the match (state, log) is unchanged."""
        game = self.game
        n = game.seat_count(match.state)
        texts = ["", "   ", "7", "play 1.5", "a b c d e f g h", "#! @", "move -", "\x00"]
        for kind, example in list(self.kinds.items())[:8]:
            texts.append(" ".join([kind] + [str(v) for v in example] + ["9" * 30]))
            texts.append(kind + " " + "x" * 3)
        # the state's exact form (``savefile.check_form``: the same bytes as marshalling its JSON,
        # tests/engine/test_check_forms.py), compared after every refusal: a hundred times
        # cheaper than its canonical JSON, which made this check most of a conformance run
        form = check_form_function(game)
        before, log_len = form(match.state), len(match.log)
        tried = 0
        for seat in range(n):
            legal = game.legal_actions(match.state, seat)
            for text in texts:
                try:
                    parsed = Action.parse(text)
                except ValueError:
                    parsed = None
                if parsed is not None and parsed in legal:
                    continue
                tried += 1
                try:
                    match.apply(seat, text)
                except IllegalAction:
                    pass
                except Exception as exc:  # noqa: BLE001
                    self.fail(f"step {step}: Match.apply(seat {seat}, {text!r}) raised {exc!r}")
                else:
                    self.fail(f"step {step}: Match.apply(seat {seat}, {text!r}) was accepted")
                if form(match.state) != before or len(match.log) != log_len:
                    self.fail(f"step {step}: refusing {text!r} changed the match")
                    return tried
        return tried
