"""The Sahwari table's timeline: what happened, played back one step at a time at a watchable pace
(camels walking, tiles flipping, cards dealt, the Guildmaster's card, arrow, pick-up and block).

The rules state is already past these steps; while a step is waiting or playing, the table draws
the pieces it concerns as they were (``camel_cells``, ``sides``, ``hidden_cards``). A click or a
key skips the whole timeline.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CAMEL_EVENTS = ("move", "guild_move", "sandstorm", "push", "reenter", "blocked", "gm_collect",
                "gm_block")
CAPTION_TICKS = 36


@dataclass
class Step:
    kind: str  # camel | flip | deal | caption | gm_card
    ticks: int
    caption: str = ""
    camel: int = -1
    frm: int = -1
    to: int = -1
    cell: int = -1
    cards: tuple = ()
    card: tuple = ()  # (action card, move card) for gm_card
    t: float = 0.0
    data: dict = field(default_factory=dict)

    @property
    def progress(self) -> float:
        return min(1.0, self.t / max(1, self.ticks))


class Timeline:
    def __init__(self):
        self.steps: list[Step] = []
        self.gm_path = None  # the arrow of the Guildmaster's current Move card, while it plays

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def clear(self):
        self.steps = []
        self.gm_path = None

    def update(self, speed: float):
        if not self.steps:
            return
        st = self.steps[0]
        st.t += speed
        if st.t >= st.ticks:
            self.steps.pop(0)
            if st.kind == "gm_card":
                self.gm_path = st.data.get("path")
            if not self.steps or not any(s.kind != "deal" and s.kind != "flip"
                                         for s in self.steps):
                self.gm_path = None

    @property
    def current(self) -> Step | None:
        return self.steps[0] if self.steps else None

    # --- what to draw as it was ----------------------------------------------------------------
    def camel_cells(self) -> dict:
        """camel -> the cell it is drawn on while its walk waits (None while it walks)."""
        out = {}
        for i, st in enumerate(self.steps):
            if st.kind == "camel" and st.camel not in out:
                out[st.camel] = None if i == 0 else st.frm
        return out

    def sides(self) -> dict:
        """cell -> "resources" for tiles whose flip has not finished."""
        return {st.cell: "resources" for st in self.steps if st.kind == "flip"}

    def hidden_cards(self) -> set:
        out = set()
        for i, st in enumerate(self.steps):
            if st.kind == "deal" and i > 0:
                out.update(st.cards)
        return out

    # --- building from events ----------------------------------------------------------------
    def add_events(self, events, skip_camel=None, gm_path_of=None):
        """Turn rules events into steps. ``skip_camel``: a camel a person just dropped where it
        goes (no walk)."""
        for e in events:
            k, d = e.kind, e.data
            if k in CAMEL_EVENTS:
                camel = d.get("camel")
                to = d.get("to", -1)
                frm = d.get("from", -1)
                if camel is None or (k == "gm_collect" and d.get("kind") is None):
                    if k.startswith("gm_"):
                        self.steps.append(Step("caption", CAPTION_TICKS, e.text))
                    continue
                if k == "blocked":
                    to = -1
                if camel == skip_camel and k in ("move", "guild_move", "reenter"):
                    skip_camel = None
                    continue
                ticks = 30 if k.startswith("gm_") else 22
                self.steps.append(Step("camel", ticks, e.text if k.startswith("gm_") else "",
                                       camel=camel, frm=frm, to=to))
            elif k == "flip":
                self.steps.append(Step("flip", 24, "", cell=d.get("cell", -1)))
            elif k == "area" and d.get("new"):
                self.steps.append(Step("deal", 20, "", cards=tuple(d["new"])))
            elif k == "gm_turn":
                self.steps.append(Step("caption", 30, "The Guildmaster's turn"))
            elif k == "gm_flip":
                path = gm_path_of(d["move"]) if gm_path_of is not None else None
                self.steps.append(Step("gm_card", 70, e.text, card=(d["action"], d["move"]),
                                       data={"path": path}))
            elif k in ("gm_pawn", "gm_recruit", "gm_cube", "gm_caravan", "gm_attack", "gm_theft",
                       "gm_rally", "gm_extra_turn", "gm_reshuffle"):
                self.steps.append(Step("caption", CAPTION_TICKS, e.text))
            elif k == "end_triggered":
                self.steps.append(Step("caption", 90, e.text))
