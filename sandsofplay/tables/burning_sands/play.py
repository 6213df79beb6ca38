"""Input at the Burning Sands table (a mixin of the table scene) and its table contract.

Every legal action of the seat to act is reachable:

* an action about a card on screen (``play UID``, ``use UID AB``, ``produce UID``, ``drop UID``,
  ``assign HERO SECTION`` ...) by clicking that card, which glows: one action is performed at
  once; with several, the card is selected and its actions are listed in the side panel, one
  click each. A card in the hand that can be played may also be dragged onto the board;
* every other action (pass, attack, raid, done, defender, buy ...) by a prompt button;
* the keyboard: Tab reaches each prompt button and each (card, action) pair, its tip saying what
  Enter does.
"""

from __future__ import annotations

import pygame

from ...ui.gestures import FocusTarget, Gesture, click, drag
from .view import BOARD

UID_KINDS = frozenset((
    "play", "use", "react", "transfer", "with", "give", "overlay", "target", "champion",
    "produce", "water", "influence", "sahir", "token", "assign", "battle", "engage", "engage1",
    "home", "tactic", "discard", "archery", "drop", "fate", "rsec", "rhero", "rcard", "defend",
    "dcard", "thrust", "parry", "khadi", "place", "shift", "straighten"))


class TableInput:
    selected = None  # the card whose actions the side panel lists
    skip_pace = None  # the bots' pace before a click skipped ahead (None: not skipping)
    drag_card = None
    drag_from = None
    mouse_pos = (0, 0)

    # --- what the seat may do -----------------------------------------------------------------
    def acting_human(self):
        if self.mode != "play" or self.match.is_over():
            return None
        for seat in self.game.to_act(self.seen()):
            if seat in self.humans and seat == self.viewer:
                return seat
        return None

    def split_actions(self, seat):
        """({uid: [actions]} for cards on screen, [other actions]) for ``seat`` now."""
        key = (self.match.version, seat, self.viewer, self._layout_key)
        if self._split_key == key:
            return self._split
        obs = self.observation()
        on_screen = set(self.shown_hand(obs)) | {u for u, *_ in self.board_layout()}
        by_card: dict = {}
        other = []
        for a in self.game.legal_actions(self.seen(), seat):
            if a.kind in UID_KINDS and a.args and isinstance(a.args[0], int) and \
                    a.args[0] in on_screen:
                by_card.setdefault(a.args[0], []).append(a)
            else:
                other.append(a)
        self._split_key = key
        self._split = (by_card, other)
        return self._split

    _split_key = None
    _split = ({}, [])

    def glowing_cards(self) -> set:
        seat = self.acting_human()
        if seat is None:
            return set()
        return set(self.split_actions(seat)[0])

    def menu_items(self) -> list:
        seat = self.acting_human()
        if seat is None or self.selected is None:
            return []
        acts = self.split_actions(seat)[0].get(self.selected, [])
        return [(seat, a) for a in acts] if len(acts) > 1 else []

    def preview_uid(self, obs):
        if self.zoom_uid is not None:  # a finger held on a card
            return self.zoom_uid
        if self.focus.visible:
            t = self.focus.current(self.focus_targets())
            if t is not None and "uid" in t.extra:
                return t.extra["uid"]
        if self.drag_card is not None:
            return self.drag_card
        return self.card_at(self.mouse_pos, obs)

    # --- mouse --------------------------------------------------------------------------------
    def handle_input(self, event):
        if self.hold_key(event) or self.pile_input(event) or self.touch_input(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            obs = self.observation()
            self._last_lift = None
            self._last_lift = self.hovered_hand_index(obs)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse_pos = event.pos
            obs = self.observation()
            seat = self.acting_human()
            # the side panel's list of a selected card's actions
            items = self.menu_items()
            for i, (s, a) in enumerate(items):
                if self.menu_item_rect(i, len(items)).collidepoint(event.pos):
                    self.selected = None
                    self.app.sound.play("click")
                    self.perform(s, a)
                    return
            if seat is None and not self.match.is_over() and self.skip_pace is None and \
                    self.mode == "play":
                # a click while bots play: they finish their moves without the watching pace
                self.skip_pace = self.driver.pace_ticks
                self.driver.pace_ticks = 0
                self.toast.show("Skipping ahead to your next decision...", seconds=1.5)
            uid = self.card_at(event.pos, obs)
            if uid is None or seat is None:
                if uid is None:
                    self.selected = None
                return
            acts = self.split_actions(seat)[0].get(uid, [])
            if uid in self.shown_hand(obs) and any(a.kind == "play" for a in acts):
                self.drag_card, self.drag_from = uid, event.pos
                return
            self.click_card(seat, uid)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.drag_card is not None:
            uid, start = self.drag_card, self.drag_from
            self.drag_card = self.drag_from = None
            seat = self.acting_human()
            if seat is None:
                return
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])
            if moved < 8:
                self.click_card(seat, uid)
                return
            if not BOARD.collidepoint(event.pos):
                self.toast.show("Drop the card on the table (the board above the prompt) to "
                                "play it.", kind="error")
                self.app.sound.play("error")
                return
            play = next((a for a in self.split_actions(seat)[0].get(uid, [])
                         if a.kind == "play"), None)
            if play is not None:
                self.selected = None
                self.perform(seat, play)

    def click_card(self, seat, uid):
        acts = self.split_actions(seat)[0].get(uid, [])
        if not acts:
            self.selected = None
            self.toast.show("Nothing can be done with that card now.")
            return
        if len(acts) == 1:
            self.selected = None
            self.app.sound.play("click")
            self.perform(seat, acts[0])
            return
        self.selected = uid

    # --- the piles browser --------------------------------------------------------------------
    def pile_input(self, event) -> bool:
        """A click on a player's "Saved / Buried" line, or B, opens the piles browser."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b:
            self.open_piles(self.viewer if self.viewer is not None else 0)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for p in range(self.seen().n):
                if self.pile_rect(p).collidepoint(event.pos):
                    self.open_piles(p)
                    return True
        return False

    def open_piles(self, player, pile="saved"):
        from .piles import PilesScene
        self.drag_card = self.drag_from = None
        self.app.push(PilesScene(self.app, self, player, pile))

    # --- a long touch shows the card large ------------------------------------------------------
    LONG_TOUCH = 30  # ticks (half a second) a finger rests on a card

    touch = None  # [pos, ticks held, uid] while a finger is down

    def touch_input(self, event) -> bool:
        """Touches: a finger resting on a card for half a second shows it large (``zoom_uid``)
        until it lifts, and then does nothing else; a short tap acts as a click does when the
        finger lifts; a finger that moves drags as the mouse does."""
        if not getattr(event, "touch", False):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_pos = event.pos
            obs = self.observation()
            uid = self.card_at(event.pos, obs)
            self.touch = [event.pos, 0, uid]
            seat = self.acting_human()
            acts = self.split_actions(seat)[0].get(uid, []) if seat is not None else []
            if uid in self.shown_hand(obs) and any(a.kind == "play" for a in acts):
                return False  # a drag may follow (the long touch is watched too)
            return uid is not None
        if event.type == pygame.MOUSEMOTION and self.touch is not None:
            (x, y), (x2, y2) = self.touch[0], event.pos
            if abs(x - x2) + abs(y - y2) > 12:
                self.touch[1] = -10 ** 6  # moving: no long touch
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.touch is not None:
            _pos, _held, uid = self.touch
            self.touch = None
            if self.zoom_uid is not None:
                self.zoom_uid = None
                self.drag_card = self.drag_from = None
                return True
            if uid is not None and self.drag_card is None:
                seat = self.acting_human()
                if seat is not None:
                    self.click_card(seat, uid)
                return True
        return False

    def update_touch(self):
        if self.touch is None:
            return
        self.touch[1] += 1
        if self.touch[1] >= self.LONG_TOUCH and self.touch[2] is not None:
            self.zoom_uid = self.touch[2]
            self.drag_card = self.drag_from = None

    # --- the contract -------------------------------------------------------------------------
    def gestures(self, seat):
        """The table contract (DESIGN.md, "The shape of a table"): every gesture offered to the
        human ``seat`` now - the base's prompt buttons and focus-ring keys, and this table's own
        (cards played by dragging them from the hand, clicks on glowing cards and their listed choices; see ``table_gestures``)."""
        return super().gestures(seat)

    def table_gestures(self, seat):
        if seat != self.acting_human():
            return []
        obs = self.observation()
        by_card = self.split_actions(seat)[0]
        hand = self.shown_hand(obs)
        out = []
        for uid, acts in by_card.items():
            pt = self.free_point(uid, obs)
            if pt is None:
                continue
            if len(acts) == 1:
                out.append(Gesture(acts[0], (click(pt),)))
            else:
                for i, a in enumerate(acts):
                    item = self.menu_item_rect(i, len(acts))
                    out.append(Gesture(a, (click(pt), click(item.center))))
            if uid in hand:
                for a in acts:
                    if a.kind == "play":
                        out.append(Gesture(a, (drag(pt, (BOARD.centerx, BOARD.y + 40)),)))
        return out

    def table_focus_targets(self):
        seat = self.acting_human()
        if seat is None:
            return self.hold_focus_targets()
        obs = self.observation()
        out = []
        for uid, acts in self.split_actions(seat)[0].items():
            r = self.card_rect(uid, obs)
            if r is None:
                continue
            for i, a in enumerate(acts):
                out.append(FocusTarget(
                    f"card:{uid}:{i}", pygame.Rect(r), self._press_action(seat, a),
                    ((seat, a),), tip=self.game.describe(self.seen(), seat, a),
                    extra={"uid": uid}))
        return out

    def table_regions(self):
        out = {"board": self.board_rect()}
        obs = self.observation()
        hand = self.shown_hand(obs)
        if hand:
            out[f"hand:{self.viewer}"] = self.fan().bounds(len(hand))
        from .view import LOG, SIDE
        out["panel:side"] = pygame.Rect(SIDE)
        out["log"] = pygame.Rect(LOG)
        out.update(self.hold_regions())
        for p in range(self.seen().n):
            out[f"piles:{p}"] = self.pile_rect(p)
        if self.zoom_uid is not None:
            from .view import ZOOM
            out["zoom"] = pygame.Rect(ZOOM)
        for name, b in (("menu", self.menu_btn), ("hint", self.hint_btn)):
            if b is not None:
                out["button:" + name] = pygame.Rect(b.rect)
        return out

    def bubble_anchor(self, seat):
        r = self.row_rect(seat)
        return pygame.Rect(r.right - 320, r.y, 320, r.h)  # the row's right end, not its names
