"""Card faces at the Burning Sands table: a card drawn small (its name, type, the start of its
text, its current Strength and Ka or its Water), laid sideways when bowed, as an attachment's
strip over its host, and read large with its full text (the side panel, the long-touch view, the
piles browser). Faces are made once a size and value and kept in the app's image cache.

A part of the table (``CardFaces``): it draws what the seat's observation shows, asked through
the table's ``card_face`` (so every face drawn passes one place) and its ``seen`` state."""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...ui import theme as T
from ...ui.hand import draw_badge

STRIP = 15  # the height of an attachment's strip over its host (``view``, ``arena``)
WATER_RGB = (50, 120, 200)  # a Water token on a card

HAND_W, HAND_H = 100, 140
FACTION_COLOURS = {"Senpet": (150, 60, 40), "Moto": (70, 90, 140), "Khadi": (90, 60, 110),
                   "Assassin": (50, 50, 50), "Unaligned": (120, 100, 60)}
TYPE_NAMES = {"stronghold": "Stronghold", "section": "City Section", "hero": "Hero",
              "follower": "Follower", "item": "Item", "holding": "Holding",
              "fortification": "Fortification", "action": "Action", "omen": "Omen",
              "story": "Story", "weapon": "Weapon", "armor": "Armor", "spell": "Spell",
              "pantheon": "Pantheon"}


def water_dots(surf, x, y, water, edge=None):
    """A card's Water tokens as a row of dots (six at most), the first centred at (x, y)."""
    for k in range(min(water, 6)):
        pygame.draw.circle(surf, WATER_RGB, (x + k * 12, y), 5)
        if edge is not None:
            pygame.draw.circle(surf, edge, (x + k * 12, y), 5, 1)


def faction_colour(c) -> tuple:
    return FACTION_COLOURS.get(c.faction, (110, 90, 60))


def kind_and_cost(c) -> list:
    """A card's first lines when read large: its type and faction, then its cost (if any)."""
    lines = [f"{TYPE_NAMES.get(c.type, c.type)} - {c.faction or 'Unaligned'}"]
    # the Influence of a Stronghold, a Hero or a Follower is a value (its clout), not a price
    # (Stronghold; Influence); a Stronghold's City Points buy the City Sections (Game setup)
    valued = c.type in ("stronghold", "hero", "follower")
    cost = [f"{v} {n}" for v, n in ((c.water, "Water"), (c.copper, "Copper"),
                                      (0 if valued else c.influence, "Influence")) if v]
    if cost:
        lines.append("Cost: " + ", ".join(cost))
    if c.type == "stronghold" and c.cp:
        lines.append(f"City Points {c.cp}")
    if valued and c.influence:
        lines.append(f"Influence {c.influence}")
    return lines


def fate_and_traits(c) -> list:
    return ([f"Fate {c.fate}"] if c.fate else []) + \
        (["Traits: " + ", ".join(c.traits)] if c.traits else [])


def full_text(c) -> str:
    """The card's text and every ability's, once each."""
    body = c.text or ""
    for ab in c.abilities:
        if ab.text and ab.text not in body:
            body += ("\n" if body else "") + ab.text
    return body


class CardFaces:
    def __init__(self, table):
        self.t = table
        # the values (Strength, Ka) of the cards in one seen state, worked out once: a seen state
        # is never changed (``seen.py``), and a frame draws dozens of faces, each of whose values
        # walks every static effect in play
        self._vals_of = None
        self._vals: dict = {}
        self._statics: list = []  # ``C.statics`` of ``_vals_of``

    @property
    def text(self):
        return self.t.app.text

    @property
    def images(self):
        return self.t.app.images

    def face(self, st, uid, w, h, bowed=False):
        """The face of card ``uid`` at ``w`` x ``h`` with its values in ``st`` (kept)."""
        c = C.CARDS[st.cdef[uid]]
        vals = ()
        if c.type in ("hero", "follower"):
            vals = self.values(st, uid)
        water = st.water[uid] if c.type == "section" else 0
        key = ("bs-card", c.id, w, h, vals, water, bowed)
        if bowed:  # laid sideways, its name and values still upright
            return self.images.get(key, lambda: self._render_bowed(c, h, w, vals, water))
        left = (w, h) != (HAND_W, HAND_H)  # on the board the left part shows when crowded
        return self.images.get(key, lambda: self._render_face(c, w, h, vals, water, left))

    def values(self, st, uid) -> tuple:
        """(Strength, Ka) of card ``uid`` in the seen state ``st``."""
        if st is not self._vals_of:  # (the statics in play walked once for all its cards)
            self._vals_of, self._vals, self._statics = st, {}, C.statics(st)
        vals = self._vals.get(uid)
        if vals is None:
            found = self._statics
            vals = self._vals[uid] = (C.strength(st, uid, found), C.ka(st, uid, found))
        return vals

    def _render_bowed(self, c, w, h, vals, water):
        """A bowed card: the face laid in landscape with its text upright, shaded, and marked
        "bowed" low on the left (the values stay on the right)."""
        s = self._render_face(c, w, h, vals, water, True, "bowed")
        veil = pygame.Surface((w, h - 18), pygame.SRCALPHA)
        veil.fill((60, 40, 20, 60))
        s.blit(veil, (0, 18))
        return s

    def _render_face(self, c, w, h, vals, water, left=False, tag=""):
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        col = faction_colour(c)
        pygame.draw.rect(s, T.PARCHMENT, s.get_rect(), border_radius=6)
        pygame.draw.rect(s, col, pygame.Rect(0, 0, w, 18), border_top_left_radius=6,
                         border_top_right_radius=6)
        pygame.draw.rect(s, col, s.get_rect(), 2, border_radius=6)
        for _what, img, pos, area in self.face_texts(c, w, h, vals, water, left, tag):
            s.blit(img, pos, area)
        if water:
            water_dots(s, 10, h - 12, water)
        return s

    def face_texts(self, c, w, h, vals, water, left=False, tag=""):
        """The words on a card's face, laid out one under another so none runs into the next:
        [(what, picture, top-left, shown part of the picture)] - the name in the band, its type,
        the tag ("bowed"), the start of its text where there is room, and low down its values
        (Strength and Ka) or its Water count."""
        txt = self.text
        out = []
        # the name on one line: smaller type for a long one, then cut (the large view has it)
        for size in (11, 10, 9):
            img = txt.render(c.name, size, T.PARCHMENT, bold=True)
            if img.get_width() <= w - 6:
                break
        out.append(("name", img, (4, 2 + (11 - size) // 2), pygame.Rect(0, 0, w - 6, 16)))
        low = []  # the bottom line: values or the Water count
        if vals:
            low.extend(self._value_texts(c, w, h, vals, left))
        if water > 6:
            img = txt.render(str(water), 13, (50, 120, 200), bold=True)
            low.append(("water", img, (w - 14, h - 20), img.get_rect()))
        bottom = min([p[1] for _w, _i, p, _a in low] + [h - 4])
        y = 20
        kind = TYPE_NAMES.get(c.type, c.type.capitalize())
        lines = [("type", txt.render(kind, 11, T.MUTED))]
        if tag:
            lines.append(("tag", txt.render(tag, 11, T.DANGER, bold=True)))
        for what, img in lines:
            if y + img.get_height() > bottom:
                break
            out.append((what, img, (4, y), pygame.Rect(0, 0, w - 6, img.get_height())))
            y += img.get_height() - 2  # (the font's line box has room above the letters)
        if h >= 120:  # large enough (the hand, a battle): the start of its text
            body = c.text or next((ab.text for ab in c.abilities if ab.text), "")
            room = min(bottom, h - 22) - y  # (clear of the hand's "playable" tick, low left)
            if body and room >= 14:
                # drawn into the kept face: not kept in the shared text cache as well
                img = txt.render_once(body, 10, T.INK, width=w - 8)
                out.append(("text", img, (4, y), pygame.Rect(0, 0, w - 8, room)))
        return out + low

    def _value_texts(self, c, w, h, vals, left):
        """Strength and Ka low on a card: in the hand right-aligned, clear of the "playable"
        tick low on the left; on the board at the left, the part a crowded row leaves in view.
        On a card too narrow for both side by side, smaller type, then Strength alone, then
        nothing (the large view on the right always shows both)."""
        txt = self.text
        base = (c.s, c.k)
        pairs = (("K", vals[1], base[1]), ("S", vals[0], base[0]))

        def laid(size, which):
            out = []
            for i, (label, v, b) in enumerate(pairs):
                if i not in which:
                    continue
                colour = (30, 120, 40) if v > b else T.DANGER if v < b else T.INK
                img = txt.render(f"{label}{v}", size, colour, bold=True)
                step = min(30, w // 2 - 4) if len(which) == 2 else 0
                x = 4 + (1 - i) * step if left else w - 4 - i * step - img.get_width()
                out.append(("value", img, (x, h - 18 + (14 - size)), img.get_rect()))
            return out

        def fits(out):
            boxes = [img.get_bounding_rect().move(pos) for _w, img, pos, _a in out]
            inside = all(pygame.Rect(0, 0, w, h).contains(b) for b in boxes)
            return inside and not (len(boxes) == 2 and boxes[0].colliderect(boxes[1].inflate(2, 0)))

        for size, which in ((14, (0, 1)), (11, (0, 1)), (11, (1,)), (9, (1,))):
            out = laid(size, which)
            if fits(out):
                return out
        return []

    def draw_card(self, surf, uid, r, bowed, kind, obs):
        """A card at rest in ``r``: its face (a back when the seat may not see it) or, for an
        attachment, its strip; a badge counts the cards under an Experienced Hero."""
        st = self.t.seen()
        if st.cdef[uid] < 0 or obs["cdef"][uid] < 0:
            pygame.draw.rect(surf, (90, 60, 40), r, border_radius=6)
            return
        if kind == "strip":
            c = C.CARDS[st.cdef[uid]]
            pygame.draw.rect(surf, faction_colour(c), r)
            pygame.draw.rect(surf, T.INK, r, 1)
            label = c.name + (" (bowed)" if bowed else "")
            self.text.blit(surf, label, (r.x + 3, r.centery), 11, T.PARCHMENT,
                               anchor="midleft", width=0)
            return
        w, h = (r.h, r.w) if bowed else (r.w, r.h)
        img = self.t.card_face(uid, w, h, obs, bowed)
        surf.blit(img, r)
        att, water = st.att[uid], st.water[uid]
        if att and water and not bowed and C.CARDS[st.cdef[uid]].type == "section":
            # a Fortification's strip lies over the section's low edge: its Water is shown
            # again above the strips, so it can still be counted
            water_dots(surf, r.x + 10, r.bottom - STRIP * len(att) - 8, water, edge=T.INK)
        under = st.under[uid]
        if under:
            draw_badge(surf, self.text, len(under), (r.right - 8, r.y + 26), (160, 120, 200))

    def draw_card_info(self, surf, uid, box, size=15):
        """A card's name, type, cost, current values (changed ones marked), traits and full
        text in ``box`` (the side panel, the long-touch view, the piles browser)."""
        st = self.t.seen()
        c = C.CARDS[st.cdef[uid]]
        txt = self.text
        x, y, w = box.x + 12, box.y + 10, box.w - 24
        pygame.draw.rect(surf, faction_colour(c), (box.x + 4, box.y + 4, box.w - 8, size + 15),
                         border_radius=8)
        txt.blit(surf, c.name, (x, y), size + 3, T.PARCHMENT, bold=True, width=w)
        y += size + 17
        lines = kind_and_cost(c)
        if c.type in ("hero", "follower"):
            s_now, k_now = C.strength(st, uid), C.ka(st, uid)
            mark = lambda now, base: f"{now}" + (f" (printed {base})" if now != base else "")
            lines.append(f"Strength {mark(s_now, c.s)}   Ka {mark(k_now, c.k)}")
        if c.type == "section":
            lines.append(f"Water tokens: {st.water[uid]}")
        if c.produce:
            lines.append(f"Produces {c.produce}")
        lines += fate_and_traits(c)
        if st.bowed[uid]:
            lines.append("Bowed")
        for line in lines:
            r = txt.blit(surf, line, (x, y), size, T.SAND_LIGHT, width=w)
            y = r.bottom + 3
        y += 6
        body = full_text(c)
        if body:
            txt.blit(surf, body, (x, y), size, T.PARCHMENT, width=w)

