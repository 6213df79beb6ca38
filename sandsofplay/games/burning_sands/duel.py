"""Challenges and Duels (Challenges and Duels; Duelist; Reactions).

A card's ``challenge`` effect names the challenger and the challenged Hero; the challenged
Hero's controller may ``accept`` or ``refuse`` (nothing happens). Accepted, the duel begins
with a Reaction window for Heroes entering a duel. The challenged side thrusts first: ``thrust
CARD`` (face down, from hand) or ``pass``. Each thrust opens a Reaction window (``thrust``
trigger; the opponent is asked first). A thrust is parried with a card from hand (``parry
CARD``) or ``blind`` from the top of the deck (that parry is buried); the thrust is revealed and
a second window opens (``parry`` trigger) in which Reactions may change the round's values
(``duel_value``) or take Ka (``duel_wound``). Then the round resolves: a Duelist defender adds 1
to a parry below the thrust (the only time it helps; ruling R-11); any difference between the
values comes off the defender's Ka until the duel ends. Roles then swap. A Hero at 0 Ka loses;
when both players pass in a row the higher Ka wins and a tie makes both lose. A loser is
destroyed (or bowed if the card says so); Ka lost in the duel returns.
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import stories
from .cards import card, destroy, ka, player_name, top_of_deck
from .frames import A, log, open_window, push, refuse
from .state import BurningSandsState


def challenge(s: BurningSandsState, a, b, loser, ev) -> None:
    push(s, {"k": "duel", "seat": s.owner[b], "step": "answer", "a": a, "b": b,
             "loser": loser, "turn": b, "passes": 0, "thrust": -1, "parry": -1, "blind": 0,
             "mod": [0, 0], "loss": [0, 0]})
    log(ev, "challenge", f"{card(s, a).name} challenges {card(s, b).name} to a duel.",
        challenger=a, challenged=b)


def _ka(s: BurningSandsState, f, h):
    return ka(s, h) - f["loss"][0 if h == f["a"] else 1]


def _auto(s: BurningSandsState, f, ev):
    a, b = f["a"], f["b"]
    alive = a in s.heroes[s.owner[a]] and b in s.heroes[s.owner[b]]
    if f["step"] == "answer":
        if not alive:
            s.stack.pop()
            return True
        return False
    if not alive or _ka(s, f, a) <= 0 or _ka(s, f, b) <= 0 or f["passes"] >= 2:
        _finish(s, f, ev)
        return True
    if f["step"] == "clash":
        _clash(s, f, ev)
        return True
    if f["step"] == "thrust":
        f["seat"] = s.owner[f["turn"]]
    else:
        other = a if f["turn"] == b else b
        f["seat"] = s.owner[other]
    return False


def _legal(s: BurningSandsState, f):
    p = f["seat"]
    if f["step"] == "answer":
        return [A("accept"), A("refuse")]
    if f["step"] == "thrust":
        return [A("thrust", u) for u in s.hand[p]] + [A("pass")]
    out = [A("parry", u) for u in s.hand[p]]
    if s.deck[p] or s.saved[p] or not out:
        out.append(A("blind"))  # with no card anywhere the blind parry is worth 0
    return out


def _apply(s: BurningSandsState, f, a, ev):
    k = a.kind
    p = f["seat"]
    if k == "refuse":
        s.stack.pop()
        log(ev, "refuse", f"{player_name(s, p)} refuses the challenge.")
        return
    if k == "accept":
        f["step"] = "thrust"
        s.duel = [f["a"], f["b"]]
        log(ev, "duel", f"{player_name(s, p)} accepts: the duel begins.")
        open_window(s, {"on": "duel", "duel": [f["a"], f["b"]]}, s.owner[f["a"]])
        return
    if k == "pass":
        f["passes"] += 1
        f["turn"] = f["a"] if f["turn"] == f["b"] else f["b"]
        log(ev, "duel_pass", f"{player_name(s, p)} does not thrust.")
        return
    if k == "thrust":
        u = a.args[0]
        s.hand[p].remove(u)
        f["thrust"] = u
        f["passes"] = 0
        f["step"] = "parry"
        log(ev, "thrust", f"{player_name(s, p)} thrusts a card face down.")
        # Reactions to the thrust: the opponent is asked first (Challenges and Duels; Reactions)
        open_window(s, {"on": "thrust", "duel": [f["a"], f["b"]], "seat": p,
                        "depth": len(s.stack) - 1}, p)
        return
    # parry: the parry card is placed, the thrust revealed; Reactions may answer the parry
    blind = k == "blind"
    if blind:
        u = top_of_deck(s, p)
    else:
        u = a.args[0]
        s.hand[p].remove(u)
    f["parry"] = u
    f["blind"] = 1 if blind else 0
    f["step"] = "clash"
    t = f["thrust"]
    ev.append(Event("reveal", {"thrust": t, "parry": u, "blind": blind},
                    f"{player_name(s, p)} parries{' blind' if blind else ''} with "
                    f"{card(s, u).fate if u >= 0 else 0} against a thrust of {card(s, t).fate}.",
                    reveal=True))
    open_window(s, {"on": "parry", "duel": [f["a"], f["b"]], "seat": p,
                    "depth": len(s.stack) - 1}, p)


def values(s: BurningSandsState, f):
    """(thrust, parry) values of the round being fought: the cards' Fate values with the
    Reactions' changes (never below 0), before Duelist."""
    t, u = f["thrust"], f["parry"]
    tv = max(0, card(s, t).fate + f["mod"][0])
    pv = max(0, (card(s, u).fate if u >= 0 else 0) + f["mod"][1])
    return tv, pv


def _clash(s: BurningSandsState, f, ev):
    """Resolving a Dueling Round: compare the values; the difference comes off the defender's
    Ka until the duel ends; both cards are discarded (a blind parry is buried); roles swap."""
    t, u = f["thrust"], f["parry"]
    tv, pv = values(s, f)
    defender = f["a"] if f["turn"] == f["b"] else f["b"]
    if "Duelist" in card(s, defender).traits and pv < tv:
        pv += 1
    diff = abs(tv - pv)
    f["loss"][0 if defender == f["a"] else 1] += diff
    _discard_round(s, f)
    ev.append(Event("parry", {"thrust": t, "parry": u, "blind": bool(f["blind"]), "damage": diff,
                              "hero": defender},
                    f"Thrust {tv} against parry {pv}{' (blind, buried)' if f['blind'] else ''}: "
                    f"{card(s, defender).name} loses {diff} Ka.", reveal=True))
    f["blind"] = 0
    f["step"] = "thrust"
    f["turn"] = defender


def _discard_round(s: BurningSandsState, f):
    """The round's cards leave the duel: the thrust to its owner's Saved pile, the parry to its
    owner's Saved pile (Buried if blind)."""
    t, u = f["thrust"], f["parry"]
    if t >= 0:
        s.saved[s.owner[t]].append(t)
    if u >= 0:
        (s.buried if f["blind"] else s.saved)[s.owner[u]].append(u)
    f["thrust"] = f["parry"] = -1
    f["mod"] = [0, 0]


def _finish(s: BurningSandsState, f, ev):
    s.stack.pop()
    s.duel = []
    _discard_round(s, f)  # a duel ended mid-round (a Hero left play) keeps no card
    a, b = f["a"], f["b"]
    alive = [h for h in (a, b) if h in s.heroes[s.owner[h]]]
    if len(alive) < 2:
        return
    ka_a, ka_b = _ka(s, f, a), _ka(s, f, b)
    if ka_a > ka_b:
        losers, winner = [b], a
    elif ka_b > ka_a:
        losers, winner = [a], b
    else:
        losers, winner = [a, b], -1
    for h in losers:
        if f["loser"] == "bow":
            s.bowed[h] = 1
        else:
            destroy(s, h, ev)
    log(ev, "duel_over", (f"{card(s, winner).name} wins the duel." if winner >= 0 else
                          "The duel is a tie: both Heroes lose."))
    if winner >= 0:
        stories.tale(s, s.owner[winner], "duel_won")


_TASKS = {"answer": "to accept or refuse the challenge", "thrust": "to thrust or pass",
          "parry": "to parry the thrust", "clash": "to parry the thrust"}


def _reason(s: BurningSandsState, f, seat, a):
    empty = a.kind in ("thrust", "parry") and not s.hand[seat]
    why = f"{player_name(s, seat)} has no card in hand to {a.kind} with." if empty else ""
    return refuse(s, f, seat, _TASKS[f["step"]], why)


# name, legal, apply, auto, reason, rule
STAGES = (("duel", _legal, _apply, _auto, _reason, "Challenges and Duels"),)
