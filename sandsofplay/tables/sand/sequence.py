"""What the rules of Sand resolve at once, played back at the table as a sequence of beats.

The rules run Alhazred's whole turn inside the action that ends the last player's turn, and the
Upkeep's turn order, refill and roll inside the last Mission decision (docs: the rules are not
changed for the table). The table plays them back one beat at a time: it keeps a copy of the state
before each action (``pacing``), applies the same action once more to that copy with an event
list that takes a picture of the observation each time the rules append an event, and checks the
copy ends equal to the real state. Each beat then shows the table as it was at that moment
(``Beat.obs``) with a caption and what to look at (``Beat.focus``): the Codex card and the compass
path it counts, Alhazred's Worm travelling, a delivery, the Mission chosen, kept or cashed, the
new turn order with its Prestige, the plants refilled city by city, the dice rolled, the new
Missions turned up one by one.

A ``Sequence`` is tween-like (``update(speed)``, ``done``) so it sits in the table's ``tweens``:
bots wait for it, the results wait for it, and the contract tests let it play.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...games.sand import turn as rules_turn
from ...games.sand.alhazred import path_order
from ...games.sand.data import DICE, get as sand_data
from ...games.sand.observe import observe

D = sand_data()

# events that make an action worth playing back step by step
TRIGGERS = frozenset({"codex", "upkeep", "pick", "alh_mission", "keep", "cash", "order",
                      "refill", "roll", "missions", "game_over"})
# events shown as a caption of their own inside a sequence (the others are folded in)
QUIET = frozenset({"codex_shuffle"})
TICKS = {  # at animation speed 1 (60 ticks a second)
    "alh_turn": 40, "codex": 66, "alh_travel": 38, "alh_deliver": 50, "alh_load": 34,
    "upkeep": 70, "pick": 46, "alh_mission": 56, "keep": 56, "cash": 56, "order": 84,
    "refill": 20, "refill_intro": 30, "roll": 70, "missions": 28, "turn": 40, "game_over": 90,
    "bot": 34, "resume": 60,
}
GENERIC_TICKS = 38
PHASES = ("Morning", "Afternoon", "Night")


@dataclass
class Beat:
    kind: str
    title: str  # the heading: "Alhazred's turn", "Upkeep after workday 2", a bot's name
    text: str  # the sentence said
    ticks: int
    obs: dict | None = None  # the table as it was (None: as it is now)
    focus: dict = field(default_factory=dict)
    path: list | None = None  # Alhazred's path so far this turn (None: leave it as it is)
    lines: list = field(default_factory=list)  # log lines said when the beat starts
    short: str = ""  # what the callout on the board says, when shorter than ``text``


class Sequence:
    """Beats played one after the other; tween-like, so the table's ``tweens`` run it."""

    def __init__(self, beats: list[Beat], on_change=None):
        self.beats = list(beats)
        self.i = 0
        self.t = 0.0
        self.on_change = on_change

    @property
    def done(self) -> bool:
        return self.i >= len(self.beats)

    @property
    def busy(self) -> bool:
        return not self.done

    @property
    def current(self) -> Beat | None:
        return self.beats[self.i] if self.i < len(self.beats) else None

    def extend(self, beats: list[Beat]) -> None:
        self.beats.extend(beats)

    def update(self, speed: float = 1.0) -> None:
        if self.done:
            return
        self.t += speed
        moved = False
        while not self.done and self.t >= self.beats[self.i].ticks:
            self.t -= self.beats[self.i].ticks
            self.i += 1
            moved = True
        if moved and self.on_change is not None:
            self.on_change(self)

    def finish(self) -> None:
        """Skip to the end: the table shows the state as it is."""
        if self.done:
            return
        self.i, self.t = len(self.beats), 0.0
        if self.on_change is not None:
            self.on_change(self)

    def progress(self, alpha: float = 0.0) -> float:
        b = self.current
        if b is None:
            return 1.0
        return max(0.0, min(1.0, (self.t + alpha) / max(1, b.ticks)))

    def shown(self) -> dict | None:
        """The observation to draw now (None: the live one)."""
        for b in self.beats[self.i:self.i + 1]:
            return b.obs
        return None

    def key(self):
        return (self.i, id(self.current)) if self.busy else None


# --- the rules once more, with pictures ----------------------------------------------------------


def rerun(pre, seat: int, action, viewer, live, look=None):
    """Apply ``action`` to a copy of ``pre`` (the state before it) and picture the observation at
    each event (``look(state)`` when given: everything face up). Returns (events, observations)
    when the copy ends equal to ``live``, else None."""
    s = pre.clone()
    snaps: list = []
    if look is None:
        def look(state):
            return observe(state, viewer)

    class Recorder(list):
        def append(self, event):  # the rules append each event as it happens
            list.append(self, event)
            snap = look(s)
            len(snap)  # built now: the rules go on changing this copy without settling views
            snaps.append(snap)

    ev = Recorder()
    try:
        rules_turn.apply(s, seat, action, ev)
    except Exception:  # noqa: BLE001 - a picture that cannot be taken is simply not shown
        return None
    s.actions += 1
    if s.__dict__ != live.__dict__:
        return None
    return list(ev), snaps


def said_line(who: str, sentence: str) -> str:
    """The log line of an action whose events say nothing: who did it, and the action said
    ("Tariq: Place the white Action token in a free space.")."""
    return f"{who}: {sentence}"


class ActionReplay:
    """The sequences' second run of the rules, the one place of the table (with the replay's
    face-up view, ``face_up.py``) that touches the match's full state: playing an action again
    needs all of it (the Codex deck's order, the RNG of the dice), so a copy of the state before
    each action is kept here, and only observations come out (``look(state)``: the viewer's, or
    everything face up in that view of a finished game's replay)."""

    def __init__(self, match):
        self.match = match
        self._kept = None  # (match version, a copy of the state then)
        self._pre = None  # the state before the action to play again
        self.keep()

    def keep(self) -> None:
        """Remember the state as it is now (before the next action)."""
        self._kept = (self.match.version, self.match.state.clone())

    def stale(self) -> bool:
        """The match changed without an action being told (undo, a reset)."""
        return self._kept is not None and self._kept[0] != self.match.version

    def took_one_action(self) -> bool:
        """An action was just played: True when the state before it is known (exactly one
        change ago), which ``pictures`` then plays again; the state now is kept for the next."""
        before = self._kept
        self.keep()
        ok = before is not None and before[0] == self.match.version - 1
        self._pre = before[1] if ok else None
        return ok

    def resumed(self):
        """A resumed game: its log played again from the start, up to its last action (whose
        pictures ``pictures`` then gives). Returns (seat, action, events) of that action, or
        None."""
        from ...engine import IllegalAction, Match
        match = self.match
        if not match.log:
            return None
        try:
            again = Match(match.game, match.setup, track_hashes=False, keep_undo=False)
            for entry in match.log[:-1]:
                if entry.tick > again.tick:
                    again.advance(entry.tick - again.tick)
                again.apply(entry.seat, entry.action)
            pre = again.state.clone()
            last = match.log[-1]
            events = again.apply(last.seat, last.action)
        except (IllegalAction, ValueError, KeyError, TypeError):
            return None
        self._pre = pre
        return last.seat, last.action, events

    def said(self, seat, action) -> str:
        """The action just played, in a sentence of the rules (said of the state before it):
        the log line of an action whose events say nothing (a token placed, acting begun)."""
        if self._pre is None:
            return ""
        try:
            return self.match.game.describe(self._pre, seat, action)
        except Exception:  # noqa: BLE001 - a sentence that cannot be made is left out
            return ""

    def pictures(self, seat, action, events, viewer, look):
        """(events, the observation at each event, the observation before) of the action
        played again from the state before it; when the second run does not end where the
        match is, each event is shown over the table as it is now."""
        pre = self._pre
        got = rerun(pre, seat, action, viewer, self.match.state, look)
        if got is None:  # no pictures: say it over the table as it is now
            live = look(self.match.state)
            got = (events, [live] * len(events))
        return got[0], got[1], look(pre)


# --- beats from events ----------------------------------------------------------------------------


def _copy(obs: dict, **changes) -> dict:
    out = dict(obs)
    out.update(changes)
    return out


def _name(seat, names):
    return names(seat) if seat is not None and seat >= 0 else "Alhazred"


def build(events, snaps, pre_obs, names, named, said=None, path=None) -> list[Beat]:
    """The beats of one action. ``names(seat)``: a seat's name; ``named(text)``: a rules sentence
    with people's names; ``said``: (seat, sentence) when a bot chose the action; ``path``:
    Alhazred's path this turn before the action."""
    beats: list[Beat] = []
    kinds = {e.kind for e in events}
    path = list(path or [])
    pending: list[str] = []  # log lines of events not shown yet

    def add(beat):
        beat.lines, pending[:] = list(pending), []
        beats.append(beat)
    if said is not None and events and events[0].kind in TRIGGERS:
        said = None  # the bot's choice is the first moment of the sequence: said there
    if said is not None:
        seat, text = said
        loc = next((e.data.get("to") or e.data.get("loc") or e.data.get("city")
                    for e in events if isinstance(e.data, dict) and
                    (e.data.get("to") or e.data.get("loc") or e.data.get("city"))), None)
        coins = next((e.data.get("coins") for e in events if e.kind == "deliver"), None)
        focus = {"loc": loc, "seat": seat}
        if coins:
            focus["coins"] = coins
        add(Beat("bot", names(seat), text, TICKS["bot"], None, focus))
    if not kinds & TRIGGERS:
        return beats
    round_no = pre_obs.get("round", 0)
    prev = pre_obs
    card_no = 0
    alh_loc = (pre_obs.get("alh") or {}).get("loc")
    i = 0
    while i < len(events):
        e, obs = events[i], snaps[i]
        k, d = e.kind, e.data if isinstance(e.data, dict) else {}
        text = named(e.text) if e.text else ""
        if text:
            pending.append(text)
        upkeep = f"Upkeep after workday {round_no}"
        if k == "codex":
            if card_no == 0:
                path = []
                held = pending.pop() if pending and pending[-1] == text else None
                add(Beat("alh_turn", "Alhazred's turn",
                         "Alhazred reads three Codex cards, one at a time.",
                         TICKS["alh_turn"], prev, {"loc": alh_loc}, list(path)))
                if held:
                    pending.append(held)
            card_no += 1
            chosen = next((x.data.get("route") for x in events[i + 1:i + 2]
                           if x.kind == "alh_travel"), None)
            order = path_order(alh_loc, d.get("dir", "cw"), int(d.get("count", 1))) \
                if alh_loc else []
            arrow = "clockwise" if d.get("dir") == "cw" else "counter-clockwise"
            say = (f"Codex card {d.get('card')}: count {d.get('count')} shortcut"
                   f"{'s' if d.get('count') != 1 else ''} {arrow} round the compass of "
                   f"{D.locations[alh_loc].name if alh_loc in D.locations else 'his place'}")
            if chosen and order and chosen != order[0]:
                j = order.index(chosen) if chosen in order else 0
                say += ("; he goes on in the arrow's direction to the first shortcut that leads "
                        "where he can deliver or load" +
                        (f" ({j} further round)." if j else "."))
            elif not order:
                say += ": no shortcut leaves here, he stays."
            else:
                say += "."
            dest = D.routes[chosen].other(alh_loc) if chosen in D.routes else ""
            short = (f"Card {d.get('card')}: count {d.get('count')} {arrow}"
                     + (f"; he takes the shortcut to {D.locations[dest].name}."
                        if dest in D.locations else "."))
            add(Beat("codex", f"Alhazred's turn - Codex card {card_no} of 3", say,
                     TICKS["codex"], obs,
                     {"loc": alh_loc, "card": d.get("card"), "index": card_no,
                      "compass": {"loc": alh_loc, "order": order, "chosen": chosen,
                                  "dir": d.get("dir")}}, list(path), short=short))
        elif k == "alh_travel":
            path.append((d.get("from"), d.get("to"), d.get("route")))
            alh_loc = d.get("to")
            add(Beat("alh_travel", f"Alhazred's turn - Codex card {card_no} of 3",
                     text, TICKS["alh_travel"], obs, {"loc": alh_loc}, list(path)))
        elif k in ("alh_deliver", "alh_load"):
            focus = {"loc": d.get("loc")}
            if d.get("coins"):
                focus["coins"] = d["coins"]
            add(Beat(k, f"Alhazred's turn - Codex card {card_no} of 3", text,
                     TICKS[k], obs, focus, list(path)))
        elif k == "upkeep":
            queue = [names(q) for q in obs.get("queue", []) if 0 <= q < len(obs["players"])]
            if obs.get("solo") and queue:
                say = (f"{queue[0]} chooses a Mission; Alhazred takes the highest one left and "
                       f"its coins; then {queue[0]} keeps it for the end of the game or takes "
                       "its immediate reward.")
            else:
                say = ("Each player chooses a Mission, in reverse turn order"
                       + (f" ({', then '.join(queue)})" if queue else "")
                       + "; then each keeps it for the end of the game or takes its immediate "
                         "reward.")
            add(Beat("upkeep", upkeep, say, TICKS["upkeep"], obs, {}))
        elif k in ("pick", "keep", "cash", "alh_mission"):
            seat = d.get("seat") if k != "alh_mission" else -1
            add(Beat(k, upkeep, text, TICKS[k], obs,
                     {"mission": d.get("mission"), "who": _name(seat, names),
                      "verdict": k, "reward": d.get("reward"), "coins": d.get("coins")}))
        elif k == "order":
            order = list(d.get("order", []))
            rows = []
            for pos, q in enumerate(order):
                gain = D.turn_prestige[pos] if pos < len(D.turn_prestige) else 0
                rows.append((q, names(q), gain))
            add(Beat("order", upkeep,
                     "New turn order, lowest Mission first; Prestige for the places: "
                     + ", ".join(f"{n} +{g}" for _q, n, g in rows) + ".",
                     TICKS["order"], obs, {"order": rows}))
        elif k == "refill":
            placed = [tuple(x) for x in d.get("boxes", [])]
            cities = {c: list(v) for c, v in prev["cities"].items()}
            bag = dict(prev.get("bag", {}))
            add(Beat("refill_intro", upkeep,
                     "Plants are refilled city by city, in the cities' order.",
                     TICKS["refill_intro"], _copy(prev), {}))
            for city in D.cities:
                here = [(slot, c) for cc, slot, c in placed if cc == city]
                if not here:
                    continue
                for slot, c in here:
                    cities[city][slot] = c
                    if c in bag:
                        bag[c] = max(0, bag[c] - 1)
                shown = _copy(prev, cities={x: list(v) for x, v in cities.items()},
                              bag=dict(bag))
                loc = D.locations[city]
                add(Beat("refill", upkeep,
                         f"{loc.name} ({loc.order}) gets "
                         + " and ".join(f"a {c} Box" for _s, c in here) + ".",
                         TICKS["refill"], shown,
                         {"loc": city, "boxes": [c for _s, c in here]}))
            if not placed:
                beats[-1].text = "No city has an empty space: no plants are refilled."
        elif k == "roll":
            who = names(obs.get("cur", 0)) if 0 <= obs.get("cur", -1) < len(obs["players"]) \
                else ""
            title = upkeep if "refill" in kinds else "The roll"
            verb = "rerolls" if d.get("reroll") else "rolls"
            dice = list(d.get("dice", obs.get("dice", [])))
            add(Beat("roll", title,
                     f"{who} {verb} the dice: "
                     + ", ".join(f"{c} {v}" for c, v in zip(DICE, dice)) + ".",
                     TICKS["roll"], obs, {"dice": dice}))
        elif k == "missions":
            shown_all = list(d.get("display", obs.get("display", [])))
            for n in range(1, len(shown_all) + 1):
                add(Beat("missions", f"Workday {obs.get('round', '')}",
                         "New Missions: "
                         + ", ".join(f"#{m}" for m in shown_all[:n]) + ".",
                         TICKS["missions"] + (20 if n == len(shown_all) else 0),
                         _copy(obs, display=shown_all[:n]),
                         {"missions": shown_all[:n]}))
        elif k == "turn":
            seat = d.get("seat", 0)
            phase = PHASES[d["phase"]] if 0 <= d.get("phase", -1) < 3 else ""
            add(Beat("turn", "Next",
                     f"{names(seat)}'s turn: {phase}, workday {d.get('round', '')}.",
                     TICKS["turn"], obs, {"seat": seat}))
        elif k == "game_over":
            add(Beat("game_over", "The end", text, TICKS["game_over"], obs, {}))
        elif k in QUIET or not text:
            pass
        else:
            focus = {"loc": d.get("loc") or d.get("city")}
            title = f"Alhazred's turn - Codex card {card_no} of 3" if card_no and (
                k.startswith("alh_") or d.get("seat") == len(obs.get("players", []))) \
                else (upkeep if "upkeep" in kinds or "order" in kinds else "")
            add(Beat(k, title, text, GENERIC_TICKS, obs, focus,
                     list(path) if card_no else None))
        prev = obs
        i += 1
    if beats and pending:
        beats[-1].lines.extend(pending)
    return beats
