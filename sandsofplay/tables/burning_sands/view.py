"""The players' rows of the Burning Sands table (``Rows``, a part of the table) and the screen's
places.

The screen: a status line on top (round, phase, the Blessed player, the Omen, who acts), one row
per player on the board (a panel with name, Story points, Water, deck / hand / Saved / Buried
counts, then the Stronghold, the City Sections with their Water tokens and Fortifications, the
Heroes with their Followers and Items as labelled strips over the card, and the cards at home),
the prompt bar, the viewer's hand fanned below it (``hand.py``), and on the right a large view of
the card under the pointer or the keyboard focus (``side.py``) over the log.

Geometry is pure (``layout``): drawing, hit tests and gestures read the same rectangles. Bowed
cards are laid sideways. Drawing never changes the state; everything drawn is what the seat's
observation shows (the table's ``seen`` state).
"""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...ui import theme as T
from .faces import STRIP

BOARD = pygame.Rect(8, 34, 972, 428)
PROMPT = pygame.Rect(8, 466, 972, 44)
HAND = pygame.Rect(170, 514, 810, 200)
SIDE = pygame.Rect(990, 34, 282, 430)
LOG = pygame.Rect(990, 470, 282, 242)
INFO_W = 150
TOGGLE = pygame.Rect(842, 2, 170, 30)  # the battle view's Board/Battle toggle, on the top line
UNDO = pygame.Rect(736, 2, 102, 30)  # the table's Undo button, left of the toggle
ZOOM = pygame.Rect(150, 60, 680, 390)  # the long-touch view of a card, over the board


def combat_marks(st):
    """(unit -> the section it fights at, the section being fought over) of the attack under
    way - none once the game is over (the rules leave the last attack's record behind when
    a victory ends the game in the middle of it)."""
    atk = st.atk if isinstance(st.atk, dict) and not st.over else {}
    return {x[0]: x[2] for x in atk.get("units", ())}, atk.get("sec", -1)


class Rows:
    """The players' rows: their geometry (kept until the state or the board's height changes)
    and their drawing."""

    def __init__(self, table):
        self.t = table
        self._layout_key = None
        self._layout: list = []

    # --- geometry -----------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        """The board, less the prompt's choice rows when its buttons need rows of their own
        (then the players' rows close up above them, so no card is covered)."""
        r = pygame.Rect(BOARD)
        ch = self.t.choices_rect
        if ch is not None and ch.y - 4 < r.bottom:
            r.h = max(160, ch.y - 4 - r.y)
        return r

    def row_rect(self, p: int) -> pygame.Rect:
        n = self.t.seen().n
        board = self.board_rect()
        h = board.h // n
        return pygame.Rect(board.x, board.y + p * h, board.w, h - 4)

    def card_size(self) -> tuple[int, int]:
        h = min(124, self.row_rect(0).h - 10)
        return int(h * 0.72), h

    def layout(self) -> list:
        """[(uid, rect, bowed, kind)] in drawing order (later ones on top). ``kind``: "card"
        or "strip" (an attachment laid over its host card's lower edge). A player's cards run
        in one line (Stronghold, City Sections, Heroes, other cards at home), closing up when
        crowded; a tall row that would crowd (two players) takes two lines instead: the city
        above, Heroes and the rest below."""
        st = self.t.seen()
        key = (self.t.match.version, len(self.t.match.log), self.board_rect().h)
        if self._layout_key == key:
            return self._layout
        out, spans = [], []
        cw, ch = self.card_size()
        for p in range(st.n):
            first = len(out)
            row = self.row_rect(p)
            city = [st.stronghold[p]] if st.stronghold[p] >= 0 else []
            city += [u for u in st.sections[p] if u not in city]
            rest = [u for u in list(st.heroes[p]) + list(st.home[p]) if u not in city]
            rest = list(dict.fromkeys(rest))
            x0, avail = row.x + INFO_W + 4, row.w - INFO_W - 8
            one = self._line_items(st, [city[:1], city[1:], st.heroes[p], rest], cw, ch)
            h2 = min(124, (row.h - 6) // 2 - 6)
            w2 = int(h2 * 0.72)
            if self._scale(one, avail) < 0.75 and h2 >= 88:
                top = self._line_items(st, [city[:1], city[1:]], w2, h2)
                low = self._line_items(st, [[u for u in rest if u in st.heroes[p]],
                                            [u for u in rest if u not in st.heroes[p]]], w2, h2)
                self._lay_line(st, top, x0, row.y + 4, avail, w2, h2, out)
                self._lay_line(st, low, x0, row.y + 4 + h2 + 6, avail, w2, h2, out)
            else:
                self._lay_line(st, one, x0, row.y + 4, avail, cw, ch, out)
            spans.append((first, len(out)))
        self._layout_key = key
        self._layout, self._spans = out, spans
        return out

    @staticmethod
    def _line_items(st, groups, cw, ch) -> list:
        """(uid, width, gap before) for groups of cards laid in a line."""
        items, seen = [], set()
        for gi, g in enumerate(groups):
            g = [u for u in g if u not in seen]
            seen.update(g)
            for j, u in enumerate(g):
                items.append((u, ch if st.bowed[u] else cw, 12 if j == 0 and items else 4))
        return items

    @staticmethod
    def _scale(items, avail) -> float:
        if not items:
            return 1.0
        total = sum(w + gap for _, w, gap in items)
        return min(1.0, (avail - items[-1][1]) / max(1, total - items[-1][1]))

    def _lay_line(self, st, items, x, y, avail, cw, ch, out):
        scale = self._scale(items, avail)
        for i, (u, w, gap) in enumerate(items):
            x += gap * scale
            bowed = bool(st.bowed[u])
            r = pygame.Rect(int(x), y + (ch - cw if bowed else 0), w, cw if bowed else ch)
            out.append((u, r, bowed, "card"))
            att = st.att[u]
            for k, a in enumerate(att):
                sr = pygame.Rect(r.x, r.bottom - STRIP * (len(att) - k), r.w, STRIP)
                out.append((a, sr, bool(st.bowed[a]), "strip"))
            x += w * scale if i < len(items) - 1 else w

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf, obs, glow, selected, mouse):
        """The rows and their cards: the cards in combat marked, the glowing ones (something can
        be done with them) and the selected one. The rows are drawn once and kept as a picture
        until something they show changes (the seen state, the glowing and selected cards, the
        piles line under the pointer, the names, which cards are moving): a frame then blits one
        picture instead of some fifty cards (issue 28, a table's frame within 6 ms). When
        something changes, only the rows whose drawing changes are drawn again over the kept
        picture (``_row_sigs``: what each row shows; a row draws nothing outside its rectangle).
        Cards in motion are left out of the picture and drawn over it, where they are on their
        way."""
        st = self.t.seen()
        t = self.t
        region = self.board_rect().inflate(12, 12).clip(surf.get_rect())
        moving = t.motion.moving()
        hot = tuple(self.pile_rect(p).collidepoint(mouse) for p in range(st.n))
        whole = (tuple(region), t.viewer, st.n)
        key = (whole, frozenset(glow), selected, hot,
               tuple((t.seat_name(p), t.seat_colour(p)) for p in range(st.n)), moving)
        if self._picture_of is st and self._picture_key == key:
            surf.blit(self._picture, region)
        else:
            sigs = self._row_sigs(st, obs, glow, selected, hot, moving)
            if self._picture is not None and self._picture_key[0] == whole:
                surf.blit(self._picture, region)
                changed = [p for p in range(st.n) if sigs[p] != self._sigs[p]]
                if changed:
                    self._draw(surf, st, obs, glow, selected, mouse, moving, rows=changed)
            else:
                self._draw(surf, st, obs, glow, selected, mouse, moving)
            self._picture_of, self._picture_key, self._sigs = st, key, sigs
            self._picture = surf.subsurface(region).copy()
        if moving:
            for u, r, bowed, kind in self.layout():
                if u in moving:
                    t.motion.draw_card(surf, u, r, bowed, kind, obs)

    _picture_of = None  # the seen state the kept picture of the rows shows, its key, and it
    _picture_key = None
    _picture = None
    _sigs: list = []  # what each row of the kept picture shows (``_row_sigs``)

    def _row_sigs(self, st, obs, glow, selected, hot, moving) -> list:
        """For each row, everything its drawing depends on: the panel's lines, and each card's
        place, face (its values, water, the cards under it), marks and motion."""
        t = self.t
        lay = self.layout()
        fighting, battle = combat_marks(st)
        acting = t.game.to_act(st)
        values = t.faces.values
        out = []
        for p, (a, b) in enumerate(self._spans):
            cards = []
            for u, r, bowed, kind in lay[a:b]:
                cd = st.cdef[u]
                face = ()
                if cd >= 0 and kind == "card":
                    c = C.CARDS[cd]
                    face = (values(st, u) if c.type in ("hero", "follower") else (),
                            st.water[u] if c.type == "section" else 0, len(st.under[u]))
                cards.append((u, tuple(r), bowed, kind, cd, obs["cdef"][u], face, u in moving,
                              u in glow, u == selected, u == battle, u in fighting,
                              fighting.get(u) == battle))
            hand = obs["hand"][p]
            out.append((tuple(self.row_rect(p)), p in acting, t.seat_name(p), t.seat_colour(p),
                        p == st.blessed, st.alive[p], C.story_points(st, p), C.water_of(st, p),
                        obs["deck"][p], len(hand) if isinstance(hand, list) else hand, hot[p],
                        len(st.saved[p]), len(st.buried[p]), tuple(cards)))
        return out

    def _draw(self, surf, st, obs, glow, selected, mouse, moving=frozenset(), rows=None):
        """The rows ``rows`` (every row when None), their backgrounds first."""
        rows = range(st.n) if rows is None else rows
        for p in rows:
            self.draw_row(surf, p, obs, mouse)
        fighting, battle = combat_marks(st)
        lay = self.layout()
        for u, r, bowed, kind in (x for p in rows for x in lay[slice(*self._spans[p])]):
            if u not in moving:  # (drawn over the picture by ``draw``, where they are now)
                self.t.motion.draw_card(surf, u, r, bowed, kind, obs)
            if u == battle or (u in fighting and fighting[u] == battle):
                pygame.draw.rect(surf, T.DANGER, r.inflate(6, 6), 3, border_radius=7)
            elif u in fighting:
                pygame.draw.rect(surf, (230, 140, 60), r.inflate(4, 4), 2, border_radius=7)
            if u in glow:
                pygame.draw.rect(surf, T.GLOW, r.inflate(4, 4), 2, border_radius=6)
            if u == selected:
                pygame.draw.rect(surf, (90, 220, 110), r.inflate(6, 6), 3, border_radius=6)

    def draw_status(self, surf, obs):
        """The line on top: turn, phase, the Blessed player, the Omen, who acts (once the game
        is over: the turn it ended in)."""
        st = self.t.seen()
        t = self.t
        if st.over:
            t.app.text.blit(surf, f"Turn {st.turn} of {st.limit}  |  The game is over",
                            (12, 17), 16, T.PARCHMENT, anchor="midleft", width=800)
            return
        raw = next((f.get("phase") for f in reversed(st.stack) if f["k"] == "prio"), None)
        if raw is None:
            kinds = {f["k"] for f in st.stack}
            raw = "end" if kinds & {"enddraw", "endwater", "khadi", "end"} else \
                "dawn" if "remain" in kinds or "dawn" in kinds else st.phase
        phase = {"dawn": "Dawn", "day": "Day", "night": "Night", "end": "End",
                 "setup": "Setup", "play": "Setup"}.get(str(raw), str(raw).capitalize())
        phase = "Game over" if st.over else f"{phase} Phase"
        omen = C.CARDS[st.cdef[st.omen]].name if st.omen is not None and st.omen >= 0 else "none"
        acting = t.game.to_act(st)
        who = t.seat_name(acting[0]) if acting else "-"
        text = (f"Turn {st.turn} of {st.limit}  |  {phase}  |  Blessed: "
                f"{t.seat_name(st.blessed) if st.blessed is not None and st.blessed >= 0 else '-'}"
                f"  |  Omen: {omen}  |  To act: {who}")
        room = (UNDO.x if t.mode == "play" else TOGGLE.x) - 24  # clear of the top buttons
        size = t.app.text.fit_size(text, room, 16, 12)
        t.app.text.blit(surf, text, (12, 17), size, T.PARCHMENT, anchor="midleft")

    def draw_row(self, surf, p, obs, mouse):
        t = self.t
        st = t.seen()
        row = self.row_rect(p)
        acting = p in t.game.to_act(st)
        bg = (62, 46, 32) if p != t.viewer else (72, 56, 36)
        pygame.draw.rect(surf, bg, row, border_radius=8)
        colour = T.PLAYER_COLOURS.get(t.seat_colour(p), (T.GOLD,))[0]
        pygame.draw.rect(surf, T.GLOW if acting else colour, row, 3 if acting else 1,
                         border_radius=8)
        info = pygame.Rect(row.x + 6, row.y + 4, INFO_W - 10, row.h - 8)
        name = t.seat_name(p) + (" (Blessed)" if p == st.blessed else "")
        if not st.alive[p]:
            name += " - out"
        txt = t.app.text
        big, line_size, ys, pr = self.info_geometry(p)
        size = next((k for k in (big, 14, 12) if k <= big and
                     t.app.fonts.get(k, True).size(name)[0] <= info.w), 11)
        txt.blit(surf, name, (info.x, info.y + (big - size) // 2), size, colour, bold=True)
        hand = obs["hand"][p]
        lines = [f"Story {C.story_points(st, p)}   Water {C.water_of(st, p)}",
                 f"Deck {obs['deck'][p]}   Hand {len(hand) if isinstance(hand, list) else hand}"]
        for line, y in zip(lines, ys):
            txt.blit(surf, line, (info.x, y), line_size, T.PARCHMENT)
        hot = pr.collidepoint(mouse)  # the piles line opens the piles browser
        pygame.draw.rect(surf, (96, 70, 44) if hot else (74, 54, 34), pr, border_radius=4)
        txt.blit(surf, f"Saved {len(st.saved[p])}  Buried {len(st.buried[p])} \u203a",
                 (pr.x + 4, pr.centery), line_size, T.GLOW if hot else T.PARCHMENT,
                 anchor="midleft")

    def info_geometry(self, p):
        """(name size, line size, [y of the two lines], the piles line's rect) of a player's
        panel: a low row (four players while choice rows take room) gets smaller type, so
        nothing is written over anything else."""
        row = self.row_rect(p)
        roomy = row.h >= 90
        big, line_size, line_h = (16, 14, 19) if roomy else (14, 12, 16)
        top = row.y + 4 + big + 5
        step = max(line_h, min(22, (row.bottom - 4 - top) // 3))
        ys = [top, top + step]
        return big, line_size, ys, pygame.Rect(row.x + 4, top + 2 * step - 1, INFO_W - 10,
                                              line_h)

    def pile_rect(self, p) -> pygame.Rect:
        """The player's "Saved / Buried" line in their panel: a click opens the piles."""
        return self.info_geometry(p)[3]

    def bubble_anchor(self, seat) -> pygame.Rect:
        """A bot's bubble: at its row's right end, not over its names."""
        r = self.row_rect(seat)
        return pygame.Rect(r.right - 320, r.y, 320, r.h)
