"""Cards in motion at the Burning Sands table (a mixin of the table scene).

Every time the laid-out table changes (an action, the arena opening or closing), each card that
is drawn somewhere else than before glides there: a card played flies from the hand (a bot's
from its player's place) to where it goes, a card that bows turns sideways and one that
straightens turns back, units walk into the arena and home again. A card that leaves play (a
destroyed unit, a razed section) fades where it was. While anything moves the bots wait, so
their turns play at a watchable pace with the same animations; a click that skips ahead (or the
fast mode of tests and tools) skips the motions too.

Only the geometry is animated: a card's face is always the one the viewer's observation allows
(a face-down card is drawn as its back while it moves).
"""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...ui.widgets import Tween

FLY_TICKS = 24
FADE_TICKS = 26


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, p: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * p), round(a.y + (b.y - a.y) * p),
                       max(1, round(a.w + (b.w - a.w) * p)), max(1, round(a.h + (b.h - a.h) * p)))


class Move:
    __slots__ = ("src", "a0", "tween")

    def __init__(self, src, a0, tween):
        self.src, self.a0, self.tween = src, a0, tween


class Motion:
    _placed = None  # {uid: (rect, bowed, kind)} as last laid out
    _placed_lay = None
    _moves: dict = {}
    _ghosts: list = []
    _hand_seen: dict = {}
    _last_seen: dict = {}

    def animations_on(self) -> bool:
        return not getattr(self, "fast", False) and getattr(self, "skip_pace", None) is None

    def track_motion(self):
        """Compare the layout with the last one and start the motions (from ``update``)."""
        game_key = (id(self.match), len(self.seen().cdef))
        if "_last_seen" not in self.__dict__ or self.__dict__.get("_motion_game") != game_key:
            # a new table or another game in it (a replay played from here): start afresh
            self._motion_game = game_key
            self._last_seen = {}  # uid -> where it was last seen in the hand
            self._placed = self._placed_lay = None
            self._moves, self._ghosts = {}, []
            if getattr(self, "arena_hold", None) is not None:
                self.release_hold()
        lay = self.board_layout()
        obs = self.observation()
        hand = {u: pygame.Rect(r) for u, r in self.hand_rects(obs)}
        if lay is self._placed_lay:
            self._hand_seen = hand
            self._last_seen.update(hand)
            return
        old, self._placed_lay = self._placed, lay
        new = {}
        for u, r, bowed, kind in lay:
            new.setdefault(u, (pygame.Rect(r), bowed, kind))
        self._placed = new
        self._hand_seen = hand
        prev_hand = self._last_seen
        prev_hand.update(hand)  # a card paid for flies from where it left the hand
        if old is None or not self.animations_on():
            self._moves = {}
            return
        st = self.seen()
        moves = {}
        for u, (r, bowed, kind) in new.items():
            shown = self.shown_place(u, old)
            if shown is not None:
                src, ang = shown
            elif u in prev_hand:
                src, ang = prev_hand[u], 0.0
            elif kind == "card":
                src, ang = self.entry_point(st.owner[u], r), 0.0
            else:
                continue
            target_ang = -90.0 if bowed else 0.0
            if src == r and abs(ang - target_ang) < 0.5:
                continue
            moves[u] = Move(src, ang, self.tweens.add(Tween(0.0, 1.0, FLY_TICKS)))
        self._moves = moves
        ghosts = [g for g in self._ghosts if not g[3].done]
        for u, (r, bowed, kind) in old.items():
            if u in new or u in hand or kind != "card" or obs["cdef"][u] < 0:
                continue
            if C.in_play(st, u):
                # still in play but gone from the view (a unit sent home from a battle): it
                # walks off towards its own side, bowed
                dx = -160 if r.centerx < self.arena_rect().centerx else 160
                ghosts.append((u, pygame.Rect(r), bool(st.bowed[u]),
                               self.tweens.add(Tween(0.0, 1.0, FADE_TICKS)), dx, False))
            else:  # destroyed: it fades where it was, crossed out
                ghosts.append((u, pygame.Rect(r), bowed,
                               self.tweens.add(Tween(0.0, 1.0, FADE_TICKS)), 0, True))
        self._ghosts = ghosts

    def shown_place(self, u, old):
        """(rect, angle) where card ``u`` is drawn now (mid-motion or at rest), or None."""
        if old is None or u not in old:
            return None
        r, bowed, _kind = old[u]
        m = self._moves.get(u)
        ang = -90.0 if bowed else 0.0
        if m is not None and not m.tween.done:
            p = m.tween.progress()
            return _lerp_rect(m.src, r, p), m.a0 + (ang - m.a0) * p
        return pygame.Rect(r), ang

    def entry_point(self, owner, r) -> pygame.Rect:
        """Where a card of ``owner`` that was nowhere in sight comes from: the player's place
        (the hand's count in their row)."""
        if self.shown_arena() is None:
            row = self.row_rect(owner)
            src = pygame.Rect(0, 0, r.w // 2, r.h // 2)
            src.center = (row.x + 70, row.centery)
            return src
        src = pygame.Rect(0, 0, r.w // 2, r.h // 2)
        src.center = (r.centerx, r.bottom + 120)
        return src

    def draw_card(self, surf, uid, r, bowed, kind, obs):
        m = self._moves.get(uid)
        if m is None or m.tween.done:
            return super().draw_card(surf, uid, r, bowed, kind, obs)
        p = m.tween.progress()
        rect = _lerp_rect(m.src, r, p)
        target = -90.0 if bowed else 0.0
        ang = m.a0 + (target - m.a0) * p
        st = self.seen()
        hidden = st.cdef[uid] < 0 or obs["cdef"][uid] < 0
        if kind == "strip" or hidden or (abs(ang - target) < 0.5 and rect.size == r.size):
            return super().draw_card(surf, uid, rect, bowed, kind, obs)
        if abs(ang - target) < 0.5:  # only growing or shrinking: a plain scale is cheaper
            img = pygame.transform.scale(self.card_face(uid, r.w if not bowed else r.h,
                                                        r.h if not bowed else r.w, obs, bowed),
                                         rect.size)
            surf.blit(img, rect)
            return
        w, h = (r.h, r.w) if bowed else (r.w, r.h)
        face = self.card_face(uid, w, h, obs)
        # the upright face, turned by ``ang`` and scaled so it fills the moving rectangle
        span = abs(rect.w * rect.h) ** 0.5 / max(1.0, (w * h) ** 0.5)
        img = pygame.transform.rotozoom(face, ang, span)
        surf.blit(img, img.get_rect(center=rect.center))

    def draw_ghosts(self, surf):
        """Cards that left play fade where they were, crossed out."""
        if not self._ghosts:
            return
        obs = self.observation()
        for u, r, bowed, tw, dx, crossed in self._ghosts:
            if tw.done or u >= len(obs["cdef"]) or obs["cdef"][u] < 0:
                continue
            p = tw.progress()
            r0 = r
            if bowed and r.h > r.w:  # it was upright where it stood, and bowed on leaving
                r0 = pygame.Rect(r.x, r.bottom - r.w, r.h, r.w)  # laid sideways
            w, h = (r0.h, r0.w) if bowed else (r0.w, r0.h)
            face = self.card_face(u, w, h, obs, bowed)
            if crossed:  # destroyed: crossed out, it shrinks away where it stood
                img = pygame.transform.rotozoom(face, 0, 1.0 - 0.7 * p)
                at = img.get_rect(center=r0.center)
                pygame.draw.line(img, (200, 60, 40), (0, 0), img.get_size(), 4)
                pygame.draw.line(img, (200, 60, 40), (img.get_width(), 0),
                                 (0, img.get_height()), 4)
            else:
                img = face.copy()
                at = r0.move(int(dx * p), 0)
            img.set_alpha(int(255 * (1.0 - p)))
            surf.blit(img, at)

    def settle(self):
        """End every motion at once (tools and tests that jump ahead)."""
        for m in self._moves.values():
            m.tween.t = m.tween.ticks
        for g in self._ghosts:
            g[3].t = g[3].ticks
        self._moves = {}
        self._ghosts = []
        if getattr(self, "arena_hold", None) is not None:
            self.release_hold()
        self.tweens.update(0)
        self.arena_model()  # the contest as it stands (the picture a result is held on)
