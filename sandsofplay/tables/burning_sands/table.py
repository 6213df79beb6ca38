"""The Legend of the Burning Sands table: every player's Stronghold, City Sections, Heroes and
Holdings in a row of their own, the viewer's hand below the prompt, the card under the pointer
shown large with its full text, and the log. People click glowing cards, drag cards from the
hand, and answer each question of the rules in the prompt bar; bots act at a watchable pace and
say what they do by their row. With two or more humans the pass-the-device curtain (the base
table) comes down before each private choice, so nobody's hand or face-down card is drawn to
another player.

The table is composed of parts, each owning its state and told what it needs through calls:

* ``rows`` (view.py) - the players' rows, their geometry and drawing, the status line;
* ``arena`` (arena.py, drawn by ``arena_painter``, arena_draw.py) - a battle, a raid or a duel
  shown over the board instead of the rows, and a finished one's result held a moment;
* ``hand`` (hand.py) - the viewer's hand, the card lifted, the card dragged from it;
* ``choices`` (choices.py) - what the person may do now, the selected card, the gestures;
* ``pointer`` (pointer.py) - mouse and touch, the long-touch view, the piles browser;
* ``prompt`` (prompt.py), ``side`` (side.py), ``faces`` (faces.py), ``end`` (end.py);
* ``motion`` (animate.py) - cards gliding to their new places, cards leaving play;
* ``reactions`` (reactions.py) - when the table stops to offer Reactions;
* ``face_up`` (face_up.py) - what only the replay's face-up view shows.

Everything drawn and asked comes from the viewer's observation (``observation``, and ``seen``:
the observation as a state the rules can read, seen.py); only the replay's face-up view is given
the full state, by the base table.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...ui.table import TableScene
from ...ui.table_replay import FACE_UP
from . import deck_scene  # noqa: F401 - registers the deck scene for the title
from .animate import Motion
from .arena import PRIVATE, Arena
from .arena_draw import ArenaPainter
from .choices import Choices
from .end import EndPanel
from .face_up import FaceUp, face_up_observation
from .faces import CardFaces
from .hand import Hand
from .pointer import Pointer
from .prompt import Prompt
from .reactions import ReactionStops
from .seen import seen_state
from .side import Side
from .view import LOG, PROMPT, SIDE, TOGGLE, UNDO, ZOOM, Rows

FACE_BYTES = 8 << 20


class BurningSandsTable(TableScene):
    name = "the Legend of the Burning Sands table"
    fonts = ((9, True), (10, False), (10, True), (11, False), (11, True), (12, False), (12, True),
             (13, False), (13, True), (14, False), (15, True), (16, True), (17, False), (17, True),
             (19, True), (20, True), (22, False), (24, True), (30, True))
    face_up_view = FACE_UP
    arrow_focus = True  # the arrows move the focus over every card, by row (issue 31)

    def __init__(self, app, match, mode="play", replay_data=None):
        self._obs_key = self._obs = self._seen = None
        self.skip_pace = None  # the bots' pace before a click skipped ahead (None: not skipping)
        self.faces = CardFaces(self)
        self.rows = Rows(self)
        self.arena = Arena(self)
        self.arena_painter = ArenaPainter(self, self.arena)
        self.hand = Hand(self)
        self.choices = Choices(self)
        self.pointer = Pointer(self)
        self.prompt = Prompt(self)
        self.side = Side(self)
        self.end = EndPanel(self)
        self.motion = Motion(self)
        self.reactions = ReactionStops(self)
        self.face_up = FaceUp(self)
        super().__init__(app, match, mode, replay_data)
        self.prompt_rect = pygame.Rect(PROMPT)
        self.log.rect = pygame.Rect(LOG)
        self.menu_btn = self.hint_btn = self.undo_btn = None
        # card faces at every size, value and Water count of a long game: the oldest go first
        # (a table shows some 60 at once; 8 MB holds ~200 of the board's size)
        app.images.limit("bs-card", FACE_BYTES)

    def warm_steps(self):
        """The fonts and the card faces of the first frame, a piece at a time (a generator the
        kiosk runs behind its title card; the entry finishes what is left)."""
        yield from super().warm_steps()
        obs = self.observation()
        st = self.seen()
        for u, r, bowed, kind in self.board_layout():
            if kind == "card" and st.cdef[u] >= 0 and obs["cdef"][u] >= 0:
                self.card_face(u, *((r.h, r.w) if bowed else (r.w, r.h)), obs, bowed)
                yield
        for u, r in self.hand_rects(obs):
            self.card_face(u, r.w, r.h, obs)
            yield

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
            # backing out of an Attack or of a card that asks for a target: Ctrl+Z on screen
            self.undo_btn = self.own(UIButton(pygame.Rect(UNDO), "Undo", self.app.manager,
                                              command=self.press_undo,
                                              tool_tip_text="Take back your last choice where "
                                                            "the rules allow it (Ctrl+Z)"))
            yield
        self.prompt.refresh()
        yield
        self.draw_ahead()  # the first frame's text and card faces, made now

    def open_menu(self):
        from ...ui.scenes.overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    def open_piles(self, player, pile="saved"):
        from .piles import PilesScene
        self.hand.drop()
        self.app.push(PilesScene(self.app, self, player, pile))

    # --- what the table knows: the viewer's observation ------------------------------------------
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

    def acting_human(self):
        """The person at the screen when it is their decision (None while bots or another person
        decide, in a replay and once the game is over)."""
        if self.mode != "play" or self.match.is_over():
            return None
        for seat in self.game.to_act(self.seen()):
            if seat in self.humans and seat == self.viewer:
                return seat
        return None

    def card_face(self, uid, w, h, obs, bowed=False):
        """Card ``uid``'s face at ``w`` x ``h`` (every face drawn at the table comes from here)."""
        return self.faces.face(self.seen(), uid, w, h, bowed)

    # --- where things are: the rows or the arena, and the hand --------------------------------
    def board_layout(self) -> list:
        """[(uid, rect, bowed, kind)] on the board now, in drawing order: the arena's when a
        contest is shown, else the rows'."""
        model = self.arena.shown()
        return self.rows.layout() if model is None else self.arena.layout(model)

    def shown_hand(self, obs) -> list:
        return self.hand.cards(obs)

    def hand_rects(self, obs) -> list:
        return self.hand.rects(obs, self.pointer.pos)

    def card_at(self, pos, obs):
        """The uid under a point: the hand first, then the board (topmost first)."""
        for u, r in reversed(self.hand_rects(obs)):
            if r.collidepoint(pos):
                return u
        for u, r, _b, _k in reversed(self.board_layout()):
            if r.collidepoint(pos):
                return u
        return None

    def free_point(self, uid, obs):
        """A point on card ``uid`` that no later card covers (where a hand would click)."""
        hand = self.shown_hand(obs)
        if uid in hand:
            return self.hand.fan().grip(len(hand), hand.index(uid))
        lay = self.board_layout()
        for i, (u, r, _b, _k) in enumerate(lay):
            if u != uid:
                continue
            later = [x[1] for x in lay[i + 1:]]
            for fy in (0.3, 0.5, 0.15, 0.7, 0.9):
                for fx in (0.25, 0.1, 0.5, 0.75, 0.05, 0.9, 0.95):
                    pt = (r.x + int(r.w * fx), r.y + int(r.h * fy))
                    if not any(o.collidepoint(pt) for o in later):
                        return pt
        return None

    def card_rect(self, uid, obs):
        for u, r in self.hand_rects(obs):
            if u == uid:
                return r
        for u, r, _b, _k in self.board_layout():
            if u == uid:
                return r
        return None

    # --- state changes ------------------------------------------------------------------------
    def update_table(self):
        if self.skip_pace is not None and (self.acting_human() is not None or
                                           self.match.is_over()):
            self.driver.pace_ticks, self.skip_pace = self.skip_pace, None
        self.prompt.refresh()
        self.reactions.sync()
        self.pointer.update()
        self.arena.update()
        self.motion.track()  # cards glide to their new places

    def skip_ahead(self):
        """A click while bots play: they finish their moves without the watching pace."""
        if self.skip_pace is None:
            self.skip_pace = self.driver.pace_ticks
            self.driver.pace_ticks = 0
            self.toast.show("Skipping ahead to your next decision...", seconds=1.5)

    def refresh_contract(self):
        self.prompt.refresh()
        self.reactions.sync()

    def update_viewer(self):
        # a pass the "never" setting makes happens before any curtain is brought down for it
        self.reactions.auto_pass()
        super().update_viewer()

    def bots_may_act(self) -> bool:
        return super().bots_may_act() and self.reactions.hold is None

    def perform(self, seat, action):
        self.arena.model()  # the contest as it stands before the action (its result's picture)
        return super().perform(seat, action)

    def bot_acts(self, seat, action):
        """A bot's face-down choice is said without its card (the sentence for the log and
        the bubble would name it)."""
        hidden = PRIVATE.get(action.kind)
        if hidden is None:
            return super().bot_acts(seat, action)
        self.announce(seat, f"{self.seat_name(seat)} {hidden}.")
        return self.perform(seat, action)

    def action_line(self, seat, sentence, action=None):
        """A face-down choice whose events say nothing is logged without its card."""
        hidden = PRIVATE.get(action.kind) if action is not None else None
        if hidden is not None:
            return f"{self.seat_name(seat)} {hidden}."
        return super().action_line(seat, sentence, action)

    def animate(self, events):
        self.reactions.note_windows(events)
        self.arena.events(events)  # results held a moment
        for e in events:
            if e.kind == "game_over":
                self.app.sound.play("flip")

    def settle(self):
        """End every motion and held result at once (tools and tests that jump ahead)."""
        self.motion.settle()
        if self.arena.hold is not None:
            self.arena.release_hold()
        self.tweens.update(0)
        self.arena.model()  # the contest as it stands (the picture a result is held on)

    def on_undo(self):
        self.settle()  # no motion or held result survives an undo
        self.choices.deselect()
        self.bubbles.clear()

    # --- input --------------------------------------------------------------------------------
    def focus_key(self, event) -> bool:
        return self.reactions.key(event) or super().focus_key(event)

    def handle_input(self, event):
        if self.arena.handle(event) or self.reactions.key(event):
            return
        self.pointer.handle(event)

    # --- drawing ------------------------------------------------------------------------------
    def draw_table(self, surf, alpha):
        model = self.arena.shown()
        surf.fill((38, 28, 20))
        obs = self.observation()
        mouse = self.pointer.pos
        selected = self.choices.selected
        glow = self.choices.glowing()
        self.rows.draw_status(surf, obs)
        if model is None:
            self.rows.draw(surf, obs, glow, selected, mouse)
        else:
            self.arena_painter.draw(surf, model, obs)
        self.prompt.draw(surf, obs)
        self.hand.draw(surf, obs, glow, selected, mouse)
        self.side.draw(surf, obs)
        if model is None:
            self.side.draw_zoom(surf, obs)
        self.motion.draw_ghosts(surf)
        self.arena_painter.draw_toggle(surf, mouse)
        self.end.draw(surf)

    def face_up_observation(self, state):
        return face_up_observation(state)  # the declared exception: everything face up

    def draw_face_up(self, surf):
        self.face_up.draw(surf)

    def face_up_rows(self) -> list:
        return self.face_up.rows()

    # --- the contract (DESIGN.md, "The shape of a table") -------------------------------------
    def table_gestures(self, seat):
        return self.choices.gestures(seat)

    def table_focus_targets(self):
        seat = self.acting_human()
        if seat is None:
            return self.reactions.focus_targets()
        return self.choices.focus_targets(seat)

    def table_regions(self):
        out = {"board": self.rows.board_rect()}
        obs = self.observation()
        hand = self.shown_hand(obs)
        if hand:
            out[f"hand:{self.viewer}"] = self.hand.fan().bounds(len(hand))
        out["panel:side"] = pygame.Rect(SIDE)
        out["log"] = pygame.Rect(LOG)
        out.update(self.reactions.regions())
        for p in range(self.seen().n):
            out[f"piles:{p}"] = self.rows.pile_rect(p)
        if self.pointer.zoom_uid is not None:
            out["zoom"] = pygame.Rect(ZOOM)
        for name, b in (("menu", self.menu_btn), ("hint", self.hint_btn),
                        ("undo", self.undo_btn)):
            if b is not None:
                out["button:" + name] = pygame.Rect(b.rect)
        if self.arena.toggle_shown():
            out["button:arena"] = pygame.Rect(TOGGLE)
        if self.match.is_over():
            out["panel:end"] = self.end.rect()
        return out

    def bubble_anchor(self, seat):
        model = self.arena.shown()
        if model is None:
            return self.rows.bubble_anchor(seat)
        return self.arena.bubble_anchor(seat, model)

    @classmethod
    def bench_scenarios(cls, app, quick=False):
        from .bench import scenarios
        return scenarios(cls, app, quick)


TABLE = BurningSandsTable
