"""The coach at a table (issue 32): its panel, the glow and arrow on what to use, its keys.

``attach_coach(table)`` is called by the base table for every table: a guided game in play
(``coach.GUIDE_OPTION`` in its set-up, the tutorial's seed) gets a :class:`CoachView`, any other
game None. The view

* shows the current step in a panel of its own, ``panel:coach`` in ``regions()``, placed each
  time the step or the state changes where it covers no prompt, button, bubble or panel, nor
  what the step points at, nor (where it can) anything the person may click;
* glows around the regions the step names and draws an arrow to the first one;
* hears a refused move (the rules' reason is said by the table, as always) and adds the step's
  nudge under it;
* keys: N steps on, E hides or reopens the explanation, L leaves the guide (the game goes on as
  a normal game); at the end, G opens the seat setup of a real game. The panel's buttons do the same by mouse or touch. They are read before the
  table's own handling, so a click on the panel never reaches what lies under it.
"""

from __future__ import annotations

import fnmatch
import logging
import math

import pygame

from . import art
from . import theme as T
from .coach import Coach, TutorialError, is_guided, load_tutorial

log = logging.getLogger("sandsofplay")

SCREEN = pygame.Rect(0, 0, T.W, T.H)
EXCLUSIVE = ("prompt", "button", "buttons", "bubble", "panel")
WIDTHS = (430, 360, 300)
PAD = 12
TEXT = 17
BUTTON_H = 32
KEY_NEXT, KEY_EXPLAIN, KEY_LEAVE, KEY_NEW = pygame.K_n, pygame.K_e, pygame.K_l, pygame.K_g
# how much covering a region that is not a panel costs, a pixel (others 1.0: mats, tiles...)
SOFT_WEIGHT = {"board": 0.2, "label": 0.3, "place": 1.5, "pile": 5.0, "hand": 3.0, "deck": 3.0,
               "log": 4.0, "banner": 6.0}
TOP_BAR = pygame.Rect(0, 0, T.W, 36)
POINT_COST = 40000  # covering a point a gesture clicks costs this much (avoided where it can be)


def kind(name: str) -> str:
    return name.split(":", 1)[0]


def attach_coach(table):
    """The coach of ``table``'s guided game, or None (not guided, not in play, a rematch with
    another seed, or a tutorial file that cannot be used: then the game is a normal one)."""
    setup = table.match.setup
    if table.mode != "play" or not is_guided(setup):
        return None
    try:
        tutorial = load_tutorial(setup.game)
    except TutorialError as exc:
        log.warning("no guide for this game: %s", exc)
        return None
    if tutorial.seed != setup.seed or len(tutorial.seats) != setup.players:
        return None
    coach = Coach(tutorial, table.match, seat=0)
    coach.catch_up()
    table.match.listeners.append(coach.on_events)
    view = CoachView(table, coach)
    own_handle = table.handle

    def handle(event):  # the coach's keys and panel first
        if not view.handle(event):
            own_handle(event)
    table.handle = handle
    return view


class CoachView:
    def __init__(self, table, coach: Coach):
        self.table = table
        self.coach = coach
        self.rect: pygame.Rect | None = None
        self.open = True
        self.nudge = ""
        self.closed = False  # the end panel was closed
        self.suspended = False  # while placing: the panel is not a region of its own
        self.buttons: list = []  # (name, label, rect)
        self._seen_change = -1
        self._layout_key = None
        self._toast_ticks = 0
        self._lines: list = []
        self._pointed: list = []
        self.last_points: list = []
        self.suggested = None  # the gesture of the action the step suggests, to point at

    # --- what is shown ------------------------------------------------------------------------
    @property
    def visible(self) -> bool:
        return not self.coach.left and not self.closed

    def mode(self) -> str:
        c = self.coach
        if c.done:
            return "end"
        if c.showing:
            return "step" if self.open else "bar"
        return "wait"

    def heading(self) -> str:
        c = self.coach
        n = len(c.steps)
        if c.done:
            return "Guide complete"
        return f"Guide {c.index + 1} of {n}: {c.step.title}"

    def body(self) -> str:
        c, mode = self.coach, self.mode()
        if mode == "end":
            return ("You have met the core of the game. Finish this game as you like (H still "
                    "gives a hint), or start a real one.")
        if mode == "wait":
            return "Play on: this step comes up when it is due (N shows it now)."
        if mode == "bar":
            return "E shows the explanation again."
        return c.step.text

    def button_row(self) -> list:
        mode = self.mode()
        if mode == "end":
            return [("new", "New real game (G)"), ("leave", "Close guide (L)")]
        if mode == "step":
            return [("next", "Next step (N)"), ("explain", "Hide (E)"),
                    ("leave", "Leave guide (L)")]
        if mode == "bar":
            return [("explain", "Explain (E)"), ("leave", "Leave guide (L)")]
        return [("next", "Show it (N)"), ("leave", "Leave guide (L)")]

    def holds(self) -> bool:
        """In a real-time game the clock and the bots wait while a step is open and the person
        has something to do (Hide, the step's action, N or L lets time run again)."""
        t = self.table
        return (t.game.realtime and self.visible and self.mode() == "step" and
                t.human_to_act() == self.coach.seat)

    # --- update -------------------------------------------------------------------------------
    def update(self) -> None:
        t, c = self.table, self.coach
        c.sync()
        if c.changed != self._seen_change:
            self._seen_change = c.changed
            self.open = True
            self.nudge = ""
        toast = t.toast
        if toast.kind == "error" and toast.ticks > self._toast_ticks and c.showing:
            step = c.step
            self.nudge = step.nudge or f"The guide suggests: {step.title.lower()} - look for " \
                                       f"the glow."
            self.open = True
        self._toast_ticks = toast.ticks
        if not self.visible:
            self.rect = None
            return
        key = (c.changed, self.mode(), self.nudge, t.match.version, t.choices_rect and
               tuple(t.choices_rect), len(t.action_buttons), t.viewer)
        if key != self._layout_key or (t.ticks % 20 == 0 and not self._still_fits()):
            self._layout_key = key
            self.place()

    def pointed(self, regions: dict) -> list:
        """The regions the current step points at: (name, rect), in their names' order."""
        c = self.coach
        if not c.showing or self.mode() != "step":
            return []
        pattern = c.step.region
        return [(n, pygame.Rect(r)) for n, r in sorted(regions.items())
                if fnmatch.fnmatchcase(n, pattern)]

    def _regions(self) -> dict:
        self.suspended = True
        try:
            return self.table.regions()
        finally:
            self.suspended = False

    def _still_fits(self) -> bool:
        if self.rect is None:
            return False
        regions = self._regions()
        return not any(kind(n) in EXCLUSIVE and self.rect.colliderect(r)
                       for n, r in regions.items())

    def _points(self) -> list:
        """Every point a gesture of the person's clicks or drags from or to; and the gesture
        of the action the step suggests is kept, to point at."""
        t, c = self.table, self.coach
        self.suggested = None
        if t.human_to_act() != c.seat:
            return []
        gestures = t.gestures(c.seat)
        pts = []
        for g in gestures:
            for step in g.steps:
                if step[0] in ("click", "drag"):
                    pts.extend(step[1:])
        if c.showing and c.step.expect != "any":
            legal = [g.action for g in gestures]
            action = next((a for a in legal if c.step.suggests(a)), None) \
                if c.step.choose else None
            if action is None and c.step.choose == "" and len({a for a in legal
                                                              if c.step.accepts(a)}) == 1:
                action = next(a for a in legal if c.step.accepts(a))
            self.suggested = next((g for g in gestures if g.action == action and
                                   not g.keys_only), None)
        return pts

    def place(self) -> None:
        """Choose where the panel goes now."""
        regions = self._regions()
        self._pointed = self.pointed(regions)
        hard = [pygame.Rect(r) for n, r in regions.items() if kind(n) in EXCLUSIVE]
        # what the step points at is never covered - unless it is most of the screen (the
        # board), which is only covered where nothing else can be
        big = SCREEN.w * SCREEN.h // 4
        hard += [r for _, r in self._pointed if r.w * r.h <= big]
        soft = [(pygame.Rect(r), SOFT_WEIGHT.get(kind(n), 1.0)) for n, r in regions.items()
                if kind(n) not in EXCLUSIVE]
        soft += [(r, 3.0) for _, r in self._pointed if r.w * r.h > big]
        soft.append((TOP_BAR, 4.0))  # a table's status line, where it is not a region
        points = self._points()
        self.last_points = points
        best = None
        for width in WIDTHS:
            size = self._size(width)
            for cand in self._candidates(size):
                if not SCREEN.contains(cand) or cand.collidelist(hard) >= 0:
                    continue
                cost = sum(w * _overlap(cand, r) for r, w in soft)
                cost += POINT_COST * sum(1 for p in points if cand.collidepoint(p))
                if self.rect is not None:
                    cost += 0.5 * (abs(cand.x - self.rect.x) + abs(cand.y - self.rect.y))
                cost += (WIDTHS[0] - width) * 40
                if best is None or cost < best[0]:
                    best = (cost, cand, width)
            if best is not None and best[0] < POINT_COST:
                break
        if best is None:
            self.rect = None
            return
        _, rect, width = best
        self.rect = rect
        self._lay_out(width)

    def _text_lines(self, width: int) -> list:
        text = self.app_text()
        inner = width - 2 * PAD
        out = [("head", line) for line in text.lines(self.heading(), inner, TEXT + 1, True)]
        out += [("body", line) for line in text.lines(self.body(), inner, TEXT)]
        if self.mode() == "step":
            out += [("rule", line) for line in text.lines(
                f"Rulebook: {self.coach.step.section}", inner, 15)]
            if self.nudge:
                out += [("nudge", line) for line in text.lines(self.nudge, inner, TEXT, True)]
            if self.table.game.realtime:
                out += [("rule", line) for line in text.lines(
                    "The clock waits while this is open: Hide (E) lets it run.", inner, 15)]
        return out

    def app_text(self):
        return self.table.app.text

    def _line_h(self, what: str) -> int:
        size = 15 if what == "rule" else TEXT + (1 if what == "head" else 0)
        return self.app_text().fonts.get(size, what in ("head", "nudge")).get_linesize()

    def _size(self, width: int) -> tuple:
        lines = self._text_lines(width)
        rows = len(self._button_rows(width))
        h = PAD + sum(self._line_h(w) for w, _ in lines) + 8 + rows * (BUTTON_H + 6) - 6 + PAD
        return width, h

    def _button_rows(self, width: int) -> list:
        """The buttons in rows that fit the panel: [[(name, label, width), ...], ...]; shorter
        labels where the long ones do not fit on one row."""
        font = self.app_text().fonts.get(15, True)
        inner, gap = width - 2 * PAD, 8
        short = {"Next step (N)": "Next (N)", "Leave guide (L)": "Leave (L)",
                 "Close guide (L)": "Close (L)", "New real game (G)": "New game (G)",
                 "Show it (N)": "Show (N)"}
        row = self.button_row()
        for labels in ([lab for _, lab in row], [short.get(lab, lab) for _, lab in row]):
            items = [(n, lab, font.size(lab)[0] + 20) for (n, _), lab in zip(row, labels)]
            if sum(w for *_, w in items) + gap * (len(items) - 1) <= inner:
                return [items]
        rows, cur, used = [], [], 0
        for it in items:
            if cur and used + gap + it[2] > inner:
                rows.append(cur)
                cur, used = [], 0
            cur.append(it)
            used += it[2] + (gap if len(cur) > 1 else 0)
        return rows + [cur]

    def _candidates(self, size):
        w, h = size
        xs = list(range(4, T.W - w - 3, 40)) + [T.W - w - 4]
        ys = list(range(4, T.H - h - 3, 40)) + [T.H - h - 4]
        for y in ys:
            for x in xs:
                yield pygame.Rect(x, y, w, h)

    def _lay_out(self, width: int) -> None:
        self._lines = self._text_lines(width)
        rows = self._button_rows(width)
        gap = 8
        self.buttons = []
        y = self.rect.bottom - PAD - len(rows) * (BUTTON_H + 6) + 6
        for items in rows:
            x = self.rect.right - PAD - sum(w for *_, w in items) - gap * (len(items) - 1)
            x = max(x, self.rect.x + PAD)
            for name, label, bw in items:
                self.buttons.append((name, label, pygame.Rect(x, y, bw, BUTTON_H)))
                x += bw + gap
            y += BUTTON_H + 6

    def regions(self) -> dict:
        if self.suspended or self.rect is None or not self.visible:
            return {}
        return {"panel:coach": pygame.Rect(self.rect)}

    # --- input --------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        t = self.table
        if not self.visible or t.entering is not None or t.mode != "play":
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == KEY_NEXT:
                self.press("next")
                return True
            if event.key == KEY_EXPLAIN:
                self.press("explain")
                return True
            if event.key == KEY_LEAVE:
                self.press("leave")
                return True
            if event.key == KEY_NEW and self.coach.done:
                self.press("new")
                return True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if self.rect is None or not self.rect.collidepoint(pos):
                return False
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
                for name, _label, r in self.buttons:
                    if r.collidepoint(pos):
                        self.press(name)
                        break
            return True
        return False

    def press(self, name: str) -> None:
        c = self.coach
        self.table.app.sound.play("click")
        if name == "next":
            c.step_on()
        elif name == "explain":
            if c.showing:
                self.open = not self.open
                self._layout_key = None
        elif name == "leave":
            if c.done:
                self.closed = True
            else:
                c.leave()
                self.table.toast.show("You left the guide: the game goes on as a normal game.")
            self.rect = None
        elif name == "new":
            from .scenes.seat_setup import SeatSetupScene
            self.closed = True
            self.rect = None
            self.table.app.push(SeatSetupScene(self.table.app, self.table.game.id))

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        if self.rect is None or not self.visible:
            return
        pulse = 0.7 + 0.3 * abs(((self.table.ticks % 60) / 30.0) - 1.0)
        for _name, r in self._pointed[:8]:
            art.glow_rect(surf, r.inflate(8, 8), pulse=pulse)
            pygame.draw.rect(surf, T.GLOW, r.inflate(8, 8), 3, border_radius=8)
        target = self._pointed[0][1] if self._pointed else None
        g = self.suggested
        if g is not None and self.mode() == "step":
            first = g.steps[0]
            target = pygame.Rect(0, 0, 36, 36)
            target.center = first[1]
            r = 20 + int(4 * pulse)
            pygame.draw.circle(surf, T.INK, first[1], r + 2, 2)
            pygame.draw.circle(surf, T.GLOW, first[1], r, 3)
            if first[0] == "drag":  # where it goes
                _line_arrow(surf, first[1], first[2])
        if target is not None and target.w * target.h <= SCREEN.w * SCREEN.h // 4:
            self._arrow(surf, target)  # (a board is shown by its glow alone)
        self._panel(surf)

    def _panel(self, surf) -> None:
        r = self.rect
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (30, 20, 44, 240), bg.get_rect(), border_radius=12)
        pygame.draw.rect(bg, (*T.GLOW, 255), bg.get_rect(), 2, border_radius=12)
        surf.blit(bg, r)
        text = self.app_text()
        y = r.y + PAD
        colours = {"head": T.GLOW, "body": T.PARCHMENT, "rule": T.SAND, "nudge": (255, 150, 120)}
        for what, line in self._lines:
            size = 15 if what == "rule" else TEXT + (1 if what == "head" else 0)
            if line:
                surf.blit(text.render(line, size, colours[what], what in ("head", "nudge")),
                          (r.x + PAD, y))
            y += self._line_h(what)
        for name, label, b in self.buttons:
            pygame.draw.rect(surf, (92, 60, 30), b, border_radius=8)
            pygame.draw.rect(surf, T.GOLD, b, 1, border_radius=8)
            text.blit(surf, label, b.center, 15, T.PARCHMENT, bold=True, anchor="center")

    def _arrow(self, surf, target: pygame.Rect) -> None:
        r = self.rect
        tx, ty = target.center
        sx = min(max(tx, r.left + 16), r.right - 16)
        sy = min(max(ty, r.top + 16), r.bottom - 16)
        if r.left < tx < r.right:
            sy = r.top if ty < r.top else r.bottom
        elif r.top < ty < r.bottom:
            sx = r.left if tx < r.left else r.right
        else:
            sx = r.left if tx < r.left else r.right
            sy = r.top if ty < r.top else r.bottom
        # the tip stops at the target's edge
        ex = min(max(sx, target.left), target.right)
        ey = min(max(sy, target.top), target.bottom)
        if target.collidepoint(sx, sy) or math.hypot(ex - sx, ey - sy) < 12:
            return
        ang = math.atan2(ey - sy, ex - sx)
        head = [(ex, ey), (ex - 16 * math.cos(ang - 0.45), ey - 16 * math.sin(ang - 0.45)),
                (ex - 16 * math.cos(ang + 0.45), ey - 16 * math.sin(ang + 0.45))]
        pygame.draw.line(surf, T.INK, (sx, sy), (ex, ey), 7)
        pygame.draw.line(surf, T.GLOW, (sx, sy), (ex, ey), 3)
        pygame.draw.polygon(surf, T.INK, head)
        pygame.draw.polygon(surf, T.GLOW, [(int(x), int(y)) for x, y in head], 0)


def _line_arrow(surf, start, end) -> None:
    """A dotted arrow from ``start`` to ``end`` (where a drag goes)."""
    sx, sy = start
    ex, ey = end
    dist = math.hypot(ex - sx, ey - sy)
    if dist < 30:
        return
    ux, uy = (ex - sx) / dist, (ey - sy) / dist
    d = 24.0
    while d < dist - 18:
        pygame.draw.circle(surf, T.INK, (int(sx + ux * d), int(sy + uy * d)), 5)
        pygame.draw.circle(surf, T.GLOW, (int(sx + ux * d), int(sy + uy * d)), 3)
        d += 16
    ang = math.atan2(uy, ux)
    head = [(ex, ey), (ex - 16 * math.cos(ang - 0.5), ey - 16 * math.sin(ang - 0.5)),
            (ex - 16 * math.cos(ang + 0.5), ey - 16 * math.sin(ang + 0.5))]
    pygame.draw.polygon(surf, T.INK, head, 3)
    pygame.draw.polygon(surf, T.GLOW, head)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


__all__ = ["CoachView", "attach_coach"]
