"""The words of the Sahwari table: the prompt for every decision, the turn's steps for the status
bar, and the tooltips of everything on the table."""

from __future__ import annotations

import pygame

from ...engine.describe import plural
from ...games.sahwari.abilities import cell_name
from ...games.sahwari.data import get as sahwari_data
from .art import ABILITY_NAMES

D = sahwari_data()

FRAME_PROMPTS = {
    "collect": "{who}: collect one resource on {cell} - click it.",
    "cube": "{who}: drag the Artifact cube in hand to your storage or onto a glowing empty "
            "Artifact space (its abilities fire at once).",
    "card": "{who}: recruit one of the four cards of the Recruitment area - click it.",
    "edge": "{who}: drag the card in hand to the left or right edge of your clan (matching "
            "colours make an Artifact space).",
    "caravan": "{who}: use this caravan token now, or keep it camel side up for a later turn?",
    "icons": "{who}: several abilities fire - which one first?",
    "spy": "Spying: click a hidden caravan token (on a tile, in a clan or the Guildmaster's) to "
           "peek at it, or skip.",
    "storm": "Sandstorm: click the camel the storm carries away, or skip.",
    "storm_to": "Sandstorm: click the free tile where the camel lands (it collects nothing).",
    "theft": "Theft: click a glowing tile to collect one resource there, or skip.",
    "rally": "Rally: click any caravan token on the board to take it, or skip.",
    "attack": "Attack: click a camel next to one of yours{guild} to hit its owner, or a caravan "
              "token next to or under it to remove it - or skip.",
    "lock": "Attack: {victim} has no stored cube - click one of the cubed Artifact spaces (or "
            "cards) to lock it.",
    "push": "Attack: push the attacked camel onto a free neighbouring tile - click it.",
}
STEP_PROMPTS = {
    "reenter": "{who}: your camel was blocked - drag it back onto the Guild tile or an Oasis.",
    "move": "{who}: move a camel - drag it (or click it, then a glowing tile). Glowing "
            "abilities can be used now.",
    "move2": "{who} (Explorer): move the same camel once more (not straight back), or stop here.",
    "guild": "{who}: move a Guild camel - drag a red camel to a glowing tile (Deserts allowed).",
    "end": "{who}: use any abilities that glow, then end the turn.",
}
SETUP_PROMPTS = {
    "clan": "{who}: choose your clan (from the last player to the first).",
    "colour": "{who}: choose the colour of your camels.",
    "guild": "{who}: place a Guild camel on a free tile marked 1 - click it.",
    "own": "{who}: place one of your camels on a free tile - click it.",
}


def step_names(obs):
    """The turn's steps as the status bar shows them, and which one is now."""
    names = ["Move", "Collect"]
    if obs["mode"] == "standard":
        names.append("Move the Guild")
    names += ["Abilities", "End"]
    pend = obs["pending"]
    if pend:
        bottom = pend[0]
        if (bottom[0] == "collect" and len(bottom) == 2) or \
                all(f[0] in ("cube", "card", "edge", "caravan") for f in pend):
            return names, 1
        return names, names.index("Abilities")
    st = obs["step"]
    if st in ("reenter", "move", "move2"):
        return names, 0
    if st == "guild":
        return names, 2
    return names, len(names) - 1


def half_words(half) -> str:
    """One half of a Recruit card in words: its colour and ability, an Influence half with its
    points ("red, 2 Influence"; the tooltip said "red influence" while the card shows 2)."""
    if half.ability == "influence":
        return f"{half.colour}, {half.value} Influence"
    return f"{half.colour} {half.ability}"


def prompt_text(table, obs) -> str:
    if obs["over"]:
        if getattr(table, "results_shown", False):
            # the results are open, or set aside to see the board: their own button ("Show
            # the results") stands on this bar, and the count is in them
            return ""
        return "The game is over: the Influence is counted. Click to see the results."
    if table.mode == "replay":
        return "Replay"
    seat = obs["cur"]
    who = table.seat_name(seat) if seat is not None and seat >= 0 else "The Guild"
    if table.timeline.busy:
        cur = table.timeline.current
        if cur is not None and cur.caption:
            return cur.caption + "  (click or press a key to skip)"
    if table.actor() is None:
        if seat in table.humans and table.viewer != seat:
            return f"Waiting for {who}."
        return f"{who} is thinking..."
    if obs["phase"] == "setup":
        what = obs["queue"][0][1] if obs["queue"] else "own"
        return SETUP_PROMPTS[what].format(who=who)
    if obs["pending"]:
        f = obs["pending"][-1]
        tpl = FRAME_PROMPTS.get(f[0], "{who}: decide.")
        cell = cell_name(f[1]) if f[0] == "collect" else ""
        victim = ""
        if f[0] == "lock":
            victim = table.seat_name(f[1]) if f[1] < obs["n"] else "the Guildmaster"
        guild = " or to a Guild camel" if obs["mode"] == "standard" else ""
        return tpl.format(who=who, cell=cell, victim=victim, guild=guild)
    return STEP_PROMPTS.get(obs["step"], "{who}: decide.").format(who=who)


def tooltip_for_cell(g) -> str:
    name = cell_name(g["cell"])
    side = g["side"]
    if side == "guild":
        return f"{name}: the Guild tile - always free, any number of camels; optional stop."
    if side == "oasis":
        return f"{name}: an Oasis - always free, any number of camels; optional stop."
    if side == "desert":
        return f"{name}: a Desert - camels pass over it (only Guild camels may stop here)."
    parts = []
    if g["artifacts"]:
        parts.append(plural(g['artifacts'], 'Artifact cube'))
    if g["pawns"]:
        parts.append(plural(g['pawns'], 'Recruit pawn'))
    if g["small"]:
        parts.append("a small caravan")
    if g["guarded"]:
        parts.append("a guarded caravan")
    tile = D.tiles[g["tile"] - 1]
    return f"{name}: Resources - {', '.join(parts) or 'nothing left'}; turns to " \
           f"{tile.back} when emptied."


def token_tip(token, kind=None, used=False) -> str:
    if token is None or token <= 0:
        k = kind or "caravan"
        return f"A {k} caravan token, camel side up: its ability is hidden."
    c = D.caravan(token)
    abil = ", ".join(ABILITY_NAMES.get(a, a) for a in c.abilities) or "no ability"
    infl = f"{c.influence:+d} Influence" if c.influence else "no Influence"
    return f"{c.kind.capitalize()} caravan {token}: {abil}; {infl}" + (" (used)" if used else "")


def tooltip_regions(self) -> list:
    """(rect, text) of every tooltip the table offers: tiles, tokens, cards, clan areas, the
    Guildmaster (``self`` is the table)."""
    obs = self._obs
    if obs is None:
        return []
    out = []
    for g in obs["grid"]:
        for kind, r in self.geo.resource_rects(g):
            if kind in ("small", "guarded") and g[kind] > 0:
                out.append((r, token_tip(g[kind])))
        out.append((self.geo.cell_rect(g["cell"]), tooltip_for_cell(g)))
    for seat in range(len(self.geo.clans)):
        pl = obs["players"][seat]
        items = self.geo.item_rects(seat, len(pl["held"]) + pl["strategy"])
        for h, r in zip(pl["held"], items):
            out.append((r, token_tip(h["token"], h["kind"], h["used"])))
        for r in items[len(pl["held"]):]:
            out.append((r, "Strategy token, Attack side: discard it to attack."))
        for cid, r in self.geo.card_rects(seat, pl).items():
            c = D.card(cid)
            out.append((r, f"Card {cid}: left {half_words(c.left)}, right "
                           f"{half_words(c.right)}" +
                        (f"; Clan Ability card ({c.clan})" if c.clan else "")))
        for what, cost, r in self.geo.pawn_ability_rects(seat):
            out.append((r, f"Spend {plural(cost, 'Recruit pawn')}: "
                           + {"spy": "Spying", "refresh": "refresh the Recruitment area",
                              "storm": "Sandstorm", "artifact": "take an Artifact cube from"
                                                                " the supply"}[what]))
    for cid, r in self.geo.area_rects(obs):
        c = D.card(cid)
        out.append((r, f"Recruit card {cid}: left {half_words(c.left)}, right "
                       f"{half_words(c.right)}"))
    for seat in range(len(self.geo.clans)):
        pl = obs["players"][seat]
        if not pl["clan"]:
            continue
        clan = D.clans[pl["clan"]]
        for slot, ability in clan.storage_abilities.items():
            used = " (used: a Lock token covers it)" if slot in pl["locks"] else ""
            out.append((self.geo.storage_ability_rect(seat, clan.capacity, slot),
                        f"Storage ability: {ABILITY_NAMES.get(ability, ability)} - usable "
                        f"once a cube covers its square, for one of the two Lock tokens"
                        f"{used}."))
        out.append((self.geo.storage_rect(seat, clan.capacity),
                    f"Storage: {plural(pl['storage'], 'cube')}; the first empty square shows the "
                    f"Influence it is worth ({pl.get('storage_value', 0)} now)."))
        track = self.geo.track_slots(seat, len(clan.track))
        out.append((track[0].union(track[-1]),
                    f"Recruit track: {pl['track']} pawns; the first empty space is worth "
                    f"{pl.get('track_value', 0)} Influence now. Pawns pay for the abilities "
                    f"below."))
        sc = self.scores()[seat]  # before play begins only a total (nothing counted yet)
        if "caravans" in sc:
            out.append((pygame.Rect(self.geo.info_rect(seat).x, self.geo.info_rect(seat).y + 36,
                                    170, 20),
                        f"Influence now: caravans {sc['caravans']}, storage {sc['storage']}, "
                        f"track {sc['track']}, Artifact spaces {sc['spaces']}, clan bonus "
                        f"{sc['clan']}" + (" - hidden caravans are not counted"
                                           if sc.get("hidden_tokens") else "")))
    if self.geo.gm is not None and "gm" in obs:
        parts = self.geo.gm_parts()
        out.append((parts["deck"], "The Guildmaster's deck: the top card's Move side shows "
                                   "where its camels start and the arrow they follow."))
        out.append((parts["action"], "The last Action card: the resource it wants, the Block "
                                     "number and side priorities, and its extra ability."))
        for tok, r in zip(obs["gm"]["tokens"], self.geo.gm_token_rects(
                len(obs["gm"]["tokens"]))):
            out.append((r, token_tip(tok["token"], tok["kind"])))
    return out
