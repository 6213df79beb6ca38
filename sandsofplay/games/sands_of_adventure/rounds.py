"""Rounds: Reset Players (a hand dealt), New Villain (a round starts), Ending the Round,
Preparing for the Next Round (with the penalty gems) and the Excavation Leader's choices between
rounds - the stages ``replace`` (``replace TILE``), ``new_side`` (``side A|B``) and ``leader``
(``leader SEAT``)."""

from __future__ import annotations

from . import timer
from .common import (R_PREP, SIDE_A, SIDE_B, Tables, ev, load, new_explore_turn, take_top)
from .state import EXPLORE, OVER, PREP, TIMED, SandsOfAdventureState


def deal(tb: Tables, s: SandsOfAdventureState, seat: int, events: list) -> None:
    """Starting hand / Reset Players: four cards (six for Marion); Snakes are discarded and
    not replaced."""
    for _ in range(tb.comp.characters[s.chars[seat]].hand):
        if not s.deck:
            return
        take_top(tb, s, seat, events)
    events.append(ev("hand_dealt", f"{tb.name(s, seat)} draws a hand of "
                     f"{len(s.hands[seat])} cards.", True, seat=seat,
                     cards=sorted(s.hands[seat])))


def start_round(tb: Tables, s: SandsOfAdventureState, events: list) -> None:
    """New Villain: the round's villain mat, health at the top, mover on the leftmost tile;
    the Exploration Phase starts with the Excavation Leader."""
    v = tb.comp.villains[s.round - 1]
    s.villain = v.index
    s.health = v.health
    s.vpos = 0
    s.phase = EXPLORE
    s.current = s.leader
    new_explore_turn(s)
    events.append(ev("round_started", f"Round {s.round}: {v.name} appears on the "
                     f"{tb.tile_name(s, 0)}.", round=s.round, villain=v.index,
                     health=v.health, leader=s.leader))
    events.append(ev("turn", f"{tb.name(s, s.current)}'s turn.", seat=s.current,
                     phase=EXPLORE))


def end_round(tb: Tables, s: SandsOfAdventureState, how: str, events: list) -> None:
    """Ending the Round: the sand runs out, a player cannot draw, or the villain is defeated.
    Round 3 decides the game; after rounds 1 and 2 the next round is prepared."""
    s.results.append(how)
    s.finish = []
    if s.phase == TIMED:
        s.penalty = []
    why = {"defeated": f"{tb.villain_name(s)} is defeated",
           "sand": "the sand ran out", "deck": "the Action deck is empty"}[how]
    events.append(ev("round_ended", f"Round {s.round} ends: {why}.", round=s.round, how=how,
                     villain=s.villain, health=s.health))
    if s.round >= 3:
        s.phase = OVER
        s.stage = ""
        s.result = "win" if how == "defeated" else "loss"
        s.ended_how = why
        s.torch_land = -1
        text = ("The Ark is rescued: the team wins!" if s.result == "win" else
                f"{tb.villain_name(s)} escapes with the Ark: the team loses.")
        events.append(ev("game_over", text, team=s.result, how=how))
        return
    prepare(tb, s, how == "defeated", events)


def prepare(tb: Tables, s: SandsOfAdventureState, defeated: bool, events: list) -> None:
    """Preparing for the Next Round: Set Round, Reset Action Deck, Reset Players, Reset Sand
    Timer (with the penalty row if the villain survived); New Adventure and New Villain are
    the Excavation Leader's choices for the group."""
    v = tb.comp.villains[s.villain]
    health = s.health
    s.round += 1
    cards = list(s.deck) + list(s.pile) + list(s.snakes) + list(s.aside)
    for h in s.hands:
        cards += h
    if s.snake_card >= 0:
        cards.append(s.snake_card)
    cards.sort()
    s.rng.shuffle(cards)
    s.deck = cards
    s.pile, s.snakes, s.aside = [], [], []
    s.hands = [[] for _ in range(s.n)]
    s.snake_card, s.snake_seat, s.torch_land, s.torch_last = -1, -1, -1, ""
    s.figures = [-1] * s.n
    s.tokens = [[(k, True) for k, _ in ts] for ts in s.tokens]
    events.append(ev("round_prepared", f"Round {s.round}: the Action deck is reshuffled "
                     f"({len(cards)} cards).", True, round=s.round, deck=len(cards)))
    for seat in range(s.n):
        deal(tb, s, seat, events)
    timer.reset(s.timer, s.rng, tb.comp)
    s.rolled = []
    if not defeated:
        row = v.rows[health - 1]
        for g in row:
            actual = timer.gem_for(s.timer, g, tb.comp)
            s.timer.gems.append(actual)
        s.timer.angle = timer.lean(load(tb, s), tb.comp.timer)
        if row:
            words = dict(enumerate(("one", "two", "three", "four"), 1))
            counted = " and ".join(  # e.g. "one large gem and two small gems"
                f"{words.get(row.count(z), row.count(z))} {z} gem"
                f"{'s' if row.count(z) > 1 else ''}" for z in dict.fromkeys(row))
            events.append(ev("penalty_gems", f"{v.name} got away at health {health}: "
                             f"{counted} {'start' if len(row) > 1 else 'starts'} in the top "
                             f"basket.",
                             villain=v.index, health=health, gems=list(row)))
    s.dice, s.penalty, s.prog, s.finish = [], [], [], []
    s.step_count, s.give_card = 0, -1
    s.phase = PREP
    s.stage = "replace"
    s.choice = -1


# --- the Excavation Leader's choices (stages) --------------------------------------------------
def legal_replace(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return list(tb.A_REPLACE)


def do_replace(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    s.choice = action.args[0]
    s.stage = "side"


def legal_side(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [SIDE_A, SIDE_B]


def do_new_side(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    """New Adventure: the next tile set aside replaces the chosen one, on the chosen side."""
    new = s.tiles_aside.pop(0)
    pos = s.choice
    old = s.row[pos][0]
    s.row[pos] = (new, action.args[0])
    s.choice = -1
    events.append(ev("tile_replaced", f"The {tb.comp.tiles[new].name} (side "
                     f"{action.args[0]}) replaces the {tb.comp.tiles[old].name}.",
                     index=pos, old=old, new=new, side=action.args[0]))
    s.stage = "leader"


def legal_leader(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return tb.A_SEAT["leader"][:s.n]


def do_leader(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    """The Excavation Leader for the round (at set-up: the first one); the round starts."""
    s.leader = action.args[0]
    events.append(ev("leader_chosen", f"{tb.name(s, s.leader)} is the Excavation Leader.",
                     seat=s.leader))
    start_round(tb, s, events)


def prep_reason(tb: Tables, s: SandsOfAdventureState, q, seat: int, action) -> tuple[str, str]:
    if seat != s.leader:
        return ("The Excavation Leader makes the choices between rounds for the group.", R_PREP)
    return (f"'{action}' is not the choice being made now ({s.stage}).", R_PREP)


PREP_STAGE = {"replace": "replace", "side": "new_side"}  # s.stage -> stage; else "leader"

# name, legal, apply, auto, reason, rule
STAGES = (
    ("replace", legal_replace, do_replace, None, prep_reason, R_PREP),
    ("new_side", legal_side, do_new_side, None, prep_reason, R_PREP),
    ("leader", legal_leader, do_leader, None, prep_reason, R_PREP),
)


# --- the results screen's breakdown (issue 30) -------------------------------------------------
ROUND_RESULT = {"defeated": "defeated", "sand": "got away: the sand ran out",
                "deck": "got away: the Action deck ran out"}


def results_breakdown(s: SandsOfAdventureState, comp=None) -> dict:
    """What the results screen shows of a finished game (Ending the Round; Winning the Game):
    each round's villain and how the round ended, and the team's result. The team scores 1
    when the third villain is defeated (the Ark is rescued), else 0, for every seat alike; the
    rows' points add up to it (the rounds themselves count nothing)."""
    if comp is None:
        from .data import default_components
        comp = default_components()
    rounds = []
    for k, how in enumerate(s.results, 1):
        v = comp.villains[k - 1]
        text = ROUND_RESULT.get(how, how)
        if k == len(s.results) and how != "defeated" and s.phase == OVER:
            text += f" (health {s.health} of {v.health} left)"
        rounds.append({"round": k, "villain": v.name, "how": how, "result": text})
    won = s.result == "win"
    rows = [(f"Round {r['round']}: {r['villain']}", r["result"], None) for r in rounds]
    rows.append(("The Ark", "rescued" if won else "lost", 1 if won else 0))
    cols = [{"seat": i, "who": None, "total": 1 if won else 0, "rows": rows, "tiebreak": ""}
            for i in range(s.n)]
    last = rounds[-1]["villain"] if rounds else "The villain"
    return {"unit": "", "how": s.ended_how, "team": "win" if won else "loss",
            "won": "Victory! The Ark is rescued.", "lost": f"Defeat: {last} escapes with the Ark.",
            "rival": last, "rounds": rounds,
            "ended": f"The last round ended: {s.ended_how}." if s.ended_how else "",
            "columns": cols}
