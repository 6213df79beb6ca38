"""What the person at the Burning Sands table may do now (``Choices``, a part of the table), and
the gestures that do it (the table contract, DESIGN.md "The shape of a table").

Every legal action of the seat to act is reachable:

* an action about a card on screen (``play UID``, ``use UID AB``, ``produce UID``, ``drop UID``,
  ``assign HERO SECTION`` ...) by clicking that card, which glows: one action is performed at
  once; with several, the card is selected and its actions are listed in the side panel, one
  click each. A card in the hand that can be played may also be dragged onto the board;
* every other action (pass, attack, raid, done, defender, buy ...) by a prompt button (the base);
* the keyboard: Tab reaches each prompt button and each (card, action) pair, its tip saying what
  Enter does.

The legal actions are the rules' answer for the seat's own observation (the table's ``seen``
state), never the full state's.
"""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...ui.gestures import FocusTarget, Gesture, click, drag
from .view import BOARD, SIDE

UID_KINDS = frozenset((
    "play", "use", "react", "transfer", "with", "give", "overlay", "target", "champion",
    "produce", "water", "influence", "sahir", "token", "assign", "battle", "engage", "engage1",
    "home", "tactic", "discard", "archery", "drop", "fate", "rsec", "rhero", "rcard", "defend",
    "dcard", "thrust", "parry", "khadi", "place", "shift", "straighten"))


def menu_item_rect(i, n) -> pygame.Rect:
    """Item ``i`` of ``n`` in the side panel's list of a selected card's actions."""
    h = max(22, min(40, (SIDE.h - 44) // max(1, n) - 4))
    return pygame.Rect(SIDE.x + 8, SIDE.y + 36 + i * (h + 4), SIDE.w - 16, h)


class Choices:
    def __init__(self, table):
        self.t = table
        self.selected = None  # the card whose actions the side panel lists
        self._split_key = None
        self._split = ({}, [])

    def split(self, seat):
        """({uid: [actions]} for cards on screen, [other actions]) for ``seat`` now."""
        t = self.t
        lay = t.board_layout()
        key = (t.match.version, seat, t.viewer, id(lay))
        if self._split_key == key:
            return self._split
        obs = t.observation()
        on_screen = set(t.shown_hand(obs)) | {u for u, *_ in lay}
        by_card: dict = {}
        other = []
        for a in t.game.legal_actions(t.seen(), seat):
            if a.kind in UID_KINDS and a.args and isinstance(a.args[0], int) and \
                    a.args[0] in on_screen:
                by_card.setdefault(a.args[0], []).append(a)
            else:
                other.append(a)
        self._split_key = key
        self._split = (by_card, other)
        return self._split

    def deselect(self):
        self.selected = None

    def glowing(self) -> set:
        seat = self.t.acting_human()
        if seat is None:
            return set()
        return set(self.split(seat)[0])

    def menu_items(self) -> list:
        seat = self.t.acting_human()
        if seat is None or self.selected is None:
            return []
        acts = self.split(seat)[0].get(self.selected, [])
        return [(seat, a) for a in acts] if len(acts) > 1 else []

    def click_card(self, seat, uid):
        """A card clicked: its one action is performed, or its several listed (selected)."""
        t = self.t
        acts = self.split(seat)[0].get(uid, [])
        if not acts:
            self.selected = None
            t.toast.show("Nothing can be done with that card now.")
            return
        if len(acts) == 1:
            self.selected = None
            t.app.sound.play("click")
            t.perform(seat, acts[0])
            return
        self.selected = uid

    def click_menu(self, pos) -> bool:
        """A click on the side panel's list of the selected card's actions."""
        items = self.menu_items()
        for i, (s, a) in enumerate(items):
            if menu_item_rect(i, len(items)).collidepoint(pos):
                self.selected = None
                self.t.app.sound.play("click")
                self.t.perform(s, a)
                return True
        return False

    # --- the contract -------------------------------------------------------------------------
    def gestures(self, seat) -> list:
        """This table's own gestures (besides the base's prompt buttons and focus-ring keys):
        clicks on glowing cards and their listed choices, cards played by dragging them from
        the hand."""
        t = self.t
        if seat != t.acting_human():
            return []
        obs = t.observation()
        by_card = self.split(seat)[0]
        hand = t.shown_hand(obs)
        out = []
        for uid, acts in by_card.items():
            pt = t.free_point(uid, obs)
            if pt is None:
                continue
            if len(acts) == 1:
                out.append(Gesture(acts[0], (click(pt),)))
            else:
                for i, a in enumerate(acts):
                    item = menu_item_rect(i, len(acts))
                    out.append(Gesture(a, (click(pt), click(item.center))))
            if uid in hand:
                for a in acts:
                    if a.kind == "play":
                        out.append(Gesture(a, (drag(pt, (BOARD.centerx, BOARD.y + 40)),)))
        return out

    def focus_targets(self, seat) -> list:
        t = self.t
        obs = t.observation()
        out = []
        used = set()
        for uid, acts in self.split(seat)[0].items():
            r = t.card_rect(uid, obs)
            if r is None:
                continue
            used.add(uid)
            for i, a in enumerate(acts):
                out.append(FocusTarget(
                    f"card:{uid}:{i}", pygame.Rect(r), t._press_action(seat, a),
                    ((seat, a),), tip=t.game.describe(t.seen(), seat, a),
                    extra={"uid": uid}))
        return out + self.read_targets(obs, used)

    def read_targets(self, obs, used=()) -> list:
        """Every other card face up on the table and in the hand shown, to read with the arrow
        keys (issue 31: only usable cards could be reached): nothing to activate, passed by Tab
        (``extra["read"]``); the side panel reads the focused card."""
        t = self.t
        out = []
        seen = t.seen()
        for u, r in list(t.hand_rects(obs)) + [(u, r) for u, r, _b, _k in t.board_layout()]:
            if u in used or u < 0 or seen.cdef[u] < 0:
                continue
            used = set(used) | {u}
            out.append(FocusTarget(f"read:{u}", pygame.Rect(r), lambda: None, (),
                                   tip=C.CARDS[seen.cdef[u]].name, extra={"uid": u, "read": True}))
        return out
