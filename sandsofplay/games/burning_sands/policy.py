"""The rule-based bot policy (``normal`` and ``hard`` levels). It sees only the observation: it
rebuilds a state with ``observe.determinize`` (hidden cards dealt at random) and reads only what
is public plus its own hand. Each question gets a short, explainable preference: keep Water
(it is life), build Copper early, hire the strongest Heroes it can afford, attack the weakest
City Section when its army is stronger, raid with high Fate cards, absorb damage at the lowest
cost, accept duels it is likely to win. Both paths to victory [How to Win] are plans: a Story
in hand that can still be told makes the event of its Tale worth seeking (a raid for the Hidden
Oasis, a Spell for the Falling Star, a fourth Hero for the Thousand Courtiers, a razed City
Section for the Fallen Gate, a won duel for the Twin Blades), Stories are kept in hand (not
spent as Fate values), and when an opponent is one Story from a Story Victory (its deck list is
public) the bot denies the events that would tell it: it defends against that player's raids,
refuses its challenges, defends and keeps its City Sections.

``eps`` is the chance of answering at random (the ``normal`` level makes a few mistakes);
``search`` (the ``hard`` level) turns on the look-ahead of ``search`` for battles and attacks.
"""

from __future__ import annotations

from . import observe
from . import search as searchmod
from .cards import card, followers, ka, section_strength, strength, water_of
from .payment import producers
from .strategy import STORY_WIN, story_points, tellable, threat_events, threats, wanted_tales
from .state import BurningSandsState
from .targeting import battle_units

BAD_OPS = ("bow", "destroy", "strike", "discard_random", "challenge")


SLICE = 8  # legal actions scored between two yields of ``choose_steps``
# answers that are not a play: never overlooked by ``miss``
SEEN = ("pass", "done", "ready", "nodefend", "refuse", "keep", "noarchery", "nodemand", "decline")


def choose(obs, legal, rng, eps=0.0, **params):
    """The answer in one go: ``choose_steps`` run to its end."""
    steps = choose_steps(obs, legal, rng, eps, **params)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def choose_steps(obs, legal, rng, eps=0.0, search=0, noise=0.0, miss=0.0, **_):
    """The policy as a resumable search for the time-sliced ``PolicyBot``: a generator that does
    nothing until first resumed, then works in bounded pieces (dealing the hidden cards one
    player at a time, scoring ``SLICE`` legal actions at a time), yields the best action so far
    (or ``None`` before any is scored) between pieces and returns its choice. It draws from
    ``rng`` in the same order however it is sliced, so the answer never depends on the slicing.
    ``search`` (the ``hard`` level): the number of dealt worlds in which a battle trick is
    played forward before it is chosen (``search``). ``noise`` (the ``easy`` level): a random
    amount up to this much is added to every score, so that a beginner's judgement blurs the
    close choices (and sometimes the clear ones) instead of weighing them exactly. ``miss``
    (the ``easy`` level): the chance that each play open to the bot is overlooked (not
    weighed at all), as a beginner misses a card it could play, an attack or a Reaction; passing
    is always seen, and a question with no such answer (a choice that must be made: which unit
    absorbs, which card to discard) is weighed whole."""
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    if eps and rng.random() < eps:
        return rng.choice(legal)
    s = yield from observe.determinize_steps(obs, rng)
    me = obs["seat"]
    f = s.stack[-1]
    k = f["k"]
    kind = searchmod.horizon(s, f, legal) if search else None
    if kind:
        return (yield from searchmod.search_steps(obs, s, me, legal, rng, search, PICK, SLICE, kind))
    fn = PICK.get(k)
    best, best_v = legal[0], -1e9
    miss = miss if any(a.kind in SEEN for a in legal) else 0.0  # a forced choice is weighed
    for i, a in enumerate(legal):
        if i and i % SLICE == 0:
            yield best
        if miss and a.kind not in SEEN and rng.random() < miss:
            continue
        v = fn(s, me, f, a) if fn else 0.0
        v += rng.random() * (noise or 0.01)
        if v > best_v:
            best, best_v = a, v
    return best


# --- helpers -----------------------------------------------------------------------------------
def hero_value(s: BurningSandsState, h) -> float:
    c = card(s, h)
    return 3.0 + 1.5 * strength(s, h) + 0.5 * ka(s, h) + 0.3 * c.copper


def opp_power(s: BurningSandsState, me) -> int:
    return max((sum(strength(s, h) for h in s.heroes[q] if not s.bowed[h])
                for q in range(s.n) if q != me and s.alive[q]), default=0)


def my_power(s: BurningSandsState, me) -> int:
    return sum(strength(s, h) for h in s.heroes[me] if not s.bowed[h])


def _ops(c, ab):
    if ab < 0 or ab >= len(c.abilities):
        return ()
    return tuple(d["op"] for d in c.abilities[ab].do)


def _spec_value(s: BurningSandsState, me, c, ab, in_battle=False) -> float:
    ops = _ops(c, ab)
    if not ops:
        return 4.0 if ("Omen" in c.traits or "Battle Omen" in c.traits) else 0.0
    spec = c.abilities[ab]
    v = 0.0
    for d in spec.do:
        op = d["op"]
        if op == "draw":
            v += 3.0 * d.get("n", 1)
        elif op == "gain_water":
            v += 7.0
        elif op in ("destroy", "strike"):
            v += 9.0
        elif op == "bow":
            v += 3.0 if spec.when in ("night", "battle") else 1.0
        elif op == "straighten":
            v += 2.0
        elif op == "challenge":
            v += 6.0 if best_challenge(s, me)[1] > 0 else -2.0
        elif op == "bonus":
            dur = d.get("dur", "turn")
            pos = d.get("s", 0) + d.get("k", 0)
            if dur != "turn" or in_battle:
                v += 2.0 + abs(pos)
            else:
                v -= 1.0
        elif op == "discard_random":
            v += 2.0
        elif op == "send_home":
            v += -3.0
    return v


def tale_bonus(s: BurningSandsState, me, ev) -> float:
    """How much an event is worth to ``me`` because a Story in hand would be told at it: a
    Story Victory is worth most, any other Story some."""
    pts = wanted_tales(s, me).get(ev, 0)
    if not pts:
        return 0.0
    return 14.0 if story_points(s, me) + pts >= STORY_WIN else 5.0


def keep_card(s: BurningSandsState, me, u) -> float:
    """What spending a card from hand as a Fate value (raid, parry, thrust, absorb, Tactician)
    gives up besides the card: a Story that can still be told is a step of a plan."""
    if not tellable(s, me, u):
        return 0.0
    return 8.0 + 2.0 * card(s, u).points


# --- duels: the Assassins' plan ----------------------------------------------------------------
DUEL_TRIGGERS = ("duel", "thrust", "parry")


def duel_tricks(s: BurningSandsState, p) -> float:
    """Ka a duel is worth to p beyond the printed Ka: duel Reactions in hand (Feint, Steady
    Nerves, Sidestep, Riposte ...; at most two counted) - seen by p alone."""
    n = 0.0
    for u in s.hand[p]:
        c = card(s, u)
        for ab in c.abilities:
            if ab.when == "reaction" and ab.trigger.get("on") in DUEL_TRIGGERS:
                n += 1.0
                break
    return min(n, 2.0)


def would_accept(s: BurningSandsState, champ, t) -> bool:
    """Whether the challenged side accepts (the rule of ``_duel``'s ``accept``, which reads
    only public Ka): a duel its Hero is not behind in - by two when the challenger's Twin
    Blades would win it the game."""
    need = 2 if "duel_won" in threat_events(s, s.owner[champ]) else 0
    return ka(s, t) >= ka(s, champ) + need


def duel_edge(s: BurningSandsState, me, champ, t) -> float:
    """Expected Ka lead of ``champ`` over ``t`` once the duel starts: printed Ka, the tricks in
    hand, Duelist (a parry below the thrust counts one more)."""
    e = ka(s, champ) - ka(s, t) + duel_tricks(s, me)
    e += 0.5 * ("Duelist" in card(s, champ).traits) - 0.5 * ("Duelist" in card(s, t).traits)
    return e


def best_challenge(s: BurningSandsState, me, champ=-1):
    """(target, worth) of the best challenge for ``me``: a duel is fought only if accepted
    (refusing costs nothing [Challenges and Duels]), so the target is a Hero whose side would
    accept and that ``champ`` (else the best unbowed Hero) should beat; worth <= 0 if none."""
    champs = [champ] if champ >= 0 else [h for h in s.heroes[me] if not s.bowed[h]]
    best, best_v = -1, 0.0
    for c in champs:
        for q in range(s.n):
            if q == me or not s.alive[q]:
                continue
            for t in s.heroes[q]:
                if not would_accept(s, c, t):
                    continue
                e = duel_edge(s, me, c, t)
                if e < 1.0:
                    continue
                v = e + 0.5 * strength(s, t) + 0.3 * card(s, t).copper / 3.0
                if v > best_v:
                    best, best_v = t, v
    return best, best_v


# --- per question --------------------------------------------------------------------------------
def _buy(s: BurningSandsState, me, f, a):
    """City Sections: the deck's suggested set first (it is designed for the deck's plan: a
    greedy buyer of the best single section ends with five copies of the cheapest one), then
    the best of the rest while City Points last."""
    from .data import get
    plan = list(get().decks[s.setup_q[me]].plan)
    for u in s.sections[me]:
        sid = card(s, u).id
        if sid in plan:
            plan.remove(sid)
    if a.kind == "ready":
        return 0.0 if plan else 1.0
    c = get().by_id[a.args[0]]
    if a.args[0] in plan:
        return 30.0 - plan.index(a.args[0])
    return (-5.0 if plan else 0.0) + c.capacity + c.strength - c.cp_cost


def _prio(s: BurningSandsState, me, f, a):
    k = a.kind
    water = water_of(s, me)
    if k == "pass":
        return 0.0
    if k == "play":
        c = card(s, a.args[0])
        t = c.type
        if t == "hero":
            tale = tale_bonus(s, me, "hero_played") if len(s.heroes[me]) + 1 >= 4 else 0.0
            if water - c.water < (4 if tale else 7):
                return -1.0
            return 8.0 + 1.5 * c.s + 0.5 * c.k - c.water + tale
        if t == "holding":
            if c.produce:
                return 12.0 if len(producers(s, me)) + sum(1 for u in s.home[me] if s.bowed[u]) < 5 else 2.0
            if "Fortification" in c.traits:
                return 4.0
            return 5.0
        if t in ("follower", "item"):
            return 6.0
        if c.jinn:
            tale = tale_bonus(s, me, "spell_cast") + (
                tale_bonus(s, me, "hero_played") if len(s.heroes[me]) + 1 >= 4 else 0.0)
            if water - c.water < (4 if tale else 7):
                return -1.0
            return 8.0 + 1.5 * c.s + 0.5 * c.k - c.water + tale
        if t == "pantheon":
            return 9.0 if not any(card(s, u).type == "pantheon" for u in s.home[me]) else -1.0
        tale = tale_bonus(s, me, "spell_cast") if c.type == "spell" else 0.0
        if c.water and water - c.water < (5 if tale else 8):
            return -1.0
        v = _spec_value(s, me, c, 0, in_battle=False) - (0.5 if c.type == "spell" else 0.0)
        if tale:
            return max(v, 0.5) + tale
        return v + _duel_tale(s, me, c, 0)
    if k == "use":
        c = card(s, a.args[0])
        return _spec_value(s, me, c, a.args[1]) + _duel_tale(s, me, c, a.args[1])
    if k == "attack":
        mine, theirs = my_power(s, me), opp_power(s, me)
        if mine >= 3 and mine > theirs:
            return 7.0 + 0.3 * tale_bonus(s, me, "section_razed")
        if mine >= 3 and mine >= theirs and tale_bonus(s, me, "section_razed"):
            return 6.0
        return -1.0
    if k == "raid":
        best = max((card(s, u).fate for u in s.hand[me] if not tellable(s, me, u)), default=0)
        return (6.0 if best >= 3 else 1.0) + tale_bonus(s, me, "raid_won")
    if k == "overlay":
        return 8.0
    return -2.0  # transfers


def _duel_tale(s: BurningSandsState, me, c, ab) -> float:
    """A challenge is worth more with the Twin Blades in hand (if the duel is likely won)."""
    if "challenge" not in _ops(c, ab) or not tale_bonus(s, me, "duel_won"):
        return 0.0
    return 0.5 * tale_bonus(s, me, "duel_won") if best_challenge(s, me)[1] > 0 else 0.0


def _play(s: BurningSandsState, me, f, a):
    k = a.kind
    if k == "abandon":
        return -10.0
    if k == "sahir":
        return 1.0
    if k == "produce":
        left = f["cu"]
        got = card(s, a.args[0]).produce
        return 5.0 - abs(left - got) if got <= left else 3.0 - (got - left)
    if k == "water":
        return float(s.water[a.args[0]])
    if k == "influence":
        return 1.0
    if k == "champion":
        h, tg = a.args[0], f.get("tg", -1)
        if tg >= 0 and tg in s.heroes[s.owner[tg]]:  # the challenger the target would accept
            return duel_edge(s, me, h, tg) + (0.0 if would_accept(s, h, tg) else -10.0)
        return float(ka(s, h))
    if k == "target":
        t = a.args[0]
        c = card(s, f["src"])
        ops = _ops(c, f["ab"])
        hostile = any(op in BAD_OPS for op in ops) or any(
            d["op"] == "bonus" and d.get("s", 0) + d.get("k", 0) < 0
            for d in (c.abilities[f["ab"]].do if f["ab"] >= 0 else ()))
        mine = s.owner[t] == me
        val = strength(s, t) + 0.5 * ka(s, t) if card(s, t).type != "section" else 0.0
        if f["ab"] < 0:  # attaching: the strongest unbowed Hero
            return val
        if "challenge" in ops and not mine:  # a duel it would accept and we should win
            champs = [f["champ"]] if f["champ"] >= 0 else [
                h for h in s.heroes[me] if not s.bowed[h]]
            best = -10.0
            for ch in champs:
                e = duel_edge(s, me, ch, t)
                best = max(best, (3.0 * e if would_accept(s, ch, t) else 3.0 * e - 12.0))
            return best + 0.5 * strength(s, t)
        if hostile:
            return (val if not mine else -val - 10.0)
        return (val if mine else -val - 10.0)
    return 0.0


def _window(s: BurningSandsState, me, f, a):
    if a.kind == "pass":
        return 0.0
    c = card(s, a.args[0])
    trig = f["trig"]
    if trig["on"] == "targeted":
        return 5.0
    if trig["on"] in ("thrust", "parry"):
        return _duel_reaction(s, me, trig, c.abilities[a.args[1]])
    return 3.0 if c.type != "story" else 20.0


def _round_damage(s: BurningSandsState, g, tv, pv):
    """(defending Hero, Ka it loses) in a duel round with these values (Duelist included)."""
    defender = g["a"] if g["turn"] == g["b"] else g["b"]
    if "Duelist" in card(s, defender).traits and pv < tv:
        pv += 1
    return defender, abs(tv - pv)


def _duel_reaction(s: BurningSandsState, me, trig, ab):
    """A Reaction to a thrust or a parry: after a parry both values are known, so it is played
    only if it leaves the round better for ``me``; the thrust it answers is still face down
    after a thrust (its value is not used: it is unknown to ``me``)."""
    g = s.stack[trig["depth"]]
    gain = 0.0
    for d in ab.do:
        if d["op"] == "duel_wound":
            gain += d.get("n", 1)
    vals = [d for d in ab.do if d["op"] == "duel_value"]
    if vals and trig["on"] == "parry":
        from .duel import values
        tv, pv = values(s, g)
        hero, before = _round_damage(s, g, tv, pv)
        for d in vals:
            if d["card"] == "thrust":
                tv = max(0, tv + d.get("n", 0))
            else:
                pv = max(0, pv + d.get("n", 0))
        _hero, after = _round_damage(s, g, tv, pv)
        gain += (before - after) if s.owner[hero] == me else (after - before)
    elif vals:
        gain += 1.0 if all((d["card"] == "thrust") == (d.get("n", 0) < 0) for d in vals) else -1.0
    return 3.0 * gain - 1.0


def _weak_section(s: BurningSandsState, q):
    return min(s.sections[q], key=lambda x: section_strength(s, x) * 2 + s.water[x])


def _attack(s: BurningSandsState, me, f, a):
    k = a.kind
    atk = s.atk
    if k == "defender":
        q = a.args[0]
        return 10.0 - sum(strength(s, h) for h in s.heroes[q] if not s.bowed[h]) - len(s.sections[q])
    if k in ("declare", "nodemand", "decline"):
        return 1.0
    if k == "demand":
        return 2.0
    if k == "invite":
        return -1.0
    if k == "token":
        return 0.5
    if k == "done":
        return 0.0
    if k == "assign":
        h, sec = a.args
        role = f["seq"][f["i"]][1] if f.get("seq") else "a"
        if role == "a":
            target = _weak_section(s, s.owner[sec])
            return 5.0 + (3.0 if sec == target else -2.0) + 0.1 * strength(s, h)
        if role == "d":
            here = sum(strength(s, x[0]) for x in atk["units"] if x[2] == sec and x[3] == "a")
            mine = sum(strength(s, x[0]) for x in atk["units"] if x[2] == sec and x[3] == "d")
            if here == 0:
                return -1.0
            if "section_razed" in threats(s, me) and mine <= here:
                return 6.0 + 0.1 * strength(s, h)  # a razed section would tell their Story
            return 3.0 + (2.0 if mine < here else -4.0) + 0.1 * strength(s, h)
        return -1.0  # allies stay out unless bound (then the first choice is forced)
    return 0.0


def _battle(s: BurningSandsState, me, f, a):
    k = a.kind
    if k == "pass":
        return 0.0
    if k in ("engage", "engage1"):
        return 5.0 + strength(s, a.args[0])
    if k == "home":
        return -5.0
    if k == "tactic":
        return 6.0 if max((card(s, u).fate for u in s.hand[me]), default=0) >= 3 else -1.0
    if k in ("play", "use"):
        c = card(s, a.args[0])
        ab = a.args[1] if k == "use" else 0
        if _strength_only(c, ab) and not _can_engage(s, me):
            return -1.0  # damage is dealt on engaging: the bonus would come too late
        return _spec_value(s, me, c, ab, in_battle=True) + 1.0
    return 0.0


def _strength_only(c, ab) -> bool:
    """Whether the ability only gives Strength (with or without Ka) until the end of the turn:
    Charge, Rally, Noon Blessing, the Sun Priestess, the Senpet Citadel ..."""
    do = c.abilities[ab].do if 0 <= ab < len(c.abilities) else ()
    return bool(do) and all(d["op"] == "bonus" and d.get("dur", "turn") == "turn"
                            and d.get("s", 0) > 0 for d in do)


def _can_engage(s: BurningSandsState, me) -> bool:
    """Whether a unit of ``me`` in this battle can still engage: an unbowed Hero, or an unbowed
    Follower with a Strength of its own [Engaging the Enemy]."""
    for h, q, _sd in battle_units(s):
        if q != me:
            continue
        if not s.bowed[h] or any(not s.bowed[u] and card(s, u).s > 0 and not card(s, u).s_plus
                                 for u in followers(s, h)):
            return True
    return False


def _absorb(s: BurningSandsState, me, f, a):
    k = a.kind
    left = max(1, f["left"])
    if k == "archery":
        u = a.args[0]
        return 5.0 + strength(s, u) if strength(s, u) <= f["dmg"] + f.get("adj", 0) else -5.0
    if k == "noarchery":
        return 0.0
    if k == "done":
        return 100.0
    if k == "fate":
        return 50.0 + card(s, a.args[0]).fate - 5.0 * keep_card(s, me, a.args[0])
    if k == "ask":
        return 60.0  # an ally's card saves one of ours
    if k == "keep":
        return 0.0
    if k == "spill":
        cost, got = 3.0, 1
    elif k == "raze":
        cost, got = (30.0 if "section_razed" not in threats(s, me) else 300.0), left
    else:
        u = a.args[0]
        c = card(s, u)
        cost = hero_value(s, u) if c.type == "hero" else 2.0 + c.copper * 0.5
        got = min(strength(s, u), left)
    if got <= 0:
        return -50.0
    return -cost / got - 0.1 * cost


def _raid(s: BurningSandsState, me, f, a):
    k = a.kind
    if k == "go":
        return 1.0 if f["list"] else -5.0
    if k == "rsec":
        sec = a.args[0]
        if s.water[sec] == 0:
            return -3.0
        return 5.0 - section_strength(s, sec) + 0.2 * s.water[sec]
    if k == "rhero":
        from .cards import carry, raid_mod
        h = a.args[0]
        return raid_mod(s, h) * 2 + carry(s, h) - 0.2 * strength(s, h)
    if k in ("rcard", "dcard"):
        return float(card(s, a.args[0]).fate) - keep_card(s, me, a.args[0])
    if k == "defend":
        if "raid_won" in threats(s, me):
            return 4.0  # a won raid would tell the raider's Story
        return 2.0 if max((card(s, u).fate for u in s.hand[me]), default=0) >= 3 else -1.0
    if k == "nodefend":
        return 0.0
    return 0.0


def _duel(s: BurningSandsState, me, f, a):
    k = a.kind
    mine = f["a"] if s.owner[f["a"]] == me else f["b"]
    theirs = f["b"] if mine == f["a"] else f["a"]
    if k == "accept":
        if "duel_won" in threat_events(s, s.owner[theirs]):
            return 1.0 if ka(s, mine) >= ka(s, theirs) + 2 else -1.0  # a lost duel tells it
        return 1.0 if ka(s, mine) >= ka(s, theirs) else -1.0
    if k == "refuse":
        return 0.0
    if k == "thrust":
        return float(card(s, a.args[0]).fate) - keep_card(s, me, a.args[0])
    if k == "pass":
        i = 0 if mine == f["a"] else 1
        lead = (ka(s, mine) - f["loss"][i]) - (ka(s, theirs) - f["loss"][1 - i])
        return 2.5 if lead > 0 else -1.0
    if k in ("parry", "blind"):
        # the thrust is face down: expect a Fate value of the thruster's unseen cards (their
        # multiset is known from the deck list: it is the same in every dealt world)
        foe = s.owner[theirs]
        unseen = [card(s, u).fate for u in s.hand[foe] + s.deck[foe]] + [card(s, f["thrust"]).fate]
        unseen = [max(0, x + f.get("mod", (0, 0))[0]) for x in unseen]
        duelist = "Duelist" in card(s, mine).traits
        if k == "parry":
            pv = card(s, a.args[0]).fate
            return (-_expected_miss(unseen, [pv], duelist) + 0.5
                    - 0.2 * (card(s, a.args[0]).type in ("hero", "story"))
                    - 0.5 * keep_card(s, me, a.args[0]))
        mine_fates = [card(s, u).fate for u in s.deck[me]] or [0]
        return -_expected_miss(unseen, mine_fates, duelist)
    return 0.0


def _expected_miss(thrusts, parries, duelist) -> float:
    """Mean Ka lost over thrust and parry values drawn from these lists (Duelist included)."""
    tot = 0.0
    for tv in thrusts:
        for pv in parries:
            p = pv + 1 if duelist and pv < tv else pv
            tot += abs(tv - p)
    return tot / (len(thrusts) * len(parries))


def _discard(s: BurningSandsState, me, f, a):
    c = card(s, a.args[0])
    keep = {"story": 6, "hero": 4, "holding": 3, "pantheon": 2}.get(c.type, 1)
    if c.type == "story":
        keep = 12 if tellable(s, me, a.args[0]) else 0  # a told Story's twin is a Fate value
    return -keep - 0.3 * c.fate


def _water(s: BurningSandsState, me, f, a):
    if a.kind == "place":
        from .cards import capacity
        return capacity(s, a.args[0]) - s.water[a.args[0]]
    return 1.0 if a.kind == "done" else 0.0


PICK = {
    "buy": _buy, "prio": _prio, "play": _play, "window": _window, "attack": _attack,
    "battle": _battle, "absorb": _absorb, "raid": _raid, "duel": _duel, "enddraw": _discard,
    "tactic": lambda s, me, f, a: float(card(s, a.args[0]).fate) - keep_card(s, me, a.args[0]),
    "khadi": lambda s, me, f, a: (1.0 if a.kind == "khadi" and water_of(s, me) > 9 else 0.0),
    "endwater": _water, "remain": lambda s, me, f, a: 1.0 if a.kind == "straighten" else 0.0,
    "exchange": lambda s, me, f, a: 1.0 if a.kind in ("done", "with") else 0.0,
    "overlay": _play, "order": lambda s, me, f, a: 0.0,
    "muster": lambda s, me, f, a: 1.0 if a.kind == "join" else 0.0,
    "retarget": lambda s, me, f, a: -1.0 if s.owner[a.args[0]] == me else 1.0,
}
