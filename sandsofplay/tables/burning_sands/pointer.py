"""The mouse and touch at the Burning Sands table (``Pointer``, a part of the table).

A click on a glowing card acts (``Choices.click_card``); a card that can be played may be
dragged from the hand onto the board; a click on a player's "Saved / Buried" line (or B) opens
the piles browser; a finger resting on a card for half a second shows it large until it lifts
(``zoom_uid``), a short tap acts as a click does, a finger that moves drags as the mouse does. A
click while bots play skips ahead to the person's next decision (the table's ``skip_ahead``)."""

from __future__ import annotations

import pygame

from .view import BOARD

LONG_TOUCH = 30  # ticks (half a second) a finger rests on a card


class Pointer:
    def __init__(self, table):
        self.t = table
        self.pos = (0, 0)  # where the pointer was last seen
        self.touch = None  # [pos, ticks held, uid] while a finger is down
        self.zoom_uid = None  # the card a long touch shows large

    def handle(self, event) -> bool:
        """Mouse and touch events; True when one was used."""
        if self.pile_input(event) or self.touch_input(event):
            return True
        t = self.t
        hand, choices = t.hand, t.choices
        if event.type == pygame.MOUSEMOTION:
            self.pos = event.pos
            hand.point(t.observation(), self.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pos = event.pos
            obs = t.observation()
            seat = t.acting_human()
            if choices.click_menu(event.pos):
                return True
            if seat is None and not t.match.is_over() and t.mode == "play":
                t.skip_ahead()  # a click while bots play: to the person's next decision
            uid = t.card_at(event.pos, obs)
            if uid is None or seat is None:
                if uid is None:
                    choices.deselect()
                return True
            acts = choices.split(seat)[0].get(uid, [])
            if uid in t.shown_hand(obs) and any(a.kind == "play" for a in acts):
                hand.start_drag(uid, event.pos)
                return True
            choices.click_card(seat, uid)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                hand.drag_card is not None:
            uid, start = hand.drag_card, hand.drag_from
            hand.drop()
            seat = t.acting_human()
            if seat is None:
                return True
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])
            if moved < 8:
                choices.click_card(seat, uid)
                return True
            if not BOARD.collidepoint(event.pos):
                t.toast.show("Drop the card on the table (the board above the prompt) to "
                             "play it.", kind="error")
                t.app.sound.play("error")
                return True
            play = next((a for a in choices.split(seat)[0].get(uid, [])
                         if a.kind == "play"), None)
            if play is not None:
                choices.deselect()
                t.perform(seat, play)
            return True
        return False

    # --- the piles browser --------------------------------------------------------------------
    def pile_input(self, event) -> bool:
        """A click on a player's "Saved / Buried" line, or B, opens the piles browser."""
        t = self.t
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b:
            t.open_piles(t.viewer if t.viewer is not None else 0)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for p in range(t.seen().n):
                if t.rows.pile_rect(p).collidepoint(event.pos):
                    t.open_piles(p)
                    return True
        return False

    # --- a long touch shows the card large ------------------------------------------------------
    def touch_input(self, event) -> bool:
        if not getattr(event, "touch", False):
            return False
        t = self.t
        hand = t.hand
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pos = event.pos
            obs = t.observation()
            uid = t.card_at(event.pos, obs)
            self.touch = [event.pos, 0, uid]
            seat = t.acting_human()
            acts = t.choices.split(seat)[0].get(uid, []) if seat is not None else []
            if uid in t.shown_hand(obs) and any(a.kind == "play" for a in acts):
                return False  # a drag may follow (the long touch is watched too)
            return uid is not None
        if event.type == pygame.MOUSEMOTION and self.touch is not None:
            (x, y), (x2, y2) = self.touch[0], event.pos
            if abs(x - x2) + abs(y - y2) > 12:
                self.touch[1] = -10 ** 6  # moving: no long touch
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.touch is not None:
            _pos, _held, uid = self.touch
            self.touch = None
            if self.zoom_uid is not None:
                self.zoom_uid = None
                hand.drop()
                return True
            if uid is not None and hand.drag_card is None:
                seat = t.acting_human()
                if seat is not None:
                    t.choices.click_card(seat, uid)
                return True
        return False

    def update(self):
        """Per tick: a finger held long enough on a card shows it large."""
        if self.touch is None:
            return
        self.touch[1] += 1
        if self.touch[1] >= LONG_TOUCH and self.touch[2] is not None:
            self.zoom_uid = self.touch[2]
            self.t.hand.drop()
