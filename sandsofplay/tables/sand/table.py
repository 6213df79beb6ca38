"""The Sand table: the desert board with the worms, the player logs, the dice, the Mission row and
Alhazred in solo. A person drags their Worm to a glowing destination (its die and costs shown),
clicks an Action token in their log to place it, and chooses every other action (one small
decision at a time, as the rules ask them) in the action panel on the right; Tab / Enter reach all
of it from the keyboard. Bots and Alhazred play at a watchable pace; what they do is said by their
log and in the log panel.

The board geometry comes from resources/maps/sand_board.tmx (the rules' own map, same ids).
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...games.sand.data import DICE
from ...ui import art as base_art
from ...ui import theme as T
from ...ui.gestures import FocusRing, FocusTarget, Gesture, click
from ...ui.table import TableScene
from .board_play import BoardPlay
from .camera import CameraInput
from .goods_drag import GoodsDrag
from .face_up import FaceUpView
from .pacing import SequencePlayer
from .panel import HEAD_H, ROW_H, ActionPanel
from .seat import SeatRules
from .sequence_view import SequenceView
from .view import (ACTIONS, BOARD, D, HINT_BTN, MENU_BTN, PROMPT, SIDE, UNDO_BTN, BoardGeometry,
                   SandView)  # noqa: F401

GEOMETRY = BoardGeometry()  # read at import: a damaged map is reported on the title
MOVES = ("travel", "navigate", "leg", "walk")


class SandTable(FaceUpView, SequencePlayer, SequenceView, BoardPlay, GoodsDrag, CameraInput,
                ActionPanel, SandView, TableScene):
    name = "the Sand table"
    fonts = ((11, True), (12, False), (12, True), (13, False), (13, True), (14, False), (14, True),
             (15, True), (16, True), (17, False), (20, True), (22, False), (24, True))

    def __init__(self, app, match, mode="play", replay_data=None):
        super().__init__(app, match, mode, replay_data)
        self.geo = GEOMETRY
        # issue 29: the Hint is the hard level's move (the base's choice), with a why (show_hint)
        if mode == "play" and not match.log and self.human_to_act() is not None:
            self.viewer = self.human_to_act()  # who sets up first looks first
        self.prompt_rect = PROMPT
        self.page = 0
        self._acts_key = None
        self._obs_key = self._obs = None
        self.rules = SeatRules(self.game, self.seen)  # the rules asked of what the table shows
        self._legal_key = self._legal = None
        self._labels: dict = {}
        self.worm_anim: dict = {}
        self.worm_drag = None  # [seat, pos] while the Worm is dragged
        self.press = None
        self.alh_path: list = []
        self.hover_loc = None
        self.menu_btn = self.hint_btn = self.undo_btn = None
        self._side_bg = base_art.panel(SIDE.size, colour=(246, 231, 200), alpha=235)
        self._act_bg = base_art.panel(ACTIONS.size, colour=(60, 42, 26), border=T.GOLD, alpha=235)
        self.init_sequence()  # Alhazred's turns, the Upkeep and bots' moves at a watchable pace
        self.init_camera(BOARD)
        self.init_goods()

    def warm_steps(self):
        """The fonts, the names' places at every zoom and the board picture, a piece per step
        (the kiosk runs this behind its title card; the entry finishes what is left)."""
        yield from super().warm_steps()
        for step in range(6):
            self.board_labels(step)  # the names' places at every zoom, once
            yield
        self.board_surface()
        yield
        self.warm_bots()
        yield
        self._pic = pygame.Surface((T.W, T.H)).convert()  # the table's cached picture

    def enter_steps(self):
        self.menu_btn = self.own(UIButton(MENU_BTN, "Menu", self.app.manager,
                                          command=self.open_menu,
                                          tool_tip_text="Pause: save, rules help, quit (Esc)"))
        yield
        if self.mode == "play":
            self.hint_btn = self.own(UIButton(HINT_BTN, "Hint", self.app.manager,
                                              command=self.ask_hint,
                                              tool_tip_text="Ask a bot for a good move (H)"))
            yield
            self.undo_btn = self.own(UIButton(UNDO_BTN, "Undo", self.app.manager,
                                              command=self.press_undo,
                                              tool_tip_text="Take back your last action "
                                                            "(Ctrl+Z)"))
            yield
        self.draw_ahead()  # the first frame's pictures and text, made now

    def show_hint(self, seat, action):
        """The hard level's move, and in one sentence why (``SandGame.hint_why``)."""
        super().show_hint(seat, action)
        why = self.rules.hint_why(seat, action)
        if why:
            self.hint_text += " " + why

    def open_menu(self):
        from ...ui.scenes.overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    def press_undo(self):
        from ...engine import IllegalAction
        try:
            self.undo()
        except IllegalAction as exc:
            self.toast.show(exc.reason, kind="error")

    # --- who acts, and what ----------------------------------------------------------------
    def obs(self):
        """The observation drawn now: while a sequence plays, the table as it was at its beat."""
        shown = self.sequence_obs()
        if shown is not None:
            return shown
        return self.seen()[1]

    def seen(self):
        """(key, observation) of the live table: what the viewer sees now."""
        key = (self.match.version, self.viewer)
        if self._obs_key != key:
            self._obs_key = key
            self._obs = self.observe_view()
        return key, self._obs

    def acting_human(self):
        if self.mode != "play" or self.match.is_over() or self.sequence_busy():
            return None  # (while a sequence plays, the table shows; a click or key skips it)
        seat = self.human_to_act()
        if seat is None or seat != self.viewer:
            return None
        return seat

    def panel_actions(self):
        seat = self.acting_human()
        if seat is None:
            return None, []
        key = (self.match.version, seat)
        if self._legal_key != key:
            self._legal_key = key
            self._legal = self.rules.legal(seat)
            self._labels = {}
        acts = self._legal
        if key != self._acts_key:
            self._acts_key = key
            self.page = 0
        return seat, acts

    def move_targets(self, seat, acts):
        """Destination -> the action a Worm dropped there performs (the first open route)."""
        here = self.seen()[1]["players"][seat]["loc"]
        out = {}
        for a in acts:
            if a.kind in MOVES:
                dest = D.routes[a.args[0]].other(here)
                out.setdefault(dest, a)
        return out

    # --- positions -------------------------------------------------------------------------
    def worm_home(self, key, obs):
        if key == "alh":
            x, y = self.geo.centre[obs["alh"]["loc"]]
            return (x + 26, y - 4)
        x, y = self.geo.centre[obs["players"][key]["loc"]]
        return (x - 14 + key * 9, y - 24 + (key % 2) * 4)

    def worm_pos(self, key, obs):
        if self.worm_drag is not None and self.worm_drag[0] == key:
            return self.worm_drag[1]
        p = self.worm_anim.get(key)
        return p if p is not None else self.worm_home(key, obs)

    def update_table(self):
        o = self.obs()
        keys = list(range(len(o["players"]))) + (["alh"] if o.get("alh") else [])
        for k in keys:
            goal = self.worm_home(k, o)
            p = self.worm_anim.get(k)
            if p is None or self.fast:
                self.worm_anim[k] = goal
                continue
            if k == "alh" and self.walk_alh(o, p, goal):  # he walks the route he took
                continue
            step = 0.18 * self.app.settings.animation_speed
            nx, ny = p[0] + (goal[0] - p[0]) * min(1, step), p[1] + (goal[1] - p[1]) * min(1, step)
            if abs(nx - goal[0]) < 1 and abs(ny - goal[1]) < 1:
                nx, ny = goal
            self.worm_anim[k] = (nx, ny)
        self.update_board()

    def bots_may_act(self):
        return not self.tweens.busy and not self.worms_moving()

    def worms_moving(self):
        if self.fast:
            return False
        o = self.obs()
        for k, p in self.worm_anim.items():
            if k == "alh" and not o.get("alh"):
                continue
            g = self.worm_home(k, o)
            if abs(p[0] - g[0]) > 2 or abs(p[1] - g[1]) > 2:
                return True
        return False

    def animate(self, events):
        for e in events:
            if e.kind == "codex":
                if not self.alh_path or getattr(self, "_alh_fresh", False) is False:
                    self.alh_path = []
                    self._alh_fresh = True
            elif e.kind == "alh_travel":
                self.alh_path.append((e.data["from"], e.data["to"], e.data.get("route")))
            elif e.kind in ("travel", "deliver", "load"):
                self.app.sound.play("click")
        self.goods_events(events)
        if not any(e.kind in ("codex", "alh_travel") for e in events):
            self._alh_fresh = False

    def on_undo(self):
        self._acts_key = self._obs_key = self._legal_key = None
        self.rules.forget()
        self.sequence_reset()
        self.cancel_goods()

    # --- input -----------------------------------------------------------------------------
    def handle_input(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.hover_loc = self.loc_at_screen(event.pos)
            if self.worm_drag is not None:
                self.worm_drag[1] = self.cam.to_base(event.pos)
            self.goods_motion(event.pos)
            return
        if event.type == pygame.MOUSEWHEEL:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = event.pos
            if self.goods_choice is None and self.worm_at(event.pos) is not None:
                self.worm_drag = [self.worm_at(event.pos), self.cam.to_base(event.pos)]
            else:
                self.goods_down(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pos = event.pos
            if self.goods_up(pos):
                return
            if self.worm_drag is not None:
                seat = self.worm_drag[0]
                self.worm_drag = None
                self.drop_worm(seat, pos)
                return
            self.click(pos)

    def drop_worm(self, seat, pos):
        loc = self.loc_at_screen(pos)
        here = self.seen()[1]["players"][seat]["loc"]
        if loc is None or loc == here:
            return  # back where it was
        _s, acts = self.panel_actions()
        a = self.move_targets(seat, acts).get(loc)
        if a is None:
            self.toast.show(f"The Worm cannot go to {D.locations[loc].name} now: no open route "
                            f"from here with a ready die that meets its need and enough "
                            f"Hydration, Food and Health.", kind="error")
            self.app.sound.play("error")
            return
        self.perform(seat, a)

    def click(self, pos):
        seat, acts = self.panel_actions()
        if seat is None:
            return
        pages = self.pages(acts)
        if len(pages) > 1:
            for k, r in enumerate(self.tab_rects(len(pages))):
                if r.collidepoint(pos):
                    self.page = k
                    return
        page = pages[min(self.page, len(pages) - 1)]
        for i, a in enumerate(page):
            if self.button_rect(i).collidepoint(pos):
                self.app.sound.play("click")
                self.perform(seat, a)
                return
        for i, r in enumerate(self.token_rects(seat, self.obs())):
            if r.collidepoint(pos):
                from ...engine import Action
                a = Action("place", (DICE[i],))
                if a in acts:
                    self.perform(seat, a)
                return

    # --- the contract ----------------------------------------------------------------------
    def table_regions(self):
        o = self.obs()
        out = {"board": pygame.Rect(BOARD), "panel:side": pygame.Rect(SIDE),
               "panel:actions": pygame.Rect(ACTIONS), "panel:log": pygame.Rect(self.log.rect)}
        for i, r in enumerate(self.log_rects(o)):
            out[f"mat:{i}"] = r
        out.update(self.board_regions())
        for name, b in (("menu", self.menu_btn), ("hint", self.hint_btn),
                        ("undo", self.undo_btn)):
            if b is not None:
                out["button:" + name] = pygame.Rect(b.rect)
        return out

    def bubble_anchor(self, seat):
        o = self.obs()
        rects = self.log_rects(o)
        return rects[seat] if 0 <= seat < len(rects) else None

    def _targets_for(self, seat, acts, page_no):
        pages = self.pages(acts)
        out = []
        if len(pages) > 1:
            for k, r in enumerate(self.tab_rects(len(pages))):
                out.append(FocusTarget(f"page:{k + 1}", r, self._set_page(k)))
        page = pages[min(page_no, len(pages) - 1)]
        for i, a in enumerate(page):
            out.append(FocusTarget(f"act:{a}", self.button_rect(i), self._act(seat, a),
                                   ((seat, a),), tip=self.rules.describe(seat, a)))
        return out

    def _set_page(self, k):
        def go():
            self.page = k
        return go

    def _act(self, seat, a):
        def go():
            self.app.sound.play("click")
            self.perform(seat, a)
        return go

    def table_focus_targets(self):
        seat, acts = self.panel_actions()
        if seat is None:
            return self.place_targets()
        return self._targets_for(seat, acts, self.page) + self.place_targets()

    def gestures(self, seat):
        """The table contract (DESIGN.md, "The shape of a table"): every gesture offered to the
        human ``seat`` now - the base's prompt buttons and focus-ring keys, and this table's own
        (the worm dragged to a destination, Action tokens clicked, the action panel's buttons; see ``table_gestures``)."""
        return super().gestures(seat)

    def table_gestures(self, seat):
        s2, acts = self.panel_actions()
        if s2 != seat:
            return []
        out = []
        pages = self.pages(acts)
        tabs = self.tab_rects(len(pages)) if len(pages) > 1 else []
        for k, page in enumerate(pages):
            for i, a in enumerate(page):
                steps = (click(self.button_rect(i).center),)
                if k != self.page:
                    steps = (click(tabs[k].center),) + steps
                out.append(Gesture(a, steps))
        out += self.worm_gestures(seat, acts)
        out += self.goods_gestures(seat, acts)
        o = self.obs()
        for i, r in enumerate(self.token_rects(seat, o)):
            from ...engine import Action
            a = Action("place", (DICE[i],))
            if a in acts:
                out.append(Gesture(a, (click(r.center),)))
        return out

    def table_key_gestures(self, seat, targets):
        s2, acts = self.panel_actions()
        if s2 != seat:
            return []
        pages = self.pages(acts)
        out = []
        for k, page in enumerate(pages):
            if k == self.page:
                continue
            first = self.focus.steps_to(targets, [f"page:{k + 1}"])
            ring = FocusRing()
            ring.name, ring.visible = f"page:{k + 1}", True
            later = self._targets_for(seat, acts, k)
            base = [t for t in targets if t.name.startswith("button:")]
            later = base + later
            for a in page:
                out.append(Gesture(a, first + ring.steps_to(later, [f"act:{a}"])))
        return out

    # --- drawing ---------------------------------------------------------------------------
    def draw_table(self, surf, alpha):
        """The table is drawn into a cached picture, redrawn only when something shown changed
        (the state, the pointer's place or the focus, a moving or dragged Worm)."""
        seat, acts = self.panel_actions()
        mouse = pygame.mouse.get_pos()
        hot = -1
        if seat is not None and ACTIONS.collidepoint(mouse):
            hot = (mouse[1] - ACTIONS.y - HEAD_H) // ROW_H
        key = (self.match.version, self.viewer, self.page, self.hover_loc, hot,
               self.focus.name if self.focus.visible else None, len(self.alh_path),
               self.sequence_key(),
               self.cam.key, self.goods_held[0] if self.goods_held else None,
               tuple((k, int(p[0]), int(p[1])) for k, p in sorted(self.worm_anim.items(),
                                                                  key=lambda kv: str(kv[0]))))
        if self.worm_drag is None and key == getattr(self, "_pic_key", None):
            surf.blit(self._pic, (0, 0))
            if self.goods_busy():
                self.draw_goods_overlay(surf, seat, acts)
            self.draw_sequence(surf, seat)
            return
        pic = getattr(self, "_pic", None)
        if pic is None or pic.get_size() != surf.get_size():
            pic = self._pic = pygame.Surface(surf.get_size()).convert()
        self._draw_table(pic, seat, acts)
        self._pic_key = key if self.worm_drag is None else None
        surf.blit(pic, (0, 0))
        if self.goods_busy():
            self.draw_goods_overlay(surf, seat, acts)
        self.draw_sequence(surf, seat)

    def _draw_table(self, surf, seat, acts):
        surf.fill((34, 24, 16))
        o = self.obs()
        level = o["players"][o["cur"]]["worm"] if 0 <= o["cur"] < len(o["players"]) else 0
        self.draw_board(surf, o, level)
        if seat is not None and (self.worm_drag is not None):
            self.draw_destinations(surf, seat, acts, o)
        self.draw_top(surf, o)
        self.draw_side(surf, o)
        self.draw_logs(surf, o)
        self.draw_actions(surf, seat, acts)
        self.draw_prompt(surf, o, seat, acts)
        shown = self.tip_loc()
        if shown is not None and self.worm_drag is None and self.goods_held is None:
            self.draw_loc_tip(surf, o, shown)

    def draw_destinations(self, surf, seat, acts, o):
        """Every place the dragged Worm may go glows, with the die it needs and what it costs
        (tags placed clear of each other)."""
        from .board_labels import place_labels
        p = o["players"][seat]
        pulse = 0.6 + 0.4 * abs(((self.ticks % 40) / 20.0) - 1.0)
        items, imgs = [], {}
        for loc, a in self.move_targets(seat, acts).items():
            c = self.at(loc)
            r = D.routes[a.args[0]]
            die, cost = D.route_cost(p["worm"], r.kind)
            pygame.draw.circle(surf, T.GLOW, c, int(18 + 4 * pulse), 3)
            paid = [f"{n} {w}" for n, w in zip(cost, ("Hyd", "Food", "HP")) if n]
            label = f"die {die}+: " + (", ".join(paid) or "free")
            if D.locations[loc].kind == "oasis":
                label += " (oasis stop)"
            img = imgs[loc] = self.direct.render(label, 12, T.INK, bold=True)
            items.append((loc, (c[0], c[1] - 58), (img.get_width() + 8, img.get_height() + 4)))
        tags = place_labels(items, BOARD)
        for loc, box in tags.items():
            pygame.draw.line(surf, T.GLOW, self.at(loc), box.center, 2)  # whose tag it is
        for loc, box in tags.items():
            pygame.draw.rect(surf, T.GLOW, box, border_radius=5)
            surf.blit(imgs[loc], imgs[loc].get_rect(center=box.center))

    def draw_loc_tip(self, surf, o, loc):
        l = D.locations[loc]
        lines = [f"{l.name} ({l.kind})"]
        if l.kind == "city":
            boxes = [b for b in o["cities"][loc] if b]
            lines.append("Boxes: " + (", ".join(boxes) or "none"))
            own = o["songs"].get(loc, -1)
            if own is not None and own >= 0:
                lines.append("Song: " + ("Alhazred" if own == o["n"] else self.seat_name(own)))
            if l.acolytes:
                lines.append("Acolytes: " + ", ".join(l.acolytes))
        if loc in o["camps"]:
            c = D.camps.get(o["camps"][loc])
            if c is not None:
                lines.append(f"Camp: buys {'+'.join(c.main)} (main), {'+'.join(c.minor)} (minor)"
                             f", gives {c.gives}")
            lines.append(f"Minor Tribe tokens: {len(o['minor'].get(loc, []))}")
        here = [self.seat_name(i) for i, p in enumerate(o["players"]) if p["loc"] == loc]
        if o.get("alh") and o["alh"]["loc"] == loc:
            here.append("Alhazred")
        if here:
            lines.append("Worms: " + ", ".join(here))
        for i, p in enumerate(o["players"]):
            if p["shelter"] == loc:
                lines.append(f"Shelter of {self.seat_name(i)}: "
                             + (", ".join(p["store"]) or "empty"))
        imgs = [self.direct.render(x, 13, T.INK) for x in lines]
        w = max(i.get_width() for i in imgs) + 12
        h = sum(i.get_height() for i in imgs) + 8
        c = self.at(loc)
        box = pygame.Rect(c[0] + 24, c[1] - h // 2, w, h)
        if box.right > BOARD.right:  # no room on the right: on the left of the place
            box.right = c[0] - 24
        box.clamp_ip(BOARD)
        pygame.draw.rect(surf, (250, 242, 220), box, border_radius=6)
        pygame.draw.rect(surf, T.INK, box, 1, border_radius=6)
        y = box.y + 4
        for img in imgs:
            surf.blit(img, (box.x + 6, y))
            y += img.get_height()

    # --- for tools -------------------------------------------------------------------------
    @classmethod
    def bench_scenarios(cls, app, quick=False):
        from .bench import scenarios
        return scenarios(cls, app, quick)


TABLE = SandTable
