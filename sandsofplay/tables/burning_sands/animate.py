"""Cards in motion at the Burning Sands table (``Motion``, a part of the table).

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

SMOOTH_TURNS = 4  # cards moving at once up to which a turning card is smoothed (rotozoom)

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
    """Where each card was drawn last, and the motions and fading cards under way."""

    def __init__(self, table):
        self.t = table
        self.game_key = None  # (the match, its number of cards): a new game starts afresh
        self.placed = None  # {uid: (rect, bowed, kind)} as last laid out
        self.placed_lay = None
        self.moves: dict = {}
        self.ghosts: list = []
        self.last_seen: dict = {}  # uid -> where it was last seen in the hand

    def animations_on(self) -> bool:
        return not self.t.fast and self.t.skip_pace is None

    def track(self):
        """Compare the layout with the last one and start the motions (from ``update``)."""
        t = self.t
        game_key = (id(t.match), len(t.seen().cdef))
        if self.game_key != game_key:
            # a new table or another game in it (a replay played from here): start afresh
            self.game_key = game_key
            self.last_seen = {}
            self.placed = self.placed_lay = None
            self.moves, self.ghosts = {}, []
            if t.arena.hold is not None:
                t.arena.release_hold()
        lay = t.board_layout()
        obs = t.observation()
        hand = {u: pygame.Rect(r) for u, r in t.hand_rects(obs)}
        if lay is self.placed_lay:
            self.last_seen.update(hand)
            return
        old, self.placed_lay = self.placed, lay
        new = {}
        for u, r, bowed, kind in lay:
            new.setdefault(u, (pygame.Rect(r), bowed, kind))
        self.placed = new
        prev_hand = self.last_seen
        prev_hand.update(hand)  # a card paid for flies from where it left the hand
        if old is None or not self.animations_on():
            self.moves = {}
            return
        st = self.t.seen()
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
            moves[u] = Move(src, ang, self.t.tweens.add(Tween(0.0, 1.0, FLY_TICKS)))
        self.moves = moves
        ghosts = [g for g in self.ghosts if not g[3].done]
        for u, (r, bowed, kind) in old.items():
            if u in new or u in hand or kind != "card" or obs["cdef"][u] < 0:
                continue
            if C.in_play(st, u):
                # still in play but gone from the view (a unit sent home from a battle): it
                # walks off towards its own side, bowed
                dx = -160 if r.centerx < self.t.arena.rect().centerx else 160
                ghosts.append((u, pygame.Rect(r), bool(st.bowed[u]),
                               self.t.tweens.add(Tween(0.0, 1.0, FADE_TICKS)), dx, False))
            else:  # destroyed: it fades where it was, crossed out
                ghosts.append((u, pygame.Rect(r), bowed,
                               self.t.tweens.add(Tween(0.0, 1.0, FADE_TICKS)), 0, True))
        self.ghosts = ghosts

    def shown_place(self, u, old):
        """(rect, angle) where card ``u`` is drawn now (mid-motion or at rest), or None."""
        if old is None or u not in old:
            return None
        r, bowed, _kind = old[u]
        m = self.moves.get(u)
        ang = -90.0 if bowed else 0.0
        if m is not None and not m.tween.done:
            p = m.tween.progress()
            return _lerp_rect(m.src, r, p), m.a0 + (ang - m.a0) * p
        return pygame.Rect(r), ang

    def entry_point(self, owner, r) -> pygame.Rect:
        """Where a card of ``owner`` that was nowhere in sight comes from: the player's place
        (the hand's count in their row)."""
        if self.t.arena.shown() is None:
            row = self.t.rows.row_rect(owner)
            src = pygame.Rect(0, 0, r.w // 2, r.h // 2)
            src.center = (row.x + 70, row.centery)
            return src
        src = pygame.Rect(0, 0, r.w // 2, r.h // 2)
        src.center = (r.centerx, r.bottom + 120)
        return src

    def moving(self) -> frozenset:
        """The cards on their way now."""
        return frozenset(u for u, m in self.moves.items() if not m.tween.done)

    def draw_card(self, surf, uid, r, bowed, kind, obs):
        m = self.moves.get(uid)
        if m is None or m.tween.done:
            return self.t.faces.draw_card(surf, uid, r, bowed, kind, obs)
        p = m.tween.progress()
        rect = _lerp_rect(m.src, r, p)
        target = -90.0 if bowed else 0.0
        ang = m.a0 + (target - m.a0) * p
        st = self.t.seen()
        hidden = st.cdef[uid] < 0 or obs["cdef"][uid] < 0
        if kind == "strip" or hidden or (abs(ang - target) < 0.5 and rect.size == r.size):
            return self.t.faces.draw_card(surf, uid, rect, bowed, kind, obs)
        if abs(ang - target) < 0.5:  # only growing or shrinking: a plain scale is cheaper
            img = pygame.transform.scale(self.t.card_face(uid, r.w if not bowed else r.h,
                                                        r.h if not bowed else r.w, obs, bowed),
                                         rect.size)
            surf.blit(img, rect)
            return
        w, h = (r.h, r.w) if bowed else (r.w, r.h)
        face = self.t.card_face(uid, w, h, obs)
        # the upright face, turned by ``ang`` and scaled so it fills the moving rectangle
        span = abs(rect.w * rect.h) ** 0.5 / max(1.0, (w * h) ** 0.5)
        if len(self.moving()) > SMOOTH_TURNS:
            # many cards on the move at once (a Dawn unbowing a whole row): the plain rotation,
            # a fifth of the smoothed one's cost (issue 28: 13 smoothed turns a frame were the
            # largest part of the slowest frames); no eye follows one edge among so many
            img = pygame.transform.rotate(face, ang)
            if abs(span - 1.0) > 0.02:
                img = pygame.transform.scale(img, (max(1, round(img.get_width() * span)),
                                                   max(1, round(img.get_height() * span))))
        else:
            img = pygame.transform.rotozoom(face, ang, span)
        surf.blit(img, img.get_rect(center=rect.center))

    def draw_ghosts(self, surf):
        """Cards that left play fade where they were, crossed out."""
        if not self.ghosts:
            return
        obs = self.t.observation()
        for u, r, bowed, tw, dx, crossed in self.ghosts:
            if tw.done or u >= len(obs["cdef"]) or obs["cdef"][u] < 0:
                continue
            p = tw.progress()
            r0 = r
            if bowed and r.h > r.w:  # it was upright where it stood, and bowed on leaving
                r0 = pygame.Rect(r.x, r.bottom - r.w, r.h, r.w)  # laid sideways
            w, h = (r0.h, r0.w) if bowed else (r0.w, r0.h)
            face = self.t.card_face(u, w, h, obs, bowed)
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
        """End every motion at once (tools and tests that jump ahead; the table's ``settle``)."""
        for m in self.moves.values():
            m.tween.t = m.tween.ticks
        for g in self.ghosts:
            g[3].t = g[3].ticks
        self.moves = {}
        self.ghosts = []
