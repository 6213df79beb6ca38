"""The arena: a battle, a raid or a duel shown as its own view over the board (``Arena``, a part
of the table; ``arena_draw.py`` draws it).

While an attack is under way (maneuvers, the choice of the next battle, a battle with its
Battle Action Segments and the absorbing of damage), while raiders wait for the defence, and
during a duel, the board shows the contest instead of the players' rows:

* an attack: one lane per City Section still to be fought (each battle alone and large once it
  is fought): the defending units on the left, the section with its Water tokens in the middle,
  the attacking units (allies marked) on the right; the header says who attacks whom, the allies
  and their Water promises, the segment (Ground / Flying Maneuvers, Battle Action Segment and
  whose action it is) and the damage to absorb;
* a raid: one lane per raided section, each raider with its face-down Fate card and the
  defender with its face-up card; when the raid resolves every raiding card turns over at once
  and the lanes say what was compared and what happened;
* a duel: both Heroes face to face with their Ka (and the Ka lost so far), who thrusts and who
  parries, the thrust face down until the parry reveals it, then both cards and the Ka lost.

A finished battle, raid or duel stays on screen a moment with its result (a click on an empty
spot dismisses it); the top bar's "Table view (V)" button (or the V key) shows the rows instead
and back. Cards of the acting person that can do something now but are not in the contest are
laid in a tray at the arena's foot, so the arena offers every action the rows would.

Models are built from the viewer's observation only: a face-down card the viewer may not see is
a card back, never a face.
"""

from __future__ import annotations

import pygame

from ...engine.describe import plural
from ...games.burning_sands import cards as C
from .faces import STRIP
from .view import BOARD, TOGGLE

HEAD_H = 66  # the arena's header: title, situation, allies
TRAY_H = 84
TEXT_W = 230  # a lane's text column on the left: the section, the outcome
HOLD_TICKS = {"battle": 100, "raid": 170, "duel": 170}
PRIVATE = {"rcard": "lays a card face down on the raider", "thrust": "thrusts a card face down"}


def _name(st, obs, u) -> str:
    if u is None or u < 0 or obs["cdef"][u] < 0:
        return "a face-down card"
    return C.CARDS[st.cdef[u]].name


class Arena:
    """The contest under way as the viewer sees it (its model, built from the observation), the
    picture of a finished one held a moment, the person's choice of the rows instead, and where
    each card of it is laid out."""

    def __init__(self, table):
        self.t = table
        self.hidden = False  # the person chose the rows (Table view)
        self.hold = None  # a finished contest's last picture: the model
        self._hold_tween = None
        self._key = None
        self._model = None
        self._lay_key = None
        self._lay = None
        self._duel_reveal = None  # the last parry: (thrust, parry, text)
        self.backs: list = []  # [(rect, label)] the card backs laid out
        self.lane_rects: list = []  # [(lane rect, section rect)]
        self.duel_slots = None  # the thrust's and the parry's places
        self.tray_rect = None  # the acting person's other usable cards, at the arena's foot

    # --- the models ---------------------------------------------------------------------------
    def model(self):
        """The contest under way as the viewer sees it (a dict), or None."""
        key = (self.t.match.version, self.t.viewer, len(self.t.match.log), id(self.t.seen()))
        if self._key == key:
            return self._model
        self._key = key
        obs = self.t.observation()
        model = None
        for f in reversed(obs["stack"]):
            if f["k"] == "duel":
                model = self._duel_model(obs, f)
                break
            if f["k"] == "raid" and f.get("step") == "defend":
                model = self._raid_model(obs, f)
                break
            if f["k"] in ("attack", "order", "battle") and obs.get("atk"):
                if f["k"] == "attack" and f.get("step") not in ("maneuver", "demands",
                                                                 "invites"):
                    break
                model = self._war_model(obs)
                break
        self._model = model
        return model

    def shown(self):
        """The model drawn now: the contest, or a finished one held a moment; None: the rows."""
        if self.hidden:
            return None
        if self.hold is not None:
            return self.hold
        return self.model()

    def _units(self, obs, sec, side):
        return [x[0] for x in obs["atk"]["units"] if x[2] == sec and x[3] == side]

    def _war_model(self, obs):
        st = self.t.seen()
        atk = obs["atk"]
        a = atk["attacker"]
        sec = atk.get("sec", -1)
        if sec >= 0:
            secs = [sec]
        else:
            secs = [x for d in atk["defenders"] for x in st.sections[d] if x not in atk["fought"]]
        lanes = []
        for x in secs:
            lanes.append({"sec": x, "left": self._units(obs, x, "d"),
                          "right": self._units(obs, x, "a"), "lcard": None, "rcard": None,
                          "caption": ""})
        names = " and ".join(self.t.seat_name(d) for d in atk["defenders"])
        title = (f"Battle at {C.CARDS[st.cdef[sec]].name} ({self.t.seat_name(st.owner[sec])})"
                 if sec >= 0 else f"{self.t.seat_name(a)} attacks {names}")
        allies = []
        for side, word in (("a", "attacker"), ("d", "defenders")):
            for q in atk["invited"][side]:
                paid = [x for x in atk["promise"] if x[0] == q]
                allies.append(f"{self.t.seat_name(q)} invited by the {word}" +
                              (f", promised a Water token by {self.t.seat_name(paid[0][1])}"
                               if paid else ""))
        return {"kind": "battle" if sec >= 0 else "attack", "title": title, "lanes": lanes,
                "left": "Defending", "right": "Attacking", "allies": "; ".join(allies),
                "situation": self._war_situation(obs, atk), "attacker": a,
                "defenders": list(atk["defenders"])}

    def _war_situation(self, obs, atk) -> str:
        st = self.t.seen()
        f = obs["stack"][-1]
        who = self.t.seat_name(f["seat"]) if f.get("seat", -1) >= 0 else ""
        if f["k"] == "attack":
            if f.get("step") == "maneuver":
                seg = "Flying" if f.get("seg") == "flying" else "Ground"
                return f"{seg} Maneuvers: {who} sends units to the City Sections."
            if f.get("step") == "invites":
                return f"Allies: {who} may invite another player to join the attack."
            if f.get("step") == "demands":
                return (f"Allies: {who} may pay a Water token for the promise."
                        if f.get("sub") == "pay" else
                        f"Allies: {who} may demand a Water token to join.")
        if f["k"] == "order":
            return f"{who} chooses which City Section's battle is fought next."
        if f["k"] == "absorb":
            eng = " and ".join(_name(st, obs, u) for u in f["eng"])
            verb = "engages" if len(f["eng"]) == 1 else "engage"
            if f.get("dmg", -1) < 0:
                return f"{eng} {verb}."
            if f.get("arch"):
                return (f"{eng} {verb} for {f['dmg']}: Archery - {who} may shoot one card "
                        f"instead.")
            return (f"{eng} {verb} for {f['dmg']} damage: {f['left']} left to absorb - {who} "
                    f"chooses what is destroyed.")
        if f["k"] == "tactic":
            return f"Tactician: {who} discards a card for Strength."
        for g in reversed(obs["stack"]):
            if g["k"] == "battle":
                army = "defending" if g.get("army") == "d" else "attacking"
                passes = g.get("passes", 0)
                wait = f" ({passes} passed in a row)" if passes else ""
                acting = self.t.seat_name(g["seat"]) if g.get("seat", -1) >= 0 else "-"
                return (f"Battle Action Segment: the {army} army acts - {acting} engages, "
                        f"sends a unit home, plays a Battle action or passes{wait}.")
        return f"{who} decides." if who else ""

    def _raid_model(self, obs, f, results=None):
        lanes = []
        defs = f.get("defs", [])
        for i, x in enumerate(f["list"]):
            sec, hero, cu = x
            d = defs[i] if i < len(defs) else None
            lanes.append({"sec": sec, "right": [hero], "left": [d[1]] if d and d[1] >= 0 else [],
                          "rcard": cu, "lcard": d[2] if d and d[2] >= 0 else None,
                          "caption": ("undefended" if d and d[1] < 0 else
                                      "" if d else "waiting for the defence")})
        raider = f["raider"]
        who = self.t.seat_name(f["seat"]) if f.get("seat", -1) >= 0 else ""
        if f.get("step") == "defend":
            sit = (f"{who} may defend with an unbowed Hero and a card face up; the raiding "
                   f"cards stay face down until the raid resolves.")
        else:
            sit = f"{self.t.seat_name(raider)} lays the raiders' cards face down."
        return {"kind": "raid", "title": f"{self.t.seat_name(raider)} raids by night",
                "lanes": lanes, "left": "Defending", "right": "Raiding", "allies": "",
                "situation": sit, "attacker": raider}

    def _duel_model(self, obs, f):
        st = self.t.seen()
        a, b = f["a"], f["b"]
        loss = f.get("loss", [0, 0])
        kas = (C.ka(st, a) - loss[0], C.ka(st, b) - loss[1])
        turn = f.get("turn", b)
        step = f.get("step", "answer")
        who = self.t.seat_name(f["seat"]) if f.get("seat", -1) >= 0 else ""
        if step == "answer":
            sit = f"{who} accepts or refuses the challenge."
            roles = ("challenges", "is challenged")
        else:
            thr = "a" if turn == a else "b"
            roles = ("thrusts" if thr == "a" else "parries",
                     "thrusts" if thr == "b" else "parries")
            sit = (f"{who} thrusts a card face down, or passes (two passes in a row end the "
                   f"duel)." if step == "thrust" else
                   f"{who} parries with a card from hand, or blind from the deck; the thrust is "
                   f"then revealed and the difference comes off the parrying Hero's Ka.")
        return {"kind": "duel", "title": f"Duel: {_name(st, obs, a)} against {_name(st, obs, b)}",
                "a": a, "b": b, "ka": kas, "loss": list(loss), "roles": roles, "step": step,
                "thrust": f.get("thrust", -1), "reveal": self._duel_reveal, "situation": sit,
                "lanes": [], "allies": "", "caption": ""}

    # --- results: what a finished contest leaves on screen -------------------------------------
    def events(self, events):
        """Called with each action's events: raid results, parries and the ends of battles and
        duels become captions on the picture held a moment."""
        st = self.t.seen()
        prior = self._model
        kinds = {e.kind for e in events}
        if "thrust" in kinds or "duel" in kinds:
            self._duel_reveal = None
        for e in events:
            if e.kind == "parry":
                self._duel_reveal = (e.data["thrust"], e.data["parry"], e.text)
        hold = None
        if "raid_result" in kinds:
            res = [e for e in events if e.kind == "raid_result"]
            lanes = []
            old = {ln["sec"]: ln for ln in (prior or {}).get("lanes", ())} \
                if prior and prior.get("kind") == "raid" else {}
            for e in res:
                d = e.data
                ln = dict(old.get(d["section"], {"left": [], "lcard": None}))
                ln.update({"sec": d["section"], "right": [d["hero"]], "rcard": d["card"],
                           "caption": self.t.named(e.text), "ok": d["success"]})
                lanes.append(ln)
            raider = st.owner[res[0].data["hero"]]
            won = sum(1 for e in res if e.data["success"])
            hold = {"kind": "raid", "title": f"{self.t.seat_name(raider)}'s raid: the cards turn "
                                             f"over together", "lanes": lanes,
                    "left": "Defending", "right": "Raiding", "allies": "",
                    "situation": f"{won} of {plural(len(res), 'raid')} succeeded. Raiders go home bowed; "
                                 f"defenders stay unbowed.", "attacker": raider}
        elif "duel_over" in kinds and prior and prior.get("kind") == "duel":
            text = next(e.text for e in events if e.kind == "duel_over")
            kas, loss = list(prior["ka"]), list(prior["loss"])
            for e in events:
                if e.kind == "parry":  # the last exchange, in the same action
                    i = 0 if e.data["hero"] == prior["a"] else 1
                    kas[i] -= e.data["damage"]
                    loss[i] += e.data["damage"]
            names = [C.CARDS[st.cdef[h]].name for h in (prior["a"], prior["b"])]
            if min(kas) <= 0:
                out = [n for n, k in zip(names, kas) if k <= 0]
                why = f"{' and '.join(out)} had no Ka left."
            else:
                why = (f"Both stopped thrusting: Ka {kas[0]} against {kas[1]}, " +
                       ("the higher Ka wins." if kas[0] != kas[1] else "a tie - both lose."))
            won = [k > 0 and k > other for k, other in zip(kas, kas[::-1])]
            roles = tuple("wins" if w else "loses" for w in won)
            hold = dict(prior, situation=f"{self.t.named(text)} {why}", step="over", roles=roles,
                        ka=tuple(kas), loss=loss, thrust=-1, reveal=self._duel_reveal)
            self._duel_reveal = None
        elif "battle_over" in kinds and prior and prior.get("kind") == "battle":
            text = next(e.text for e in events if e.kind == "battle_over")
            razed = any(e.kind == "razed" for e in events)
            # a unit sent home in this very action (which ended the battle) is not pictured
            home = {e.data.get("card") for e in events if e.kind == "home"}
            lanes = [dict(ln, left=[u for u in ln["left"] if u not in home],
                          right=[u for u in ln["right"] if u not in home])
                     for ln in prior["lanes"]]
            hold = dict(prior, lanes=lanes, situation=self.t.named(text) + (
                " The City Section fell." if razed else "") +
                " Attacking units and allies go home bowed.")
        if hold is not None and not self.t.fast and self.t.skip_pace is None:
            self.hold = hold
            self._lay_key = None
            from ...ui.widgets import Tween
            self._hold_tween = self.t.tweens.add(Tween(0, 1, HOLD_TICKS[hold["kind"]],
                                                     on_done=self.release_hold))

    def release_hold(self):
        self.hold = None
        self._lay_key = None
        tw = self._hold_tween
        self._hold_tween = None
        if tw is not None and tw in self.t.tweens.items:
            tw.t = tw.ticks
            self.t.tweens.items.remove(tw)

    # --- geometry -----------------------------------------------------------------------------
    def tray_cards(self, model) -> list:
        """The acting person's cards on the table that can do something now but are not in the
        contest (producers for a payment, a Stronghold's ability...)."""
        seat = self.t.acting_human()
        if seat is None:
            return []
        inside = set()
        for ln in model["lanes"]:
            inside.add(ln["sec"])
            for h in ln["left"] + ln["right"]:
                inside.add(h)
                inside.update(self.t.seen().att[h])
        if model["kind"] == "duel":
            for h in (model["a"], model["b"]):
                inside.add(h)
                inside.update(self.t.seen().att[h])
        rows = {u for u, *_ in self.t.rows.layout()}
        out = []
        for a in self.t.game.legal_actions(self.t.seen(), seat):
            if a.args and isinstance(a.args[0], int) and a.args[0] in rows and \
                    a.args[0] not in inside and a.args[0] not in out:
                out.append(a.args[0])
        return out

    def layout(self, model) -> list:
        """[(uid, rect, bowed, kind)] of the contest ``model``, as the rows' ``layout``."""
        key = (self.t.match.version, len(self.t.match.log), id(model), self.t.viewer,
               self.t.acting_human(), id(self.t.seen()))
        if self._lay_key == key:
            return self._lay
        lay, backs = self._geometry(model)
        self._lay_key = key
        self._lay = lay
        self.backs = backs
        return lay

    def rect(self) -> pygame.Rect:
        return pygame.Rect(BOARD.x, BOARD.y + HEAD_H, BOARD.w, BOARD.h - HEAD_H)

    def _geometry(self, model):
        """([(uid, rect, bowed, kind)], [(rect, label)] card backs, lane rects)."""
        st = self.t.seen()
        obs = self.t.observation()
        area = self.rect()
        tray = self.tray_cards(model)
        if tray:
            area.h -= TRAY_H
        out, backs = [], []
        self.lane_rects = []
        if model["kind"] == "duel":
            ch = max(60, min(180, area.h - 150))
            cw = int(ch * 0.72)
            cy = area.y + 24
            for u, cx in ((model["a"], area.x + area.w // 4),
                          (model["b"], area.right - area.w // 4)):
                r = pygame.Rect(0, cy, cw, ch)
                r.centerx = cx
                if C.in_play(st, u):  # a Hero destroyed by the duel shrinks away
                    self._place(out, u, r, st)
            slot = pygame.Rect(0, 0, int(cw * 0.85), int(ch * 0.85))
            slot.centery = cy + ch // 2 + 6
            rv = model.get("reveal")
            shown = [model["thrust"], -1]
            if rv is not None and model["thrust"] == -1:
                shown = [rv[0], rv[1]]
            for dx, u in zip((-slot.w // 2 - 10, slot.w // 2 + 10), shown):
                r = pygame.Rect(slot)
                r.centerx = area.centerx + dx
                if u is not None and u >= 0 and obs["cdef"][u] >= 0:
                    out.append((u, r, False, "card"))
                elif u is not None and u < -1:
                    backs.append((r, "thrust, face down"))
            self.duel_slots = (slot.move(area.centerx - slot.w - 10 - slot.x, 0),
                                slot.move(area.centerx + 10 - slot.x, 0))
        else:
            lanes = model["lanes"] or []
            n = max(1, len(lanes))
            lh = area.h // n
            tall = lh >= 150  # room under the cards for their owners' names
            ch = max(30, min(190, lh - 34)) if tall else max(30, lh - 10)
            cw = int(ch * 0.72)
            for i, ln in enumerate(lanes):
                lr = pygame.Rect(area.x, area.y + i * lh, area.w, lh)
                top = lr.y + 6 + (max(0, (lh - 34 - ch) // 2) if tall else 0)
                sr = pygame.Rect(0, top, cw, ch)
                sr.centerx = lr.centerx + 60
                self.lane_rects.append((lr, sr))
                if ln["sec"] in st.sections[st.owner[ln["sec"]]]:
                    out.append((ln["sec"], sr, False, "card"))  # (a razed one fades away)
                gap = 30
                for side, sign in (("left", -1), ("right", 1)):
                    units = [h for h in ln[side] if h >= 0 and C.in_play(st, h)]
                    cardslot = ln["lcard" if side == "left" else "rcard"]
                    widths = [(ch if st.bowed[h] else cw) for h in units]
                    extra = [cw] if cardslot is not None else []
                    avail = (sr.x - gap - lr.x - TEXT_W) if sign < 0 else \
                        (lr.right - 10 - sr.right - gap)
                    ws = extra + widths
                    need = sum(ws) + 8 * (len(ws) - 1)
                    last = ws[-1] if ws else 0
                    scale = min(1.0, max(0.1, (avail - last) / max(1, need - last)))
                    x = sr.x - gap if sign < 0 else sr.right + gap
                    seq = [("card", cardslot, cw)] * bool(extra) + \
                        [("unit", h, w) for h, w in zip(units, widths)]
                    for what, u, w in seq:
                        step = int((w + 8) * scale)
                        left = x - w if sign < 0 else x
                        x = x - step if sign < 0 else x + step
                        if what == "card":
                            r = pygame.Rect(left, top + ch // 8, cw, ch - ch // 8)
                            if u >= 0 and obs["cdef"][u] >= 0:
                                out.append((u, r, False, "card"))
                            else:
                                backs.append((r, "face down"))
                            continue
                        bowed = bool(st.bowed[u])
                        r = pygame.Rect(left, top + (ch - cw if bowed else 0), w,
                                        cw if bowed else ch)
                        self._place(out, u, r, st)
        if tray:
            ty = area.bottom + 22
            th = TRAY_H - 28
            tw = int(th * 0.72)
            x = area.x + 190
            step = min(tw + 8, (area.right - x - tw) // max(1, len(tray) - 1) if len(tray) > 1
                       else tw + 8)
            for u in tray:
                bowed = bool(st.bowed[u])
                r = pygame.Rect(x, ty, th if bowed else tw, tw if bowed else th)
                out.append((u, r, bowed, "card"))
                x += max(step, (th if bowed else tw) + 4) if step >= tw else step
        self.tray_rect = pygame.Rect(area.x, area.bottom, area.w, TRAY_H) if tray else None
        return out, backs

    def _place(self, out, u, r, st):
        bowed = bool(st.bowed[u])
        out.append((u, r, bowed, "card"))
        att = st.att[u]
        for k, a in enumerate(att):
            sr = pygame.Rect(r.x, r.bottom - STRIP * (len(att) - k), r.w, STRIP)
            out.append((a, sr, bool(st.bowed[a]), "strip"))

    # --- input ----------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """V or the toggle: the rows instead of the contest and back; a click on an empty spot
        of a finished contest's picture dismisses it (the bots go on). True when used up."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            self.toggle()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.toggle_shown() and TOGGLE.collidepoint(event.pos):
                self.toggle()
                return True
            if self.hold is not None and self.rect().collidepoint(event.pos) and \
                    self.t.card_at(event.pos, self.t.observation()) is None:
                self.release_hold()  # seen: back to the table (and the bots go on)
        return False

    def toggle_shown(self) -> bool:
        return self.model() is not None or self.hold is not None

    def toggle(self):
        if not self.toggle_shown():
            return
        self.hidden = not self.hidden
        self._lay_key = None
        self.t.choices.deselect()
        self.t.app.sound.play("click")

    def update(self):
        """Per tick: a person's choice of the rows ends once the contest is over."""
        if self.hidden and self.model() is None and self.hold is None:
            self.hidden = False

    def bubble_anchor(self, seat, model) -> pygame.Rect:
        """A bot's bubble over the contest ``model``: on its side of it."""
        area = self.rect()
        st = self.t.seen()
        if model["kind"] == "duel":
            left = seat == st.owner[model["a"]]
        else:
            left = seat != model.get("attacker") and \
                seat in (model.get("defenders") or [st.owner[ln["sec"]] for ln in model["lanes"]])
        return pygame.Rect(area.x + 8 if left else area.right - 308, area.bottom - 70, 300, 70)
