"""The Burning Sands deck scene: browse the whole card pool with filters (Faction, type, trait,
cost, text), read any card large with its full text, build a deck (Stronghold, City Sections and
the cards), see its counts and cost curve and the deck rules it breaks, and save it under a name
in the user data folder (``decks.save``: a name of its own, at most 60 characters; a deck of the
same name is replaced only after "Replace" is clicked, unless it is the one opened). Saved decks
are listed (click one to open it); a damaged deck file is reported by name and left untouched.

Mouse: click a card of the pool to add it, a card of the deck to take one out. Keyboard: Tab
moves between the controls, Enter acts; typing goes to the focused text field.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from ...games.burning_sands import data as bsdata
from ...ui import theme as T
from ...ui.scene import MenuScene
from . import decks
from .faces import TYPE_NAMES, faction_colour, fate_and_traits, full_text, kind_and_cost

POOL = pygame.Rect(16, 116, 400, 560)
DECK = pygame.Rect(430, 116, 380, 450)
CARD = pygame.Rect(824, 116, 440, 330)
STATS = pygame.Rect(824, 452, 440, 224)
ROW = 22
FACTIONS = ("", "Senpet", "Moto", "Assassin", "Khadi")
TYPES = ("", "hero", "follower", "item", "holding", "action", "spell", "story", "pantheon",
         "section", "stronghold")
COSTS = (None, 0, 1, 2, 3, 4, 5)


class DeckScene(MenuScene):
    name = "the Burning Sands decks"
    title = "Legend of the Burning Sands - decks"

    def __init__(self, app):
        super().__init__(app)
        self.deck = decks.starter("senpet")
        self.deck.name = "My deck"
        self.filters = {"faction": 0, "type": 0, "cost": 0}
        self.trait = ""
        self.scroll = 0
        self.hover = None
        self.message = ""
        self.saved = []

    def enter(self):
        self.background = self.backdrop(23)
        self.search = self.own(UITextEntryLine(pygame.Rect(16, 66, 250, 40),
                                               manager=self.app.manager))
        self.search.set_text_length_limit(30)
        self.name_field = self.own(UITextEntryLine(pygame.Rect(430, 576, 250, 40),
                                                   manager=self.app.manager,
                                                   initial_text=self.deck.name))
        self.name_field.set_text_length_limit(decks.MAX_DECK_NAME)
        self.add_button((276, 66, 140, 40), self.filter_label("faction"),
                        lambda: self.cycle("faction"), name="faction")
        self.add_button((430, 66, 150, 40), self.filter_label("type"),
                        lambda: self.cycle("type"), name="type")
        self.add_button((590, 66, 130, 40), self.filter_label("cost"),
                        lambda: self.cycle("cost"), name="cost")
        self.add_button((690, 576, 120, 40), "Save", self.save, name="save")
        self.add_button((430, 626, 180, 44), "Start: Senpet", self.next_starter, name="starter")
        self.add_button((620, 626, 190, 44), "Open saved", self.open_next_saved, name="open")
        self.add_button((1100, 14, 160, 40), "Back (Esc)", self.back, name="back")
        self.starter_i = 0
        self.saved_i = -1
        self.refresh_saved()

    # --- filters ------------------------------------------------------------------------------
    def filter_label(self, key) -> str:
        i = self.filters[key]
        if key == "faction":
            return "Faction: " + (FACTIONS[i] or "all")
        if key == "type":
            return "Type: " + (TYPE_NAMES.get(TYPES[i], TYPES[i]) if TYPES[i] else "all")
        return "Cost: " + ("any" if COSTS[i] is None else f"{COSTS[i]}{'+' if COSTS[i] == 5 else ''}")

    def cycle(self, key):
        n = {"faction": len(FACTIONS), "type": len(TYPES), "cost": len(COSTS)}[key]
        self.filters[key] = (self.filters[key] + 1) % n
        self.buttons[key].set_text(self.filter_label(key))
        self.scroll = 0

    def shown_pool(self) -> list:
        text = self.search.get_text() if hasattr(self, "search") else ""
        trait = ""
        if text.lower().startswith("trait:"):
            trait, text = text[6:].strip().title(), ""
        return decks.pool(FACTIONS[self.filters["faction"]], TYPES[self.filters["type"]], trait,
                      COSTS[self.filters["cost"]], text)

    def pool_rows(self) -> list:
        cards = self.shown_pool()
        per = POOL.h // ROW - 1
        self.scroll = max(0, min(self.scroll, max(0, len(cards) - per)))
        return [(c, pygame.Rect(POOL.x + 4, POOL.y + 24 + i * ROW, POOL.w - 8, ROW - 2))
                for i, c in enumerate(cards[self.scroll:self.scroll + per])]

    def deck_rows(self) -> list:
        d = bsdata.get().by_id
        entries = []
        if self.deck.stronghold:
            entries.append((self.deck.stronghold, ""))
        entries += [(s, "") for s in self.deck.sections]
        entries += [(cid, f"x{n}") for cid, n in sorted(
            self.deck.cards.items(), key=lambda kv: (d[kv[0]].type, d[kv[0]].name))]
        per = DECK.h // ROW - 1
        self.deck_scroll = max(0, min(self.deck_scroll, max(0, len(entries) - per)))
        shown = entries[self.deck_scroll:self.deck_scroll + per]
        return [(d[cid], tag, pygame.Rect(DECK.x + 4, DECK.y + 24 + i * ROW, DECK.w - 8, ROW - 2))
                for i, (cid, tag) in enumerate(shown)]

    deck_scroll = 0

    # --- actions ------------------------------------------------------------------------------
    def next_starter(self):
        ids = list(bsdata.get().decks)
        self.starter_i = (self.starter_i + 1) % len(ids)
        self.deck = decks.starter(ids[self.starter_i])
        self.name_field.set_text(self.deck.name)
        self.buttons["starter"].set_text("Start: " + bsdata.get().decks[ids[self.starter_i]].faction)
        self.message = f"Started from the starter deck {self.deck.name}."

    def refresh_saved(self):
        self.saved = decks.load_all()

    def open_next_saved(self):
        self.refresh_saved()
        if not self.saved:
            self.message = "No deck has been saved yet."
            return
        self.saved_i = (self.saved_i + 1) % len(self.saved)
        path, deck, problem = self.saved[self.saved_i]
        if deck is None:
            self.message = problem + " The file is left as it is."
            return
        self.deck = deck
        self.opened = (path, deck.name)
        self.name_field.set_text(deck.name)
        self.message = f"Opened {deck.name} ({decks.shown(path.name)})."

    opened = None  # (file, name) of the saved deck opened last: saving it again replaces it
    confirm = None  # (file, name) that a second click on Save replaces

    def save(self):
        """Save under the name in the field. A deck of the same exact name is replaced only
        after a second click (unless it is the one opened); any other file is left alone."""
        self.deck.name = self.name_field.get_text().strip() or "My deck"
        asked, self.confirm = self.confirm, None
        self.buttons["save"].set_text("Save")
        try:
            try:
                path = decks.save(self.deck)
            except decks.DeckExists as exc:
                if (exc.path, self.deck.name) not in (asked, self.opened):
                    self.confirm = (exc.path, self.deck.name)
                    self.buttons["save"].set_text("Replace")
                    self.message = (f"A deck named {self.deck.name} is saved already "
                                    f"({decks.shown(exc.path.name)}): click Replace to save over "
                                    f"it, or change the name.")
                    return
                path = decks.save(self.deck, replace=True)
        except decks.DeckFileError as exc:
            self.message = f"The deck was not saved: {exc}."
            return
        except OSError as exc:
            self.message = (f"The deck could not be saved ({exc.strerror or exc}); nothing "
                            f"was lost.")
            return
        self.opened = (path, self.deck.name)
        problems = self.deck.problems()
        self.message = f"Saved as {decks.shown(path.name)}." + (
            " It breaks a deck rule, so it cannot be played yet." if problems else "")
        self.refresh_saved()

    def handle(self, event):
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if DECK.collidepoint(pygame.mouse.get_pos()):
                self.deck_scroll = max(0, self.deck_scroll - event.y * 3)
            else:
                self.scroll = max(0, self.scroll - event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for c, r in self.pool_rows():
                if r.collidepoint(event.pos):
                    self.message = self.deck.add(c.id)
                    return
            for c, _tag, r in self.deck_rows():
                if r.collidepoint(event.pos):
                    self.deck.remove(c.id)
                    self.message = f"{c.name} taken out."
                    return

    def card_at(self, pos):
        for c, r in self.pool_rows():
            if r.collidepoint(pos):
                return c
        for c, _t, r in self.deck_rows():
            if r.collidepoint(pos):
                return c
        return None

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        txt = self.app.text
        txt.blit(surf, self.title, (16, 14), 28, T.PARCHMENT, bold=True)
        for box, title in ((POOL, f"Card pool ({len(self.shown_pool())}) - click to add; "
                                   "search 'trait:Flying' for a trait"),
                           (DECK, f"{self.deck.name}: {self.deck.total()} cards - click to "
                                  "take out (wheel scrolls)"),
                           (CARD, ""), (STATS, "")):
            pygame.draw.rect(surf, (40, 28, 18), box, border_radius=8)
            pygame.draw.rect(surf, T.DUNE_DARK, box, 1, border_radius=8)
            if title:
                txt.blit(surf, title, (box.x + 6, box.y + 3), 14, T.GLOW, width=box.w - 12)
        for c, r in self.pool_rows():
            self.draw_row(surf, c, r, f"{c.water + c.copper + c.influence}")
        for c, tag, r in self.deck_rows():
            self.draw_row(surf, c, r, tag)
        self.draw_card(surf, self.hover)
        self.draw_stats(surf)
        if self.message:
            txt.blit(surf, self.message, (16, 684), 16, T.GLOW, width=800)

    def draw_row(self, surf, c, r, tag):
        hot = self.hover is c
        pygame.draw.rect(surf, (90, 64, 36) if hot else (58, 42, 28), r, border_radius=4)
        pygame.draw.rect(surf, faction_colour(c), (r.x, r.y, 6, r.h))
        self.app.text.blit(surf, c.name, (r.x + 10, r.centery), 14, T.PARCHMENT,
                           anchor="midleft")
        self.app.text.blit(surf, f"{TYPE_NAMES.get(c.type, c.type)}  {tag}",
                           (r.right - 6, r.centery), 13, T.SAND, anchor="midright")

    def draw_card(self, surf, c):
        txt = self.app.text
        x, y, w = CARD.x + 12, CARD.y + 10, CARD.w - 24
        if c is None:
            txt.blit(surf, "Point at a card to read it here.", (x, y), 16, T.SAND)
            return
        pygame.draw.rect(surf, faction_colour(c), (CARD.x + 4, CARD.y + 4, CARD.w - 8, 32),
                         border_radius=6)
        txt.blit(surf, c.name, (x, y), 20, T.PARCHMENT, bold=True, width=w)
        y += 36
        lines = kind_and_cost(c)
        if c.type in ("hero", "follower"):
            lines.append(f"Strength {c.s}{'+' if c.s_plus else ''}   Ka {c.k}"
                         f"{'+' if c.k_plus else ''}")
        if c.type == "section":
            lines.append(f"Strength {c.strength}, holds {c.capacity} Water, costs {c.cp_cost} CP")
        if c.type == "stronghold":
            lines.append(f"{c.cp} City Points")
        lines += fate_and_traits(c)
        body = full_text(c)
        for line in lines + ([body] if body else []):
            r = txt.blit(surf, line, (x, y), 15, T.SAND_LIGHT, width=w)
            y = r.bottom + 4

    def draw_stats(self, surf):
        txt = self.app.text
        x, y = STATS.x + 10, STATS.y + 8
        types = ", ".join(f"{TYPE_NAMES.get(t, t)} {n}" for t, n in sorted(
            self.deck.by_type().items()))
        r = txt.blit(surf, types or "No cards yet.", (x, y), 14, T.PARCHMENT, width=STATS.w - 20)
        curve = self.deck.curve()
        top = max(1, max(curve.values()))
        base = r.bottom + 64
        for k, n in curve.items():
            h = int(54 * n / top)
            bx = x + k * 44
            pygame.draw.rect(surf, T.GOLD, (bx, base - h, 30, h))
            txt.blit(surf, f"{k}{'+' if k == 5 else ''}", (bx + 15, base + 2), 13, T.SAND,
                     anchor="midtop")
            txt.blit(surf, str(n), (bx + 15, base - h - 2), 12, T.PARCHMENT, anchor="midbottom")
        txt.blit(surf, "cost curve", (x + 270, base - 20), 13, T.SAND)
        problems = self.deck.problems()
        msg = ("Legal deck: it can be played." if not problems else
               "Breaks the deck rules: " + "; ".join(problems))
        txt.blit(surf, msg, (x, base + 22), 14, (140, 220, 140) if not problems else
                 (240, 140, 110), width=STATS.w - 20)


def open_decks(app):
    app.push(DeckScene(app))


def _register():
    from ...ui.table import register_scene
    register_scene("decks", open_decks)


_register()
