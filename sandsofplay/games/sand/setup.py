"""Setting up a game of Sand (Rulebook: Setup, General Preparation and Preparation of the Players;
Alhazred: Preparing the Game) and the set-up questions: the Desert Travelers chosen in reverse turn
order and the first player's roll with one optional reroll."""

from __future__ import annotations

from sandsofplay.engine import RNG, Action, Event
from sandsofplay.engine.flow import Question

from .core import A, BANK, D, new_turn_flags, rand, shuffle, who
from .data import PLANTS, TYPES
from .state import SandState

R_TRAVELER = "Preparation of the Players (11)"
ALH_START = "camp_m2"  # the centre camp closest to the mountains


def blank_player(seat: int) -> dict:
    return {"hyd": D.track_start["hydration"], "food": D.track_start["food"],
            "hp": D.track_start["health"], "pray": D.track_start["prayer"],
            "prest": D.track_start["prestige"], "coins": D.start_coins, "loc": D.port, "worm": 0,
            "slots": D.start_slots, "tok": [0, 0, 0, 0], "cargo": [], "shelter": "", "store": [],
            "songs": D.songs, "comp": [], "rec": {t: [] for t in TYPES}, "seals": [], "minor": [],
            "kept": [], "trav": "basic", "aband": [], "turns": 0}


def new_state(n: int, travelers: str, level: str, seed: int) -> SandState:
    s = SandState()
    s.n = n
    s.solo = n == 1
    s.level = level if s.solo else ""
    s.rng = RNG(seed).state
    players_for_cards = 2 if s.solo else n
    days = 4 if n == 4 else 5
    s.rounds = days + 1
    s.round = 1
    s.phase = 0
    s.per_day = players_for_cards + 1
    # Missions: players + 1 cards from each workday, stacked with the first workday on top
    deck = []
    for d in range(1, days + 1):
        cards = sorted(m.number for m in D.missions.values() if m.day == d)
        shuffle(s, cards)
        deck.extend(cards[:s.per_day])
    s.deck = deck
    s.display = sorted(deck[:s.per_day], reverse=True)
    s.deck = deck[s.per_day:]
    s.picks = []
    s.mdiscard = []
    s.seals = list(PLANTS)
    s.seals_gone = []
    s.bag = {c: D.counts[c] for c in PLANTS}
    s.reserve = {c: D.counts[c] for c in D.goods if D.goods[c] != "plant"}
    s.cities = {c: ["", ""] for c in D.cities}
    for c in D.cities:
        for slot in range(1 if D.locations[c].sea else 2):
            s.cities[c][slot] = draw_plant(s)
    s.camps = {}
    s.minor = {}
    for side in ("sea", "mountain"):
        tiles = sorted(cid for cid, camp in D.camps.items() if camp.back == side)
        shuffle(s, tiles)
        for space, cid in zip(D.camp_spaces[side], tiles):
            s.camps[space] = cid
            s.minor[space] = [1, 2]
    s.songs = {c: -1 for c in D.cities}
    s.players = [blank_player(i) for i in range(n)]
    s.bank = BANK - D.start_coins * n
    order = list(range(n))
    shuffle(s, order)
    if s.solo:
        order = [0]
    s.order = order
    for pos, seat in enumerate(order):
        s.players[seat]["prest"] += D.turn_prestige[pos]
    s.alh = None
    s.codex, s.cdiscard, s.codex_shown = [], [], []
    if s.solo:
        s.alh = {"loc": ALH_START, "coins": D.start_coins, "cargo": [],
                 "rec": {t: [] for t in TYPES},
                 "minor": [], "seals": [], "songs": D.songs if level == "expert" else 0,
                 "missions": []}
        s.bank -= D.start_coins
        s.codex = sorted(D.codex)
        shuffle(s, s.codex)
    s.dice = [0, 0, 0, 0]
    s.turn = new_turn_flags()
    s.pending = []
    s.oi = 0
    s.cur = order[0]
    s.over = False
    s.result = None
    s.actions = 0
    s.started = False
    if travelers == "choose":
        offer = sorted(D.travelers)
        shuffle(s, offer)
        s.offer = sorted(offer[:n + 1])
        s.queue = list(reversed(order))
        s.step = "traveler"
        s.cur = s.queue[0]
    else:
        s.offer = []
        s.queue = []
        start_roll(s)
    return s


def draw_plant(s: SandState) -> str:
    total = sum(s.bag.values())
    if total <= 0:
        return ""
    k = rand(s, total)
    for c in PLANTS:
        if k < s.bag[c]:
            s.bag[c] -= 1
            return c
        k -= s.bag[c]
    return ""  # not reached


def roll(s: SandState) -> None:
    s.dice = [1 + rand(s, 6) for _ in range(4)]


def start_roll(s: SandState) -> None:
    """The first player rolls the dice and may reroll all of them once."""
    roll(s)
    s.step = "roll"
    s.cur = s.order[0]


# --- the Desert Travelers, chosen in reverse turn order -------------------------------------------

def legal_traveler(s: SandState, q: Question) -> list[Action]:
    return [A("traveler", t) for t in s.offer]


def do_traveler(s: SandState, q: Question, a: Action, ev: list) -> None:
    seat, t = q.seat, a.args[0]
    s.players[seat]["trav"] = t
    s.offer.remove(t)
    ev.append(Event("traveler", {"seat": seat, "traveler": t},
                    f"{who(s, seat)} travels as {D.travelers[t]}."))
    s.queue.pop(0)
    if s.queue:
        s.cur = s.queue[0]
    else:
        s.offer = []
        start_roll(s)


def traveler_reason(s: SandState, q: Question, seat: int, a: Action) -> str:
    offer = "; ".join(D.travelers[t] for t in s.offer)
    return f"{who(s, seat)} first chooses a Desert Traveler from those on offer: {offer}."


# name, legal, apply, auto, reason, rule
STAGES = (("traveler", legal_traveler, do_traveler, None, traveler_reason, R_TRAVELER),)
