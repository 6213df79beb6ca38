"""The Sands of Adventure table: five Adventure tiles, the sand timer as the centrepiece, the
play pile and decks, the villain mat, and a mat for each player with their figure, Power tokens
and hand. People drag cards and figures; bots act at a watchable pace with the same animations.

Layout comes from resources/maps/sands_of_adventure.tmx (Tiled). The table only reads the seat's
observation and asks the rules whether a gesture is legal.
"""

from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

from ...engine import A, Action
from ...ui import art as base_art
from ...ui import theme as T
from ...ui.table import TableScene, settle_memory
from ...ui.tiled import load_layout, map_path
from ...ui.widgets import Drag, DropTarget, Tween, ease_in_out, ease_out_bounce, ease_out_cubic, \
    explain, linear
from . import art
from .timer_view import TimerView

REQUIRED = ["timer", "timer_pivot", "remaining", "action_deck", "play_pile", "snake_pile",
            "upgrade_deck", "dice", "villain_mat", "prompt", "log", "menu_button",
            "hint_button"] + \
    [f"tile{i}" for i in range(5)] + [f"mat{i}" for i in range(4)] + \
    [f"round{i}" for i in range(3)] + [f"stack_{k}" for k in ("ignore", "interrupt", "any")]

INITIALS = {"indiana": "I", "marion": "M", "sallah": "S", "marcus": "B"}
CARD_KINDS = ("play", "any", "interrupt", "bury", "keep", "give")
PROMPTS = {
    "move": "{who}: move to another Adventure tile (drag your figure or click a tile).",
    "may_play": "{who}: you may play a card onto the pile, or pass.",
    "take_token": "{who}: take a Power token.",
    "risk_upgrades": "{who}: how many Upgrade cards will you risk?",
    "keep_upgrade": "{who}: keep one of the drawn Upgrade cards (click it).",
    "may_give": "{who}: you may give a card (click it), or pass.",
    "give_to": "{who}: give the card to whom?",
    "may_move_villain": "{who}: you may drive the villain one tile left or right.",
    "bury_aside": "{who}: bury the drawn cards, one by one, in the order you choose (click).",
    "roll": "{who}: roll the Threat dice.",
    "order": "{who}: which die first?",
    "penalty": "{who} is punished by the villain: bury a card from your hand (click it).",
    "token": "{who}: choose a Power token to start with.",
    "leader": "{who}: choose the Excavation Leader.",
    "replace": "{who}: which Adventure tile does the new one replace? (click a tile)",
    "side": "{who}: which side of the new Adventure tile goes face up?",
}


class SandsOfAdventureTable(TableScene):
    name = "the Sands of Adventure table"
    needs_curtain = False  # players share information freely: every hand is public

    def __init__(self, app, match, mode="play", replay_data=None):
        super().__init__(app, match, mode, replay_data)
        self.L = load_layout(map_path("sands_of_adventure"), REQUIRED)
        self.comp = self.game.comp
        self.log.rect = self.L.rect("log")
        self.log._bg = base_art.panel(self.log.rect.size, colour=(40, 28, 18), border=T.DUNE_DARK,
                                      alpha=215)
        self.tv = TimerView(app.text)
        self.drag = Drag()
        self.armed: dict[int, str] = {}  # seat -> token kind armed for the next drop
        self.gem_flights: list = []  # [size, tween, index]
        self.card_flights: list = []  # [card, tween]
        self.villain_tween = None
        self.figure_tweens: dict[int, Tween] = {}
        self.dice_roll_ticks = 0
        self.flash = 0  # screen flash when the timer flips
        self.last_obs = None
        self.last_dice: list = []
        self.banner = ("", 0)
        self.flash_text = ""
        self.bubbles: dict[int, list] = {}  # seat -> [text, ticks left]
        self.prompt_buttons: list = []
        self.prompt_key = None
        self._static = None
        self._static_key = None
        self.mat_rects = self._mat_rects()

    def enter(self):
        # draw every card face and the table's fixed parts once now, so no frame in play waits
        for card in range(len(self.comp.cards)):
            self.card_img(card)
            self.card_img(card, 96, 138)
        self.static_surface(self.game.observe(self.match.state, self.viewer))
        settle_memory()
        self.own(UIButton(self.L.rect("menu_button"), "Menu (Esc)", self.app.manager,
                          command=self.open_menu, tool_tip_text="Pause: undo, save, rules help, "
                                                                "settings, quit"))
        if self.mode == "play":
            self.own(UIButton(self.L.rect("hint_button"), "Hint (H)", self.app.manager,
                              command=self.ask_hint, tool_tip_text="Ask a bot what it would do"))

    def open_menu(self):
        from ...ui.scenes.overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    # --- geometry -----------------------------------------------------------------------------
    def _mat_rects(self):
        n = self.match.state.n
        mats = [self.L.rect(f"mat{i}") for i in range(4)]
        if n < 4:
            total = mats[3].right - mats[0].x
            w = (total - (n - 1) * 8) // n
            mats = [pygame.Rect(mats[0].x + i * (w + 8), mats[0].y, w, mats[0].h) for i in range(n)]
        return mats[:n]

    def hand_rects(self, seat, hand):
        mat = self.mat_rects[seat]
        area = pygame.Rect(mat.x + 8, mat.y + 96, mat.w - 16, art.CARD_H + 8)
        n = len(hand)
        if n == 0:
            return []
        step = min(art.CARD_W + 6, (area.w - art.CARD_W) / max(1, n - 1)) if n > 1 else 0
        return [(c, pygame.Rect(int(area.x + i * step), area.y, art.CARD_W, art.CARD_H))
                for i, c in enumerate(hand)]

    def token_rects(self, seat, tokens):
        mat = self.mat_rects[seat]
        return [(i, kind, up, pygame.Rect(mat.x + 10 + i * 50, mat.y + 44, 46, 46))
                for i, (kind, up) in enumerate(tokens)]

    def tile_center(self, pos, slot=0):
        r = self.L.rect(f"tile{pos}")
        return (r.x + 30 + slot * 36, r.bottom - 26)

    def figure_pos(self, seat, obs):
        tile = obs["figures"][seat]
        if tile is None or tile < 0:
            mat = self.mat_rects[seat]
            return (mat.right - 26, mat.y + 22)
        others = [s for s in range(obs["n"]) if obs["figures"][s] == tile]
        return self.tile_center(tile, others.index(seat) + 1)

    def villain_pos(self, obs):
        return self.tile_center(obs["villain_pos"], 0)

    # --- who acts -----------------------------------------------------------------------------
    def legal(self, seat):
        return self.game.legal_actions(self.match.state, seat)

    def human_choices(self):
        """(seat, non-card actions) for the human who must decide something now."""
        for seat in self.game.to_act(self.match.state):
            if seat in self.humans:
                acts = [a for a in self.legal(seat) if a.kind not in CARD_KINDS and a.kind != "move"]
                if acts or self.legal(seat):
                    return seat, acts
        return None, []

    # --- animation ----------------------------------------------------------------------------
    def speed(self):
        return self.app.settings.animation_speed

    def animate(self, events):
        obs = self.game.observe(self.match.state, self.viewer)
        for e in events:
            k, d = e.kind, e.data
            if k == "gem_added":
                self.app.sound.play("gem")
                if not self.fast:
                    # gems added by one action drop one after another
                    delay = sum(1 for f in self.gem_flights if f[1].t <= 0) * 16
                    self.gem_flights.append([d.get("size", "small"),
                                             Tween(0.0, 1.0, 34, linear, delay=delay),
                                             max(0, d.get("gems", 1) - 1)])
            elif k == "card_played":
                self.app.sound.play("card")
                card = d.get("card")
                seat = d.get("seat")
                if not self.fast and card is not None and seat is not None:
                    start = self.drag.rect.topleft if self.drag_last == card else \
                        self.mat_rects[seat].move(10, 96).topleft
                    self.card_flights.append([card, Tween(start, self.L.rect("play_pile").move(
                        23, 32).topleft, 14, ease_out_cubic)])
            elif k == "villain_moved" and not self.fast:
                f, t = d.get("from"), d.get("to")
                if f is not None and t is not None and f >= 0:
                    self.villain_tween = Tween(self.tile_center(f, 0), self.tile_center(t, 0), 30,
                                               ease_in_out)
            elif k == "moved" and not self.fast:
                seat, f = d.get("seat"), d.get("from")
                if seat is not None:
                    start = self.tile_center(f, 1) if f is not None and f >= 0 else \
                        (self.mat_rects[seat].right - 26, self.mat_rects[seat].y + 22)
                    self.figure_tweens[seat] = Tween(start, self.figure_pos(seat, obs), 24,
                                                     ease_in_out)
            elif k in ("dice_rolled", "torch_roll_started"):
                if k == "dice_rolled":
                    self.last_dice = list(d.get("faces", []))
                self.dice_roll_ticks = 30
                self.app.sound.play("thud")
            elif k == "timer_flipped":
                self.flash, self.flash_text = 40, "The timer flips! TIMED PHASE"
                self.app.sound.play("flip")
            elif k == "villain_penalty":
                seat = d.get("seat")
                if seat is not None and not self.fast:
                    what = (f"adds a {d.get('size')} gem" if d.get("penalty") == "gem"
                            else "must bury a card")
                    self.bubbles[seat] = [f"Caught by the villain: {what}!", 150]
            elif k in ("snake_drawn",):
                self.app.sound.play("error")
            elif k == "round_ended":
                self.gem_flights.clear()
                self.show_banner(e.text, 150)
            elif k == "villain_defeated":
                self.show_banner(e.text, 150)
                self.flash, self.flash_text = 30, ""
            elif k == "penalty_gems" and not self.fast:
                for i, size in enumerate(d.get("gems", [])):
                    self.gem_flights.append([size, Tween(0.0, 1.0, 34, linear, delay=i * 14), i])
            elif k == "round_started":
                self.show_banner(e.text, 150)
                if not self.fast:
                    self.villain_tween = Tween((T.W + 40, self.tile_center(0, 0)[1]),
                                               self.tile_center(0, 0), 60, ease_out_cubic)
        self.drag_last = None

    drag_last = None

    def bots_may_act(self):
        if self.fast:
            return True
        return not (self.card_flights or self.villain_tween or self.figure_tweens or
                    self.dice_roll_ticks > 0 or self.gem_flights)

    def update_table(self):
        sp = self.speed()
        self.drag.update()
        for fl in self.gem_flights:
            fl[1].update(sp)
        self.gem_flights = [f for f in self.gem_flights if not f[1].done]
        for fl in self.card_flights:
            fl[1].update(sp)
        self.card_flights = [f for f in self.card_flights if not f[1].done]
        if self.villain_tween is not None:
            self.villain_tween.update(sp)
            if self.villain_tween.done:
                self.villain_tween = None
        for seat in list(self.figure_tweens):
            self.figure_tweens[seat].update(sp)
            if self.figure_tweens[seat].done:
                del self.figure_tweens[seat]
        if self.dice_roll_ticks > 0:
            self.dice_roll_ticks -= 1
        if self.flash > 0:
            self.flash -= 1
        if self.banner[1] > 0:
            self.banner = (self.banner[0], self.banner[1] - 1)
        for seat in list(self.bubbles):
            self.bubbles[seat][1] -= 1
            if self.bubbles[seat][1] <= 0:
                del self.bubbles[seat]
        self.refresh_prompt()
        self.tooltips.set_regions(self.tooltip_regions())

    def announce(self, seat, text):
        if not self.fast:
            self.bubbles[seat] = [text, 100]

    def show_banner(self, text, ticks):
        self.banner = (text, ticks)

    def settle(self):
        """Finish every animation at once."""
        self.gem_flights.clear()
        self.card_flights.clear()
        self.figure_tweens.clear()
        self.villain_tween = None
        self.dice_roll_ticks = 0
        self.flash = 0
        self.banner = ("", 0)
        self.bubbles.clear()
        self.tweens.items.clear()

    on_undo = settle

    # --- the prompt bar: one question at a time -----------------------------------------------
    def refresh_prompt(self):
        """Rebuild the bar's buttons when the state has changed (not every tick)."""
        key = self.match.version if self.mode == "play" else None
        if key == self.prompt_key:
            return
        self.prompt_key = key
        seat, acts = self.human_choices() if key is not None else (None, [])
        for b in self.prompt_buttons:
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self.prompt_buttons = []
        if not acts:
            return
        bar = self.L.rect("prompt")
        x = bar.right
        for action in reversed(acts):
            label = self.action_label(action)
            w = max(92, self.app.fonts.get(22, True).size(label)[0] + 32)
            x -= w + 8
            btn = self.own(UIButton(pygame.Rect(x, bar.y + 4, w, bar.h - 8), label,
                                    self.app.manager, command=self._press(seat, action),
                                    tool_tip_text=self.game.describe(self.match.state, seat,
                                                                     action)))
            self.prompt_buttons.append(btn)
        self.prompt_left = x

    def _press(self, seat, action):
        def press():
            self.app.sound.play("click")
            self.perform(seat, action)
        return press

    def action_label(self, a: Action) -> str:
        k = a.kind
        if k == "pass":
            return "Pass"
        if k == "token":
            return self.comp.token_names[a.args[0]]
        if k == "upgrades":
            return f"Draw {a.args[0]}"
        if k == "villain":
            return f"Villain {a.args[0]}"
        if k == "roll":
            return "Roll the dice"
        if k == "die":
            return f"{a.args[0].capitalize()} first"
        if k in ("to", "leader"):
            return self.game.name(self.match.state, a.args[0]).split()[0]
        if k == "side":
            return f"Side {a.args[0]}"
        if k == "replace":
            return f"Replace {self.game.tile_name(self.match.state, a.args[0])}"
        if k == "draw":
            return "Draw a card"
        if k == "roll_torch":
            return "Roll the Torch die"
        if k == "ignore":
            return "Ignore the Snake"
        return str(a)

    def prompt_text(self, obs) -> str:
        st = self.match.state
        if obs["phase"] == "over":
            return "The game is over."
        acting = self.game.to_act(st)
        if obs["phase"] == "timed":
            if obs["stage"] == "snake":
                who = self.game.name(st, obs["snake"]["seat"])
                return f"SNAKE! {who} must roll a torch (click the die or press Space)."
            return (f"TIMED PHASE - {self.game.name(st, obs['current'])}: play matching cards, "
                    f"then click the Action deck to draw.")
        pending = obs.get("pending")
        if not acting:
            return ""
        who = self.game.name(st, acting[0])
        if obs["phase"] == "explore" and obs["stage"] == "move":
            pending = "move"
        template = PROMPTS.get(pending) or PROMPTS.get(obs["stage"]) or "{who} decides."
        return template.format(who=who)

    # --- input --------------------------------------------------------------------------------
    def handle_input(self, event):
        st = self.match.state
        obs = self.last_obs or self.game.observe(st, self.viewer)
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
            for seat in reversed(range(obs["n"])):
                if seat not in self.humans:
                    continue
                for card, rect in reversed(self.hand_rects(seat, obs["hands"][seat])):
                    if rect.collidepoint(pos):
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
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.active:
                self.end_drag(event.pos)
                return
            if self.app.manager.get_hovering_any_element():
                return
            self.click(event.pos, obs)

    def begin_card(self, seat, card, rect, pos):
        st = self.match.state
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
        st = self.match.state
        targets = []
        for t in range(5):
            ok, why = explain(self.game, st, seat, A("move", t))
            targets.append(DropTarget(self.L.rect(f"tile{t}"), A("move", t), ok, why))
        fx, fy = self.figure_pos(seat, self.game.observe(st, self.viewer))
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
            self.click(pos, self.game.observe(self.match.state, self.viewer))

    def click(self, pos, obs):
        st = self.match.state
        # Power tokens by a mat
        for seat in range(obs["n"]):
            for i, kind, up, rect in self.token_rects(seat, obs["tokens"][seat]):
                if rect.collidepoint(pos):
                    self.click_token(seat, kind, up)
                    return
        # a card in a hand for bury / keep / give decisions
        for seat in self.humans:
            for card, rect in reversed(self.hand_rects(seat, obs["hands"][seat])):
                if rect.collidepoint(pos):
                    self.click_card(seat, card)
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
        st = self.match.state
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
        st = self.match.state
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

    # --- drawing ------------------------------------------------------------------------------
    def aside_rects(self, obs):
        bar = self.L.rect("prompt")
        aside = obs["aside"]
        return [(c, pygame.Rect(bar.x + 360 + i * 40, bar.y - 30, 36, 52))
                for i, c in enumerate(aside)]

    def card_img(self, card, w=art.CARD_W, h=art.CARD_H):
        return self.app.images.get(("soa-card", card, w, h),
                                   lambda: art.card_surface(self.comp.cards[card], w, h,
                                                            self.app.text))

    def static_surface(self, obs):
        """Everything that changes only with the round's set-up: background, tile art, mats."""
        key = (tuple(tuple(r) for r in obs["row"]), obs["villain"], obs["n"], tuple(obs["characters"]))
        if key == self._static_key:
            return self._static
        surf = base_art.vertical_gradient((T.W, T.H), (62, 40, 22), (122, 80, 44)).convert()
        for y in range(0, T.H, 6):
            pygame.draw.line(surf, (70, 46, 26), (0, y), (T.W, y + 3), 1)
        text = self.app.text
        for pos, (tile, side) in enumerate(obs["row"]):
            r = self.L.rect(f"tile{pos}")
            data = self.comp.tiles[tile]
            ts = data.side(side)
            surf.blit(base_art.panel(r.size, colour=(232, 205, 160) if side == "A" else
                                     (214, 186, 150), alpha=255), r)
            text.blit(surf, data.name, (r.centerx, r.y + 8), 17, T.INK, bold=True,
                      anchor="midtop", width=r.w - 12)
            text.blit(surf, ts.text, (r.x + 10, r.y + 50), 14, T.INK, width=r.w - 20)
            text.blit(surf, f"side {side}", (r.x + 8, r.bottom - 20), 12, T.MUTED)
            for d in range(ts.dice):
                dr = pygame.Rect(r.right - 26 - d * 24, r.bottom - 26, 20, 20)
                pygame.draw.rect(surf, (245, 238, 220), dr, border_radius=4)
                pygame.draw.rect(surf, T.INK, dr, 1, border_radius=4)
                pygame.draw.circle(surf, T.INK, dr.center, 3)
        v = self.comp.villains[obs["villain"]]
        vm = self.L.rect("villain_mat")
        surf.blit(base_art.panel(vm.size, colour=(70, 30, 26), border=(20, 10, 8), alpha=255), vm)
        text.blit(surf, v.name, (vm.x + 12, vm.y + 8), 20, (250, 220, 200), bold=True)
        text.blit(surf, v.penalty_text, (vm.x + 12, vm.y + 36), 13, (240, 210, 190),
                  width=vm.w - 24)
        for seat, mat in enumerate(self.mat_rects):
            surf.blit(base_art.panel(mat.size, colour=(58, 40, 26), border=(30, 18, 10),
                                     alpha=235), mat)
            ch = self.comp.characters[obs["characters"][seat]]
            text.blit(surf, ch.name, (mat.x + 10, mat.y + 6), 17, T.PARCHMENT, bold=True)
            text.blit(surf, self.seat_name(seat) + (" (bot)" if seat not in self.humans and
                                                    self.mode == "play" else ""),
                      (mat.x + 10, mat.y + 26), 13, T.SAND_LIGHT)
        tr = self.L.rect("timer")
        text.blit(surf, "Round", (tr.x + 4, self.L.rect("round0").centery), 16, T.SAND_LIGHT,
                  anchor="midleft")
        for i in range(3):
            r = self.L.rect(f"round{i}")
            pygame.draw.rect(surf, (90, 60, 30), r, border_radius=8)
            pygame.draw.rect(surf, T.GOLD, r, 2, border_radius=8)
            text.blit(surf, str(i + 1), r.center, 18, T.PARCHMENT, bold=True, anchor="center")
        for name, label in (("action_deck", "Action"), ("snake_pile", "Snakes"),
                            ("upgrade_deck", "Upgrade")):
            r = self.L.rect(name)
            pygame.draw.rect(surf, (50, 32, 18), r.inflate(6, 6), 2, border_radius=10)
            text.blit(surf, label, (r.centerx, r.bottom + 4), 13, T.SAND_LIGHT, anchor="midtop")
        pile = self.L.rect("play_pile")
        pygame.draw.rect(surf, (92, 60, 32), pile, border_radius=12)
        pygame.draw.rect(surf, T.GOLD, pile, 2, border_radius=12)
        text.blit(surf, "Play", (pile.centerx, pile.bottom + 4), 13, T.SAND_LIGHT, anchor="midtop")
        self._static_key, self._static = key, surf
        return surf

    def draw_table(self, surf, alpha):
        obs = self.game.observe(self.match.state, self.viewer)
        self.last_obs = obs
        surf.blit(self.static_surface(obs), (0, 0))
        text = self.app.text
        self.draw_round(surf, obs)
        self.draw_timer(surf, obs, alpha)
        self.draw_decks(surf, obs)
        self.draw_villain(surf, obs, alpha)
        self.draw_dice(surf, obs)
        self.draw_mats(surf, obs)
        self.draw_figures(surf, obs, alpha)
        self.draw_prompt(surf, obs)
        self.draw_bubbles(surf)
        self.glow_legal_tiles(surf, obs)
        self.drag.draw_targets(surf, self.ticks)
        if self.banner[1] > 0:
            img = text.render(self.banner[0], 30, T.PARCHMENT, bold=True, width=820)
            box = img.get_rect(center=(790, 120)).inflate(40, 26)
            pygame.draw.rect(surf, (50, 30, 18), box, border_radius=14)
            pygame.draw.rect(surf, T.GOLD, box, 3, border_radius=14)
            surf.blit(img, img.get_rect(center=box.center))
        if self.flash > 0:
            glow = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
            glow.fill((255, 230, 150, min(120, self.flash * 4)))
            surf.blit(glow, (0, 0))
            if self.flash_text:
                text.blit(surf, self.flash_text, (T.W // 2 + 150, 300), 40, T.INK, bold=True,
                          anchor="center")

    def draw_round(self, surf, obs):
        r = self.L.rect(f"round{obs['round'] - 1}")
        cx, cy = r.center
        pygame.draw.polygon(surf, T.GOLD, [(cx - 14, cy + 10), (cx + 14, cy + 10), (cx + 10, cy - 6),
                                           (cx - 10, cy - 6)])
        pygame.draw.rect(surf, (200, 150, 40), (cx - 12, cy - 14, 24, 9), border_radius=2)
        pygame.draw.polygon(surf, art.BLACK, [(cx - 14, cy + 10), (cx + 14, cy + 10),
                                              (cx + 10, cy - 6), (cx - 10, cy - 6)], 1)

    def draw_timer(self, surf, obs, alpha):
        t = obs["timer"]
        pivot = self.L.rect("timer_pivot").topleft
        hidden = len(self.gem_flights)
        self.tv.draw(surf, t, pivot, alpha, min(hidden, len(t["gems"])), self.ticks, self.app.images)
        for size, tw, index in self.gem_flights:
            if tw.t < 0:
                continue
            target = self.tv.gem_target(t, index, size, pivot, alpha)
            p = tw.progress(alpha)
            x = target[0]
            start_y = target[1] - 150
            y = start_y + (target[1] - start_y) * ease_out_bounce(p)
            art.gem(surf, size, (x, y))
        rem = self.L.rect("remaining")
        if t["mode"] == "inverted":
            left = max(0, t["sand_end_tick"] - obs["tick"]) / 60.0
            label = f"Sand left: {left:4.1f} s"
            colour = (255, 120, 90) if left < 10 else T.PARCHMENT
        elif t["mode"] == "falling":
            label, colour = "The timer is flipping!", T.GLOW
        else:
            label = f"Gems in the basket: {len(t['gems'])} of 12"
            colour = T.SAND_LIGHT
        self.app.text.blit(surf, label, rem.center, 20, colour, bold=True, anchor="center",
                           shadow=art.BLACK)

    def draw_decks(self, surf, obs):
        text = self.app.text
        for name, count, upgrade in (("action_deck", obs["deck_count"], False),
                                     ("upgrade_deck", obs["upgrade_count"], True)):
            r = self.L.rect(name)
            if count:
                back = self.app.images.get(("soa-back", upgrade), lambda u=upgrade:
                                           art.card_back(r.w, r.h, u))
                for k in range(min(4, count // 8 + 1)):
                    surf.blit(back, r.move(-k * 2, -k * 2))
            text.blit(surf, str(count), (r.right - 8, r.bottom - 8), 16, T.PARCHMENT, bold=True,
                      anchor="bottomright", shadow=art.BLACK)
        sp = self.L.rect("snake_pile")
        if obs["snakes"]:
            surf.blit(self.card_img(obs["snakes"][-1], sp.w, sp.h), sp)
            text.blit(surf, str(len(obs["snakes"])), (sp.right - 8, sp.bottom - 8), 16,
                      T.PARCHMENT, bold=True, anchor="bottomright", shadow=art.BLACK)
        pile = self.L.rect("play_pile")
        flying = {f[0] for f in self.card_flights}
        shown = [c for c in obs["pile"] if c not in flying]
        for k, card in enumerate(shown[-3:]):
            surf.blit(self.card_img(card, 96, 138), pile.move(10 + (k - 2) * 2, 13 + (k - 2) * 2)
                      .topleft)
        for card, tw in self.card_flights:
            surf.blit(self.card_img(card), tw.value())
        for kind in ("ignore", "interrupt", "any"):
            r = self.L.rect(f"stack_{kind}")
            n = obs["stacks"].get(kind, 0)
            if n:
                img = self.app.images.get(("soa-token", kind, True),
                                          lambda k=kind: art.power_token(k, True))
                for j in range(n):
                    surf.blit(img, (r.x + 2 + j * 3, r.y + 2 - j * 3))
            text.blit(surf, f"{n}", (r.right, r.bottom - 4), 13, T.PARCHMENT, anchor="bottomleft")
        # a snake drawn in the Timed Phase sits by the drawer until a torch is rolled
        if obs["snake"]["card"] >= 0 and obs["snake"]["seat"] >= 0:
            mat = self.mat_rects[obs["snake"]["seat"]]
            surf.blit(self.card_img(obs["snake"]["card"], 60, 86), (mat.right - 66, mat.y + 4))

    def draw_villain(self, surf, obs, alpha):
        vm = self.L.rect("villain_mat")
        text = self.app.text
        maxh = obs["max_health"]
        x0, y = vm.x + 12, vm.y + 78
        w = (vm.w - 24) / (maxh + 1)
        for h in range(maxh + 1):
            r = pygame.Rect(int(x0 + h * w), y, int(w) - 3, 26)
            pygame.draw.rect(surf, (120, 50, 40) if h else (30, 20, 18), r, border_radius=4)
            label = str(h) if h else "X"
            text.blit(surf, label, r.center, 13, (250, 220, 200), bold=True, anchor="center")
            if h == obs["health"]:
                pygame.draw.rect(surf, (240, 200, 80), r.inflate(4, 4), 3, border_radius=5)
        text.blit(surf, f"Health {obs['health']} of {maxh}", (vm.x + 12, y + 32), 15,
                  (250, 220, 200), bold=True)
        row = obs["penalty_row"]
        if row:
            text.blit(surf, "If he survives, the next round starts with:", (vm.x + 12, y + 56),
                      12, (240, 210, 190))
            for i, size in enumerate(row):
                art.gem(surf, size, (vm.x + 24 + i * 26, y + 90))
        elif obs["round"] == 3:
            text.blit(surf, "If he survives, the Ark is lost.", (vm.x + 12, y + 60), 14,
                      (255, 170, 150), bold=True)
        pos = self.villain_tween.value(alpha) if self.villain_tween else self.villain_pos(obs)
        v = self.comp.villains[obs["villain"]]
        art.villain_figure(surf, (int(pos[0]), int(pos[1])), v.name.split()[-1][0], text)

    def draw_dice(self, surf, obs):
        r = self.L.rect("dice")
        text = self.app.text
        rolling = self.dice_roll_ticks > 0
        snake = obs["snake"]
        if obs["phase"] == "timed" and (snake["seat"] >= 0 or snake["torch_land"] >= 0):
            landing = snake["torch_land"] >= 0 and obs["tick"] < snake["torch_land"]
            face = self.comp.torch_faces[(self.ticks // 4) % 6] if landing else \
                (snake["torch_last"] or "snake")
            img = art.die_face(face, 64, torch=True)
            if landing:
                img = pygame.transform.rotate(img, (self.ticks * 23) % 360)
            surf.blit(img, img.get_rect(center=(r.centerx, r.y + 50)))
            text.blit(surf, "Torch die", (r.centerx, r.y + 96), 13, T.SAND_LIGHT, anchor="midtop")
            return
        dice = self.last_dice
        for i, face in enumerate(dice[:3]):
            if rolling:
                face = self.comp.threat_faces[(self.ticks // 3 + i * 2) % 6]
            img = self.app.images.get(("soa-die", face), lambda f=face: art.die_face(f, 52))
            if rolling:
                img = pygame.transform.rotate(img, (self.ticks * 17 + i * 40) % 360)
            surf.blit(img, img.get_rect(center=(r.centerx, r.y + 32 + i * 60)))
        text.blit(surf, "Threat dice", (r.centerx, r.bottom - 14), 13, T.SAND_LIGHT,
                  anchor="midtop")

    def draw_mats(self, surf, obs):
        st = self.match.state
        acting = set(self.game.to_act(st))
        for seat, mat in enumerate(self.mat_rects):
            if seat == obs["current"] and obs["phase"] in ("explore", "timed"):
                base_art.glow_rect(surf, mat, colour=(255, 210, 120), width=3,
                                   pulse=0.6 + 0.4 * abs(math.sin(self.ticks / 20)))
            elif seat in acting:
                pygame.draw.rect(surf, T.GOLD, mat, 2, border_radius=14)
            for i, kind, up, rect in self.token_rects(seat, obs["tokens"][seat]):
                img = self.app.images.get(("soa-token", kind, up), lambda k=kind, u=up:
                                          art.power_token(k, u))
                surf.blit(img, rect.topleft)
                if self.armed.get(seat) == kind:
                    pygame.draw.circle(surf, T.GLOW, rect.center, 26, 3)
            dragged = self.drag.item if self.drag.active else None
            snap = self.drag.snap_item if self.drag.snap is not None else None
            flying = {f[0] for f in self.card_flights}
            for card, rect in self.hand_rects(seat, obs["hands"][seat]):
                if dragged == ("card", seat, card) or snap == ("card", seat, card) or \
                        card in flying:
                    continue
                surf.blit(self.card_img(card), rect)
            if not obs["hands"][seat]:
                self.app.text.blit(surf, "no cards", (mat.centerx, mat.y + 140), 14, T.MUTED,
                                   anchor="center")
        # the card being dragged or snapping back, on top of everything
        item = self.drag.item if self.drag.active else (self.drag.snap_item if self.drag.snap
                                                        else None)
        if item and item[0] == "card":
            pos = self.drag.rect.topleft if self.drag.active else self.drag.snap.value()
            surf.blit(self.card_img(item[2]), pos)

    def draw_figures(self, surf, obs, alpha):
        text = self.app.text
        dragged = self.drag.item[1] if self.drag.active and self.drag.item[0] == "figure" else None
        for seat in range(obs["n"]):
            if seat == dragged:
                pos = self.drag.pos
            elif seat in self.figure_tweens:
                pos = self.figure_tweens[seat].value(alpha)
            else:
                pos = self.figure_pos(seat, obs)
            initial = INITIALS.get(obs["characters"][seat], "?")
            art.figure(surf, self.seat_colour(seat), (int(pos[0]), int(pos[1])), initial, text,
                       self.app.settings.patterns)

    def glow_legal_tiles(self, surf, obs):
        """When a person must move or place a tile, the tiles they may choose glow."""
        if self.mode != "play" or self.drag.active:
            return
        st = self.match.state
        if not ((obs["phase"] == "explore" and obs["stage"] == "move") or
                (obs["phase"] == "prep" and obs["stage"] == "replace")):
            return
        for seat in self.game.to_act(st):
            if seat in self.humans:
                pulse = 0.55 + 0.45 * abs(math.sin(self.ticks / 18))
                for a in self.legal(seat):
                    if a.kind in ("move", "replace"):
                        base_art.glow_rect(surf, self.L.rect(f"tile{a.args[0]}"), pulse=pulse)
                return

    def draw_bubbles(self, surf):
        """What each bot just decided, in a speech bubble over its mat."""
        for seat, (msg, left) in self.bubbles.items():
            if seat >= len(self.mat_rects):
                continue
            mat = self.mat_rects[seat]
            img = self.app.text.render(msg, 15, T.INK, width=mat.w - 24)
            box = img.get_rect(midbottom=(mat.centerx, mat.y - 6)).inflate(18, 12)
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = min(240, left * 12)
            pygame.draw.rect(bg, (250, 240, 215, alpha), bg.get_rect(), border_radius=10)
            pygame.draw.rect(bg, (90, 60, 30, alpha), bg.get_rect(), 2, border_radius=10)
            surf.blit(bg, box)
            img.set_alpha(alpha)
            surf.blit(img, img.get_rect(center=box.center))
            pygame.draw.polygon(surf, (90, 60, 30), [(mat.centerx - 8, box.bottom - 1),
                                                     (mat.centerx + 8, box.bottom - 1),
                                                     (mat.centerx, box.bottom + 6)])

    def draw_prompt(self, surf, obs):
        bar = self.L.rect("prompt")
        pygame.draw.rect(surf, (40, 26, 16), bar, border_radius=10)
        pygame.draw.rect(surf, T.GOLD, bar, 1, border_radius=10)
        right = getattr(self, "prompt_left", bar.right) if self.prompt_buttons else bar.right
        self.app.text.blit(surf, self.prompt_text(obs), (bar.x + 12, bar.centery),
                           17 if obs["phase"] != "timed" else 18,
                           T.GLOW if obs["phase"] == "timed" else T.PARCHMENT,
                           bold=obs["phase"] == "timed", anchor="midleft",
                           width=max(200, right - bar.x - 24))
        for card, rect in self.aside_rects(obs):
            surf.blit(self.card_img(card, rect.w, rect.h), rect)
        if obs["phase"] == "prep" and obs["stage"] in ("replace", "side") and obs["tiles_aside"]:
            self.draw_new_tile(surf, obs["tiles_aside"][0])

    def draw_new_tile(self, surf, tile):
        """Between rounds: the new Adventure tile, both sides, for the group to place."""
        data = self.comp.tiles[tile]
        box = pygame.Rect(330, 236, 560, 176)
        surf.blit(base_art.panel(box.size, colour=(240, 218, 176), alpha=250), box)
        text = self.app.text
        text.blit(surf, f"New Adventure tile: {data.name}", (box.x + 14, box.y + 10), 19, T.INK,
                  bold=True)
        for i, side in enumerate(("A", "B")):
            ts = data.side(side)
            x = box.x + 14 + i * 272
            text.blit(surf, f"Side {side} ({ts.dice} Threat {'die' if ts.dice == 1 else 'dice'})",
                      (x, box.y + 44), 15, T.TERRACOTTA, bold=True)
            text.blit(surf, ts.text, (x, box.y + 68), 14, T.INK, width=252)

    def tooltip_regions(self):
        obs = self.last_obs
        if obs is None:
            return []
        regions = []
        for seat in range(obs["n"]):
            for card, rect in self.hand_rects(seat, obs["hands"][seat]):
                regions.append((rect, self.game.card_name(card)))
            for i, kind, up, rect in self.token_rects(seat, obs["tokens"][seat]):
                regions.append((rect, self.comp.token_names[kind] + ("" if up else " (used)")))
        regions.append((self.L.rect("villain_mat"), "The villain: every Attack card played lowers "
                                                    "his health by one."))
        regions.append((self.L.rect("timer"), "The sand timer: gems go in the top basket; past its "
                                              "hidden tipping point it flips and the Timed Phase "
                                              "starts."))
        return regions

    # --- benchmark scenarios (tools/bench.py) -------------------------------------------------
    @classmethod
    def bench_scenarios(cls, app, quick=False):
        from .bench import scenarios
        return scenarios(cls, app, quick)


TABLE = SandsOfAdventureTable
