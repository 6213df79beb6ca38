"""The Sand table's action panel on the right: the legal choices of the person to act (a long
list grouped by destination and kind, ``action_list``), the pointed-at choice said in full below
them, the prompt bar's line, and the final scoring table when the game is over."""

from __future__ import annotations

import pygame

from ...ui import art as base_art
from ...ui import theme as T
from ...ui.gestures import FocusRing, FocusTarget, Gesture, click
from .action_list import BACK, Group, ListState, row_name
from .labels import COMPANION_TEXT, companion_name, prompt_text, short_label
from .view import ACTIONS, PROMPT, D

ROW_H = 24
HEAD_H = 24
TAB_H = 28


class ActionPanel:
    """A part of the Sand table: the action panel's list (``action_list.ListState``: grouped
    when long, paged only when grouping cannot make it fit), its labels, drawing, clicks, focus
    targets and gestures, and the prompt bar's line. ``t``: the table (its rules, names, focus
    ring, sequence and goods parts)."""

    def __init__(self, table):
        self.t = table
        self.list = ListState((ACTIONS.h - HEAD_H - 6) // ROW_H,
                              (ACTIONS.h - HEAD_H - TAB_H - 6) // ROW_H)
        self._labels: dict = {}
        self._fits: dict = {}  # (label, width, bold) -> (text, size) as drawn in its row
        self.bg = base_art.panel(ACTIONS.size, colour=(60, 42, 26), border=T.GOLD, alpha=235)

    @property
    def page(self) -> int:
        return self.list.page

    def key(self) -> tuple:
        """What the drawn list depends on (the table's picture cache)."""
        return self.list.group, self.list.page

    def new_choices(self):
        """Another question: the top of the list, labels made anew."""
        self.list.reset()
        self._labels = {}
        self._fits = {}

    def pages(self, seat, acts) -> list:
        return self.list.pages(self.t.rules.world(), seat, acts)

    def shown(self, seat, acts) -> list:
        return self.pages(seat, acts)[self.list.page]

    def reveal(self, seat, acts, action):
        """Open the list where ``action`` is (the Hint)."""
        self.list.reveal(self.t.rules.world(), seat, acts, action)

    def button_rect(self, i) -> pygame.Rect:
        return pygame.Rect(ACTIONS.x + 6, ACTIONS.y + HEAD_H + i * ROW_H, ACTIONS.w - 12,
                           ROW_H - 3)

    def tab_rects(self, n):
        w = min(60, (ACTIONS.w - 12) // max(1, n))
        return [pygame.Rect(ACTIONS.x + 6 + k * (w + 4), ACTIONS.bottom - TAB_H, w, TAB_H - 4)
                for k in range(n)]

    def label(self, seat, row) -> str:
        if row == BACK:
            return "< All choices"
        if isinstance(row, Group):
            return row.label
        label = self._labels.get(row)
        if label is None:
            label = self._labels[row] = short_label(self.t.rules.world(), seat, row)
        return label

    def fitted(self, label: str, width: int, bold: bool) -> tuple[str, int]:
        """A row's label and its size, set smaller (13 down to 11 px) to fit the row; a label
        too long even then is cut at a word with an ellipsis (the row's text in full shows
        below the list when it is pointed at)."""
        key = (label, width, bold)
        got = self._fits.get(key)
        if got is None:
            t = self.t.text
            size = t.fit_size(label, width, 13, 11, bold)
            text, words = label, label
            font = t.fonts.get(size, bold)
            while font.size(text)[0] > width and " " in words:
                words = words.rsplit(" ", 1)[0].rstrip(",;:( ")
                text = words + "\u2026"
            got = self._fits[key] = (text, size)
        return got

    def row_text(self, seat, row) -> str:
        """A row said in full (below the list, and in the prompt bar)."""
        if row == BACK:
            return "Back to every choice."
        if isinstance(row, Group):
            labels = [self.label(seat, a) for a in row.acts]
            heads = {lab.split(": ", 1)[0] for lab in labels}
            if len(heads) == 1 and all(": " in lab for lab in labels):  # one route, its dice
                return f"{heads.pop()}, {len(labels)} ways: " + " / ".join(
                    lab.split(": ", 1)[1] for lab in labels)
            return f"{row.label[:-2]}: " + " / ".join(labels)
        return self.t.rules.describe(seat, row)

    # --- input -------------------------------------------------------------------------------
    def press(self, seat, acts, row):
        """A row pressed: an action is performed, a group opens, the back row closes it (the
        focus ring, when shown, goes to the group's first way, or back to the group)."""
        if not isinstance(row, Group) and row != BACK:
            self.t.app.sound.play("click")
            self.t.perform(seat, row)
            return
        left = self.list.group
        self.t.app.sound.play("click")
        self.list.press(self.t.rules.world(), seat, acts, row)
        focus = self.t.focus
        if isinstance(row, Group):
            focus.name = row_name(row.acts[0])
        elif left is not None:
            focus.name = f"group:{left}"

    def click(self, seat, acts, pos) -> bool:
        """A click on the list: a tab, a row. True when it hit one."""
        pages = self.pages(seat, acts)
        if len(pages) > 1:
            for k, r in enumerate(self.tab_rects(len(pages))):
                if r.collidepoint(pos):
                    self.list.page = k
                    return True
        for i, row in enumerate(pages[self.list.page]):
            if self.button_rect(i).collidepoint(pos):
                self.press(seat, acts, row)
                return True
        return False

    def targets(self, seat, acts, group=None, page=None) -> list:
        """The focus targets of the list with ``group`` open at ``page`` (default: as shown)."""
        world = self.t.rules.world()
        if page is None:
            pages, page = self.pages(seat, acts), self.list.page
        else:
            pages = self.list.pages_of(self.list.view(world, seat, acts, group))
        out = []
        if len(pages) > 1:
            for k, r in enumerate(self.tab_rects(len(pages))):
                out.append(FocusTarget(f"page:{k + 1}", r, self._tab(k)))
        for i, row in enumerate(pages[min(page, len(pages) - 1)]):
            acts_of = () if isinstance(row, Group) or row == BACK else ((seat, row),)
            tip = f"{row.label[:-2]}: Enter shows them" if isinstance(row, Group) else \
                self.row_text(seat, row)
            out.append(FocusTarget(row_name(row), self.button_rect(i),
                                   self._row(seat, acts, row), acts_of, tip=tip))
        return out

    def _tab(self, k):
        def go():
            self.list.page = k
        return go

    def _row(self, seat, acts, row):
        def go():
            self.press(seat, acts, row)
        return go

    def gestures(self, seat, acts) -> list:
        """Every action of the list by mouse: its tabs and rows clicked from the place shown."""
        world = self.t.rules.world()
        out = []
        for a in acts:
            steps = tuple(click(self.tab_rects(n)[k].center) if kind == "tab"
                          else click(self.button_rect(k).center)
                          for kind, k, n, _g, _p in self.list.path(world, seat, acts, a))
            if steps:
                out.append(Gesture(a, steps))
        return out

    def key_gestures(self, seat, acts, targets) -> list:
        """The keyboard way to each action not on the rows shown: Tab and Enter through the
        tabs and group rows of its path, from the ring where it is."""
        world = self.t.rules.world()
        names = [t.name for t in targets]
        mine = [i for i, n in enumerate(names)
                if n.split(":")[0] in ("act", "group", "page", "list")]
        lo, hi = (mine[0], mine[-1] + 1) if mine else (len(targets), len(targets))
        before, after = targets[:lo], targets[hi:]
        shown = {t.name for t in targets[lo:hi]}
        out = []
        for a in acts:
            if row_name(a) in shown:
                continue  # the base gives it: one Tab route and Enter
            path = self.list.path(world, seat, acts, a)
            if not path:
                continue
            ring, group, page = self.t.focus, self.list.group, self.list.page
            steps: tuple = ()
            for kind, k, x, group_after, page_after in path:
                now = before + self.targets(seat, acts, group, page) + after
                name = f"page:{k + 1}" if kind == "tab" else row_name(x)
                steps += ring.steps_to(now, [name])
                ring = FocusRing()  # where ``press`` leaves the ring
                ring.visible = True
                ring.name = row_name(x.acts[0]) if isinstance(x, Group) else \
                    f"group:{group}" if x == BACK else name
                group, page = group_after, page_after
            out.append(Gesture(a, steps))
        return out

    # --- drawing -----------------------------------------------------------------------------
    def draw_actions(self, surf, seat, acts):
        surf.blit(self.bg, ACTIONS.topleft)
        t = self.t.text
        result = self.t.rules.obs().get("result")
        if self.t.match.is_over() and result:
            self.draw_scoring(surf, result)
            return
        if seat is None:
            who = self.t.rules.to_act()
            msg = "Game over" if self.t.match.is_over() else \
                f"{self.t.seat_name(who[0])} is playing..." if who else ""
            t.blit(surf, msg, (ACTIONS.x + 10, ACTIONS.y + 4), 15, T.GLOW, bold=True)
            return
        pages = self.pages(seat, acts)
        shown = pages[self.list.page]
        head = f"{self.t.seat_name(seat)}: choose"
        if self.list.group is not None:
            head = f"{self.t.seat_name(seat)}: " + next(
                (g.label.split(":")[0] for g in self.list.top(self.t.rules.world(), seat, acts)
                 if isinstance(g, Group) and g.key == self.list.group), "choose")
        img = t.render(head, 15, T.GLOW, bold=True)
        surf.blit(img, (ACTIONS.x + 10, ACTIONS.y + 4), pygame.Rect(0, 0, ACTIONS.w - 20, 20))
        focus = self.t.focus.name if self.t.focus.visible else None
        mouse = pygame.mouse.get_pos()
        texts = []
        for i, row in enumerate(shown):
            r = self.button_rect(i)
            hot = r.collidepoint(mouse) or focus == row_name(row)
            if hot:
                texts = [self.row_text(seat, row)]
            folded = isinstance(row, Group) or row == BACK
            colour = ((134, 100, 52) if hot else (104, 74, 40)) if folded else \
                ((120, 86, 44) if hot else (92, 64, 36))
            pygame.draw.rect(surf, colour, r, border_radius=5)
            label, size = self.fitted(self.label(seat, row), r.w - 10, folded)
            img = t.render(label, size, T.GLOW if folded else T.PARCHMENT, bold=folded)
            surf.blit(img, (r.x + 6, r.centery - img.get_height() // 2),
                      pygame.Rect(0, 0, r.w - 10, img.get_height()))
        # below the list: the pointed-at (or ringed) row in full, or every Traveler's ability
        y = self.button_rect(len(shown)).y + 6
        bottom = ACTIONS.bottom - (TAB_H + 4 if len(pages) > 1 else 6)
        plain = [a for a in shown if not isinstance(a, (Group, str))]
        if not texts and plain and len(plain) == len(shown) and \
                all(a.kind == "traveler" for a in plain):
            texts = [f"{D.travelers[a.args[0]]}: {D.traveler_text[a.args[0]]}" for a in plain]
        if not texts and plain and len(plain) == len(shown) and \
                all(a.kind == "companion" for a in plain):
            texts = [f"{companion_name(a.args[0])}: {COMPANION_TEXT[a.args[0]]}" for a in plain
                     if a.args[0] in COMPANION_TEXT]
        for text in texts:
            img = t.render(text, 13, T.SAND_LIGHT, width=ACTIONS.w - 20)
            if y + img.get_height() > bottom:
                break
            surf.blit(img, (ACTIONS.x + 10, y))
            y += img.get_height() + 4
        if len(pages) > 1:
            for k, r in enumerate(self.tab_rects(len(pages))):
                pygame.draw.rect(surf, T.GOLD if k == self.list.page else (92, 64, 36), r,
                                 border_radius=5)
                t.blit(surf, f"{k + 1}/{len(pages)}", r.center, 13, T.INK, bold=True,
                       anchor="center")

    ROWS = (("coins", "Coins"), ("missions", "Missions"), ("seals", "Seals"),
            ("minor", "Minor Tribes"), ("songs", "Songs"), ("total", "Total"),
            ("plants", "tie: plants"), ("iwakura", "tie: Iwakura"), ("met", "tie: met"))

    def draw_scoring(self, surf, result):
        """The final count, a column per player (and Alhazred)."""
        t = self.t.text
        cols = [(self.t.seat_name(i), b) for i, b in enumerate(result["breakdown"])]
        if result.get("alhazred"):
            cols.append(("Alhazred", result["alhazred"]))
        t.blit(surf, "Final scoring", (ACTIONS.x + 10, ACTIONS.y + 4), 15, T.GLOW, bold=True)
        w = (ACTIONS.w - 100) // max(1, len(cols))
        y = ACTIONS.y + 28
        for k, (name, _b) in enumerate(cols):
            img = t.render(name, 12, T.GLOW, bold=True)
            surf.blit(img, (ACTIONS.x + 96 + k * w, y), pygame.Rect(0, 0, w - 4, 16))
        y += 20
        for key, label in self.ROWS:
            bold = key == "total"
            t.blit(surf, label, (ACTIONS.x + 10, y), 13, T.PARCHMENT, bold=bold)
            for k, (_n, b) in enumerate(cols):
                t.blit(surf, str(b.get(key, "-")), (ACTIONS.x + 96 + k * w, y), 13,
                       T.GLOW if bold else T.PARCHMENT, bold=bold)
            y += 20
        win = [self.t.seat_name(i) for i in result["winners"]]
        t.blit(surf, ("Winner: " + ", ".join(win)) if win else "Alhazred wins.",
               (ACTIONS.x + 10, y + 8), 15, T.GLOW, bold=True)

    def draw_prompt(self, surf, o, seat, acts):
        pygame.draw.rect(surf, (40, 26, 16), PROMPT, border_radius=8)
        pygame.draw.rect(surf, T.GOLD, PROMPT, 1, border_radius=8)
        text = self.t.story.prompt() or prompt_text(self.t, o, seat, acts)
        # the focused or hovered action is said in full
        mouse = pygame.mouse.get_pos()
        if seat is not None and ACTIONS.collidepoint(mouse):
            for i, row in enumerate(self.shown(seat, acts)):
                if self.button_rect(i).collidepoint(mouse):
                    text = self.row_text(seat, row)
        elif self.t.focus.visible:
            cur = self.t.focus.current(self.t.focus_targets())
            if cur is not None and cur.tip:
                text = cur.tip
        if self.t.goods.held is not None and seat is not None:
            text = self.t.goods.hint(seat, acts)
        img = self.t.text.render(text, 15, T.GLOW, bold=True)
        surf.blit(img, (PROMPT.x + 10, PROMPT.centery - img.get_height() // 2),
                  pygame.Rect(0, 0, PROMPT.w - 20, img.get_height()))
