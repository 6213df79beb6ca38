"""The board's part of the Sand table's input: the camera's events before the table's, hit-tests
in screen space (the camera moved the board), the Worm's drag gestures, and the places as keyboard
focus targets (a focused place shows what it holds, as hovering does)."""

from __future__ import annotations

import pygame

from ...ui.gestures import FocusTarget, Gesture, drag, key
from .camera import FIT_KEYS
from .view import BOARD, D

MOVES = ("travel", "navigate", "leg", "walk")


class BoardPlay:
    """Mixed into the Sand table."""

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (
                self.goods_choice is not None or self.goods_held is not None or
                self.worm_drag is not None):
            self.cancel_goods()  # Esc drops what the hand holds (the pause menu comes next time)
            self.worm_drag = None
            return
        keys = self.mode == "play" or (event.type == pygame.KEYDOWN and event.key in FIT_KEYS)
        if self.camera_event(event, keys):
            return
        super().handle(event)

    # --- hit-tests ---------------------------------------------------------------------------
    def loc_at_screen(self, pos, r=18):
        if not BOARD.collidepoint(pos):
            return None
        best, bd = None, r * r
        for loc, c in self.geo.centre.items():
            x, y = self.cam.to_screen(c)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= bd:
                best, bd = loc, d
        return best

    def worm_at(self, pos):
        """The acting person's seat if ``pos`` is on their Worm and it may travel now."""
        seat, acts = self.panel_actions()
        if seat is None or not BOARD.collidepoint(pos) or not any(a.kind in MOVES for a in acts):
            return None
        wp = self.cam.to_screen(self.worm_home(seat, self.obs()))
        if (wp[0] - pos[0]) ** 2 + (wp[1] - pos[1]) ** 2 <= 14 ** 2:
            return seat
        return None

    def board_free_at(self, pos) -> bool:
        """A press here may pan the zoomed board (nothing to pick up under it)."""
        if not BOARD.collidepoint(pos) or self.goods_choice is not None:
            return False
        if self.worm_at(pos) is not None:
            return False
        seat, _acts = self.panel_actions()
        return seat is None or self.source_at(seat, self.obs(), pos) is None

    def cancel_drags(self):
        super().cancel_drags()
        self.worm_drag = None
        self.cancel_goods()

    # --- gestures ----------------------------------------------------------------------------
    def worm_gestures(self, seat, acts) -> list:
        """The Worm dragged to each glowing destination (after 0, when the zoomed board does not
        show both ends)."""
        o = self.obs()
        targets = self.move_targets(seat, acts)
        if not targets:
            return []
        home = self.worm_home(seat, o)
        ends = [home] + [self.geo.centre[loc] for loc in targets]
        if all(self.cam.shows(p, 20) for p in ends):
            prefix, to = (), self.cam.to_screen
        else:
            prefix, to = (key(FIT_KEYS[0]),), (lambda p: (int(p[0]), int(p[1])))
        start = to(home)
        return [Gesture(a, prefix + (drag(start, to(self.geo.centre[loc])),))
                for loc, a in targets.items()]

    def board_regions(self) -> dict:
        """The places and their names the board panel shows now, where the camera puts them
        (``place:<loc>``, ``label:<loc>``)."""
        out = {}
        for loc, c in self.geo.centre.items():
            x, y = self.cam.to_screen(c)
            r = pygame.Rect(x - 15, y - 15, 30, 30)
            if BOARD.contains(r):
                out[f"place:{loc}"] = r
        for loc, r in self.label_rects().items():
            out[f"label:{loc}"] = r
        return out

    # --- places under the keyboard's focus --------------------------------------------------
    def place_targets(self) -> list:
        """Every place on the board, after the actions: focusing one shows what it holds."""
        out = []
        for loc in D.locations:
            x, y = self.cam.to_screen(self.geo.centre[loc])
            out.append(FocusTarget(f"place:{loc}", pygame.Rect(x - 16, y - 16, 32, 32),
                                   self._reveal(loc), ring="circle"))  # contents beside it
        return out

    def _reveal(self, loc):
        def go():
            self.cam.centre_on(self.geo.centre[loc])
        return go

    def tip_loc(self):
        """The place whose contents show: the focused one, else the one under the pointer."""
        name = self.focus.name if self.focus.visible else None
        if name and name.startswith("place:"):
            return name[6:]
        return self.hover_loc

    def update_board(self):
        self.update_goods()
        name = self.focus.name if self.focus.visible else None
        if name and name.startswith("place:") and name[6:] in self.geo.centre:
            self.cam.reveal(self.geo.centre[name[6:]])
