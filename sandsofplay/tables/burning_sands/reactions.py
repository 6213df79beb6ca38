"""When the Burning Sands table stops to offer Reactions (``ReactionStops``, a part of the table).

The setting "Stop for reactions" (``settings.stop_reactions``, for every human seat):

* ``mine`` ("when I have one", the default): the table stops when the rules offer a human a
  Reaction window, which they do only when a Reaction of theirs fits (ruling R-3);
* ``always``: besides, after a window in which a human seat was passed over because nothing of
  theirs fitted, the table holds the bots and says so in the prompt, with a Continue button
  (Enter or Space), so nothing slips by unseen (the rules' ``window_pass`` events say when);
* ``never``: the table passes for a human seat in every Reaction window at once (the pass is in
  the log like any other choice, so a replay is the same).
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...engine import Action
from ...ui.gestures import FocusTarget

WHAT = {"attacked": "an attack was declared", "engaged": "units engaged in battle",
        "duel": "a duel was fought", "targeted": "a card was targeted",
        "tale": "a card came into play", "raided": "a raid was declared",
        "thrust": "in a duel, after the thrust", "parry": "in a duel, after the parry"}
PASS = Action("pass", ())


class ReactionStops:
    def __init__(self, table):
        self.t = table
        self.hold = None  # (seat, what) while the table holds after a window ("always")
        self.button = None

    def setting(self) -> str:
        return getattr(self.t.app.settings, "stop_reactions", "mine")

    # --- never: pass at once --------------------------------------------------------------------
    def auto_pass(self) -> bool:
        """Under "never", pass for the human seat the rules ask in a Reaction window (before
        any curtain is brought down for it). True if it passed."""
        t = self.t
        if t.mode != "play" or t.match.is_over() or self.setting() != "never":
            return False
        if not t.bots_may_act():  # a gesture is being judged (tests) or an animation runs
            return False
        seat = t.human_to_act()
        st = t.seen()
        if seat is None or not st.stack or st.stack[-1]["k"] != "window":
            return False
        what = WHAT.get(st.stack[-1].get("trig", {}).get("on"), "a Reaction was possible")
        if t.perform(seat, PASS):
            # the rules log the pass itself; this line says why it was made at once
            t.log.add(f"(Passed at once: {what}; stop for reactions: never.)")
            return True
        return False

    # --- always: hold after a window that passed a human by -------------------------------------
    def note_windows(self, events):
        t = self.t
        if t.mode != "play" or self.setting() != "always":
            return
        for e in events:
            if e.kind != "window_pass" or e.data.get("seat") not in t.humans:
                continue
            seat = e.data["seat"]
            if len(t.humans) > 1 and seat != t.viewer:
                continue  # another person's: they are not at the screen now
            self.hold = (seat, WHAT.get(e.data.get("on"), "a Reaction was possible"))

    def release(self):
        if self.hold is not None:
            self.t.app.sound.play("click")
        self.hold = None
        self.sync()

    def sync(self):
        """Called each tick after the prompt is refreshed: the hold ends by itself when a
        person must decide anyway (they are stopped already); its button follows it."""
        t = self.t
        if self.hold is not None and (t.human_to_act() is not None or t.match.is_over()):
            seat, what = self.hold
            self.hold = None
            if not t.match.is_over():
                t.toast.show(f"Reaction window ({what}): nothing of "
                             f"{t.seat_name(seat)}'s fitted.", seconds=2.0)
        if self.hold is None:
            if self.button is not None:
                self.button.kill()
                if self.button in t.elements:
                    t.elements.remove(self.button)
                self.button = None
            return
        bar = t.prompt_rect
        if self.button is None:
            rect = pygame.Rect(bar.right - 8 - 150, bar.y + 5, 150, bar.h - 10)
            self.button = t.own(UIButton(rect, "Continue", t.app.manager,
                                         command=self.release,
                                         tool_tip_text="Let play go on (Enter)"))
        t.prompt_left = self.button.rect.x - 8

    def hold_text(self) -> str:
        seat, what = self.hold
        return (f"Reaction window: {what} - nothing of {self.t.seat_name(seat)}'s fits. "
                f"Continue when ready.")

    def key(self, event) -> bool:
        """Enter or Space goes on after a hold."""
        if self.hold is not None and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.release()
            return True
        return False

    def regions(self) -> dict:
        return {"button:continue": pygame.Rect(self.button.rect)} if self.button else {}

    def focus_targets(self) -> list:
        if self.button is None:
            return []
        return [FocusTarget("button:continue", pygame.Rect(self.button.rect),
                            self.release, (), tip="Let play go on")]
