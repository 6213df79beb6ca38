"""The prompt bar of the Burning Sands table (``Prompt``, a part of the table): the question the
rules ask now, in words about the situation (the payment due, the duel's Ka, the battle's
section, what a Reaction window answers), and the buttons of the actions that are not about a
card on screen (the base's prompt buttons, labelled here)."""

from __future__ import annotations

import pygame

from ...engine import Action
from ...engine.describe import plural
from ...games.burning_sands import cards as C
from ...ui import theme as T
from .reactions import WHAT
from .view import PROMPT

PROMPTS = {
    "buy": "{who}: buy City Sections with your City Points (or keep the ones you have).",
    "prio": "{who}: {phase} Phase - {allows}, or pass.",
    "play": "{who}: finish playing the card - pay with the glowing producers, choose targets.",
    "window": "{who}: a Reaction is possible - react with a glowing card, or pass.",
    "attack": "{who}: declare the attack - choose defenders, allies and where each Hero goes.",
    "order": "{who}: choose the City Section whose battle is fought next.",
    "battle": "{who}: your Battle Action - engage, send a Hero home, or pass.",
    "absorb": "{who}: absorb the damage - choose what is destroyed (click it).",
    "tactic": "{who}: Tactician - discard a card from your hand.",
    "raid": "{who}: the raid - choose raiders, face-down Fate cards and defenders.",
    "duel": "{who}: the duel - accept or refuse, then thrust and parry.",
    "enddraw": "{who}: End Phase - discard down to your hand limit.",
    "endwater": "{who}: End Phase - place your Water tokens on your City Sections.",
    "khadi": "{who}: Khadi - you may pay Water to bring a card back, or pass.",
    "exchange": "{who}: choose the Hero to exchange cards with, and what moves.",
    "overlay": "{who}: pay for the Experienced Hero laid over its earlier version.",
    "remain": "{who}: straighten the card, or leave it bowed.",
    "retarget": "{who}: choose the new target.",
}
# what each phase's turn offers besides passing (Day Phase: attacking, Day actions, moving
# Followers and Items; Night Phase: raiding, Night actions; Open actions in both)
PHASE_ALLOWS = {"Day": "play a card, use an ability, attack, exchange attachments",
                "Night": "play a card, use an ability, raid"}
BUTTON_LABELS = {"pass": "Pass", "attack": "Attack", "raid": "Raid", "done": "Done",
                 "declare": "Declare attack", "demand": "Demand Water", "nodemand": "Ask nothing",
                 "decline": "Refuse to pay", "noarchery": "No Archery", "spill": "Lose a Water",
                 "raze": "Let it fall", "go": "Send raiders", "nodefend": "Do not defend",
                 "accept": "Accept", "refuse": "Refuse", "blind": "Parry blind", "stay": "Stay bowed",
                 "ready": "Keep these", "abandon": "Stop paying"}


class Prompt:
    def __init__(self, table):
        self.t = table
        self.key = None  # (version, viewer) the buttons were made for

    def refresh(self):
        """The prompt's buttons for the seat to act (once a change of state or viewer)."""
        t = self.t
        key = (t.match.version, t.viewer) if t.mode == "play" else None
        if key == self.key:
            return
        self.key = key
        seat = t.acting_human()
        if seat is not None and t.focus.visible:
            # a new decision: the keyboard starts again from the prompt's first button (issue
            # 31: the focus stayed on the last turn's Pass and the first Enter passed again)
            t.focus.name = None
        if seat is None:
            t.choices.deselect()
            t.set_prompt_buttons(None, [], str)
            return
        by_card, other = t.choices.split(seat)
        if t.choices.selected not in by_card:
            t.choices.deselect()
        t.set_prompt_buttons(seat, other, self.action_label,
                             lambda a: t.game.describe(t.seen(), seat, a))

    def action_label(self, a: Action) -> str:
        if a.kind in BUTTON_LABELS:
            return BUTTON_LABELS[a.kind]
        t = self.t
        st = t.seen()
        if a.kind in ("defender", "invite"):
            return ("Attack " if a.kind == "defender" else "Invite ") + t.seat_name(a.args[0])
        if a.kind == "buy":
            c = C.D.by_id.get(a.args[0])
            # (issue 31: bought blind) the cost, the Strength and the Water it holds
            return f"{c.name}: {c.cp_cost} CP, Str {c.strength}, Water {c.capacity}" if c \
                else str(a)
        if a.args and isinstance(a.args[0], int) and 0 <= a.args[0] < len(st.cdef) and \
                st.cdef[a.args[0]] >= 0:
            return t.game.describe(st, t.viewer, a).rstrip(".")[:40]
        return str(a)

    def text(self, obs) -> str:
        """What the prompt bar says now."""
        t = self.t
        st = t.seen()
        if t.reactions.hold is not None:
            return t.reactions.hold_text()
        if st.over:
            out = t.game.outcome(st)
            names = ", ".join(t.seat_name(w) for w in out.winners)
            return f"The game is over: {names} won ({out.detail})."
        acting = t.game.to_act(st)
        if not acting:
            return ""
        who = t.seat_name(acting[0])
        if t.mode == "play" and acting[0] not in t.humans:
            return f"{who} (bot) is deciding..."
        f = st.stack[-1]
        phase = {"day": "Day", "night": "Night"}.get(str(f.get("phase", st.phase)), "")
        text = PROMPTS.get(f["k"], "{who} decides.").format(
            who=who, phase=phase, allows=PHASE_ALLOWS.get(phase, PHASE_ALLOWS["Day"]))
        try:
            text = self.situation(f, who) or text
        except (KeyError, IndexError, TypeError):
            pass
        if t.choices.selected is not None:
            text = "Choose what to do with the selected card on the right (or click another)."
        return text

    def situation(self, f, who) -> str:
        """What the question is about, when a frame says more than its kind: the payment due,
        the duel's Ka, the battle's section."""
        st = self.t.seen()
        name = lambda u: C.CARDS[st.cdef[u]].name if 0 <= u < len(st.cdef) and \
            st.cdef[u] >= 0 else "a face-down card"
        if f["k"] == "buy":
            strong = st.stronghold[f["seat"]]
            return (f"{who}: {f['cp']} of {plural(C.card(st, strong).cp, 'City Point')} left "
                    f"({name(strong)}) - buy City Sections, or keep the ones you have.")
        if f["k"] == "play" and f.get("step") == "pay":
            # only what is still owed; Copper produced beyond the cost is lost (Paying Copper)
            due = [f"{f[k]} {n}" for k, n in (("cu", "Copper"), ("wa", "Water"),
                                               ("inf", "Influence")) if f.get(k, 0) > 0]
            if f.get("sah"):
                due.append("a Sahir to bow")
            over = (f" (Copper paid; {-f['cu']} over, lost to the Sultan)"
                    if f.get("cu", 0) < 0 else "")
            return (f"{who}: paying for {name(f['src'])} - still due: "
                    f"{', '.join(due) or 'nothing'}{over}. Click a glowing producer.")
        if f["k"] == "play" and f.get("step") in ("target", "champ"):
            return f"{who}: choose the {'target' if f['step'] == 'target' else 'champion'} " \
                   f"for {name(f['src'])} (click a glowing card)."
        if f["k"] == "duel":
            a, b = f["a"], f["b"]
            return (f"{who}: duel - {name(a)} (Ka {C.ka(st, a)}) against {name(b)} "
                    f"(Ka {C.ka(st, b)}); {f.get('step', '')}: choose a glowing card or button.")
        if f["k"] == "raid":
            done = f"{plural(len(f['list']), 'raider')} sent. " if f.get("list") else ""
            if f.get("step") == "assign":
                if f.get("pick", -1) < 0:
                    return f"{who}: raid - {done}click a glowing City Section to raid" + \
                        (", or Send raiders." if done else ".")
                if f.get("hero", -1) < 0:
                    return f"{who}: raid {name(f['pick'])} - click the raiding Hero."
                return f"{who}: choose the card the raider lays face down (click it in your hand)."
            if f.get("step") == "defend":
                if f.get("dhero", -1) < 0:
                    return f"{who}: you are raided - {done}send a glowing Hero to defend, or not."
                return f"{who}: choose the defender's face-down card from your hand."
        if f["k"] == "window":
            return self.window_text(f, who, name)
        if f["k"] == "attack":
            return self.attack_text(f, who)
        if f["k"] == "enddraw":
            p = f["seat"]
            limit = C.hand_limit(st, p)
            n = len(st.hand[p]) - limit
            return (f"{who}: End Phase - your hand limit is {limit}: discard "
                    f"{plural(n, 'card')} (click {'it' if n == 1 else 'them'} in your hand).")
        if f["k"] in ("battle", "absorb") and f.get("sec", -1) >= 0:
            base = PROMPTS[f["k"]].format(who=who)
            return f"Battle at {name(f['sec'])}. " + base
        return ""

    def attack_text(self, f, who) -> str:
        """The attack's question by its step and by the side of the seat asked (Declaring an
        Attack; Ground and Flying Maneuvers): a defender was asked to "declare the attack"."""
        step = f.get("step")
        if step == "declare":
            return (f"{who}: declare the attack - choose the player to attack, then Declare "
                    "attack.")
        if step == "invites":
            return f"{who}: invite other players to join the battle as allies, or Done."
        if step == "demands":
            if f.get("sub") == "pay":
                return f"{who}: your ally asks a Water token for its help - pay it, or refuse."
            return f"{who}: you are invited as an ally - demand a Water token, or ask nothing."
        if step == "maneuver":
            seg = "Flying" if f.get("seg") == "flying" else "Ground"
            role = f["seq"][f["i"]][1]
            if role in ("a", "aa"):
                return (f"{who}: {seg} Maneuvers - send your attacking Heroes: click a glowing "
                        "Hero, then choose the City Section it attacks; Done when all are sent.")
            return (f"{who}: {seg} Maneuvers - you defend: click a glowing Hero, then choose the "
                    "City Section it defends; Done when all are placed.")
        return ""

    def window_text(self, f, who, name) -> str:
        """A Reaction window's question, saying what it answers (Reactions)."""
        t = f.get("trig", {})
        on = t.get("on")
        if on == "duel" and len(t.get("duel", ())) == 2:
            a, b = t["duel"]
            what = f"a duel is about to be fought ({name(a)} against {name(b)})"
        elif on in ("thrust", "parry") and len(t.get("duel", ())) == 2:
            a, b = t["duel"]  # a window opens after each thrust and after each parry
            side = "the thrust, face down" if on == "thrust" else "the parry, the thrust shown"
            what = f"in the duel of {name(a)} against {name(b)}, after {side}"
        elif on == "targeted" and t.get("tg", -1) >= 0:
            what = f"{name(t['tg'])} is targeted"
        elif on == "attacked":
            what = "an attack is declared against " + \
                ", ".join(self.t.seat_name(d) for d in t.get("defenders", ()))
        else:
            what = WHAT.get(on, "a Reaction is possible")
        return f"{who}: {what} - react with a glowing card, or Pass."

    def draw(self, surf, obs):
        t = self.t
        bar = pygame.Rect(PROMPT)
        pygame.draw.rect(surf, (40, 26, 16), bar, border_radius=10)
        pygame.draw.rect(surf, T.GOLD, bar, 1, border_radius=10)
        right = (t.prompt_left or bar.right) - 8
        t.app.text.blit(surf, self.text(obs), (bar.x + 12, bar.centery), 16, T.GLOW,
                        anchor="midleft", width=right - bar.x - 16)
