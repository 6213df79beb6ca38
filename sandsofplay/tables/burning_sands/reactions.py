"""When the Burning Sands table stops to offer Reactions (a mixin of the table scene).

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
    reaction_hold = None  # (seat, what) while the table holds after a window ("always")
    hold_btn = None

    def stop_setting(self) -> str:
        return getattr(self.app.settings, "stop_reactions", "mine")

    # --- never: pass at once --------------------------------------------------------------------
    def auto_pass_reactions(self) -> bool:
        """Under "never", pass for the human seat the rules ask in a Reaction window. True if
        it passed."""
        if self.mode != "play" or self.match.is_over() or self.stop_setting() != "never":
            return False
        if not self.bots_may_act():  # a gesture is being judged (tests) or an animation runs
            return False
        seat = self.human_to_act()
        st = self.seen()
        if seat is None or not st.stack or st.stack[-1]["k"] != "window":
            return False
        what = WHAT.get(st.stack[-1].get("trig", {}).get("on"), "a Reaction was possible")
        if self.perform(seat, PASS):
            self.log.add(f"{self.seat_name(seat)} lets the moment pass ({what}; stop for "
                         f"reactions: never).")
            return True
        return False

    def update_viewer(self):
        # a pass the setting makes happens before any curtain is brought down for it
        self.auto_pass_reactions()
        super().update_viewer()

    # --- always: hold after a window that passed a human by -------------------------------------
    def note_windows(self, events):
        if self.mode != "play" or self.stop_setting() != "always":
            return
        for e in events:
            if e.kind != "window_pass" or e.data.get("seat") not in self.humans:
                continue
            seat = e.data["seat"]
            if len(self.humans) > 1 and seat != self.viewer:
                continue  # another person's: they are not at the screen now
            self.reaction_hold = (seat, WHAT.get(e.data.get("on"), "a Reaction was possible"))

    def release_reaction_hold(self):
        if self.reaction_hold is not None:
            self.app.sound.play("click")
        self.reaction_hold = None
        self.sync_reaction_hold()

    def bots_may_act(self) -> bool:
        return super().bots_may_act() and self.reaction_hold is None

    def sync_reaction_hold(self):
        """Called each tick after the prompt is refreshed: the hold ends by itself when a
        person must decide anyway (they are stopped already); its button follows it."""
        if self.reaction_hold is not None and (self.human_to_act() is not None or
                                               self.match.is_over()):
            seat, what = self.reaction_hold
            self.reaction_hold = None
            if not self.match.is_over():
                self.toast.show(f"Reaction window ({what}): nothing of "
                                f"{self.seat_name(seat)}'s fitted.", seconds=2.0)
        if self.reaction_hold is None:
            if self.hold_btn is not None:
                self.hold_btn.kill()
                if self.hold_btn in self.elements:
                    self.elements.remove(self.hold_btn)
                self.hold_btn = None
            return
        bar = self.prompt_rect
        if self.hold_btn is None:
            rect = pygame.Rect(bar.right - 8 - 150, bar.y + 5, 150, bar.h - 10)
            self.hold_btn = self.own(UIButton(rect, "Continue", self.app.manager,
                                              command=self.release_reaction_hold,
                                              tool_tip_text="Let play go on (Enter)"))
        self.prompt_left = self.hold_btn.rect.x - 8

    def hold_text(self) -> str:
        seat, what = self.reaction_hold
        return (f"Reaction window: {what} - nothing of {self.seat_name(seat)}'s fits. "
                f"Continue when ready.")

    def hold_key(self, event) -> bool:
        if self.reaction_hold is not None and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.release_reaction_hold()
            return True
        return False

    def focus_key(self, event) -> bool:
        return self.hold_key(event) or super().focus_key(event)

    def hold_regions(self) -> dict:
        return {"button:continue": pygame.Rect(self.hold_btn.rect)} if self.hold_btn else {}

    def hold_focus_targets(self) -> list:
        if self.hold_btn is None:
            return []
        return [FocusTarget("button:continue", pygame.Rect(self.hold_btn.rect),
                            self.release_reaction_hold, (), tip="Let play go on")]
