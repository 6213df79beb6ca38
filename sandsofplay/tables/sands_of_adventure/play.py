"""Input at the Sands of Adventure table (a mixin of the table scene): drags and clicks, the
keyboard focus targets, and the table contract - every gesture a human seat is offered, and the
named regions on screen."""

from __future__ import annotations

import math

import pygame

from ...engine import A
from ...ui.gestures import FocusTarget, Gesture, click, drag
from ...ui.hand import LIFT, HandFan
from ...ui.widgets import DropTarget, explain
from . import art

CARD_KINDS = ("play", "any", "interrupt", "bury", "keep", "give")
MIN_STRIP = 18  # the least width of a fanned card that shows (its index: colours, objects)


class TableInput:
    # --- hands --------------------------------------------------------------------------------
    def fan(self, seat, n: int) -> HandFan:
        """How a hand of ``n`` cards lies on the seat's mat: one row of whole cards, or, when
        that would leave slivers (a narrow four-player mat and 9-13 cards), two rows of smaller
        cards, the back row showing each card's colour and objects and the front row each
        card's index down its left edge (issue 31)."""
        fan = self._fan(seat, art.CARD_W, art.CARD_H)
        if len(fan.rows(n)) > 1:  # (its two rows: each strip wider than one row's)
            fan = self._fan(seat, *art.SMALL_CARD, min_step=MIN_STRIP + 6)
        return fan

    def _fan(self, seat, w, h, min_step=MIN_STRIP) -> HandFan:
        mat = self.mat_rects[seat]
        key = (seat, tuple(mat), w, h)
        fans = self._fans
        fan = fans.get(key)
        if fan is None:
            room = mat.bottom - (mat.y + 96 + h)  # below one row of cards
            fan = fans[key] = HandFan(pygame.Rect(mat.x + 8, mat.y + 96 - LIFT, mat.w - 16,
                                                  h + LIFT), w, h, row_gap=max(0, room - 2),
                                      min_step=min_step)
        return fan

    def lifted_index(self, seat, hand):
        """The card of this hand under the pointer or the keyboard focus (drawn lifted): its
        place in the hand as shown."""
        if self.drag.active:
            return None
        hand = self.shown_hand(hand)
        if self.hover_card is not None and self.hover_card[0] == seat and \
                self.hover_card[1] in hand:
            return hand.index(self.hover_card[1])
        name = self.focus.name if self.focus.visible else None
        if name and name.startswith(f"card:{seat}:"):
            card = int(name.rsplit(":", 1)[1])
            if card in hand:
                return hand.index(card)
        return None

    def hand_rects(self, seat, hand, lifted="auto"):
        if lifted == "auto":
            lifted = self.lifted_index(seat, hand)
        shown = self.shown_hand(hand)
        return list(zip(shown, self.fan(seat, len(shown)).rects(len(shown), lifted)))

    def shown_hand(self, hand):
        """A hand in the order it is shown: grouped by colour, then object (hands are open and
        their order means nothing in the rules)."""
        key = tuple(hand)
        shown = self._shown
        order = shown.get(key)
        if order is None:
            cards = self.comp.cards
            if len(shown) > 64:
                shown.clear()
            order = shown[key] = sorted(hand, key=lambda c: (
                cards[c].kind == "snake", cards[c].colours, cards[c].objects, cards[c].kind, c))
        return list(order)

    def card_at(self, pos, obs, seats):
        for seat in seats:
            hand = obs["hands"][seat]
            i = self.fan(seat, len(hand)).hit(len(hand), pos, self.lifted_index(seat, hand))
            if i is not None:
                return seat, self.shown_hand(hand)[i]
        return None

    def card_action(self, seat, card):
        """What dropping this card on the pile (or Enter on it) does now, or None."""
        legal = self.legal(seat)
        if self.armed.get(seat) == "any" and A("any", card) in legal:
            return A("any", card)
        for kind in ("play", "interrupt", "bury", "keep", "give"):
            if A(kind, card) in legal:
                return A(kind, card)
        return None

    def playable_cards(self, seat) -> set:
        if seat not in self.humans or self.match.is_over():
            return set()
        key = (self.match.version, seat, self.armed.get(seat))
        cached = self._playable.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        cards = {a.args[0] for a in self.legal(seat) if a.kind in CARD_KINDS and
                 (a.kind != "any" or self.armed.get(seat) == "any")}
        self._playable[seat] = (key, cards)
        return cards

    # --- input ------------------------------------------------------------------------------
    def handle_input(self, event):
        obs = self.last_obs or self.observation()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                self.torch_or_draw()
            elif event.key == pygame.K_d:
                self.click_deck()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.app.manager.get_hovering_any_element():
                return
            pos = event.pos
            # a card from a human's hand
            hit = self.card_at(pos, obs, [s for s in self.humans if s < obs["n"]])
            if hit is not None:
                seat, card = hit
                rect = dict(self.hand_rects(seat, obs["hands"][seat]))[card]
                self.begin_card(seat, card, rect, pos)
                return
            # a human's figure
            for seat in self.humans:
                fx, fy = self.figure_pos(seat, obs)
                if math.hypot(pos[0] - fx, pos[1] - fy) < 20:
                    self.begin_figure(seat, pos)
                    return
        elif event.type == pygame.MOUSEMOTION:
            self.drag.move(event.pos)
            self.hover_card = None if self.drag.active else \
                self.card_at(event.pos, obs, range(obs["n"]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.active:
                self.end_drag(event.pos)
                return
            if self.app.manager.get_hovering_any_element():
                return
            self.click(event.pos, obs)

    def begin_card(self, seat, card, rect, pos):
        st = self.seen()
        targets = []
        pile = self.L.rect("play_pile")
        legal = self.legal(seat)
        # the pile: play, play with Play Any Card (armed or needed), or an Interrupt
        candidates = []
        if self.armed.get(seat) == "any":
            candidates.append(A("any", card))
        candidates += [A("play", card), A("interrupt", card), A("any", card)]
        chosen = next((a for a in candidates if a in legal), None)
        if chosen is not None and chosen.kind == "any" and self.armed.get(seat) != "any" and \
                A("play", card) not in legal:
            chosen = None  # Play Any Card is used only when the player clicks its token first
        if chosen is not None:
            targets.append(DropTarget(pile, chosen, True))
        else:
            ok, why = explain(self.game, st, seat, A("play", card))
            if seat != st.current and st.phase == "timed" and \
                    self.game.has_token(st, seat, "interrupt"):
                ok, why = explain(self.game, st, seat, A("interrupt", card))
            if not ok and self.game.has_token(st, seat, "any") and seat == st.current and \
                    st.phase == "timed":
                why += " Click your Play Any Card token first to play it anyway."
            targets.append(DropTarget(pile, None, False, why))
        self.drag.begin(("card", seat, card), rect, pos, targets)

    def begin_figure(self, seat, pos):
        st = self.seen()
        targets = []
        for t in range(5):
            ok, why = explain(self.game, st, seat, A("move", t))
            targets.append(DropTarget(self.L.rect(f"tile{t}"), A("move", t), ok, why))
        fx, fy = self.figure_pos(seat, self.observation())
        self.drag.begin(("figure", seat, None), pygame.Rect(fx - 16, fy - 16, 32, 32), pos, targets)

    def end_drag(self, pos):
        item = self.drag.item
        moved = self.drag.moved
        payload = self.drag.drop(pos)
        kind, seat, card = item
        if payload is not None:
            if kind == "card":
                self.drag_last = card
            if self.perform(seat, payload):
                if payload.kind == "any":
                    self.armed.pop(seat, None)
            return
        if self.drag.reason:
            self.toast.show(self.drag.reason, kind="error")
            self.app.sound.play("error")
        elif not moved:
            self.drag.snap = None
            self.click(pos, self.observation())

    def click(self, pos, obs):
        st = self.seen()
        # Power tokens by a mat
        for seat in range(obs["n"]):
            for i, kind, up, rect in self.token_rects(seat, obs["tokens"][seat]):
                if rect.collidepoint(pos):
                    self.click_token(seat, kind, up)
                    return
        # a card in a hand for bury / keep / give decisions
        hit = self.card_at(pos, obs, [s for s in self.humans if s < obs["n"]])
        if hit is not None:
            self.click_card(*hit)
            return
        for card, rect in self.aside_rects(obs):
            if rect.collidepoint(pos):
                for seat in self.game.to_act(st):
                    if seat in self.humans:
                        self.click_card(seat, card)
                        return
        for t in range(5):
            if self.L.rect(f"tile{t}").collidepoint(pos):
                for seat in self.game.to_act(st):
                    if seat in self.humans:
                        for kind in ("move", "replace"):
                            if A(kind, t) in self.legal(seat):
                                self.perform(seat, A(kind, t))
                                return
                        ok, why = explain(self.game, st, seat, A("move", t))
                        if obs["stage"] == "move" and not ok:
                            self.toast.show(why, kind="error")
                        return
        if self.L.rect("action_deck").collidepoint(pos):
            self.click_deck()
        elif self.L.rect("dice").collidepoint(pos):
            self.torch_or_draw(dice_only=True)

    def click_card(self, seat, card):
        legal = self.legal(seat)
        for kind in ("bury", "keep", "give"):
            if A(kind, card) in legal:
                self.perform(seat, A(kind, card))
                return

    def click_token(self, seat, kind, up):
        if seat not in self.humans:
            return
        if not up:
            self.toast.show("That Power token is face down: it was used this round.",
                            kind="error")
            return
        st = self.seen()
        if kind == "ignore":
            if A("ignore") in self.legal(seat):
                self.perform(seat, A("ignore"))
            else:
                self.toast.show("Ignore a Snake is used when someone has drawn a Snake in the "
                                "Timed Phase.", kind="error")
        elif kind == "any":
            if st.phase == "timed" and seat == st.current and st.stage == "turn":
                self.armed[seat] = "any"
                self.toast.show("Play Any Card is ready: drag any card onto the pile.")
            else:
                self.toast.show("Play Any Card is used on your own turn in the Timed Phase.",
                                kind="error")
        elif kind == "interrupt":
            if st.phase == "timed" and seat != st.current:
                self.armed[seat] = "interrupt"
                self.toast.show("Interrupt is ready: drag a matching card onto the pile.")
            else:
                self.toast.show("Interrupt is used on another player's turn in the Timed Phase.",
                                kind="error")

    def click_deck(self):
        st = self.seen()
        seat = st.current
        if seat in self.humans and A("draw") in self.legal(seat):
            self.perform(seat, A("draw"))

    def torch_or_draw(self, dice_only=False):
        for seat in self.humans:
            if A("roll_torch") in self.legal(seat):
                self.perform(seat, A("roll_torch"))
                return
        if not dice_only:
            self.click_deck()

    # --- keyboard focus -------------------------------------------------------------------------
    def big_rect(self, rect):
        big = pygame.Rect(0, 0, 96, 138)
        big.midbottom = (rect.centerx, rect.bottom)
        return big.clamp(pygame.Rect(0, 0, 1280, 720))

    def key_card(self, seat, card):
        """Enter on a card: play it (or bury / keep / give it) if the rules allow, else say why."""
        action = self.card_action(seat, card)
        if action is None:
            ok, why = explain(self.game, self.seen(), seat, A("play", card))
            self.toast.show(why or "That card cannot be used now.", kind="error")
            self.app.sound.play("error")
            return
        if self.perform(seat, action) and action.kind == "any":
            self.armed.pop(seat, None)

    def key_choice(self, card):
        for seat in self.game.to_act(self.seen()):
            if seat in self.humans:
                self.click_card(seat, card)
                return

    def tile_action(self, t):
        for seat in self.game.to_act(self.seen()):
            if seat in self.humans:
                for kind in ("move", "replace"):
                    if A(kind, t) in self.legal(seat):
                        return seat, A(kind, t)
        return None

    def key_tile(self, t):
        hit = self.tile_action(t)
        if hit is not None:
            self.perform(*hit)
        else:
            self.click(self.L.rect(f"tile{t}").center, self.observation())

    def table_focus_targets(self):
        st = self.seen()
        obs = self.observation()
        names = self.game.card_name
        targets = self.intermission.focus_targets()  # Continue, between two rounds
        for card, rect in self.aside_rects(obs):
            acts = []
            for seat in self.game.to_act(st):
                if seat in self.humans:
                    legal = self.legal(seat)
                    acts = [(seat, A(k, card)) for k in ("bury", "keep", "give")
                            if A(k, card) in legal][:1]
                    break
            targets.append(FocusTarget(f"choice:{card}", rect,
                                       lambda c=card: self.key_choice(c), tuple(acts),
                                       tip=names(card)))
        # in the Timed Phase the sand runs: Tab goes only to the cards that can be played now
        # (the arrows still reach every card, to read it); a hand of 11 took 11 Tabs
        timed = obs["phase"] == "timed"
        for seat in self.humans:
            hand = self.shown_hand(obs["hands"][seat])
            fan = self.fan(seat, len(hand))
            legal = self.legal(seat) if timed else ()
            for i, card in enumerate(hand):
                action = self.card_action(seat, card)
                rect = self.big_rect(fan.rects(len(hand), i)[i])
                # (a card the Play Any Card token can play stays on Tab's way)
                idle = timed and not action and A("any", card) not in legal
                targets.append(FocusTarget(f"card:{seat}:{card}", rect,
                                           lambda s=seat, c=card: self.key_card(s, c),
                                           ((seat, action),) if action else (), tip=names(card),
                                           extra={"read": True} if idle else {}))
        for seat in self.humans:
            legal = self.legal(seat)
            for i, kind, up, rect in self.token_rects(seat, obs["tokens"][seat]):
                if not up:
                    continue
                acts = ((seat, A("ignore")),) if kind == "ignore" and A("ignore") in legal else ()
                targets.append(FocusTarget(f"token:{seat}:{kind}", rect,
                                           lambda s=seat, k=kind: self.click_token(s, k, True),
                                           acts, ring="circle",
                                           tip=self.comp.token_names[kind]))
        tiles = [(t, self.tile_action(t)) for t in range(5)]
        if any(hit for _, hit in tiles):
            for t, hit in tiles:
                targets.append(FocusTarget(f"tile:{t}", self.L.rect(f"tile{t}"),
                                           lambda t=t: self.key_tile(t), (hit,) if hit else (),
                                           tip=self.game.tile_name(st, t)))
        for seat in self.humans:
            if A("draw") in self.legal(seat):
                targets.append(FocusTarget("deck", self.L.rect("action_deck"), self.click_deck,
                                           ((seat, A("draw")),), tip="the Action deck"))
            if A("roll_torch") in self.legal(seat):
                targets.append(FocusTarget("dice", self.L.rect("dice"),
                                           lambda: self.torch_or_draw(dice_only=True),
                                           ((seat, A("roll_torch")),), tip="the Torch die"))
        return targets

    # --- the table contract ---------------------------------------------------------------------
    def refresh_contract(self):
        self.refresh_prompt()

    def token_center(self, seat, kind):
        obs = self.observation()
        for i, k, up, rect in self.token_rects(seat, obs["tokens"][seat]):
            if k == kind and up:
                return rect.center
        return None

    def gestures(self, seat):
        """The table contract (DESIGN.md, "The shape of a table"): every gesture offered to the
        human ``seat`` now - the base's prompt buttons and focus-ring keys, and this table's own
        (the figure dragged to a tile, cards dragged onto the pile, the deck, die and Power tokens clicked; see ``table_gestures``)."""
        return super().gestures(seat)

    def table_gestures(self, seat):
        obs = self.observation()
        legal = self.legal(seat)
        pile = self.L.rect("play_pile").center
        hand = self.shown_hand(obs["hands"][seat])
        fan = self.fan(seat, len(hand))
        grips = {card: fan.grip(len(hand), i) for i, card in enumerate(hand)}
        aside = dict(self.aside_rects(obs))
        armed = self.armed.get(seat)
        out = []
        for a in legal:
            k = a.kind
            if k == "move":
                t = self.L.rect(f"tile{a.args[0]}").center
                out.append(Gesture(a, (drag(self.figure_pos(seat, obs), t),)))
                out.append(Gesture(a, (click(t),)))
            elif k == "replace":
                out.append(Gesture(a, (click(self.L.rect(f"tile{a.args[0]}").center),)))
            elif k in ("play", "interrupt", "any") and a.args[0] in grips:
                steps = (drag(grips[a.args[0]], pile),)
                token = self.token_center(seat, "any")
                if k == "any" and armed != "any":
                    steps = (click(token),) + steps  # arm Play Any Card first
                elif k != "any" and armed == "any" and A("any", a.args[0]) in legal:
                    steps = (click(token),) + steps  # disarm it first
                out.append(Gesture(a, steps))
            elif k in ("bury", "keep", "give"):
                card = a.args[0]
                if card in aside:
                    out.append(Gesture(a, (click(aside[card].center),)))
                elif card in grips:
                    out.append(Gesture(a, (click(grips[card]),)))
            elif k == "ignore":
                token = self.token_center(seat, "ignore")
                if token is not None:
                    out.append(Gesture(a, (click(token),)))
            elif k == "draw":
                out.append(Gesture(a, (click(self.L.rect("action_deck").center),)))
            elif k == "roll_torch":
                out.append(Gesture(a, (click(self.L.rect("dice").center),)))
        return out

    def table_key_gestures(self, seat, targets):
        """Play Any Card by keys: the token (arms or disarms it), then the card."""
        names = {t.name for t in targets}
        token = f"token:{seat}:any"
        if token not in names:
            return []
        legal = self.legal(seat)
        armed = self.armed.get(seat) == "any"
        out = []
        for card in self.observation()["hands"][seat]:
            name = f"card:{seat}:{card}"
            if name not in names:
                continue
            if A("any", card) in legal and not armed:
                out.append(Gesture(A("any", card), self.focus.steps_to(targets, [token, name])))
            if armed and A("any", card) in legal:
                for kind in ("play", "interrupt"):
                    if A(kind, card) in legal:
                        out.append(Gesture(A(kind, card),
                                           self.focus.steps_to(targets, [token, name])))
        return out

    def bubble_anchor(self, seat):
        return self.mat_rects[seat] if seat < len(self.mat_rects) else None

    def table_regions(self):
        obs = self.observation()
        tiles = [self.L.rect(f"tile{i}") for i in range(5)]
        out = {"board": tiles[0].unionall(tiles[1:]), "timer": self.L.rect("timer"),
               "villain": self.L.rect("villain_mat"), "log": pygame.Rect(self.log.rect),
               "pile": self.L.rect("play_pile"), "deck:action": self.L.rect("action_deck")}
        for i, r in enumerate(tiles):
            out[f"tile:{i}"] = r
        for seat, mat in enumerate(self.mat_rects):
            out[f"mat:{seat}"] = mat
            n = len(obs["hands"][seat])
            out[f"hand:{seat}"] = self.fan(seat, n).bounds(n)
        for name, btn in (("menu", self.menu_btn), ("hint", self.hint_btn)):
            if btn is not None and btn.visible:
                out[f"button:{name}"] = pygame.Rect(btn.rect)
        panel = self.choice_panel_rect(obs)
        if panel is not None:
            out["panel:choice"] = panel
        if obs["phase"] == "prep" and obs["stage"] in ("replace", "side") and obs["tiles_aside"]:
            out["panel:new_tile"] = self.new_tile_rect()
        if self.banner[1] > 0 and not self.intermission.shown:
            out["banner"] = self.banner_rect()
        out.update(self.intermission.regions())
        return out
