"""Cards entering play and the Stories (Bringing Cards into Play; Holding; Follower; Item; Story;
Pantheon Card; Experienced Heroes; Khadi; How to Win).

A Story is played from the hand by its Tale Reaction, in the window the engine opens after the
event it names (a duel won, a raid won, a City Section razed, a Spell cast, a Hero brought into
play, a battle won) for the player who brought the event about. Its Reward is a static effect
while it is in play; 5 Story points in play win at once (Story Victory); a Story with the
``alt_win`` Reward wins for its owner at the end of a turn in which the condition holds
(Alternate Victories).
"""

from __future__ import annotations

from .cards import card, destroy, player_name, story_points, water_of
from .frames import log, open_window
from .scoring import finish
from .state import BurningSandsState

STORY_WIN = 5


def enter_play(s: BurningSandsState, f, ev) -> None:
    p = f["p"]
    u = f["src"]
    c = card(s, u)
    s.limbo.remove(u)
    t = c.type
    name = player_name(s, p)
    if t == "hero":
        s.heroes[p].append(u)
        s.bowed[u] = 0
        log(ev, "hero", f"{name} hires {c.name}.", seat=p, card=u)
        open_window(s, {"on": "tale", "event": "hero_played", "who": p}, p)
    elif t == "holding":
        if "Fortification" in c.traits:
            s.att[f["tg"]].append(u)
            s.bowed[u] = 0
            log(ev, "fortify", f"{name} fortifies {card(s, f['tg']).name} with {c.name}.")
        else:
            s.home[p].append(u)
            s.bowed[u] = 1  # Holdings enter play bowed
            log(ev, "holding", f"{name} brings {c.name} into play, bowed.", seat=p, card=u)
    elif t in ("follower", "item"):
        s.att[f["tg"]].append(u)
        s.bowed[u] = 0
        log(ev, "attach", f"{name} gives {c.name} to {card(s, f['tg']).name}.", seat=p, card=u)
    elif t == "pantheon":
        for old in [x for x in s.home[p] if card(s, x).type == "pantheon"]:
            s.home[p].remove(old)
            s.buried[p].append(old)  # the spurned god's card is buried
        s.home[p].append(u)
        log(ev, "pantheon", f"{name} turns to {c.name}.", seat=p, card=u)
    elif t == "story":
        s.home[p].append(u)
        log(ev, "story", f"{name} tells {c.name} ({c.points} Story points).", seat=p, card=u)
        check_story_win(s, ev)
    else:  # pragma: no cover - data never reaches here
        s.saved[p].append(u)


def check_story_win(s: BurningSandsState, ev) -> bool:
    for p in range(s.n):
        if s.alive[p] and story_points(s, p) >= STORY_WIN:
            finish(s, [p], "Story Victory", ev)
            return True
    return False


def check_alt_win(s: BurningSandsState, ev) -> bool:
    """Alternate Victories: an ``alt_win`` Reward whose Water condition holds."""
    for p in range(s.n):
        if not s.alive[p]:
            continue
        for u in s.home[p]:
            for st in card(s, u).static:
                if st["op"] == "alt_win" and water_of(s, p) >= st.get("water", 99):
                    finish(s, [p], f"Alternate Victory ({card(s, u).name})", ev)
                    return True
    return False


def tale(s: BurningSandsState, p, event) -> None:
    open_window(s, {"on": "tale", "event": event, "who": p}, p)


def overlay(s: BurningSandsState, p, new, old, ev) -> None:
    """Experienced Heroes: lay the Experienced version over the earlier one, keeping its
    attachments, tokens, Water, orientation and abilities."""
    s.hand[p].remove(new)
    i = s.heroes[p].index(old)
    s.heroes[p][i] = new
    s.att[new] = s.att[old]
    s.att[old] = []
    s.under[new] = [old] + s.under[old]
    s.under[old] = []
    s.water[new] = s.water[old]
    s.water[old] = 0
    s.bowed[new] = s.bowed[old]
    s.bowed[old] = 0
    for m in s.mods:
        if m[0] == old:
            m[0] = new
    if s.atk is not None:
        for x in s.atk["units"]:
            if x[0] == old:
                x[0] = new
    log(ev, "experienced", f"{player_name(s, p)}'s {card(s, old).name} becomes "
        f"{card(s, new).name}.", seat=p, card=new)


def khadi_return(s: BurningSandsState, p, u, ev) -> None:
    """Khadi: a destroyed Khadi Hero comes back bowed for 3 Water (End Phase)."""
    s.buried[p].remove(u)
    s.heroes[p].append(u)
    s.bowed[u] = 1
    log(ev, "khadi", f"{player_name(s, p)} pays 3 Water: {card(s, u).name} returns, bowed.")


__all__ = ["enter_play", "check_story_win", "destroy"]
