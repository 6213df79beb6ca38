"""The Sahwari table reads the observation of the seat it shows, never the full state (hidden
information: caravan tokens camel side up that the seat has not seen, the Recruit deck's order,
the Guildmaster's deck below its top card; Rulebook "Caravan tokens", "Spying"). The replay's
face-up view (``face_up.py``) is the one declared exception.

* the state the table builds from an observation (``observe.seen_state``) holds nothing the
  seat may not see, and gives the same answers as the full state to everything the table asks
  of the rules: who acts, the seat's legal actions and their sentences, and why a camel dropped
  on a tile snaps back (``stages.why_not_drop``), along whole bot games of 1 to 4 players;
* a whole game at the table (frames, gestures of a person, camels dragged to tiles where they
  may not go) never reads ``match.state`` from the table's own modules, and their source does
  not name it.
"""

import random

import pygame

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.games.sahwari.observe import HIDDEN, observe, seen_state
from sandsofplay.games.sahwari.stages import why_not_drop
from tests.tables.full_state import lines_naming_the_state, watched

from .helpers import GAME, frames, make_table, post, post_step, wait_for_human


GAMES = ((1, ("easy",), ()), (2, ("normal",), (("solo_difficulty", "clan_leader"),)),
         (3, ("easy", "normal"), ()), (4, ("normal", "easy", "normal"), ()),
         (5, ("normal", "easy", "normal"), (("variant", "three_player_variant"),)),
         (6, ("easy", "normal", "easy", "normal"), ()))


def _nothing_hidden_in(v, obs):
    """The seen state holds no caravan id, deck card or knowledge the observation hides."""
    shown = {g["small"] for g in obs["grid"]} | {g["guarded"] for g in obs["grid"]}
    tokens = [t for t in v.small + v.guard if t] + [t for h in v.held for t in h] + v.removed \
        + v.gm_tokens + [f[1] for f in v.pending if f[0] == "caravan"]
    for t in tokens:
        assert t >= HIDDEN or t in set(obs["revealed"]) or t in shown or any(
            t == h["token"] for pl in obs["players"] for h in pl["held"]) or any(
            t == r["token"] for r in obs["removed"]) or any(
            t == x["token"] for x in obs.get("gm", {}).get("tokens", [])) or any(
            f[0] == "caravan" and f[1] == t for f in obs["pending"])
    assert v.deck == [-1] * obs["deck_size"]
    assert all(c == -1 for c in v.gm_deck[:-1])
    assert all(k == 0 for q, k in enumerate(v.known) if q != obs["seat"])
    assert v.rng is None


def test_the_seen_state_answers_as_the_full_state_does():
    """Whole bot games of 1 to 4 players (the 3-player variant too): at every step, for every
    seat and the spectator, the rules answer the table's questions from the seat's observation
    as they do from the full state."""
    checked = drops = hidden = 0
    for seed, levels, options in GAMES:
        n = len(levels)
        seats = tuple(SeatSpec("bot", lv, f"P{i}", "") for i, lv in enumerate(levels))
        st = GAME.new_state(Setup("sahwari", seats, options, seed))
        bots = [make_bot(GAME, lv, i, seed) for i, lv in enumerate(levels)]
        rng = random.Random(seed)
        while not st.over:
            acting = GAME.to_act(st)
            seat = acting[0]
            legal = GAME.legal_actions(st, seat)
            for viewer in list(range(n)) + [None]:
                obs = observe(st, viewer)
                v = seen_state(obs)
                _nothing_hidden_in(v, obs)
                hidden += sum(1 for t in v.small + v.guard if t >= HIDDEN)
                assert GAME.to_act(v) == acting
                if viewer != seat:
                    continue
                assert GAME.legal_actions(v, seat) == legal
                for a in legal:
                    assert GAME.describe(v, seat, a) == GAME.describe(st, seat, a)
                if st.phase == "turn" and rng.random() < 0.3:  # every tile for each camel
                    for k in range(6):
                        for cell in range(25):
                            assert why_not_drop(v, seat, k, cell) == \
                                why_not_drop(st, seat, k, cell), (seed, k, cell)
                            drops += 1
                checked += 1
            GAME.apply(st, seat, bots[seat].decide(observe(st, seat), legal))
    assert checked > 1200 and drops > 40000 and hidden > 20000, (checked, drops, hidden)


Watched = watched("sahwari")


def _drag_camels_astray(app, table, seat) -> list:
    """The seat's camels (and the Guild's) dragged to tiles where they may not go: the table
    says why (the sentence it shows, and the rules' answer from the full state)."""
    st = table.match.state
    obs = table.obs()
    legal = {(a.args[0], a.args[-1]) for a in GAME.legal_actions(st, seat)
             if a.kind in ("move", "guild", "reenter")}
    told = []
    for cam in obs["camels"]:
        r = table.geo.camel_rect(obs, cam["id"])
        if r is None or cam["owner"] not in (seat, -1):
            continue
        for cell in range(0, 25, 3):
            if (cam["id"], cell) in legal or cell == cam["cell"]:
                continue
            n = len(table.match.log)
            post_step(app, ("drag", r.center, table.geo.cell_rect(cell).center))
            assert len(table.match.log) == n
            told.append((table.toast.message,
                         table.named(why_not_drop(st, seat, cam["id"], cell))))
            frames(app, 12)  # the camel flies back
    return told


def test_the_table_never_reads_the_full_state(app):
    """A whole game at the table by gestures (two people and a bot), camels dragged astray at
    the first moves: no read of ``match.state`` from the table's modules."""
    table = make_table(app, ["human", "bot:normal", "human"], seed=5)
    table.match.__class__ = Watched
    Watched.reads = []
    rng = random.Random(5)
    told = []
    for _ in range(3000):
        seat = wait_for_human(app, table)
        if seat is None:
            break
        o = table.obs()
        if len(told) < 60 and o["phase"] == "turn" and o["step"] in ("move", "guild") and \
                not o["pending"]:
            told += _drag_camels_astray(app, table, seat)
        n = len(table.match.log)
        gesture = rng.choice(table.gestures(seat))
        post(app, gesture)
        assert len(table.match.log) > n and table.match.log[n].action == gesture.action
    assert table.match.is_over()
    assert len(told) >= 20 and all(shown == said for shown, said in told), told
    assert len({said for _, said in told}) >= 3, told
    list(table.warm_steps())  # the cached art, drawn again
    assert not Watched.reads, sorted(set(Watched.reads))


def test_the_table_modules_do_not_name_the_full_state():
    found = lines_naming_the_state("sahwari")
    assert not found, "\n".join(found)
