"""The Sand table: the desert board with the worms, the player logs, the dice, the Mission row and
Alhazred in solo. A person drags their Worm to a glowing destination (its die and costs shown),
clicks an Action token in their log to place it, and chooses every other action (one small
decision at a time, as the rules ask them) in the action panel on the right; Tab / Enter reach all
of it from the keyboard. Bots and Alhazred play at a watchable pace; what they do is said by their
log and in the log panel.

The table is composed of parts that own their state and are called explicitly (no mixins): the
seat's rules (``seat.SeatRules``: the table reads the observation of the seat it shows, never
the full state), the board with its camera (``board.Board``), the drawing around it
(``view.TableView``), the action panel and prompt (``panel.ActionPanel``), the goods moved by hand
(``goods_drag.GoodsDrag``), the sequences' pace and log lines (``pacing.SequencePlayer``) and
their drawing (``sequence_view.SequenceView``). The base (``ui.table.TableScene``) gives the log
panel, the bots, undo, hints, saves, replays and the table contract; this class answers its
hooks, each once, by calling the parts.

The board geometry comes from resources/maps/sand_board.tmx (the rules' own map, same ids).
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...engine import Action
from ...engine.describe import plural
from ...games.sand.core import die_value, source_colour
from ...games.sand.data import DICE
from ...games.sand.moves import route_need
from ...ui import theme as T
from ...ui.gestures import Gesture, click
from ...ui.table import TableScene
from ...ui.table_replay import FACE_UP
from .board import Board
from .camera import FIT_KEYS
from .face_up import face_up_observation
from .goods_drag import GoodsDrag
from .pacing import SequencePlayer
from .labels import stable_order
from .action_list import ROW_NAMES
from .panel import HEAD_H, ROW_H, ActionPanel
from .seat import SeatRules
from .sequence_view import SequenceView
from .view import (ACTIONS, BOARD, D, HINT_BTN, MENU_BTN, PROMPT, SIDE, UNDO_BTN, BoardGeometry,
                   DirectText, TableView)

GEOMETRY = BoardGeometry()  # read at import: a damaged map is reported on the title
MOVES = ("travel", "navigate", "leg", "walk")
LIST_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}  # along the action list (ring on it)


_MOVE_RANK = {"leg": 0, "travel": 1, "walk": 2, "navigate": 3}


def travel_price(s, seat, a) -> tuple:
    """How dear a way to travel is, to compare: (the Prayers and coins the die falls short,
    the kind's rank, the die's value), read from the rules' view of the table (``SeatRules``).
    Zhaslir's walk needs no die; the Navigator's second leg uses the die her first raised."""
    need, _cost = route_need(s.players[seat], a.args[0])
    if a.kind == "walk":
        value = need
    elif a.kind == "leg":
        value = s.turn["nav_value"]
    else:
        value = die_value(s, source_colour(a.args[1]))
    return max(0, need - value), _MOVE_RANK[a.kind], value


def travel_words(s, seat, a) -> str:
    """What a drop will use and pay beyond the route's own cost: "red token 5", "free blue
    die 1 + 3 Prayers or coins", "Zhaslir's walk: 3 more Health"."""
    short, _rank, value = travel_price(s, seat, a)
    if a.kind == "walk":
        return "Zhaslir's walk: 3 more Health"
    if a.kind == "leg":
        used = f"the Navigator's die {value}"
    else:
        src = a.args[1]
        used = (f"free {src[4:]} die {value}" if src.startswith("die:")
                else f"{src} token {value}")
        if a.kind == "navigate":
            used = "Navigator: " + used
    return used + (f" + {plural(short, 'Prayer')} or coins" if short else "")


class SandTable(TableScene):
    name = "the Sand table"
    fonts = ((10, False), (11, False), (11, True), (12, False), (12, True), (13, False), (13, True), (14, False), (14, True),
             (15, True), (16, True), (17, False), (20, True), (22, False), (24, True))
    face_up_view = FACE_UP

    def __init__(self, app, match, mode="play", replay_data=None):
        super().__init__(app, match, mode, replay_data)
        # issue 29: the Hint is the hard level's move (the base's choice), with a why (show_hint)
        if mode == "play" and not match.log and self.human_to_act() is not None:
            self.viewer = self.human_to_act()  # who sets up first looks first
        self.prompt_rect = PROMPT
        self._obs_key = self._obs = None
        self._acts_key = self._legal_key = self._legal = None
        self._pic = self._pic_key = None
        self._around = self._around_key = None  # (``_draw_table``: what lies around the board)
        self.menu_btn = self.hint_btn = self.undo_btn = None
        self.text = DirectText(app.fonts)  # the table's own text, outside the shared cache
        self.rules = SeatRules(self.game, self.seen)  # the rules asked of what the table shows
        self.board = Board(app, GEOMETRY, self.seat_name, self.rgb, self.text,
                           words_for=lambda _o, seat, a: travel_words(self.rules.world(),
                                                                      seat, a))
        self.view = TableView(self.seat_name, self.rgb, self.text)
        self.panel = ActionPanel(self)
        self.goods = GoodsDrag(self)
        self.story = SequenceView(self)
        self.pace = SequencePlayer(self)  # Alhazred's turns, the Upkeep and bots' moves

    def warm_steps(self):
        """The fonts, the names' places at every zoom, the board picture and the bots' table of
        fares, a piece per step (the kiosk runs this behind its title card; the entry finishes
        what is left)."""
        yield from super().warm_steps()
        for step in range(6):
            self.board.board_labels(step)  # the names' places at every zoom, once
            yield
        self.board.board_surface()
        yield
        self.warm_bots()
        yield
        self._pic = pygame.Surface((T.W, T.H)).convert()  # the table's cached picture
        self._around = None

    def warm_bots(self):
        """The bots' table of fares (their heuristic's cache, keyed on the public Camp tiles),
        made now so no frame of play pays for it."""
        try:
            if self.driver.bots:
                self.game.heuristic(self.rules.world(), next(iter(self.driver.bots)))
        except Exception:  # noqa: BLE001 - only a head start: the frames do it otherwise
            pass

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
        """The hard level's move, and in one sentence why (``SandGame.hint_why``); the action
        list opens where it is (its group and page)."""
        super().show_hint(seat, action)
        _seat, acts = self.panel_actions()
        if _seat == seat:
            self.panel.reveal(seat, acts, action)

    def hint_reason(self, seat, action) -> str:
        """Why, from the seat's own world (``SandGame.hint_why``)."""
        return self.rules.hint_why(seat, action)

    def open_menu(self):
        from ...ui.scenes.overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    def undo(self):
        """Undo takes a delivery drop back whole (as far as the rules let it)."""
        chain = self.goods.take_chain()
        super().undo()
        if chain is not None and chain[0] == len(self.match.log) + 1:
            for _ in range(chain[1] - 1):
                if not self.undo_state()[0]:
                    break
                super().undo()

    def face_up_observation(self, state):
        return face_up_observation(self.game, state)

    def rgb(self, seat):
        return T.PLAYER_COLOURS.get(self.seat_colour(seat), ((150, 150, 150),))[0]

    # --- who acts, and what ----------------------------------------------------------------
    def obs(self):
        """The observation drawn now: while a sequence plays, the table as it was at its beat."""
        shown = self.pace.shown_obs()
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
        if self.mode != "play" or self.match.is_over() or self.pace.busy():
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
            self._legal = stable_order(self.rules.world(), seat, self.rules.legal(seat))
        if key != self._acts_key:
            self._acts_key = key
            self.panel.new_choices()
        return seat, self._legal

    def move_targets(self, seat, acts):
        """Destination -> the action a Worm dropped there performs: the cheapest way there
        (``travel_price``): the die that needs the fewest Prayers and coins, a plain Travel
        before the Navigator's first leg, and of dice that suffice alike the lowest (the higher
        ones stay for the turn's other actions). The action list offers every other way."""
        world = self.rules.world()
        here = world.players[seat]["loc"]
        best = {}
        for a in acts:
            if a.kind in MOVES:
                dest = D.routes[a.args[0]].other(here)
                key = travel_price(world, seat, a)
                if dest not in best or key < best[dest][0]:
                    best[dest] = (key, a)
        return {dest: a for dest, (_key, a) in best.items()}

    def worm_at(self, pos):
        """The acting person's seat if ``pos`` is on their Worm and it may travel now."""
        seat, acts = self.panel_actions()
        if seat is None or not any(a.kind in MOVES for a in acts):
            return None
        return seat if self.board.worm_hit(seat, self.obs(), pos) else None

    def board_free_at(self, pos) -> bool:
        """A press here may pan the zoomed board (nothing to pick up under it)."""
        if not BOARD.collidepoint(pos) or self.goods.choice is not None:
            return False
        if self.worm_at(pos) is not None:
            return False
        seat, _acts = self.panel_actions()
        return seat is None or self.goods.source_at(seat, self.obs(), pos) is None

    def focus_name(self):
        return self.focus.name if self.focus.visible else None

    # --- the base's hooks --------------------------------------------------------------------
    def update(self):
        super().update()
        self.pace.update()

    def update_table(self):
        self.board.update_worms(self.obs(), self.fast)
        self.goods.update()
        self.board.follow_focus(self.focus_name())

    def bots_may_act(self):
        return not self.tweens.busy and not self.board.worms_moving(self.obs(), self.fast)

    def update_viewer(self):
        """The curtain of a hot-seat game waits for the sequence to end."""
        if not self.pace.busy():
            super().update_viewer()

    def on_events(self, events):
        beats = self.pace.before_events(events)  # the sequence it sets going, its log lines
        super().on_events(events)
        self.pace.play_beats(beats)

    def say_events(self, events):
        self.pace.say()  # every action has its lines; a sequence says them beat by beat

    def announce(self, seat, text):
        self.pace.heard(seat, text)
        super().announce(seat, text)

    def animate(self, events):
        self.board.alh_events(events)
        for e in events:
            if e.kind in ("travel", "deliver", "load"):
                self.app.sound.play("click")
        self.goods.events_shown(events)

    def on_undo(self):
        self._acts_key = self._obs_key = self._legal_key = None
        self.rules.forget()
        self.pace.reset()
        self.goods.cancel()

    def settle(self):
        """Finish every animation at once (tools: only the next step's are left to show)."""
        self.pace.skip(hurry=False)

    # --- input -----------------------------------------------------------------------------
    def handle(self, event):
        if self.pace.handle(event):
            return  # a click or a key that skipped a sequence
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (
                self.goods.choice is not None or self.goods.held is not None or
                self.board.worm_drag is not None):
            self.goods.cancel()  # Esc drops what the hand holds (the pause menu comes next time)
            self.board.release_worm()
            return
        if event.type == pygame.KEYDOWN and event.key in LIST_KEYS and \
                self.list_focus_step(LIST_KEYS[event.key]):
            return
        keys = self.mode == "play" or (event.type == pygame.KEYDOWN and event.key in FIT_KEYS)
        if self.board.camera_event(event, keys, self.board_free_at, self.goods.cancel):
            return
        super().handle(event)

    def list_focus_step(self, step: int) -> bool:
        """Up / Down while the keyboard's ring is on the action list (or on nothing after an
        action) move it along the list's rows; elsewhere the arrows pan the board. True when
        used."""
        focus = self.focus
        if not focus.visible or self.mode != "play":
            return False
        rows = [t for t in self.focus_targets() if t.name.startswith(ROW_NAMES)]
        if not rows:
            return False
        i = focus.index(rows)
        if i < 0:
            if focus.name and focus.current(self.focus_targets()) is not None:
                return False  # the ring is on the board or a log: the arrows pan
            i = 0 if step > 0 else len(rows) - 1
        else:
            i = max(0, min(len(rows) - 1, i + step))
        focus.name = rows[i].name
        return True

    def handle_input(self, event):
        board, goods = self.board, self.goods
        if event.type == pygame.MOUSEMOTION:
            board.hover(event.pos)
            board.move_worm(event.pos)
            goods.motion(event.pos)
            return
        if event.type == pygame.MOUSEWHEEL:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if goods.choice is None and self.worm_at(event.pos) is not None:
                board.grab_worm(self.worm_at(event.pos), event.pos)
            else:
                goods.down(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pos = event.pos
            if goods.up(pos):
                return
            seat = board.release_worm()
            if seat is not None:
                self.drop_worm(seat, pos)
                return
            self.click(pos)

    def drop_worm(self, seat, pos):
        loc = self.board.loc_at_screen(pos)
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
        if self.panel.click(seat, acts, pos):
            return
        for i, r in enumerate(self.view.token_rects(seat, self.obs())):
            if r.collidepoint(pos):
                a = Action("place", (DICE[i],))
                if a in acts:
                    self.perform(seat, a)
                return
        loc = self.board.loc_at_screen(pos) if BOARD.collidepoint(pos) else None
        site = self.shelter_sites(acts).get(loc)
        if site is not None:  # the Shelter set up on a glowing place of the board
            self.app.sound.play("click")
            self.perform(seat, site)

    @staticmethod
    def shelter_sites(acts) -> dict:
        """Place -> the action that sets the Shelter up there (Record of Goods Delivered: the
        Shelter reward), chosen on the board."""
        return {a.args[0]: a for a in acts if a.kind == "shelter" and a.args}

    # --- the contract ----------------------------------------------------------------------
    def table_regions(self):
        o = self.obs()
        out = {"board": pygame.Rect(BOARD), "panel:side": pygame.Rect(SIDE),
               "panel:actions": pygame.Rect(ACTIONS), "panel:log": pygame.Rect(self.log.rect)}
        for i, r in enumerate(self.view.log_rects(o)):
            out[f"mat:{i}"] = r
        out.update(self.board.board_regions())
        for name, b in (("menu", self.menu_btn), ("hint", self.hint_btn),
                        ("undo", self.undo_btn)):
            if b is not None:
                out["button:" + name] = pygame.Rect(b.rect)
        return out

    def bubble_anchor(self, seat):
        rects = self.view.log_rects(self.obs())
        return rects[seat] if 0 <= seat < len(rects) else None

    def table_focus_targets(self):
        seat, acts = self.panel_actions()
        places = self.board.place_targets()
        if seat is None:
            return places
        return self.panel.targets(seat, acts) + places

    def table_gestures(self, seat):
        """This table's own gestures (the base adds the prompt's buttons and the focus ring's
        keys): the action panel's buttons, the Worm dragged to a destination, the goods
        dragged, the Action tokens clicked."""
        s2, acts = self.panel_actions()
        if s2 != seat:
            return []
        out = self.panel.gestures(seat, acts)
        o = self.obs()
        out += self.board.worm_gestures(seat, o, self.move_targets(seat, acts))
        for loc, a in self.shelter_sites(acts).items():
            if self.board.cam.shows(self.board.geo.centre[loc], 12):
                out.append(Gesture(a, (click(self.board.cam.to_screen(
                    self.board.geo.centre[loc])),)))
        out += self.goods.gestures(seat, acts)
        for i, r in enumerate(self.view.token_rects(seat, o)):
            a = Action("place", (DICE[i],))
            if a in acts:
                out.append(Gesture(a, (click(r.center),)))
        return out

    def table_key_gestures(self, seat, targets):
        s2, acts = self.panel_actions()
        if s2 != seat:
            return []
        return self.panel.key_gestures(seat, acts, [t for t in targets
                                                    if not t.extra.get("read")])

    # --- drawing ---------------------------------------------------------------------------
    def draw_table(self, surf, alpha):
        """The table is drawn into a cached picture, redrawn only when something shown changed
        (the state, the pointer's place or the focus, a moving or dragged Worm)."""
        seat, acts = self.panel_actions()
        board, goods = self.board, self.goods
        mouse = pygame.mouse.get_pos()
        hot = -1
        if seat is not None and ACTIONS.collidepoint(mouse):
            hot = (mouse[1] - ACTIONS.y - HEAD_H) // ROW_H
        rest = (self.match.version, self.viewer, self.panel.key(), board.hover_loc, hot,
                self.focus_name(), len(board.alh_path), self.pace.key(),
                goods.held[0] if goods.held else None,
                tuple((k, int(p[0]), int(p[1])) for k, p in sorted(board.worm_anim.items(),
                                                                   key=lambda kv: str(kv[0]))))
        # (all the picture shows but the board's own motion, and that motion: the camera's
        # place, and the Shelter sites' ring while they glow - both redraw the board alone)
        pulse = board.site_ring(self.ticks) if seat is not None and self.shelter_sites(acts) \
            else None
        key = (rest, (board.cam.key, pulse))
        if board.worm_drag is not None or key != self._pic_key:
            if self._pic is None or self._pic.get_size() != surf.get_size():
                self._pic = pygame.Surface(surf.get_size()).convert()
                self._around = None
            if board.worm_drag is None and self._around is not None and \
                    rest == self._around_key:
                self._draw_panned(self._pic, seat, acts)
            else:
                self._draw_table(self._pic, seat, acts)
                self._around_key = rest if board.worm_drag is None else None
            self._pic_key = key if board.worm_drag is None else None
        surf.blit(self._pic, (0, 0))
        if goods.busy():
            goods.draw_overlay(surf, seat, acts)
        self.story.draw(surf, seat)

    def _draw_board_part(self, surf, o, seat, acts):
        """The board and what goes on it, all inside ``BOARD``."""
        board = self.board
        level = o["players"][o["cur"]]["worm"] if 0 <= o["cur"] < len(o["players"]) else 0
        board.draw_board(surf, o, level)
        if seat is not None and board.worm_drag is not None:
            board.draw_destinations(surf, seat, self.move_targets(seat, acts), o, self.ticks)
        sites = self.shelter_sites(acts) if seat is not None else {}
        if sites:
            board.draw_sites(surf, sites, self.ticks)

    def _draw_table(self, surf, seat, acts):
        surf.fill((34, 24, 16))
        o = self.obs()
        self._draw_board_part(surf, o, seat, acts)
        self.view.draw_top(surf, o)
        self.view.draw_side(surf, o)
        self.view.draw_logs(surf, o, self.goods.draw_rows)
        self.panel.draw_actions(surf, seat, acts)
        self.panel.draw_prompt(surf, o, seat, acts)
        # what lies around the board (everything but the board and the tip over it) is kept:
        # a pan or zoom redraws the board alone (``_draw_panned``)
        self._around = [(r, surf.subsurface(r).copy()) for r in _around_board(surf)]
        self._draw_tip(surf, o)

    def _draw_panned(self, surf, seat, acts):
        """The table's picture when only the camera moved since ``_draw_table``: the board is
        drawn again (it and what goes on it never leave ``BOARD``), what lies around it put back
        as it was, and the tip drawn over both - the same picture ``_draw_table`` would draw."""
        o = self.obs()
        self._draw_board_part(surf, o, seat, acts)
        for r, pic in self._around:
            surf.blit(pic, r)
        self._draw_tip(surf, o)

    def _draw_tip(self, surf, o):
        board = self.board
        shown = board.tip_loc(self.focus_name())
        if shown is not None and board.worm_drag is None and self.goods.held is None:
            board.draw_loc_tip(surf, o, shown)

    # --- for tools -------------------------------------------------------------------------
    @classmethod
    def bench_scenarios(cls, app, quick=False):
        from .bench import scenarios
        return scenarios(cls, app, quick)


def _around_board(surf) -> list:
    """The four strips of ``surf`` around ``BOARD`` (above, below, left, right)."""
    w, h = surf.get_size()
    return [r.clip(surf.get_rect()) for r in (
        pygame.Rect(0, 0, w, BOARD.top), pygame.Rect(0, BOARD.bottom, w, h - BOARD.bottom),
        pygame.Rect(0, BOARD.top, BOARD.left, BOARD.h),
        pygame.Rect(BOARD.right, BOARD.top, w - BOARD.right, BOARD.h))]


TABLE = SandTable
