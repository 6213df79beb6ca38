"""Building blocks the tables use: tweens, drag-and-drop bound to legal actions, a log panel,
toasts, tooltips, a hint helper that asks a bot, and a rules check that gives the reason."""

from __future__ import annotations

import math

import pygame

from ..engine import IllegalAction
from . import art
from . import theme as T

# --- easing -----------------------------------------------------------------------------------


def linear(t):
    return t


def ease_out_cubic(t):
    return 1 - (1 - t) ** 3


def ease_in_out(t):
    return 3 * t * t - 2 * t * t * t


def ease_out_back(t, s=1.70158):
    t -= 1
    return t * t * ((s + 1) * t + s) + 1


def ease_out_bounce(t):
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def lerp(a, b, t):
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t


class Tween:
    """A value moving from ``a`` to ``b`` over ``ticks`` fixed steps, with easing.

    ``value(alpha)`` interpolates between the last two steps for smooth drawing.
    """

    def __init__(self, a, b, ticks: int, ease=ease_out_cubic, delay: int = 0, on_done=None):
        self.a, self.b = a, b
        self.ticks = max(1, int(ticks))
        self.ease = ease
        self.t = -int(delay)
        self.on_done = on_done

    @property
    def done(self) -> bool:
        return self.t >= self.ticks

    def update(self, speed: float = 1.0):
        if not self.done:
            self.t = min(self.ticks, self.t + speed)
            if self.done and self.on_done:
                cb, self.on_done = self.on_done, None
                cb()

    def progress(self, alpha: float = 0.0) -> float:
        t = max(0.0, min(self.ticks, self.t + (alpha if not self.done else 0.0)))
        return self.ease(t / self.ticks) if self.t >= 0 else 0.0

    def value(self, alpha: float = 0.0):
        return lerp(self.a, self.b, self.progress(alpha))


class Tweens:
    def __init__(self):
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def update(self, speed=1.0):
        for tw in list(self.items):
            tw.update(speed)
        self.items = [tw for tw in self.items if not tw.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)


# --- text: bounded, and wrapped in time linear in its length ---------------------------------

MESSAGE_LIMIT = 900  # characters of a message shown in a box; the rest is cut with an ellipsis


def bounded(text, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to at most ``limit`` characters (an ellipsis marks the cut)."""
    text = str(text)
    if len(text) <= limit:
        return text
    return text[:max(0, limit - 1)].rstrip() + "\u2026"


_CHAR_W: dict = {}


def _char_width(font, ch: str) -> int:
    key = (id(font), ch)
    w = _CHAR_W.get(key)
    if w is None:
        w = _CHAR_W[key] = font.size(ch)[0]
        if len(_CHAR_W) > 20_000:
            _CHAR_W.clear()
    return w


def wrap_lines(font, text: str, width: int, max_lines: int = 0) -> list[str]:
    """Break ``text`` into lines of at most ``width`` pixels: at spaces, and inside a word only
    when the word alone is wider than a line. Every word is measured once, so the time grows
    with the text's length; with ``max_lines`` it stops there, the last line ending in an
    ellipsis when text was left out."""
    lines: list[str] = []
    space = font.size(" ")[0]

    def full():
        return bool(max_lines) and len(lines) > max_lines

    for para in str(text).split("\n"):
        line, line_w = "", 0
        for word in para.split(" "):
            w = font.size(word)[0] if len(word) < 200 else width + 1
            if line and line_w + space + w <= width:
                line, line_w = line + " " + word, line_w + space + w
                continue
            if line:
                lines.append(line)
            line, line_w = word, w
            if w > width:  # a word wider than a line: cut it where it fills the line
                start, acc = 0, 0
                for k, ch in enumerate(word):
                    cw = _char_width(font, ch)
                    if acc + cw > width and k > start:
                        lines.append(word[start:k])
                        start, acc = k, 0
                        if full():
                            break
                    acc += cw
                line, line_w = word[start:], acc
            if full():
                break
        lines.append(line)
        if full():
            break
    if max_lines and len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and font.size(last + "\u2026")[0] > width:
            last = last[:-1]
        lines[-1] = last + "\u2026"
    return lines


_WRAPPED: dict = {}


def draw_text_box(surf, text_cache, text: str, rect, size: int = 20, colour=T.PARCHMENT,
                  bold: bool = False, line_gap: int = 4) -> int:
    """Draw ``text`` wrapped inside ``rect`` (lines that do not fit are left out, the last shown
    line ending in an ellipsis); returns the number of lines drawn."""
    rect = pygame.Rect(rect)
    font = text_cache.fonts.get(size, bold)
    step = font.get_linesize() + line_gap
    max_lines = max(1, (rect.h + line_gap) // step)
    key = (text, rect.w, size, bold, max_lines)
    lines = _WRAPPED.get(key)
    if lines is None:
        lines = _WRAPPED[key] = wrap_lines(font, bounded(text, 4000), rect.w, max_lines)
        if len(_WRAPPED) > 64:
            _WRAPPED.pop(next(iter(_WRAPPED)))
    y = rect.y
    for line in lines:
        if line:
            surf.blit(text_cache.render(line, size, colour, bold), (rect.x, y))
        y += step
    return len(lines)


# --- asking the rules -------------------------------------------------------------------------


def explain(game, state, seat: int, action) -> tuple[bool, str]:
    """Would ``action`` be legal for ``seat``? If not, the rules' reason (nothing changes).

    A game on the engine's flow answers with ``refusal`` (the sentence its stage gives, asked
    without applying anything); a game without one (the tests' tiny game) is asked by applying
    the action to a copy."""
    refusal = getattr(game, "refusal", None)
    if refusal is not None:
        exc = refusal(state, seat, action)
        return exc is None, "" if exc is None else exc.reason
    if seat not in game.to_act(state):
        return False, "It is not your turn to act."
    if action in game.legal_actions(state, seat):
        return True, ""
    try:
        game.apply(game.clone(state), seat, action)
    except IllegalAction as exc:
        return False, exc.reason
    return False, "That is not allowed now."


# --- drag and drop ----------------------------------------------------------------------------


class DropTarget:
    def __init__(self, rect, payload, ok: bool, reason: str = ""):
        self.rect = pygame.Rect(rect)
        self.payload = payload
        self.ok = ok
        self.reason = reason


class Drag:
    """Drag-and-drop bound to legal actions.

    ``begin`` takes the dragged item, where it came from and the drop targets, each already asked
    of the rules (legal or not, with the reason). While dragging, legal targets glow. ``drop``
    returns the target's payload if it was legal; otherwise the item snaps back and ``reason``
    holds why.
    """

    SNAP_TICKS = 12

    def __init__(self):
        self.item = None
        self.origin = pygame.Rect(0, 0, 0, 0)
        self.pos = (0, 0)
        self.grab = (0, 0)
        self.targets: list[DropTarget] = []
        self.snap: Tween | None = None
        self.snap_item = None
        self.reason = ""
        self.moved = False

    @property
    def active(self) -> bool:
        return self.item is not None

    def begin(self, item, origin_rect, pos, targets):
        self.item = item
        self.origin = pygame.Rect(origin_rect)
        self.grab = (pos[0] - self.origin.x, pos[1] - self.origin.y)
        self.pos = pos
        self.targets = list(targets)
        self.reason = ""
        self.moved = False

    def move(self, pos):
        if self.item is not None:
            if abs(pos[0] - self.pos[0]) + abs(pos[1] - self.pos[1]) > 2:
                self.moved = True
            self.pos = pos

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.pos[0] - self.grab[0], self.pos[1] - self.grab[1], self.origin.w,
                           self.origin.h)

    def target_at(self, pos) -> DropTarget | None:
        for t in self.targets:
            if t.rect.collidepoint(pos):
                return t
        return None

    def drop(self, pos):
        """End the drag at ``pos``: the payload of a legal target, else None (snapping back)."""
        if self.item is None:
            return None
        self.pos = pos
        target = self.target_at(pos)
        item, start = self.item, self.rect.topleft
        self.item = None
        if target is not None and target.ok:
            self.targets = []
            return target.payload
        self.reason = target.reason if target is not None else ""
        if target is None and self.moved:
            reasons = {t.reason for t in self.targets if not t.ok and t.reason}
            if not any(t.ok for t in self.targets) and len(reasons) == 1:
                self.reason = reasons.pop()
        self.snap = Tween(start, self.origin.topleft, self.SNAP_TICKS, ease_out_back)
        self.snap_item = item
        self.targets = []
        return None

    def cancel(self):
        self.item = None
        self.targets = []

    def update(self):
        if self.snap is not None:
            self.snap.update()
            if self.snap.done:
                self.snap = None
                self.snap_item = None

    def draw_targets(self, surf, ticks: int):
        if self.item is None:
            return
        pulse = 0.7 + 0.3 * math.sin(ticks / 6.0)
        for t in self.targets:
            if t.ok:
                art.glow_rect(surf, t.rect, pulse=pulse)


# --- log panel, toasts, tooltips --------------------------------------------------------------


class Toast:
    """A short message at the bottom of the screen that fades after a few seconds."""

    def __init__(self, text_cache):
        self.text = text_cache
        self.message = ""
        self.ticks = 0
        self.kind = "info"

    def show(self, message: str, seconds: float = 3.5, kind: str = "info"):
        self.message = bounded(message, 300)
        self.ticks = int(seconds * 60)
        self.kind = kind

    def update(self):
        if self.ticks > 0:
            self.ticks -= 1

    def draw(self, surf, y=T.H - 70):
        if self.ticks <= 0 or not self.message:
            return
        img = self.text.render(self.message, 20, T.PARCHMENT, width=760)
        box = img.get_rect(midtop=(T.W // 2, y)).inflate(36, 20)
        if box.bottom > T.H - 4:
            box.bottom = T.H - 4
        colour = (120, 36, 24) if self.kind == "error" else (48, 32, 20)
        alpha = min(235, self.ticks * 12)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (*colour, alpha), bg.get_rect(), border_radius=12)
        pygame.draw.rect(bg, (*T.GOLD, alpha), bg.get_rect(), 2, border_radius=12)
        surf.blit(bg, box)
        img.set_alpha(min(255, self.ticks * 14))
        surf.blit(img, img.get_rect(center=box.center))


class Tooltips:
    """Hover help for things drawn by hand (pygame_gui does it for its own buttons)."""

    DELAY = 30  # ticks

    def __init__(self, text_cache):
        self.text = text_cache
        self.regions: list[tuple[pygame.Rect, str]] = []
        self.hover_key = None
        self.hover_ticks = 0
        self.pos = (0, 0)

    def set_regions(self, regions):
        self.regions = [(pygame.Rect(r), t) for r, t in regions]

    def update(self, mouse_pos):
        self.pos = mouse_pos
        key = None
        for r, t in self.regions:
            if r.collidepoint(mouse_pos):
                key = (tuple(r), t)
                break
        if key != self.hover_key:
            self.hover_key = key
            self.hover_ticks = 0
        elif key is not None:
            self.hover_ticks += 1

    @property
    def current(self) -> str:
        if self.hover_key is not None and self.hover_ticks >= self.DELAY:
            return self.hover_key[1]
        return ""

    def draw(self, surf):
        text = self.current
        if not text:
            return
        img = self.text.render(text, 16, T.PARCHMENT, width=320)
        box = img.get_rect(topleft=(self.pos[0] + 16, self.pos[1] + 18)).inflate(16, 12)
        box.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, (40, 26, 16), box, border_radius=8)
        pygame.draw.rect(surf, T.GOLD, box, 1, border_radius=8)
        surf.blit(img, img.get_rect(center=box.center))


class HintHelper:
    """Asks a bot for a suggestion, thinking a few milliseconds per frame."""

    def __init__(self, game, make_bot, level="normal"):
        self.game = game
        self.make_bot = make_bot
        self.level = level
        self.bot = None
        self.version = None
        self.result = None

    def request(self, state, seat: int, version):
        legal = self.game.legal_actions(state, seat)
        if not legal:
            self.result = None
            return False
        self.bot = self.make_bot(self.game, self.level, seat, 12345)
        self.bot.start(self.game.observe(state, seat), legal)
        self.version = version
        self.result = None
        return True

    def update(self, version, budget_s=0.004):
        if self.bot is None:
            return
        if version != self.version:
            self.bot = None
            self.result = None
            return
        if self.bot.step(budget_s):
            self.result = self.bot.best()
            self.bot = None

    @property
    def thinking(self) -> bool:
        return self.bot is not None
