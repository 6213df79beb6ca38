"""Between two rounds of Sands of Adventure (``Intermission``, a part of the table).

A round's end was a banner of two seconds while the bots went straight on preparing the next
round, easy to miss (a new player's walk-through). Now, when a round ends and the game goes on,
the table shows what happened over the tile row - how the round ended, what the next round
starts with - and holds the bots for a few seconds (a bar drains), or until Continue (Enter or
Space) is pressed. It holds nothing a person must do: when a person must decide (the next
round's preparation asks them), the card goes and their question stands. All-bot tables (the
kiosk) and fast runs show only the banner.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...ui import theme as T
from ...ui.gestures import FocusTarget

HOLD = 6 * 60  # ticks the bots wait at most (six seconds at 60 frames a second)
RECT = pygame.Rect(470, 18, 640, 150)  # the words, over the tile row (no question uses it then)
BUTTON = pygame.Rect(RECT.centerx - 80, RECT.bottom + 4, 160, 36)  # under the words
SAID = ("penalty_gems", "round_prepared", "tile_replaced")  # said on the card, after its end


class Intermission:
    def __init__(self, table):
        self.t = table
        self.lines: list[str] = []  # the title, then what happened
        self.left = 0  # ticks still held
        self.button = None

    @property
    def shown(self) -> bool:
        return bool(self.lines)

    def note(self, events) -> None:
        """A round ended and the game goes on: the card, with what the rules said of it."""
        t = self.t
        ended = next((e for e in events if e.kind == "round_ended"), None)
        if ended is None or t.mode != "play" or t.fast or not t.humans or \
                any(e.kind == "game_over" for e in events):
            return
        n = ended.data.get("round")
        said = [e.text for e in events if e.kind in SAID and e.text and e is not ended]
        why = ended.text.split(": ", 1)[-1]  # ("Round 1 ends: the sand ran out.")
        self.lines = [f"Round {n} of 3 is over", why[:1].upper() + why[1:]] + said[:3]
        self.left = HOLD

    def update(self) -> None:
        if not self.lines:
            return
        self.left -= 1
        if self.left <= 0 or self.t.human_to_act() is not None or self.t.match.is_over():
            self.close()
            return
        if self.button is None:
            self.button = self.t.own(UIButton(pygame.Rect(BUTTON), "Continue",
                                              self.t.app.manager, command=self.go_on,
                                              tool_tip_text="Go on to the next round "
                                                            "(Enter or Space)"))

    def go_on(self) -> None:
        self.t.app.sound.play("click")
        self.close()

    def close(self) -> None:
        self.lines = []
        self.left = 0
        if self.button is not None:
            self.button.kill()
            if self.button in self.t.elements:
                self.t.elements.remove(self.button)
            self.button = None

    def key(self, event) -> bool:
        """Enter or Space goes on (Space would otherwise roll or draw, which waits anyway)."""
        if self.lines and self.t.human_to_act() is not None:
            self.close()  # a person must decide: their keys are theirs
        if self.lines and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.go_on()
            return True
        return False

    def draw(self, surf) -> None:
        if not self.lines:
            return
        text = self.t.app.text
        box = RECT.union(BUTTON).inflate(16, 12)
        pygame.draw.rect(surf, (50, 30, 18), box, border_radius=14)
        pygame.draw.rect(surf, T.GOLD, box, 3, border_radius=14)
        text.blit(surf, self.lines[0], (RECT.centerx, RECT.y + 22), 28, T.PARCHMENT,
                  bold=True, anchor="center")
        y = RECT.y + 48
        for line in self.lines[1:]:
            img = text.render(line, 17, T.PARCHMENT, width=RECT.w - 40)
            if y + img.get_height() > RECT.bottom:
                break
            surf.blit(img, img.get_rect(midtop=(RECT.centerx, y)))
            y += img.get_height() + 4
        # the time left before play goes on by itself
        bar = pygame.Rect(RECT.x + 20, RECT.bottom - 6, RECT.w - 40, 4)
        pygame.draw.rect(surf, (90, 64, 40), bar, border_radius=2)
        bar.w = max(0, round(bar.w * self.left / HOLD))
        pygame.draw.rect(surf, T.GOLD, bar, border_radius=2)

    def regions(self) -> dict:
        if not self.lines:
            return {}
        out = {"panel:round_over": pygame.Rect(RECT)}
        if self.button is not None:
            out["button:continue"] = pygame.Rect(self.button.rect)
        return out

    def focus_targets(self) -> list:
        if self.button is None:
            return []
        return [FocusTarget("button:continue", pygame.Rect(self.button.rect), self.go_on, (),
                            tip="Go on to the next round")]
