"""The Burning Sands table reads the observation of the seat it shows, never the full state
(hidden information: decks, other hands, face-down raid cards and thrusts). The replay's
face-up view (``face_up.py``) is the one declared exception.

* the state the table builds from an observation (``seen.seen_state``) gives the same answers
  as the full state to everything the table asks of the rules: who acts, the seat's legal
  actions and their sentences, Strength and Ka, City Section Strength, Story points, Water;
* a whole short game at the table (frames, the pointer over the board, gestures of a person,
  the arena of battles, raids and duels, the piles browser) never reads ``match.state`` from
  the table's own modules, and their source does not name it.
"""

import random

import pygame

from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.games.burning_sands import cards as C
from sandsofplay.games.burning_sands.observe import observe
from sandsofplay.tables.burning_sands.seen import seen_state
from tests.tables.contract import play_by_gestures
from tests.tables.full_state import lines_naming_the_state, watched

from .test_table import start

GAME = get_game("burning_sands")


def test_the_seen_state_answers_as_the_full_state_does():
    """Random games of 2, 3 and 4 players: at every step, for every seat, the answers the table
    asks of the rules are the same from the seat's observation as from the full state."""
    checked = 0
    for seed, n in ((1, 2), (2, 3), (3, 4)):
        seats = tuple(SeatSpec("bot", "random", f"P{i}", "") for i in range(n))
        st = GAME.new_state(Setup("burning_sands", seats, (), seed))
        rng = random.Random(seed)
        for _ in range(250):
            acting = GAME.to_act(st)
            if st.over or not acting:
                break
            seat = acting[0]
            legal = GAME.legal_actions(st, seat)
            for viewer in range(n):
                obs = observe(st, viewer)
                v = seen_state(obs)
                assert GAME.to_act(v) == acting
                if viewer == seat:
                    assert GAME.legal_actions(v, seat) == legal
                    for a in legal:
                        assert GAME.describe(v, seat, a) == GAME.describe(st, seat, a)
                for p in range(n):
                    assert C.story_points(v, p) == C.story_points(st, p)
                    assert C.water_of(v, p) == C.water_of(st, p)
                    for u in list(st.heroes[p]) + list(st.home[p]) + list(st.sections[p]):
                        assert C.in_play(v, u)
                        if obs["cdef"][u] < 0:
                            continue
                        if C.CARDS[st.cdef[u]].type in ("hero", "follower"):
                            assert (C.strength(v, u), C.ka(v, u)) == \
                                (C.strength(st, u), C.ka(st, u))
                        elif C.CARDS[st.cdef[u]].type == "section":
                            assert C.section_strength(v, u) == C.section_strength(st, u)
                checked += 1
            GAME.apply(st, seat, rng.choice(legal))
    assert checked > 500


Watched = watched("burning_sands")


def test_the_table_never_reads_the_full_state(app):
    table = start(app, ("human", "bot:normal"), 12, limit=10)
    Watched.reads = []
    table.match.__class__ = Watched
    seen_kinds = set()

    def note(table, seat, gesture):
        seen_kinds.add(table.observation()["stack"][-1]["k"])
        for pos in ((300, 120), (600, 300), (500, 600), (1100, 200)):  # the pointer wanders
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.frame(1 / 60)

    play_by_gestures(app, table, seed=12, on_decision=note, check_layout=False)
    table.open_piles(0)
    app.apply_ops()
    app.frame(1 / 60)
    assert len(seen_kinds) >= 3, seen_kinds
    assert not Watched.reads, sorted(set(Watched.reads))


def test_the_table_modules_do_not_name_the_full_state():
    found = lines_naming_the_state("burning_sands")
    assert not found, "\n".join(found)
