"""Where cards are and what they are worth now: locations, traits, Strength/Ka/Influence with
bonuses, tokens and static effects, Water counts, and moving or destroying cards
(Commands of the Sultan; Bonuses and Tokens; Destroying Cards; Saved and Buried Piles)."""

from __future__ import annotations

from sandsofplay.engine import Event

from .data import get as _data
from .state import BurningSandsState

D = _data()
CARDS = D.cards
HAS_STATIC = [bool(c.static) for c in CARDS]


def card(s: BurningSandsState, uid):
    return CARDS[s.cdef[uid]]


# reserved game terms are never traits, even in a title (Traits and Abilities)
RESERVED = frozenset(("ally", "attacker", "defender", "Day", "Night", "Battle", "Open",
                      "Reaction", "Stronghold"))


def is_a(c, word: str) -> bool:
    """'Foo' cards: Foo in the title, the traits or the Faction (Traits and Abilities); a
    reserved game term (Day, Night, Battle ...) is no trait."""
    if word in RESERVED or word.lower() in RESERVED:
        return False
    return word in c.traits or word == c.faction or word in c.name.replace(",", "").split()


def nonhuman(c) -> bool:
    return any(t in c.traits for t in ("Jinn", "Undead", "Nonhuman", "Creature", "Nagah"))


def player_name(s: BurningSandsState, p) -> str:
    return f"Player {p + 1}"


# --- locations --------------------------------------------------------------------------------
def hero_of(s: BurningSandsState, uid) -> int:
    """The Hero a Follower or Item is attached to (or the Hero itself), -1 if none."""
    p = s.owner[uid]
    if uid in s.heroes[p]:
        return uid
    for h in s.heroes[p]:
        if uid in s.att[h]:
            return h
    return -1


def section_of(s: BurningSandsState, uid) -> int:
    p = s.owner[uid]
    for sec in s.sections[p]:
        if uid in s.att[sec]:
            return sec
    return -1


def in_play(s: BurningSandsState, uid) -> bool:
    p = s.owner[uid]
    if uid in s.heroes[p] or uid in s.home[p] or uid in s.sections[p] or uid == s.omen:
        return True
    return hero_of(s, uid) >= 0 or section_of(s, uid) >= 0


def unit(s: BurningSandsState, hero) -> list:
    return [hero] + s.att[hero]


def followers(s: BurningSandsState, hero) -> list:
    return [u for u in s.att[hero] if card(s, u).type == "follower"]


def flying_unit(s: BurningSandsState, hero) -> bool:
    """A unit is Flying only if the Hero and every attached Follower are (Flying)."""
    return all("Flying" in card(s, u).traits for u in [hero] + followers(s, hero))


def all_heroes(s: BurningSandsState):
    for p in range(s.n):
        if s.alive[p]:
            yield from s.heroes[p]


# --- statics ----------------------------------------------------------------------------------
def statics(s: BurningSandsState):
    """(card uid, controller, static dict) for every static effect in play; Omens last."""
    out = []
    cdef = s.cdef
    for p in range(s.n):
        if not s.alive[p]:
            continue
        for u in s.home[p]:
            if HAS_STATIC[cdef[u]]:
                for st in CARDS[cdef[u]].static:
                    out.append((u, p, st))
        for h in s.heroes[p]:
            for u in (h, *s.att[h], *s.under[h]):
                if HAS_STATIC[cdef[u]]:
                    for st in CARDS[cdef[u]].static:
                        out.append((u, p, st))
        for sec in s.sections[p]:
            for u in s.att[sec]:
                if HAS_STATIC[cdef[u]]:
                    for st in CARDS[cdef[u]].static:
                        out.append((u, p, st))
    if s.omen >= 0:
        for st in card(s, s.omen).static:
            out.append((s.omen, s.owner[s.omen], st))
    return out


def _applies(s: BurningSandsState, src, ctrl, st, hero) -> bool:
    scope = st.get("scope", "self")
    hp = s.owner[hero]
    if scope in ("self", "hero"):
        return hero_of(s, src) == hero
    if scope == "your_heroes":
        ok = hp == ctrl
    elif scope == "opp_heroes":
        ok = hp != ctrl
    elif scope == "all_heroes":
        ok = True
    else:
        return False
    t = st.get("trait")
    return ok and (not t or is_a(card(s, hero), t))


def _stat(s: BurningSandsState, uid, which: str, found=None) -> int:
    """A card's Strength (``which`` "s") or Ka ("k"). ``found``: ``statics(s)`` when the caller
    has it already (a table asking for every card of one state walks the zones once)."""
    c = card(s, uid)
    base = c.s if which == "s" else c.k
    v = base
    if uid in s.heroes[s.owner[uid]]:
        for a in s.att[uid]:
            ac = card(s, a)
            if ac.type == "item" or (ac.type == "follower" and (ac.s_plus if which == "s" else ac.k_plus)):
                v += ac.s if which == "s" else ac.k
    i = 1 if which == "s" else 2
    for m in s.mods:
        if m[0] == uid:
            v += m[i]
    omen_v = 0
    if c.type == "hero":
        for src, ctrl, st in (statics(s) if found is None else found):
            if st["op"] == ("str" if which == "s" else "ka") and _applies(s, src, ctrl, st, uid):
                if src == s.omen:
                    omen_v += st.get("n", 0)
                else:
                    v += st.get("n", 0)
    v = max(0, v)
    return max(0, v + omen_v)  # Omen changes to attributes come last (Omens)


def strength(s: BurningSandsState, uid, found=None) -> int:
    c = card(s, uid)
    if c.type == "section":
        return section_strength(s, uid)
    return _stat(s, uid, "s", found)


def ka(s: BurningSandsState, uid, found=None) -> int:
    return _stat(s, uid, "k", found)


def influence(s: BurningSandsState, uid) -> int:
    c = card(s, uid)
    v = c.influence
    if c.type == "hero":
        v += sum(card(s, a).influence for a in s.att[uid] if card(s, a).type == "follower")
    return v


def section_strength(s: BurningSandsState, sec) -> int:
    v = card(s, sec).strength
    for a in s.att[sec]:
        for st in card(s, a).static:
            if st["op"] == "section_str":
                v += st.get("n", 0)
    return max(0, v)


def capacity(s: BurningSandsState, sec) -> int:
    v = card(s, sec).capacity
    for a in s.att[sec]:
        for st in card(s, a).static:
            if st["op"] == "capacity":
                v += st.get("n", 0)
    return v


# per static op, whether each card definition has a player-wide static of that op
_PLAYER_WIDE = ("self", "your_heroes")


def _has_op() -> dict:
    out = {}
    for i, c in enumerate(CARDS):
        for st in c.static:
            if st.get("scope", "self") in _PLAYER_WIDE:
                out.setdefault(st["op"], [False] * len(CARDS))[i] = True
    return out


_HAS_OP = _has_op()


def player_static(s: BurningSandsState, p, op) -> int:
    """The sum of a player-wide static (hand size, draws, Raid, Carry ...) from cards p controls:
    the statics of ``statics`` whose controller is p, found in p's own zones (and the Omen when
    p owns it) without walking the other players'."""
    has = _HAS_OP.get(op)
    if has is None:
        return 0  # no card has it
    cdef = s.cdef
    found = []
    if s.alive[p]:
        att, under = s.att, s.under
        found += [u for u in s.home[p] if has[cdef[u]]]
        for h in s.heroes[p]:
            found += [u for u in (h, *att[h], *under[h]) if has[cdef[u]]]
        for sec in s.sections[p]:
            found += [u for u in att[sec] if has[cdef[u]]]
    if s.omen >= 0 and s.owner[s.omen] == p:
        found.append(s.omen)
    return sum(st.get("n", 0) for u in found for st in CARDS[cdef[u]].static
               if st["op"] == op and st.get("scope", "self") in _PLAYER_WIDE)


def raid_mod(s: BurningSandsState, hero) -> int:
    v = sum(card(s, u).raid for u in unit(s, hero))
    for src, ctrl, st in statics(s):
        if st["op"] == "raid" and _applies(s, src, ctrl, st, hero):
            v += st.get("n", 0)
    return v


def carry(s: BurningSandsState, hero) -> int:
    v = 1 + sum(card(s, u).carry for u in unit(s, hero))
    for src, ctrl, st in statics(s):
        if st["op"] == "carry" and _applies(s, src, ctrl, st, hero):
            v += st.get("n", 0)
    return max(0, v)


def hand_limit(s: BurningSandsState, p) -> int:
    return 4 + len(s.sections[p]) + player_static(s, p, "hand")


def water_of(s: BurningSandsState, p) -> int:
    """Water tokens p controls: on City Sections and on Heroes."""
    return sum(s.water[u] for u in s.sections[p]) + sum(s.water[h] for h in s.heroes[p])


def section_water(s: BurningSandsState, p) -> int:
    return sum(s.water[u] for u in s.sections[p])


def story_points(s: BurningSandsState, p) -> int:
    return sum(card(s, u).points for u in s.home[p] if card(s, u).type == "story")


def total_water(s: BurningSandsState) -> int:
    return sum(s.water)


# --- moving cards -----------------------------------------------------------------------------
def _detach(s: BurningSandsState, uid) -> None:
    """Take a card out of wherever it is in play (or limbo)."""
    p = s.owner[uid]
    for lst in (s.heroes[p], s.home[p], s.sections[p], s.limbo):
        if uid in lst:
            lst.remove(uid)
            break
    else:
        if s.omen == uid:
            s.omen = -1
            s.omen_battle = 0
        else:
            for q in range(s.n):
                for h in s.heroes[q] + s.sections[q]:
                    if uid in s.att[h]:
                        s.att[h].remove(uid)
                        return


def _clear(s: BurningSandsState, uid) -> None:
    """A card leaving play loses its tokens, temporary bonuses and Water (permanent ones stay)."""
    if s.water[uid]:
        s.w_lost += s.water[uid]
        s.water[uid] = 0
    s.bowed[uid] = 0
    if s.mods:
        s.mods = [m for m in s.mods if m[0] != uid or m[3] == 2]


def _leave_play(s: BurningSandsState, uid, pile: str) -> list:
    """Take ``uid`` out of play with what is attached to it or under it, each card to its
    owner's ``pile`` (``saved`` or ``buried``), losing tokens and Water; returns the others."""
    p = s.owner[uid]
    _detach(s, uid)
    rest = s.att[uid] + s.under[uid]
    s.att[uid] = []
    s.under[uid] = []
    _clear(s, uid)
    getattr(s, pile)[p].append(uid)
    for u in rest:
        _clear(s, u)
        getattr(s, pile)[s.owner[u]].append(u)
    return rest


def destroy(s: BurningSandsState, uid, ev=None) -> None:
    """Destroyed: to the owner's Buried pile, with the Hero's whole unit and tokens, or the City
    Section's attachments and Water (Destroying Cards)."""
    p = s.owner[uid]
    c = card(s, uid)
    rest = _leave_play(s, uid, "buried")
    if s.atk is not None:
        s.atk["units"] = [x for x in s.atk["units"] if x[0] != uid and x[0] not in rest]
    if ev is not None:
        ev.append(Event("destroyed", {"card": uid, "id": c.id, "owner": p},
                        f"{c.name} ({player_name(s, p)}) is destroyed."))


def discard_from_play(s: BurningSandsState, uid) -> None:
    """To the owner's Saved pile, as if it had never been in play."""
    _leave_play(s, uid, "saved")


def send_home(s: BurningSandsState, hero, ev) -> None:
    """A unit sent home: the Hero (of ``hero``, a card of its unit) and its unit bow and leave
    the attack (Battle Action Segment)."""
    h = hero_of(s, hero)
    if h < 0:
        return
    for u in [h] + s.att[h]:
        s.bowed[u] = 1
    if s.atk is not None:
        s.atk["units"] = [x for x in s.atk["units"] if x[0] != h]
    ev.append(Event("home", {"card": h}, f"{card(s, h).name} goes home, bowed."))


def _reshuffle(s: BurningSandsState, p, ev=None) -> None:
    """The Saved pile becomes the new deck the moment the deck runs out (Saved and Buried
    Piles); with an empty Saved pile the deck stays empty until a card is needed."""
    if s.deck[p] or not s.saved[p]:
        return
    s.deck[p] = s.saved[p]
    s.saved[p] = []
    s.rng.shuffle(s.deck[p])
    if ev is not None:
        ev.append(Event("reshuffle", {"seat": p},
                        f"{player_name(s, p)} shuffles the Saved pile into a new deck."))


def draw(s: BurningSandsState, p, k=1, ev=None) -> int:
    """Draw k cards; the Saved pile is reshuffled into a new deck as soon as the deck runs out."""
    got = 0
    for _ in range(k):
        _reshuffle(s, p, ev)
        if not s.deck[p]:
            break
        s.hand[p].append(s.deck[p].pop())
        got += 1
        _reshuffle(s, p, ev)
    return got


def top_of_deck(s: BurningSandsState, p) -> int:
    """The top card of p's deck (the Saved pile is reshuffled as soon as the deck runs out); -1
    if none at all."""
    _reshuffle(s, p)
    if not s.deck[p]:
        return -1
    u = s.deck[p].pop()
    _reshuffle(s, p)
    return u


def gain_water(s: BurningSandsState, p, k: int) -> int:
    """Water created by a card effect goes onto one of p's City Sections: the one with the most
    room (leftmost on ties); none with room means the token is not created (ruling)."""
    made = 0
    for _ in range(k):
        best = -1
        room = 0
        for sec in s.sections[p]:
            r = capacity(s, sec) - s.water[sec]
            if r > room:
                best, room = sec, r
        if best < 0:
            break
        s.water[best] += 1
        s.w_created += 1
        made += 1
    return made


def check_ka(s: BurningSandsState, ev) -> None:
    """A Hero whose Ka falls to 0 dies (Hero)."""
    for p in range(s.n):
        for h in list(s.heroes[p]):
            if ka(s, h) <= 0:
                destroy(s, h, ev)


def check_sections(s: BurningSandsState, ev) -> None:
    """A 0-Strength City Section with no Water is destroyed (Absorbing Damage; Raids)."""
    for p in range(s.n):
        for sec in list(s.sections[p]):
            if section_strength(s, sec) == 0 and s.water[sec] == 0:
                destroy(s, sec, ev)
