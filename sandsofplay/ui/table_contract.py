"""The parts of the table contract every table shares (DESIGN.md, "The shape of a table").

``TableContract`` is mixed into ``TableScene``. It keeps

* the prompt bar and its buttons: ``set_prompt_buttons`` lays the action buttons of one seat out
  right-aligned in the bar, and when they do not fit beside the question, in a choice row of their
  own just above the bar (``panel:choices``) - never off the screen, never over the question;
* the speech bubbles of bot seats, placed near their seat but never over the prompt, a button, a
  panel or another bubble;
* the keyboard focus ring: Tab / Shift+Tab move over the prompt buttons and whatever the table
  lists in ``table_focus_targets`` (cards in a hand, tiles, tokens), Enter or Space acts;
* ``gestures(seat)``: every gesture the table offers a human seat now (buttons, the table's own
  clicks and drags, and the keyboard route to each focus target);
* ``regions()``: the named rectangles on screen now.

A table adds only what its game needs: ``table_gestures``, ``table_regions``,
``table_focus_targets``, ``bubble_anchor`` and the rectangle of its prompt bar.
"""

from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIButton

from . import theme as T
from .gestures import FocusRing, FocusTarget, Gesture, click

SCREEN = pygame.Rect(0, 0, T.W, T.H)
MIN_PROMPT_TEXT = 320  # the question keeps at least this much of the bar
BUTTON_STEP = 16  # button widths are rounded up to this: pygame_gui then reuses their shapes
BUTTONS_BUDGET_S = 0.003  # in the app's own loop: this much of a frame goes to making buttons



ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}

class TableContract:
    prompt_rect: pygame.Rect | None = None  # the table's prompt bar (None: no bar)

    def init_contract(self):
        self.focus = FocusRing()
        self.action_buttons: list = []  # [(UIButton, seat, Action, name)]
        self.pending_buttons: list = []  # [(seat, Action, text, rect, name, tip)] not made yet
        self.choices_rect: pygame.Rect | None = None  # the choice row when the bar is too full
        self.prompt_left = None
        self.bubbles: dict[int, list] = {}  # seat -> [text, ticks left]

    # --- the prompt bar -----------------------------------------------------------------------
    @property
    def prompt_buttons(self) -> list:
        return [b for b, *_ in self.action_buttons]

    def clear_prompt_buttons(self):
        for b, *_ in self.action_buttons:
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self.action_buttons = []
        self.pending_buttons = []
        self.choices_rect = None
        self.prompt_left = None

    def set_prompt_buttons(self, seat, actions, label, tip=lambda a: ""):
        """One button per action for ``seat``; ``label(action)`` names it."""
        self.clear_prompt_buttons()
        bar = self.prompt_rect
        if not actions or bar is None:
            return
        font = self.app.fonts.get(22, True)  # the buttons theme font (ui/theme.py "button")
        labels = [label(a) for a in actions]
        widths = [-(-max(84, font.size(t)[0] + 28) // BUTTON_STEP) * BUTTON_STEP for t in labels]
        gap = 8
        total = sum(widths) + gap * (len(widths) + 1)
        rects = []
        if total <= bar.w - MIN_PROMPT_TEXT:
            x = bar.right - gap
            for w in reversed(widths):
                x -= w
                rects.append(pygame.Rect(x, bar.y + 5, w, bar.h - 10))
                x -= gap
            rects.reverse()
            self.prompt_left = x
        else:
            # a row (or rows) of their own, right above the bar, each row right-aligned
            rows, row, used = [], [], gap
            for w in widths:
                w = min(w, bar.w - 2 * gap)
                if row and used + w + gap > bar.w:
                    rows.append(row)
                    row, used = [], gap
                row.append(w)
                used += w + gap
            rows.append(row)
            h = 44
            top = bar.y - 6 - len(rows) * (h + 6)
            self.choices_rect = pygame.Rect(bar.x, top, bar.w, bar.y - 4 - top)
            for r, ws in enumerate(rows):
                x = bar.right - gap - sum(ws) - gap * (len(ws) - 1)
                y = top + 4 + r * (h + 6)
                for w in ws:
                    rects.append(pygame.Rect(x, y, w, h))
                    x += w + gap
        used_names = set()
        for action, text, rect in zip(actions, labels, rects):
            name = text
            while name in used_names:
                name += "'"
            used_names.add(name)
            self.pending_buttons.append((seat, action, text, rect, name, tip(action) or None))
        self.make_prompt_buttons()

    def make_prompt_buttons(self):
        """Make the buttons ``set_prompt_buttons`` laid out. A pygame_gui button takes 1-2 ms to
        make the first time its size is seen, so in the app's own loop (which sets
        ``entry_budget_s``, as for the staged table entry) they are made for up to
        ``BUTTONS_BUDGET_S`` of a frame, one at least, and the rest in the next frames
        (``TableScene.update`` calls this); a row of ten choices appears over a few frames
        instead of costing one long one. Tests and tools get them all at once."""
        if not self.pending_buttons:
            return
        staged = getattr(self.app, "entry_budget_s", None) is not None
        # what the frame leaves of its CPU goal, at most BUTTONS_BUDGET_S (one button at least)
        left = getattr(self.app, "frame_left", None)
        budget = left(0.0, BUTTONS_BUDGET_S) if left is not None else BUTTONS_BUDGET_S
        stop = time.thread_time() + budget if staged else None
        while self.pending_buttons:
            seat, action, text, rect, name, tip = self.pending_buttons.pop(0)
            btn = self.own(UIButton(rect, text, self.app.manager,
                                    command=self._press_action(seat, action),
                                    tool_tip_text=tip))
            self.action_buttons.append((btn, seat, action, name))
            if stop is not None and time.thread_time() >= stop:
                return

    def _press_action(self, seat, action):
        def press():
            self.app.sound.play("click")
            self.perform(seat, action)
        return press

    # --- bubbles ------------------------------------------------------------------------------
    def say(self, seat: int, text: str, ticks: int = 100):
        self.bubbles[seat] = [text, ticks]

    def update_bubbles(self):
        for seat in list(self.bubbles):
            self.bubbles[seat][1] -= 1
            if self.bubbles[seat][1] <= 0:
                del self.bubbles[seat]

    def bubble_anchor(self, seat) -> pygame.Rect | None:
        """Where a seat sits on screen (its mat); None: no bubbles for that seat."""
        return None

    def bubble_width(self, seat) -> int:
        anchor = self.bubble_anchor(seat)
        return max(180, min(300, anchor.w - 16)) if anchor is not None else 240

    def bubble_layout(self) -> dict:
        """seat -> (rect, text image, tail point or None). Tried in turn: above the seat, inside
        the top of its area, below it, then sliding sideways; the first place that covers no
        prompt, button, panel or earlier bubble and lies on the screen wins."""
        placed = {}
        if not self.bubbles:
            return placed
        blocked = list(self.reserved_regions().values())
        for seat in sorted(self.bubbles):
            anchor = self.bubble_anchor(seat)
            if anchor is None:
                continue
            msg = self.bubbles[seat][0]
            img = self.app.text.render(msg, 15, T.INK, width=self.bubble_width(seat) - 18)
            size = (img.get_width() + 18, img.get_height() + 12)
            box = pygame.Rect((0, 0), size)
            candidates = []
            for spot in ("above", "inside", "below"):
                r = box.copy()
                if spot == "above":
                    r.midbottom = (anchor.centerx, anchor.y - 8)
                elif spot == "inside":
                    r.midtop = (anchor.centerx, anchor.y + 4)
                else:
                    r.midtop = (anchor.centerx, anchor.bottom + 8)
                candidates.append((r, spot))
                for dx in (60, -60, 120, -120, 200, -200):
                    candidates.append((r.move(dx, 0), spot))
            chosen = None
            for r, spot in candidates:
                r = r.clamp(SCREEN)
                if r.collidelist(blocked) < 0:
                    chosen = (r, spot)
                    break
            if chosen is None:
                continue  # no free place: the log still says it
            r, spot = chosen
            tail = None
            if spot == "above" and r.left + 12 <= anchor.centerx <= r.right - 12:
                tail = (anchor.centerx, r.bottom)
            placed[seat] = (r, img, tail)
            blocked.append(r)
        return placed

    def draw_bubbles(self, surf):
        for seat, (box, img, tail) in self.bubble_layout().items():
            left = self.bubbles[seat][1]
            alpha = min(240, left * 12)
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (250, 240, 215, alpha), bg.get_rect(), border_radius=10)
            pygame.draw.rect(bg, (90, 60, 30, alpha), bg.get_rect(), 2, border_radius=10)
            surf.blit(bg, box)
            img.set_alpha(alpha)
            surf.blit(img, img.get_rect(center=box.center))
            img.set_alpha(None)
            if tail is not None:
                x, y = tail
                pygame.draw.polygon(surf, (90, 60, 30), [(x - 7, y - 1), (x + 7, y - 1),
                                                         (x, y + 6)])

    # --- keyboard focus -----------------------------------------------------------------------
    def focus_targets(self) -> list[FocusTarget]:
        """The focus ring's order: the prompt's buttons, then the table's own targets."""
        targets = [FocusTarget("button:" + name, b.rect, self._press_action(seat, action),
                               ((seat, action),))
                   for b, seat, action, name in self.action_buttons if b.visible]
        if self.mode == "play":
            targets += self.table_focus_targets()
        seen: dict = {}
        for t in targets:  # the ring finds its place by name: names must be unique
            k = seen[t.name] = seen.get(t.name, 0) + 1
            if k > 1:
                t.name = f"{t.name}#{k}"
        return targets

    def table_focus_targets(self) -> list[FocusTarget]:
        return []

    # a table whose things are laid out in rows (Burning Sands' cards) lets the arrow keys move
    # the focus to the nearest thing that way, over everything it can read (targets marked
    # ``extra["read"]``, which Tab passes by: Tab goes only to what can be used now)
    arrow_focus = False

    def focus_key(self, event) -> bool:
        """Tab / Shift+Tab / Enter / Space at the table (and the arrows, ``arrow_focus``); True
        when used."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            usable = [t for t in self.focus_targets() if not t.extra.get("read")]
            self.focus.move(usable, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.arrow_focus and event.key in ARROWS:
            self.focus.move_dir(self.focus_targets(), *ARROWS[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            target = self.focus.current(self.focus_targets()) if self.focus.visible else None
            if target is None:
                return event.key != pygame.K_SPACE  # Space falls through to the table's default
            target.activate()
            return True
        return False

    def draw_focus(self, surf):
        if not self.focus.visible or not self.app.show_focus:
            return
        targets = self.focus_targets()
        target = self.focus.current(targets)
        if target is None:
            return
        from . import art
        pulse = 0.75 + 0.25 * abs(((self.ticks % 60) / 30.0) - 1.0)
        if target.ring == "circle":
            r = max(target.rect.w, target.rect.h) // 2 + 6
            pygame.draw.circle(surf, T.GLOW, target.rect.center, r, 3)
            pygame.draw.circle(surf, T.INK, target.rect.center, r + 3, 1)
        else:
            art.glow_rect(surf, target.rect.inflate(6, 6), pulse=pulse)
            pygame.draw.rect(surf, T.GLOW, target.rect.inflate(6, 6), 3, border_radius=8)
        if target.tip:  # what the ring is on, in words (a card's name, a tile's)
            img = self.app.text.render(target.tip, 15, T.PARCHMENT)
            box = self.tip_box(target, img.get_size(), targets)
            pygame.draw.rect(surf, (40, 26, 16), box, border_radius=6)
            pygame.draw.rect(surf, T.GLOW, box, 1, border_radius=6)
            surf.blit(img, img.get_rect(center=box.center))

    def tip_box(self, target, size, targets) -> pygame.Rect:
        """Where the ringed thing's words go: above it, else below, left or right of it,
        wherever they cover no other thing the keyboard can reach (over a list, above a row
        hid the rows above it); above it when every side covers something."""
        w, h = size[0] + 14, size[1] + 8
        r = target.rect
        others = [t.rect for t in targets if t is not target]
        tries = [pygame.Rect(0, 0, w, h) for _ in range(4)]
        tries[0].midbottom = (r.centerx, r.y - 4)
        tries[1].midtop = (r.centerx, r.bottom + 4)
        tries[2].midright = (r.x - 8, r.centery)
        tries[3].midleft = (r.right + 8, r.centery)
        for box in tries:
            box.clamp_ip(SCREEN)
            if not box.colliderect(r) and box.collidelist(others) < 0:
                return box
        return tries[0]

    # --- the contract -------------------------------------------------------------------------
    def gestures(self, seat) -> list[Gesture]:
        """Every gesture offered to human ``seat`` now, each with the action it performs."""
        if self.mode != "play" or seat not in self.humans or self.match.is_over():
            return []
        if seat not in self.game.to_act(self.match.state):
            return []
        self.refresh_contract()
        out = [Gesture(action, (click(b.rect.center),))
               for b, s, action, _ in self.action_buttons if s == seat and b.visible]
        out += self.table_gestures(seat)
        targets = self.focus_targets()
        usable = [t for t in targets if not t.extra.get("read")]  # what Tab goes through
        for t in usable:
            for s, action in t.acts:
                if s == seat:
                    out.append(Gesture(action, self.focus.steps_to(usable, [t.name])))
        out += self.table_key_gestures(seat, usable)
        return out

    def refresh_contract(self):
        """Bring buttons and layout up to date with the state (tables rebuild on change)."""

    def table_gestures(self, seat) -> list[Gesture]:
        return []

    def table_key_gestures(self, seat, targets) -> list[Gesture]:
        """Keyboard gestures of more than one focus target (e.g. a token, then a card)."""
        return []

    def reserved_regions(self) -> dict:
        """The regions nothing may cover: the prompt, its buttons and the panels."""
        out = {}
        if self.prompt_rect is not None:
            # the question: the bar, less the buttons that share it
            bar = pygame.Rect(self.prompt_rect)
            if self.prompt_left is not None:
                out["buttons:bar"] = bar
                bar = pygame.Rect(bar.x, bar.y, self.prompt_left - bar.x, bar.h)
            out["prompt"] = bar
        for b, seat, action, name in self.action_buttons:
            if b.visible:
                out["button:" + name] = pygame.Rect(b.rect)
        if self.choices_rect is not None:
            out["buttons:choices"] = pygame.Rect(self.choices_rect)
        for name, r in self.table_regions().items():
            if name.startswith(("panel:", "button:")):
                out[name] = pygame.Rect(r)
        hint = self.hint_rect()
        if hint is not None:
            out["panel:hint"] = hint
        return out

    def regions(self) -> dict:
        """The named rectangles on screen now (prompt, button:*, bubble:*, panel:*, hand:*,
        board, ...)."""
        self.refresh_contract()
        if getattr(self, "replay_bar", None) is not None:
            self.fit_log_above_bar()  # the log's place depends on the replay's bar
        out = dict(self.table_regions())
        out.update(self.reserved_regions())
        for seat, (box, _img, _tail) in self.bubble_layout().items():
            out[f"bubble:{seat}"] = box
        return out

    def table_regions(self) -> dict:
        return {}

    def hint_rect(self) -> pygame.Rect | None:
        return None
