"""The guided first game (issue 32): its steps as data, checked as they load, and the coach that
follows a match through them.

A guided game is a normal match: a fixed seed and seats read from
``resources/tutorials/<game id>.toml``, with the option ``ui.guide`` in its set-up (the rules
never see options named ``ui.*``), so its save says it was a guided game and opens as one. The
file holds, besides ``game``, ``seed`` and ``seats`` (seat 1 a person, the others bots), a list
of ``[[step]]`` tables:

``trigger``
    when the step comes up: ``"start"`` (at once), ``"stage:NAME"`` (the person's seat is asked
    the question of that stage of the game's flow, and can play the action expected) or
    ``"event:KIND"`` (an event of that kind happened since the step before was shown);
``title``, ``text``, ``section``
    a short heading, a sentence or two in our own words, the rulebook section it comes from;
``region``
    the ``regions()`` name (or ``fnmatch`` pattern: ``"button:*"``) of what to use;
``expect``
    the action kind that ends the step (played by the person's seat), or ``"any"``;
``choose`` (optional)
    the action the guide suggests (a pattern of its text, ``"take pawn"``, ``"move 3 *"``): the
    hint it gives and the move the tests play. Any action of the expected kind ends the step;
``nudge`` (optional)
    said under the rules' own refusal when a move is refused while the step is shown;
``optional`` (optional, false)
    a step that may not come up in every game (a Snake in the Timed Phase): while it waits, the
    next step coming up first passes it by.

:func:`load_tutorial` rejects a bad file with a :class:`TutorialError` naming the file, the step
and the problem. :class:`Coach` is the model (no drawing: ``coach_view`` draws it); it reads the
match's log and events, so it never refuses anything: the rules refuse, as in every game.
"""

from __future__ import annotations

import fnmatch
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import Match, SeatSpec, Setup
from . import paths

GUIDE_OPTION = "ui.guide"  # the set-up's flag of a guided game (a value: the tutorial's game)
TUTORIALS = "tutorials"  # resources/tutorials/<game id>.toml

TOP_KEYS = {"game", "seed", "seats", "options", "step", "minutes"}
STEP_KEYS = {"trigger", "title", "text", "section", "region", "expect", "nudge", "choose",
             "optional"}
NEEDED = ("trigger", "title", "text", "section", "region", "expect")
_KIND = re.compile(r"^[a-z][a-z0-9_]*$")
_REGION = re.compile(r"^[a-z]+(:[^\s].*)?$")
MAX_TEXT = 420
MAX_TITLE = 40


class TutorialError(ValueError):
    """A tutorial file that cannot be used; the message names the file, the step, the problem."""


@dataclass(frozen=True)
class Step:
    trigger: str
    title: str
    text: str
    section: str
    region: str
    expect: str
    nudge: str = ""
    choose: str = ""
    optional: bool = False

    def accepts(self, action) -> bool:
        """Whether ``action`` (played by the person) ends this step."""
        return self.expect == "any" or action.kind == self.expect

    def suggests(self, action) -> bool:
        return self.accepts(action) and (not self.choose or
                                         fnmatch.fnmatchcase(str(action), self.choose))

    @property
    def trigger_kind(self) -> str:
        return self.trigger.split(":", 1)[0]

    @property
    def trigger_name(self) -> str:
        return self.trigger.split(":", 1)[1] if ":" in self.trigger else ""


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    seats: tuple
    options: tuple
    steps: tuple
    path: str = ""
    minutes: int = 0  # how long it takes by hand, as the file says

    def setup(self) -> Setup:
        """The guided game's set-up: the file's seats, options and seed, flagged as guided."""
        return Setup(self.game, self.seats, tuple(sorted(dict(self.options, **{
            GUIDE_OPTION: self.game}).items())), self.seed)


def tutorial_path(game_id: str) -> Path:
    return Path(paths.resource(TUTORIALS, f"{game_id}.toml"))


def has_tutorial(game_id: str) -> bool:
    return tutorial_path(game_id).is_file()


def flow_of(game):
    """The game's ``engine.flow.Flow`` (``game.flow``, else its module's ``FLOW``), or None."""
    flow = getattr(game, "flow", None)
    if flow is None:
        flow = getattr(sys.modules.get(type(game).__module__), "FLOW", None)
    return flow if hasattr(flow, "stages") else None


def load_tutorial(game_id: str, path=None, game=None) -> Tutorial:
    """Read and check ``resources/tutorials/<game_id>.toml`` (or ``path``). With ``game`` (the
    rules), each ``stage:`` trigger must name a stage of its flow and the seats must suit it."""
    path = Path(path) if path is not None else tutorial_path(game_id)
    name = path.name

    def bad(why, step=None, title=""):
        where = "" if step is None else f" step {step}" + (f" ({title!r})" if title else "")
        raise TutorialError(f"Tutorial {name}{where}: {why}.")

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        bad(f"there is no such file ({path})")
    except (OSError, UnicodeDecodeError) as exc:
        bad(f"it cannot be read ({exc})")
    except tomllib.TOMLDecodeError as exc:
        bad(f"it is not valid TOML ({exc})")
    extra = set(data) - TOP_KEYS
    if extra:
        bad(f"unknown key {sorted(extra)[0]!r} (known: {', '.join(sorted(TOP_KEYS))})")
    if data.get("game") != game_id:
        bad(f"it is for game {data.get('game')!r}, not {game_id!r}")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 62:
        bad(f"the seed is {seed!r}, not a whole number from 0")
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        bad("'seats' must be a list such as [\"human\", \"bot:easy\"]")
    try:
        specs = tuple(SeatSpec.parse(s) if isinstance(s, str) else SeatSpec.parse(repr(s))
                      for s in seats)
    except ValueError as exc:
        bad(f"a seat is wrong: {exc}")
    if specs[0].is_bot or any(not s.is_bot for s in specs[1:]):
        bad("seat 1 must be 'human' and every other seat a bot")
    names = ("Learner", "Guide bot", "Second bot", "Third bot")
    specs = tuple(SeatSpec(s.kind, s.level, names[i] if i < len(names) else f"Bot {i}")
                  for i, s in enumerate(specs))
    options = data.get("options", {})
    if not isinstance(options, dict) or any(k.startswith("ui.") for k in options):
        bad("'options' must be a table of the game's options")
    minutes = data.get("minutes", 0)
    if not isinstance(minutes, int) or minutes < 0:
        bad(f"'minutes' is {minutes!r}, not a whole number")
    stages = set(flow_of(game).stages) if game is not None and flow_of(game) else None
    if game is not None:
        try:
            game.check_seats(len(specs))
            game.resolve_options(Setup(game_id, specs, tuple(sorted(options.items())), seed))
        except (ValueError, KeyError) as exc:
            bad(f"the set-up does not suit the game: {exc}")
    raw = data.get("step")
    if not isinstance(raw, list) or not raw:
        bad("it has no [[step]]")
    steps = []
    for i, st in enumerate(raw, 1):
        if not isinstance(st, dict):
            bad("is not a table", i)
        title = st.get("title", "") if isinstance(st.get("title"), str) else ""
        extra = set(st) - STEP_KEYS
        if extra:
            bad(f"unknown key {sorted(extra)[0]!r} (known: {', '.join(sorted(STEP_KEYS))})",
                i, title)
        for key in NEEDED:
            v = st.get(key)
            if not isinstance(v, str) or not v.strip():
                bad(f"'{key}' is missing or empty", i, title)
        for key in ("nudge", "choose"):
            if key in st and not isinstance(st[key], str):
                bad(f"'{key}' must be text", i, title)
        if not isinstance(st.get("optional", False), bool):
            bad("'optional' must be true or false", i, title)
        if len(title) > MAX_TITLE:
            bad(f"the title is longer than {MAX_TITLE} characters", i, title)
        for key in ("text", "nudge"):
            if len(st.get(key, "")) > MAX_TEXT:
                bad(f"the {key} is longer than {MAX_TEXT} characters", i, title)
        trig = st["trigger"]
        kind, _, what = trig.partition(":")
        if trig != "start" and (kind not in ("stage", "event") or not _KIND.match(what)):
            bad(f"the trigger {trig!r} is neither 'start', 'stage:NAME' nor 'event:KIND'",
                i, title)
        if kind == "stage" and stages is not None and what not in stages:
            bad(f"the trigger names stage {what!r}, which the game's flow does not have "
                f"(its stages: {', '.join(sorted(stages))})", i, title)
        if st["expect"] != "any" and not _KIND.match(st["expect"]):
            bad(f"expect {st['expect']!r} is neither 'any' nor an action kind", i, title)
        if st.get("choose") and st["expect"] != "any" and \
                st["choose"].split()[0] != st["expect"]:
            bad(f"choose {st['choose']!r} is not an action of the kind expected "
                f"({st['expect']!r})", i, title)
        if not _REGION.match(st["region"]):
            bad(f"the region {st['region']!r} is not a region name such as 'board' or "
                f"'button:End turn'", i, title)
        steps.append(Step(trig, title, " ".join(st["text"].split()), st["section"].strip(),
                          st["region"], st["expect"], " ".join(st.get("nudge", "").split()),
                          st.get("choose", "").strip(), st.get("optional", False)))
    if steps[-1].optional:
        bad("the last step cannot be optional", len(steps), steps[-1].title)
    return Tutorial(game_id, seed, specs, tuple(sorted(options.items())), tuple(steps),
                    str(path), minutes)


@dataclass
class Progress:
    """Where a coach stands: the step, whether it is shown, and what it has seen."""

    index: int = 0
    showing: bool = False
    start: int = 0  # events from this log length on may bring up the current step
    shown_at: int = 0  # the log length when the current step was shown
    seen: int = 0  # log entries read
    events: list = field(default_factory=list)  # (log length, event kind) since ``start``
    left: bool = False
    skipped: list = field(default_factory=list)  # optional steps passed by


class Coach:
    """Follows ``match`` through ``tutorial``'s steps for the person at ``seat``."""

    def __init__(self, tutorial: Tutorial, match: Match, seat: int = 0):
        self.tutorial = tutorial
        self.steps = tutorial.steps
        self.match = match
        self.seat = seat
        self.flow = flow_of(match.game)
        self.p = Progress()
        self.changed = 0  # counts changes of step or of showing (the view redraws on it)
        self.sync()

    # --- where it stands ----------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self.p.index

    @property
    def done(self) -> bool:
        return self.p.index >= len(self.steps)

    @property
    def left(self) -> bool:
        return self.p.left

    @property
    def showing(self) -> bool:
        return self.p.showing and not self.done and not self.p.left

    @property
    def step(self) -> Step | None:
        return None if self.done else self.steps[self.p.index]

    def stage(self) -> str | None:
        """The stage of the question the person's seat answers now (None: none)."""
        if self.flow is None or self.match.is_over():
            return None
        q = self.flow.question(self.match.state, self.seat)
        return q.stage if q is not None else None

    # --- following the match ------------------------------------------------------------------
    def on_events(self, events) -> None:
        n = len(self.match.log)
        self.p.events.extend((n, e.kind) for e in events)
        self.sync()

    def sync(self) -> None:
        """Read the log entries not read yet (the person's expected action ends the step), then
        see whether the current step comes up."""
        p, log = self.p, self.match.log
        if p.left:
            return  # the guide was left: the game is a normal one
        if p.seen > len(log):  # undone: the step stays where it is
            p.seen = len(log)
        while p.seen < len(log):
            entry = log[p.seen]
            p.seen += 1
            step = self.step
            if step is not None and p.showing and entry.seat == self.seat and \
                    step.accepts(entry.action):
                self._next(p.shown_at)
        self._check_trigger()

    def _next(self, start: int) -> None:
        p = self.p
        p.index += 1
        p.showing = False
        p.start = start
        p.events = [(n, k) for n, k in p.events if n >= start]
        self.changed += 1
        self._check_trigger()

    def _check_trigger(self) -> None:
        p = self.p
        if self.step is None or p.showing:
            return
        if self._up(self.step):
            self._show()
            return
        # an optional step that waits is passed by when a later one comes up first
        k = p.index
        while k < len(self.steps) - 1 and self.steps[k].optional:
            k += 1
            if self._up(self.steps[k]):
                p.skipped.extend(range(p.index, k))
                p.index = k
                self._show()
                return

    def _show(self) -> None:
        self.p.showing = True
        self.p.shown_at = len(self.match.log)
        self.changed += 1

    def _up(self, step: Step) -> bool:
        """Whether ``step``'s trigger has come (an event: since the step before was shown)."""
        p = self.p
        kind = step.trigger_kind
        if kind == "start":
            up = True
        elif kind == "stage":
            # the question of that stage, and the expected action can be played now
            up = self.stage() == step.trigger_name and (step.expect == "any" or any(
                step.accepts(a) for a in self.match.game.legal_actions(self.match.state,
                                                                        self.seat)))
        else:
            up = any(n >= p.start and k == step.trigger_name for n, k in p.events)
        return up

    def suggest(self, legal, fallback=None):
        """The action the shown step suggests among ``legal`` (the person's legal actions): its
        ``choose`` where it fits, else ``fallback`` (a bot's choice) when it is of the kind
        expected, else the first of that kind; ``fallback`` when no step is shown, it expects
        any action, or its kind cannot be played now (in real time the moment may have
        passed: a partner's card changed the pile)."""
        step = self.step if self.showing else None
        if step is None:
            return fallback
        if step.expect == "any":  # (a shown step is acted on, even where a bot would wait)
            return fallback if fallback is not None or not legal else legal[0]
        fits = [a for a in legal if step.accepts(a)]
        return next((a for a in fits if step.suggests(a)), None) or (
            fallback if fallback in fits or not fits else fits[0])

    # --- the person's controls ----------------------------------------------------------------
    def step_on(self) -> None:
        """The next step, shown at once (its trigger not waited for)."""
        if self.done:
            return
        if self.p.showing:
            self._next(len(self.match.log))
        if not self.done and not self.p.showing:
            self._show()
        self.changed += 1

    def leave(self) -> None:
        """Leave the guide: the game goes on as a normal game."""
        self.p.left = True
        self.changed += 1

    # --- a resumed guided game ----------------------------------------------------------------
    def catch_up(self) -> None:
        """A resumed game: play its log again from the start, headless, the coach following,
        so the coach stands where it stood when the game was saved."""
        match = self.match
        if not match.log:
            return
        again = Match(match.game, match.setup, track_hashes=False, keep_undo=False)
        shadow = Coach(self.tutorial, again, self.seat)
        again.listeners.append(shadow.on_events)
        for entry in match.log:
            if entry.tick > again.tick:
                shadow.on_events(again.advance(entry.tick - again.tick))
            again.apply(entry.seat, entry.action)
        self.p = shadow.p
        self.p.seen = len(match.log)
        self.changed += 1
        self._check_trigger()


def guided_setup(game_id: str) -> Setup:
    """The set-up of ``game_id``'s guided game (``TutorialError`` when it has none)."""
    return load_tutorial(game_id).setup()


def is_guided(setup: Setup) -> bool:
    return bool(setup.option(GUIDE_OPTION))


def start_guided(app, game_id: str, ask: bool = True) -> bool:
    """Start ``game_id``'s guided game (from the title, the seat setup); False (and said) when
    there is none or its file is broken."""
    from .table_open import start_table
    try:
        setup = guided_setup(game_id)
    except TutorialError as exc:
        from .scenes.message import MessageScene
        app.sound.play("error")
        app.push(MessageScene(app, "Learn to play", str(exc)))
        return False
    start_table(app, setup, ask=ask)
    return True


__all__ = ["Coach", "GUIDE_OPTION", "Step", "Tutorial", "TutorialError", "flow_of",
           "guided_setup", "has_tutorial", "is_guided", "load_tutorial", "start_guided",
           "tutorial_path"]
