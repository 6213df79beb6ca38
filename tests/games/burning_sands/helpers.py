"""Scenario helpers for the Burning Sands tests: start a game with the suggested City Sections,
then arrange cards by hand (new cards are made for the scenario) and act with action text."""

from __future__ import annotations

from sandsofplay.engine import Action, Setup
from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands import setup as setupmod, stages
from sandsofplay.games.burning_sands.cards import card
from sandsofplay.games.burning_sands.data import get as data

D = data()


def new(decks=("senpet", "moto"), seed=1, **options):
    n = len(decks)
    opts = {f"deck{i + 1}": d for i, d in enumerate(decks)}
    opts.update(options)
    opts.setdefault("sections", "plan")
    return GAME.new_state(Setup.make("burning_sands", ["human"] * n, seed=seed, **opts))


def make(s, p, cid, where="hand", bowed=0, to=None):
    """A new card ``cid`` owned by p put in a zone: hand, deck (top), hero, home, section,
    attach (under hero/section ``to``), saved, buried."""
    u = setupmod._new_card(s, cid, p)
    s.decks = [list(x) for x in s.decks]  # decks are shared between clones: replace, never edit
    s.decks[p].append(D.by_id[cid].idx)
    if where == "hand":
        s.hand[p].append(u)
    elif where == "deck":
        s.deck[p].append(u)
    elif where == "hero":
        s.heroes[p].append(u)
    elif where == "home":
        s.home[p].append(u)
    elif where == "section":
        s.sections[p].append(u)
        s.water[u] = card(s, u).capacity
        s.w_start += s.water[u]
    elif where == "attach":
        s.att[to].append(u)
    elif where in ("saved", "buried"):
        getattr(s, where)[p].append(u)
    s.bowed[u] = bowed
    s._cache = None
    return u


def clear_hand(s, p):
    """Put p's hand at the bottom of the Saved pile (out of the way)."""
    s.saved[p][:0] = s.hand[p]
    s.hand[p] = []
    s._cache = None


def phase(s, ph="day", seat=0):
    """Throw away pending questions and give ``seat`` the action in the Day or Night Phase."""
    s.stack = [{"k": "newturn", "seat": -1}, {"k": "end", "seat": -1}]
    if ph == "day":
        s.stack.append({"k": "prio", "seat": seat, "phase": "night", "passes": 0, "acted": 0})
    s.stack.append({"k": "prio", "seat": seat, "phase": ph, "passes": 0, "acted": 0})
    s.atk = None
    s._cache = None
    return s


def act(s, text, seat=None):
    if seat is None:
        seat = GAME.to_act(s)[0]
    return GAME.apply(s, seat, Action.parse(text))


def legal(s, seat=None):
    if seat is None:
        seat = GAME.to_act(s)[0]
    return [str(a) for a in GAME.legal_actions(s, seat)]


def asking(s):
    """(frame kind, seat) of the question being asked."""
    f = s.stack[-1]
    return f["k"], f.get("seat")


def pay_all(s):
    """Answer a payment by bowing producers and paying Water in the order offered."""
    while s.stack and s.stack[-1]["k"] == "play" and s.stack[-1]["step"] == "pay":
        opts = [a for a in legal(s) if a != "abandon"]
        act(s, opts[0])


def settle(s):
    ev = []
    stages.settle(s, ev)
    s._cache = None
    return ev


def strip(s, p):
    """Remove p's Heroes and home cards except the Stronghold (to the Buried pile)."""
    for h in list(s.heroes[p]):
        s.buried[p] += [h] + s.att[h]
        s.att[h] = []
    s.heroes[p] = []
    keep = [u for u in s.home[p] if card(s, u).type == "stronghold"]
    s.buried[p] += [u for u in s.home[p] if u not in keep]
    s.home[p] = keep
    s._cache = None


def fresh(decks=("senpet", "khadi"), seat=0, ph="day"):
    """A new game with every player's Heroes, home cards (but the Stronghold) and hand put away,
    ``seat`` to act in the Day or Night Phase: a bare table for a scenario."""
    s = new(decks)
    for p in range(len(decks)):
        strip(s, p)
        clear_hand(s, p)
    return phase(s, ph, seat)


def attack(s, sec, units, defenders=(1,)):
    """The seat to act attacks ``defenders``, then ``units`` (attackers first, in the order
    given) are assigned to the City Section ``sec``."""
    act(s, "attack")
    for d in defenders:
        act(s, f"defender {d}")
    act(s, "declare")
    for u in units:
        act(s, f"assign {u} {sec}")


def raid(s, sec, hero, fate):
    """The seat to act raids City Section ``sec`` with ``hero``, playing ``fate`` from its hand."""
    act(s, "raid")
    act(s, f"rsec {sec}")
    act(s, f"rhero {hero}")
    act(s, f"rcard {fate}")
    act(s, "go")


def play_out(s):
    """Answer the questions of a card being played (targets, payment) with the first choice."""
    while asking(s)[0] == "play":
        act(s, legal(s)[0])


def challenge(s, card_id, target, champion):
    """The seat to act plays the challenge ``card_id`` against ``target`` with ``champion`` and
    pays for it: the challenged player is asked to accept or refuse."""
    act(s, f"play {card_id}")
    act(s, f"target {target}")
    act(s, f"champion {champion}")
    play_out(s)


def battle(att, dfn, decks=("senpet", "khadi")):
    """Seat 0 attacks seat 1's first section with Heroes ``att`` (card ids) against ``dfn``."""
    s = fresh(decks)
    a = [make(s, 0, c, "hero") for c in att]
    d = [make(s, 1, c, "hero") for c in dfn]
    sec = s.sections[1][0]
    attack(s, sec, a + d)
    while asking(s)[0] == "attack":
        act(s, "done")
    return s, a, d, sec


def charge_battle():
    """Seat 0 attacks seat 1's Jewel of the Desert (7 Water, no defenders) with a 2S Sellsword,
    holding Charge (+3S, Battle Action Segment) and the Copper for it."""
    s = fresh(("senpet", "khadi"))
    hero = make(s, 0, "sellsword", "hero")
    charge = make(s, 0, "charge", "hand")
    sec = next(x for x in s.sections[1] if s.water[x] == 7)
    attack(s, sec, [hero])
    while asking(s)[0] == "attack":
        act(s, "done")
    assert asking(s) == ("battle", 0)
    return s, hero, charge, sec
