"""The Legend of the Burning Sands table: every player's Stronghold, City Sections, Heroes and
Holdings in a row of their own, the viewer's hand below the prompt, the card under the pointer
shown large with its full text, and the log. People click glowing cards, drag cards from the
hand, and answer each question of the rules in the prompt bar; bots act at a watchable pace and
say what they do by their row. With two or more humans the pass-the-device curtain (the base
table) comes down before each private choice, so nobody's hand or face-down card is drawn to
another player.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...engine import Action
from ...games.burning_sands import cards as C
from ...ui.table import TableScene
from . import deck_scene  # noqa: F401 - registers the deck scene for the title
from .animate import Motion
from .arena import ArenaView
from .arena_draw import ArenaDraw
from .face_up import FaceUpView
from .play import TableInput
from .reactions import ReactionStops
from .seen import seen_state
from .view import LOG, PROMPT, TableView

PROMPTS = {
    "buy": "{who}: buy City Sections with your City Points (or keep the ones you have).",
    "prio": "{who}: {phase} Phase - play a card, use an ability, attack or raid, or pass.",
    "play": "{who}: finish playing the card - pay with the glowing producers, choose targets.",
    "window": "{who}: a Reaction is possible - react with a glowing card, or pass.",
    "attack": "{who}: declare the attack - choose defenders, allies and where each Hero goes.",
    "order": "{who}: choose the City Section whose battle is fought next.",
    "battle": "{who}: your Battle Action - engage, send a Hero home, or pass.",
    "absorb": "{who}: absorb the damage - choose what is destroyed (click it).",
    "tactic": "{who}: Tactician - discard a card from your hand.",
    "raid": "{who}: the raid - choose raiders, face-down Fate cards and defenders.",
    "duel": "{who}: the duel - accept or refuse, then thrust and parry.",
    "enddraw": "{who}: End Phase - discard down to your hand limit.",
    "endwater": "{who}: End Phase - place your Water tokens on your City Sections.",
    "khadi": "{who}: Khadi - you may pay Water to bring a card back, or pass.",
    "exchange": "{who}: choose the Hero to exchange cards with, and what moves.",
    "overlay": "{who}: pay for the Experienced Hero laid over its earlier version.",
    "remain": "{who}: straighten the card, or leave it bowed.",
    "retarget": "{who}: choose the new target.",
}
BUTTON_LABELS = {"pass": "Pass", "attack": "Attack", "raid": "Raid", "done": "Done",
                 "declare": "Declare attack", "demand": "Demand Water", "nodemand": "Ask nothing",
                 "decline": "Refuse to pay", "noarchery": "No Archery", "spill": "Lose a Water",
                 "raze": "Let it fall", "go": "Send raiders", "nodefend": "Do not defend",
                 "accept": "Accept", "refuse": "Refuse", "blind": "Parry blind", "stay": "Stay bowed",
                 "ready": "Keep these", "abandon": "Stop paying"}


FACE_BYTES = 8 << 20


class BurningSandsTable(FaceUpView, ReactionStops, ArenaView, ArenaDraw, Motion, TableInput,
                        TableView, TableScene):
    name = "the Legend of the Burning Sands table"
    fonts = ((9, True), (10, False), (10, True), (11, False), (11, True), (12, False), (12, True),
             (13, False), (13, True), (14, False), (15, True), (16, True), (17, False), (17, True),
             (19, True), (20, True), (22, False), (24, True), (30, True))

    def __init__(self, app, match, mode="play", replay_data=None):
        super().__init__(app, match, mode, replay_data)
        self.prompt_rect = pygame.Rect(PROMPT)
        self.log.rect = pygame.Rect(LOG)
        self.prompt_key = None
        self.menu_btn = self.hint_btn = None
        # card faces at every size, value and Water count of a long game: the oldest go first
        # (a table shows some 60 at once; 8 MB holds ~200 of the board's size)
        app.images.limit("bs-card", FACE_BYTES)

    def warm_steps(self):
        """The fonts and the card faces of the first frame, a piece at a time (a generator the
        kiosk runs behind its title card; the entry finishes what is left)."""
        yield from super().warm_steps()
        yield from self.warm_faces()  # view.py

    def enter_steps(self):
        self.menu_btn = self.own(UIButton(pygame.Rect(1016, 2, 146, 30), "Menu (Esc)",
                                          self.app.manager, command=self.open_menu,
                                          tool_tip_text="Pause: undo, save, rules help, "
                                                        "settings, quit"))
        yield
        if self.mode == "play":
            self.hint_btn = self.own(UIButton(pygame.Rect(1166, 2, 106, 30), "Hint (H)",
                                              self.app.manager, command=self.ask_hint,
                                              tool_tip_text="Ask the normal bot for a move"))
            yield
        self.refresh_prompt()
        yield
        self.draw_ahead()  # the first frame's text and card faces, made now

    def open_menu(self):
        from ...ui.scenes.overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    def observation(self):
        """The viewer's observation (the base's ``observe_view``): all the table draws from."""
        key = (self.match.version, self.viewer, len(self.match.log))
        if self._obs_key != key:
            self._obs_key = key
            self._obs = self.observe_view()
            self._seen = seen_state(self._obs)
        return self._obs

    def seen(self):
        """The observation as a state the rules can read (``seen.py``): what the table asks the
        rules about (who acts, the seat's legal actions, current values, sentences)."""
        self.observation()
        return self._seen

    _obs_key = None
    _obs = None
    _seen = None

    # --- state changes ------------------------------------------------------------------------
    def update_table(self):
        if self.skip_pace is not None and (self.acting_human() is not None or
                                           self.match.is_over()):
            self.driver.pace_ticks, self.skip_pace = self.skip_pace, None
        self.refresh_prompt()
        self.sync_reaction_hold()
        self.update_touch()
        self.update_arena()
        self.track_motion()  # animate.py: cards glide to their new places

    def refresh_contract(self):
        self.refresh_prompt()
        self.sync_reaction_hold()

    def refresh_prompt(self):
        key = (self.match.version, self.viewer) if self.mode == "play" else None
        if key == self.prompt_key:
            return
        self.prompt_key = key
        seat = self.acting_human()
        if seat is None:
            self.selected = None
            self.set_prompt_buttons(None, [], str)
            return
        by_card, other = self.split_actions(seat)
        if self.selected not in by_card:
            self.selected = None
        self.set_prompt_buttons(seat, other, self.action_label,
                                lambda a: self.game.describe(self.seen(), seat, a))

    def action_label(self, a: Action) -> str:
        if a.kind in BUTTON_LABELS:
            return BUTTON_LABELS[a.kind]
        st = self.seen()
        if a.kind in ("defender", "invite"):
            return ("Attack " if a.kind == "defender" else "Invite ") + self.seat_name(a.args[0])
        if a.kind == "buy":
            c = C.D.by_id.get(a.args[0])
            return f"{c.name} ({c.cp_cost} CP)" if c else str(a)
        if a.args and isinstance(a.args[0], int) and 0 <= a.args[0] < len(st.cdef) and \
                st.cdef[a.args[0]] >= 0:
            return self.game.describe(st, self.viewer, a).rstrip(".")[:40]
        return str(a)

    def prompt_text(self, obs) -> str:
        st = self.seen()
        if self.reaction_hold is not None:
            return self.hold_text()
        if self.match.is_over():
            out = self.game.outcome(st)
            names = ", ".join(self.seat_name(w) for w in out.winners)
            return f"The game is over: {names} won ({out.detail})."
        acting = self.game.to_act(st)
        if not acting:
            return ""
        who = self.seat_name(acting[0])
        if self.mode == "play" and acting[0] not in self.humans:
            return f"{who} (bot) is deciding..."
        f = st.stack[-1]
        phase = {"day": "Day", "night": "Night"}.get(str(f.get("phase", st.phase)), "")
        text = PROMPTS.get(f["k"], "{who} decides.").format(who=who, phase=phase)
        try:
            text = self.situation(f, who) or text
        except (KeyError, IndexError, TypeError):
            pass
        if self.selected is not None:
            text = "Choose what to do with the selected card on the right (or click another)."
        return text

    def situation(self, f, who) -> str:
        """What the question is about, when a frame says more than its kind: the payment due,
        the duel's Ka, the battle's section."""
        st = self.seen()
        name = lambda u: C.CARDS[st.cdef[u]].name if 0 <= u < len(st.cdef) and \
            st.cdef[u] >= 0 else "a face-down card"
        if f["k"] == "play" and f.get("step") == "pay":
            due = [f"{f[k]} {n}" for k, n in (("cu", "Copper"), ("wa", "Water"),
                                               ("inf", "Influence")) if f.get(k)]
            if f.get("sah"):
                due.append("a Sahir to bow")
            return (f"{who}: paying for {name(f['src'])} - still due: "
                    f"{', '.join(due) or 'nothing'}. Click a glowing producer.")
        if f["k"] == "play" and f.get("step") in ("target", "champ"):
            return f"{who}: choose the {'target' if f['step'] == 'target' else 'champion'} " \
                   f"for {name(f['src'])} (click a glowing card)."
        if f["k"] == "duel":
            a, b = f["a"], f["b"]
            return (f"{who}: duel - {name(a)} (Ka {C.ka(st, a)}) against {name(b)} "
                    f"(Ka {C.ka(st, b)}); {f.get('step', '')}: choose a glowing card or button.")
        if f["k"] == "raid":
            done = f"{len(f['list'])} raider(s) sent. " if f.get("list") else ""
            if f.get("step") == "assign":
                if f.get("pick", -1) < 0:
                    return f"{who}: raid - {done}click a glowing City Section to raid" + \
                        (", or Send raiders." if done else ".")
                if f.get("hero", -1) < 0:
                    return f"{who}: raid {name(f['pick'])} - click the raiding Hero."
                return f"{who}: choose the card the raider lays face down (click it in your hand)."
            if f.get("step") == "defend":
                if f.get("dhero", -1) < 0:
                    return f"{who}: you are raided - {done}send a glowing Hero to defend, or not."
                return f"{who}: choose the defender's face-down card from your hand."
        if f["k"] == "window":
            return self.window_text(f, who, name)
        if f["k"] in ("battle", "absorb") and f.get("sec", -1) >= 0:
            base = PROMPTS[f["k"]].format(who=who)
            return f"Battle at {name(f['sec'])}. " + base
        return ""

    def window_text(self, f, who, name) -> str:
        """A Reaction window's question, saying what it answers (Reactions)."""
        t = f.get("trig", {})
        on = t.get("on")
        if on == "duel" and len(t.get("duel", ())) == 2:
            a, b = t["duel"]
            what = f"a duel is about to be fought ({name(a)} against {name(b)})"
        elif on in ("thrust", "parry") and len(t.get("duel", ())) == 2:
            a, b = t["duel"]  # a window opens after each thrust and after each parry
            side = "the thrust, face down" if on == "thrust" else "the parry, the thrust shown"
            what = f"in the duel of {name(a)} against {name(b)}, after {side}"
        elif on == "targeted" and t.get("tg", -1) >= 0:
            what = f"{name(t['tg'])} is targeted"
        elif on == "attacked":
            what = "an attack is declared against " + \
                ", ".join(self.seat_name(d) for d in t.get("defenders", ()))
        else:
            from .reactions import WHAT
            what = WHAT.get(on, "a Reaction is possible")
        return f"{who}: {what} - react with a glowing card, or Pass."

    def animate(self, events):
        self.note_windows(events)
        self.arena_events(events)  # arena.py: results held a moment
        for e in events:
            if e.kind == "game_over":
                self.app.sound.play("flip")

    @classmethod
    def bench_scenarios(cls, app, quick=False):
        from .bench import scenarios
        return scenarios(cls, app, quick)

    def on_undo(self):
        self.settle()  # animate.py: no motion or held result survives an undo
        self.selected = None
        self.bubbles.clear()


TABLE = BurningSandsTable
