"""The Sands of Adventure table: five Adventure tiles, the sand timer as the centrepiece, the
play pile and decks, the villain mat, and a mat for each player with their figure, Power tokens
and hand. People drag cards and figures; bots act at a watchable pace with the same animations.

Layout comes from resources/maps/sands_of_adventure.tmx (Tiled). The table only reads the seat's
observation (``observation``) and asks the rules about it, laid out as a state (``seen``,
``seen.py``): whether a gesture is legal, who acts, what an action is called.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...engine import Action
from ...ui import art as base_art
from ...ui import theme as T
from ...ui.table import TableScene
from ...ui.table_entry import blank_frame
from ...ui.tiled import load_layout, map_path
from ...ui.widgets import Drag, Tween, ease_in_out, ease_out_cubic, linear
from . import art
from .face_up import FaceUpView
from .intermission import Intermission
from .play import CARD_KINDS, TableInput
from .seen import seen_state
from .timer_view import TimerView
from .view import TableView

REQUIRED = ["timer", "timer_pivot", "remaining", "action_deck", "play_pile", "snake_pile",
            "upgrade_deck", "dice", "villain_mat", "prompt", "log", "menu_button",
            "hint_button"] + \
    [f"tile{i}" for i in range(5)] + [f"mat{i}" for i in range(4)] + \
    [f"round{i}" for i in range(3)] + [f"stack_{k}" for k in ("ignore", "interrupt", "any")]

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
    "replace": "{who}: which Adventure tile does the new one replace? Click a tile or a name.",
    "side": "{who}: which side of the new Adventure tile goes face up?",
}


class SandsOfAdventureTable(FaceUpView, TableInput, TableView, TableScene):
    name = "the Sands of Adventure table"
    # (30 and 40 bold: the banners and the flip's flash of the Timed Phase, well after entry)
    fonts = ((8, False), (9, True), (10, True),  # (the small cards of a big hand)
             (10, False), (11, True), (12, False), (12, True), (13, False), (13, True), (14, False),
             (15, True), (16, True), (17, False), (17, True), (18, False), (19, False), (19, True),
             (20, True), (22, False), (30, True), (40, True))
    needs_curtain = False  # players share information freely: every hand is public
    # the arrows move the ring to the nearest thing that way: across the hand, along the
    # prompt bar's buttons (Draw 0..3), to the tiles and tokens
    arrow_focus = True

    def __init__(self, app, match, mode="play", replay_data=None):
        super().__init__(app, match, mode, replay_data)
        self.L = load_layout(map_path("sands_of_adventure"), REQUIRED)
        self.prompt_rect = self.L.rect("prompt")
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
        self.torch_face = None  # what the Torch die showed at this Snake's last roll (None: none)
        self.torch_pop = 0  # ticks left of the landed Torch die's bounce and its result's glow
        self.flash = 0  # screen flash when the timer flips
        self.last_obs = None
        self._seen = None  # (the observation's timer view, the state laid out from it)
        self.last_dice: list = []
        self.banner = ("", 0)
        self.intermission = Intermission(self)  # the card between two rounds
        self.flash_text = ""
        self.prompt_key = None
        self.hover_card = None  # (seat, card) under the pointer
        self._playable: dict = {}
        self._fans: dict = {}  # (seat, mat) -> its hand's fan; asked many times a frame
        self._shown: dict = {}  # a hand -> the order it is shown in
        self.menu_btn = self.hint_btn = None
        self._static = None
        self._static_key = None
        self.use_layer = True  # the still parts drawn once into a layer (``layer_key``)
        self._layer = None
        self._layer_key = None
        self._layer_lifted = None
        self.mat_rects = self._mat_rects()

    def warm_steps(self):
        """The fonts, every card face and the table's fixed parts, drawn a piece at a time (a
        generator: the kiosk runs it behind its title card, the entry finishes what is left)."""
        yield from super().warm_steps()
        snake_pile = self.L.rect("snake_pile").size
        for card in range(len(self.comp.cards)):
            self.card_img(card)
            self.card_img(card, *art.SMALL_CARD)
            self.card_img(card, 96, 138)
            if self.comp.cards[card].snake:  # on the Snake pile, and by the player who drew it
                self.card_img(card, *snake_pile)
                self.card_img(card, 60, 86)
            yield
        self.table_cloth()
        yield
        self.static_surface(self.observation())
        yield
        self.draw_table(blank_frame(), 0.0)  # the first frame's text, made now

    def enter_steps(self):
        self.menu_btn = self.own(UIButton(self.L.rect("menu_button"), "Menu (Esc)",
                                          self.app.manager, command=self.open_menu,
                                          tool_tip_text="Pause: undo, save, rules help, "
                                                        "settings, quit"))
        yield
        if self.mode == "play":
            self.hint_btn = self.own(UIButton(self.L.rect("hint_button"), "Hint (H)",
                                              self.app.manager, command=self.ask_hint,
                                              tool_tip_text="Ask the strongest bot for the best "
                                                            "move it knows"))
            yield
        # the first frame's text and buttons, drawn once off screen now
        self.refresh_prompt()
        yield
        self.draw_ahead()
        self.app.manager.update(0.0)

    def open_menu(self):
        from ...ui.scenes.overlays import PauseScene
        self.app.push(PauseScene(self.app, self))

    # --- what the table knows: the viewer's observation ------------------------------------------
    def observation(self):
        """The viewer's observation (the base's ``observe_view``): all the table draws from. Taken
        anew when asked (the game keeps one view per moment of the state: cheap), as the Timed
        Phase changes the state every tick."""
        return self.observe_view()

    def seen(self):
        """The observation as a state the rules can read (``seen.py``): what the table asks the
        rules about. Laid out again only when the game's view is new (its read-only parts are
        built once per moment of the state: the timer's view names the moment)."""
        obs = self.observation()
        known = self._seen
        if known is None or known[0] is not obs["timer"]:
            known = self._seen = (obs["timer"], seen_state(obs))
        return known[1]

    # --- geometry -----------------------------------------------------------------------------
    def _mat_rects(self):
        n = self.observation()["n"]
        mats = [self.L.rect(f"mat{i}") for i in range(4)]
        if n < 4:
            total = mats[3].right - mats[0].x
            w = (total - (n - 1) * 8) // n
            mats = [pygame.Rect(mats[0].x + i * (w + 8), mats[0].y, w, mats[0].h) for i in range(n)]
        return mats[:n]

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
        return self.game.legal_actions(self.seen(), seat)

    def human_choices(self):
        """(seat, non-card actions) for the human who must decide something now."""
        for seat in self.game.to_act(self.seen()):
            if seat in self.humans:
                acts = [a for a in self.legal(seat) if a.kind not in CARD_KINDS and a.kind != "move"]
                if acts or self.legal(seat):
                    return seat, acts
        return None, []

    # --- animation ----------------------------------------------------------------------------
    def speed(self):
        """Animations run at the settings' speed (and the replay's, when watching one)."""
        return self.app.settings.animation_speed * (self.replay_speed if self.mode == "replay"
                                                     else 1)

    def animate(self, events):
        obs = self.observation()
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
                    if self.drag_last != card and card in self._hand_before.get(seat, ()):
                        rects = dict(self.hand_rects(seat, self._hand_before[seat], None))
                        start = rects[card].topleft
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
            elif k == "timer_latched":
                self.app.sound.play("latch")
            elif k == "timer_flipped":
                self.flash, self.flash_text = 40, "The timer flips! TIMED PHASE"
                if self.app.settings.sound_latch:
                    self.app.sound.play("latch")
                self.app.sound.play("flip")
            elif k == "timer_inverted" and self.app.settings.sound_latch:
                self.app.sound.play("land")
            elif k == "villain_penalty":
                seat = d.get("seat")
                if seat is not None and not self.fast:
                    what = (f"adds a {d.get('size')} gem" if d.get("penalty") == "gem"
                            else "must bury a card")
                    self.say(seat, f"Caught by the villain: {what}!", 150)
            elif k in ("snake_drawn",):
                self.torch_face = None  # the die is still to be rolled for this Snake
                self.app.sound.play("error")
            elif k == "torch_rolled":
                self.torch_landed(d.get("seat"), d.get("face"), bool(d.get("torch")))
            elif k == "round_ended":
                self.gem_flights.clear()
                self.last_dice = []  # the last die does not stay into the next round
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
        self.intermission.note(events)
        self.drag_last = None
        self._hand_before = {s: list(h) for s, h in enumerate(obs["hands"])}

    drag_last = None
    _hand_before: dict = {}

    TORCH_POP = 40

    def torch_landed(self, seat, face, ok):
        """The Torch die lands: it bounces, its result is written under it and said by the
        roller's mat (the log has the rules' line)."""
        self.torch_face = face
        if self.fast:
            return
        self.torch_pop = self.TORCH_POP
        if seat is not None and 0 <= seat < len(self.mat_rects):
            self.say(seat, "A torch! The Snake is driven off." if ok else
                     "No torch - roll again!", 120)
        self.app.sound.play("land" if ok else "error")

    def bots_may_act(self):
        if self.fast:
            return True
        return not (self.card_flights or self.villain_tween or self.figure_tweens or
                    self.dice_roll_ticks > 0 or self.gem_flights or self.intermission.shown)

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
            self.dice_roll_ticks = max(0, self.dice_roll_ticks - max(1, int(sp)))
        if self.torch_pop > 0:
            self.torch_pop = max(0, self.torch_pop - max(1, int(sp)))
        if self.flash > 0:
            self.flash -= 1
        if self.banner[1] > 0:
            self.banner = (self.banner[0], self.banner[1] - 1)
        self.intermission.update()
        self.timer_sounds()
        self.refresh_prompt()
        self.tooltips.set_regions(self.tooltip_regions())

    def timer_sounds(self):
        """The pour loops while sand runs; the last ten seconds tick (each optional)."""
        now = self.observation()
        settings = self.app.settings
        pouring = now["timer"]["mode"] == "inverted" and now["phase"] == "timed" and \
            not self.match.is_over() and self.app.top is self and \
            (self.mode == "play" or self.replay_playing)
        obs = self.last_obs
        left = None
        if pouring and obs is not None and obs["timer"]["mode"] == "inverted":
            left = max(0, obs["timer"]["sand_end_tick"] - now["tick"])
        self.app.sound.loop("pour", bool(left and settings.sound_pour))
        if left is not None and settings.sound_countdown and 0 < left <= 600:
            second = (left + 59) // 60  # the second shown counting down: 10, 9, ... 1
            if second != self._last_second:
                self._last_second = second
                self.app.sound.play("tock" if second <= 3 else "tick")
        else:
            self._last_second = None

    _last_second = None

    def pause(self):
        super().pause()
        self.app.sound.loop("pour", False)

    def exit(self):
        self.app.sound.loop("pour", False)
        super().exit()

    def pause_covers(self) -> bool:
        """Rulebook, Timed Phase: the sand runs while the team plays; a pause stops it, so the
        pause menu covers the table then (no planning on stopped time)."""
        return self.mode == "play" and self.observation()["phase"] == "timed"

    def handle(self, event):
        if self.intermission.key(event):  # Enter or Space, between two rounds: go on
            return
        super().handle(event)

    def show_banner(self, text, ticks):
        self.banner = (text, ticks)

    def settle(self):
        """Finish every animation at once."""
        self.gem_flights.clear()
        self.card_flights.clear()
        self.figure_tweens.clear()
        self.villain_tween = None
        self.dice_roll_ticks = 0
        self.torch_pop = 0
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
        self.set_prompt_buttons(seat, acts, self.action_label,
                                lambda a: self.game.describe(self.seen(), seat, a))

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
            return self.game.name(self.seen(), a.args[0]).split()[0]
        if k == "side":
            return f"Side {a.args[0]}"
        if k == "replace":
            return self.game.tile_name(self.seen(), a.args[0])
        if k == "draw":
            return "Draw a card"
        if k == "roll_torch":
            return "Roll the Torch die"
        if k == "ignore":
            return "Ignore the Snake"
        return str(a)

    def prompt_text(self, obs) -> str:
        st = self.seen()
        if obs["phase"] == "over":
            return "The game is over."
        acting = self.game.to_act(st)
        if obs["phase"] == "timed":
            if obs["stage"] == "snake":
                who = self.game.name(st, obs["snake"]["seat"])
                if self.torch_face == "snake" and obs["snake"]["torch_land"] < 0:
                    return f"No torch! {who} rolls again (click the die or press Space)."
                return f"SNAKE! {who} must roll a torch (click the die or press Space)."
            return (f"TIMED PHASE - {self.game.name(st, obs['current'])}: play matching cards, "
                    f"then click the Action deck to draw.")
        pending = obs.get("pending")
        if not acting:
            return ""
        who = self.game.name(st, acting[0])
        if self.mode == "play" and not any(s in self.humans for s in acting):
            # a bot's decision: say whose it is, never ask the player to do it
            return f"{who} (bot) is deciding..."
        if obs["phase"] == "explore" and obs["stage"] == "move":
            pending = "move"
        template = PROMPTS.get(pending) or PROMPTS.get(obs["stage"]) or "{who} decides."
        return template.format(who=who)

    # --- benchmark scenarios (tools/bench.py) -------------------------------------------------
    @classmethod
    def bench_scenarios(cls, app, quick=False):
        from .bench import scenarios
        return scenarios(cls, app, quick)


TABLE = SandsOfAdventureTable

