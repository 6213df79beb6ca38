"""The Sahwari table: the 5x5 desert with its camels and resources, the Recruitment area, a clan
area per player (dashboard, storage, Recruit track, the row of Recruit cards with their Artifact
spaces, caravan and Attack tokens, live Influence) and in solo the Guildmaster's panel.

People drag camels (legal tiles glow; an illegal drop snaps back with the rules' reason), click
resources, cards, tokens, spaces and ability icons, drag the cube or card in hand to where it
goes, and answer the other questions with the buttons of the prompt bar. Tab moves a focus ring
over every choice and Enter takes it, so the whole game also plays from the keyboard. Every choice
comes from ``choices.build``, which ``gestures()`` offers to tests and tools.

Layout: resources/maps/sahwari.tmx (Tiled), read once at import so a damaged map is reported on
the title screen instead of breaking a game.
"""

from __future__ import annotations

import re

import pygame
from pygame_gui.elements import UIButton

from ...engine import A
from ...games.sahwari.board import NEIGHBOURS
from ...games.sahwari.data import CLANS
from ...games.sahwari.observe import seen_state, visible_scores
from ...games.sahwari.setup import COLOURS_BY_MODE
from ...games.sahwari.stages import why_not_drop
from ...ui import art as base_art
from ...ui import theme as T
from ...ui.gestures import FocusTarget, Gesture, click, drag
from ...ui.table import TableScene
from ...ui.tiled import load_layout, map_path
from ...ui.widgets import Drag, DropTarget, Tween, linear
from . import choices as ch
from .anim import Timeline
from .art import CAMEL_OF_PLAYER, PLAYER_OF_CAMEL
from .face_up import FaceUpView
from .geometry import Geometry
from .paint import Painter

REQUIRED = ["board", "status", "recruit", "gm", "prompt", "log", "menu_button", "hint_button",
            "undo_button"] + [f"clan{i}" for i in range(4)]
LAYOUT = load_layout(map_path("sahwari"), REQUIRED)

BUTTON_FONT = 17


class SahwariTable(FaceUpView, Painter, TableScene):
    name = "the Sahwari table"
    fonts = ((9, False), (9, True), (10, True), (11, False), (11, True), (12, False), (12, True),
             (13, False), (13, True), (14, False), (15, True), (16, True), (17, False), (17, True),
             (18, False), (20, True), (22, False), (26, True))
    needs_curtain = True  # caravan tokens are hidden: hot-seat players pass the device

    def __init__(self, app, match, mode="play", replay_data=None):
        super().__init__(app, match, mode, replay_data)
        self.L = LAYOUT
        obs = self.observe_view()
        self.geo = Geometry(self.L, obs["n"], obs["mode"])
        self.log.rect = self.L.rect("log")
        self.log._bg = base_art.panel(self.log.rect.size, colour=(40, 28, 18),
                                      border=T.DUNE_DARK, alpha=215)
        self.prompt_rect = self.L.rect("prompt")
        self.drag = Drag()
        self.armed = None  # a piece picked up by a click, waiting for a click on where it goes
        self.timeline = Timeline()
        self.dropped_camel = None
        self._obs_key = self._obs = None
        self._seen_of = self._seen = None
        self._ch_key = None
        self._choices: list = []
        self._scores_key = self._scores = None
        self.final_tween = None
        self._layer = self._layer_key = None
        self._tips_key = None

    def enter_steps(self):
        self.own(UIButton(self.L.rect("menu_button"), "Menu (Esc)", self.app.manager,
                          command=self.open_menu, tool_tip_text="Pause: undo, save, rules help, "
                                                                "settings, quit"))
        yield
        if self.mode == "play":
            self.own(UIButton(self.L.rect("hint_button"), "Hint (H)", self.app.manager,
                              command=self.ask_hint, tool_tip_text="Ask the normal bot what it "
                                                                   "would do"))
            yield
            self.own(UIButton(self.L.rect("undo_button"), "Undo (Ctrl+Z)", self.app.manager,
                              command=self.press_undo, tool_tip_text="Take back your last "
                                                                       "action where the rules "
                                                                       "allow it"))

    def open_menu(self):
        from ...ui.scenes.overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    # --- what is seen -------------------------------------------------------------------------
    def obs(self):
        """The viewer's observation (the base's ``observe_view``): all the table draws from."""
        key = (self.match.version, self.viewer)
        if key != self._obs_key:
            self._obs_key, self._obs = key, self.observe_view()
            self.geo.set_rows(self._obs)
        return self._obs

    def seen(self):
        """The observation as a state the rules can read (``observe.seen_state``: tokens the
        seat has not seen and the decks' hidden cards unknown): what the table asks the rules
        about (the seat's legal actions, their sentences, why a dropped camel snaps back). The
        table never reads the match's full state (the replay's ``face_up.py`` excepted;
        tests/tables/sahwari/test_seen.py)."""
        obs = self.obs()
        if obs is not self._seen_of:
            self._seen_of, self._seen = obs, seen_state(obs)
        return self._seen

    def scores(self):
        """Each player's Influence as the viewer may count it (hidden caravans left out)."""
        obs = self.obs()  # the scores follow the observation they are counted from
        if obs is not self._scores_key:
            self._scores_key, self._scores = obs, visible_scores(obs)
        return self._scores

    def actor(self):
        """The human seat that may act now and is looking at the screen, or None."""
        if self.mode != "play" or self.match.is_over():
            return None
        seat = self.human_to_act()
        if seat is None or seat != self.viewer:
            return None
        return seat

    # --- the choices (the table contract: gestures, focus targets, regions) ---------------------
    def choices(self):
        """The non-button choices of the person to act; the button ones go to the prompt bar."""
        seat = self.actor()
        key = (self.match.version, seat)
        if key == self._ch_key:
            return self._choices
        self._ch_key = key
        self.armed = None
        if seat is None:
            self._choices = []
            self.clear_prompt_buttons()
            return self._choices
        legal = self.game.legal_actions(self.seen(), seat)
        obs = self.obs()
        every = ch.build(obs, legal, self.geo, seat, self.geo.hand)
        self._choices = [c for c in every if c.how != ch.BUTTON]
        buttons = [c.action for c in every if c.how == ch.BUTTON]
        labels = {c.action: c.label for c in every if c.how == ch.BUTTON}
        buttons = self.colour_first(seat, buttons, labels)
        st = self.seen()
        self.set_prompt_buttons(seat, buttons, lambda a: labels[a],
                                tip=lambda a: self.named(button_tip(self.game, st, seat, a)))
        return self._choices

    def refresh_contract(self):
        self.choices()

    def gestures(self, seat):
        """The table contract (DESIGN.md, "The shape of a table"): every gesture offered to the
        human ``seat`` now - the base's prompt buttons and focus-ring keys, and this table's own
        (camels dragged (or clicked, then a tile), resources and cubes clicked or dragged, cards dragged to a clan edge; see ``table_gestures``)."""
        return super().gestures(seat)

    def table_gestures(self, seat):
        if seat != self.actor():
            return []
        cs = self.choices()
        out = []
        for c in cs:
            if c.how == ch.DRAG:
                out.append(Gesture(c.action, (drag(c.source.center, self._free_point(c, cs)),)))
            else:
                out.append(Gesture(c.action, (click(self._free_point(c, cs)),)))
        return out

    def table_focus_targets(self):
        seat = self.actor()
        if seat is None:
            return []
        return [FocusTarget(f"choice:{c.action}", c.target, self._taker(c), ((seat, c.action),),
                            tip=self.named(self.game.describe(self.seen(), seat, c.action)))
                for c in self.choices()]

    def _taker(self, c):
        return lambda: self.take(c)

    def _free_point(self, c, cs):
        """A point inside ``c``'s target that no smaller target of another choice covers."""
        others = [o.target for o in cs if o is not c and o.how == c.how and
                  o.target.w * o.target.h <= c.target.w * c.target.h]
        r = c.target
        for fy in (0.5, 0.25, 0.75, 0.1, 0.9):
            for fx in (0.5, 0.25, 0.75, 0.1, 0.9):
                p = (int(r.x + r.w * fx), int(r.y + r.h * fy))
                if not any(o.collidepoint(p) for o in others):
                    return p
        return r.center

    # --- colours ----------------------------------------------------------------------------
    def seat_colour(self, seat) -> str:
        """One colour a player (docs/rulings/sahwari.md): the camels' once the seat has chosen
        them (Setup B.9), before that the colour chosen at the seat setup."""
        players = self.obs()["players"]
        camels = players[seat]["colour"] if 0 <= seat < len(players) else ""
        return PLAYER_OF_CAMEL.get(camels) or super().seat_colour(seat)

    def colour_first(self, seat, buttons, labels):
        """At the camels' colour question, the seat-setup colour's camels come first, marked as
        the player's own."""
        own = CAMEL_OF_PLAYER.get(super().seat_colour(seat))
        mine = [a for a in buttons if a.kind == "colour" and a.args[0] == own]
        for a in mine:
            labels[a] += " (your colour)"
        return mine + [a for a in buttons if a not in mine]

    # --- names ------------------------------------------------------------------------------
    # "Player 1", with the tag the rules add once the seat has a colour and/or a clan
    _PLAYER_TAG = re.compile(r"\bPlayer ([1-9])(?: \((?:(?:%s)(?:, )?)?(?:%s)?\))?" % (
        "|".join(sorted({c for cs in COLOURS_BY_MODE.values() for c in cs})),
        "|".join(sorted(c.capitalize() for c in CLANS))))

    def named(self, text: str) -> str:
        """The rules name a seat with its colour and clan ("Player 1 (yellow, Merchant)"); the
        table names it as the panels do, by the seat's name ("Tariq", else "Seat 1")."""
        if "Player " not in text:
            return text
        n = len(self.match.setup.seats)

        def name(m):
            k = int(m.group(1)) - 1
            return self.seat_name(k) if k < n else m.group(0)
        return self._PLAYER_TAG.sub(name, text)

    def bubble_anchor(self, seat):
        """Bubbles sit in the right-hand part of the seat's own clan area."""
        if not 0 <= seat < len(self.geo.clans):
            return None
        area = self.geo.clans[seat]
        return pygame.Rect(area.right - 196, area.y + 66, 188, 40)

    def bubble_width(self, seat):
        return 196

    def table_regions(self):
        out = {"board": self.geo.board.copy(), "panel:status": self.L.rect("status"),
               "panel:recruit": self.L.rect("recruit"), "panel:log": self.log.rect.copy(),
               "button:menu": self.L.rect("menu_button")}
        if self.mode == "play":
            out["button:hint"] = self.L.rect("hint_button")
            out["button:undo"] = self.L.rect("undo_button")
        for seat in range(len(self.geo.clans)):
            out[f"clan:{seat}"] = self.geo.clans[seat].copy()
        if self.geo.gm is not None:
            out["panel:gm"] = self.geo.gm.copy()
        seat = self.actor()
        if seat is not None:
            out[f"hand:{seat}"] = self.geo.hand.copy()
        return out

    # --- acting -------------------------------------------------------------------------------
    def take(self, choice) -> bool:
        seat = self.actor()
        if seat is None:
            return False
        self.armed = None
        self.app.sound.play("click")
        return self.perform(seat, choice.action)

    def skip_animation(self):
        if self.timeline.busy or self.final_tween is not None:
            self.settle()

    def handle_input(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.skip_animation()
            if self.app.manager.get_hovering_any_element():
                return
            self.begin_drag(event.pos, self.choices())
        elif event.type == pygame.MOUSEMOTION:
            self.drag.move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.active:
                self.end_drag(event.pos)
                return
            if self.app.manager.get_hovering_any_element():
                return
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.skip_animation()

    def begin_drag(self, pos, cs):
        seat = self.actor()
        if seat is None:
            return
        src = next((c for c in cs if c.how == ch.DRAG and c.source.collidepoint(pos)), None)
        if src is not None:
            self.drag.begin(src.key, src.source, pos, self.drop_targets(src.key, cs, seat))
            return
        # a Recruitment card may be dragged straight to an edge of the clan (recruit, then place)
        for c in cs:
            if c.action.kind == "card" and c.target.collidepoint(pos):
                pl = self.obs()["players"][seat]
                targets = [DropTarget(self.geo.edge_zone(seat, pl, side),
                                      (c.action, A("edge", side)), True)
                           for side in ("left", "right")]
                self.drag.begin(("area", c.action.args[0]), c.target, pos, targets)
                return
        # a camel with no legal move now: it may still be picked up, to be told why not
        obs = self.obs()
        if obs["phase"] != "turn":
            return
        for cam in obs["camels"]:
            r = self.geo.camel_rect(obs, cam["id"])
            if r is not None and r.collidepoint(pos) and (cam["owner"] == seat or
                                                          (cam["owner"] < 0 and
                                                           obs["mode"] == "standard")):
                key = ("camel", cam["id"])
                self.drag.begin(key, r, pos, self.drop_targets(key, cs, seat))
                return

    def drop_targets(self, key, cs, seat):
        """The legal places glow; every other place says why not when something is dropped."""
        targets = [DropTarget(c.target, c.action, True) for c in cs if c.how == ch.DRAG and
                   c.key == key]
        obs = self.obs()
        legal_cells = {c.action.args[-1] for c in cs if c.key == key and key[0] == "camel"}
        if key[0] == "camel":
            st = self.seen()
            for cell in range(25):
                if cell not in legal_cells:  # the rules say why not (the game's sentence)
                    targets.append(DropTarget(self.geo.cell_rect(cell), None, False,
                                              why_not_drop(st, seat, key[1], cell)))
        elif key[0] in ("hand", "storage"):
            pl = obs["players"][seat]
            taken = {tuple(t.rect) for t in targets}
            for c, r in self.geo.space_rects(seat, pl).items():
                if tuple(r) not in taken:
                    targets.append(DropTarget(r, None, False, "That Artifact space is not empty: "
                                              "it holds a cube or a Strategy token."))
            if key[0] == "hand" and any(c.action.kind == "cube" for c in cs):
                from ...games.sahwari.data import get as data
                r = self.geo.storage_rect(seat, data().clans[pl["clan"]].capacity)
                if tuple(r) not in taken:
                    targets.append(DropTarget(r, None, False, "Your storage is full (the circle "
                                              "is never a space)."))
        return targets

    def end_drag(self, pos):
        key = self.drag.item
        moved = self.drag.moved
        payload = self.drag.drop(pos)
        seat = self.actor()
        if payload is not None and seat is not None and key[0] == "area":
            card, edge = payload
            if self.perform(seat, card) and edge in self.game.legal_actions(self.seen(), seat):
                self.perform(seat, edge)
            return
        if payload is not None and seat is not None:
            if key[0] == "camel":
                self.dropped_camel = key[1]
            self.armed = None
            self.app.sound.play("click")
            self.perform(seat, payload)
            return
        if self.drag.reason:
            self.toast.show(self.named(self.drag.reason), kind="error")
            self.app.sound.play("error")
        elif not moved:
            self.drag.snap = None
            self.drag.snap_item = None
            if key[0] == "area":
                self.click(pos)
            elif any(c.key == key for c in self.choices()):
                self.armed = key  # picked up by a click: the next click says where it goes
            elif key[0] == "camel" and not any(c.target.collidepoint(pos)
                                               for c in self.choices()) and \
                    self.stuck_camel(key[1]):
                return  # a camel with no move, clicked for nothing else: told why, as a drag is
            else:
                self.click(pos)

    def stuck_camel(self, camel: int) -> bool:
        """A click on a camel of the seat's that cannot move now: the rules' reason, for the
        nearest place it might have gone (a drag of it says the same where it is dropped).
        True when something was said."""
        seat = self.actor()
        if seat is None:
            return False
        st = self.seen()
        cell = st.camel_cell[camel]
        near = NEIGHBOURS[cell] if 0 <= cell < 25 else range(25)
        why = next((w for w in (why_not_drop(st, seat, camel, c) for c in near) if w), "")
        if not why:
            return False
        self.toast.show(self.named("This camel cannot move now. " + why), kind="error")
        self.app.sound.play("error")
        return True

    def click(self, pos):
        cs = self.choices()
        if self.armed is not None:
            for c in cs:
                if c.key == self.armed and c.target.collidepoint(pos):
                    self.take(c)
                    return
            self.armed = None
        hits = [c for c in cs if c.how == ch.CLICK and c.target.collidepoint(pos)]
        if hits:
            self.take(min(hits, key=lambda c: c.target.w * c.target.h))
            return
        drops = [c for c in cs if c.how == ch.DRAG and c.target.collidepoint(pos)]
        if len({str(c.action) for c in drops}) == 1:
            self.take(drops[0])
        elif drops:
            self.toast.show("More than one piece can go there: click the piece first, then "
                            "the place.")

    # --- animation ----------------------------------------------------------------------------
    def animate(self, events):
        if self.fast:
            self.dropped_camel = None
            return
        from ...games.sahwari.guildmaster import path_of
        self.timeline.add_events(events, self.dropped_camel, path_of)
        self.dropped_camel = None
        for e in events:
            if e.kind == "game_over":
                self.final_tween = Tween(0.0, 1.0, 240, linear)
                self.tweens.add(self.final_tween)

    def bots_may_act(self):
        if self.fast:
            return True
        return not (self.timeline.busy or self.drag.active)

    def update_table(self):
        sp = self.app.settings.animation_speed
        self.drag.update()
        self.timeline.update(sp)
        self.choices()
        if self.final_tween is not None and self.final_tween.done:
            self.final_tween = None
        key = (self.match.version, self.viewer)
        if key != self._tips_key:
            self._tips_key = key
            self.tooltips.set_regions(self.tooltip_regions())

    def settle(self):
        """Finish every animation at once."""
        self.timeline.clear()
        self.bubbles.clear()
        self.tweens.items.clear()
        self.final_tween = None
        self.drag.snap = None
        self.drag.snap_item = None

    def on_undo(self):
        self.settle()
        self._ch_key = None

    # --- benchmark scenarios (tools/bench.py) -------------------------------------------------
    @classmethod
    def bench_scenarios(cls, app, quick=False):
        from .bench import scenarios
        return scenarios(cls, app, quick)


def button_tip(game, st, seat, a) -> str:
    if a.kind == "clan":
        from .clan_view import CLAN_TEXT
        return f"{a.args[0].capitalize()}: {CLAN_TEXT[a.args[0]]}."
    return game.describe(st, seat, a)


TABLE = SahwariTable
