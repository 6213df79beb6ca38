"""The Sands of Adventure table reads the observation of the seat it shows, never the full state
(issue 27). Hands are open (How to Play: players share information freely), so what the
observation hides is what nobody sees: the order of the Action and Upgrade decks, the RNG and this
round's tipping point of the timer. The replay's face-up view (``face_up.py``) is the one
declared exception.

* the state the table builds from an observation (``seen.seen_state``) gives the same answers
  as the full state to everything the table asks of the rules: who acts, each seat's legal
  actions and their sentences, why a gesture is refused (a card played, a figure moved, the
  deck clicked), the seats' and tiles' names, Power tokens held, the cards a seat may play;
* a whole game at the table (frames, the pointer over the hands, gestures of a person in the
  Exploration and Timed Phases, keys alone) never reads ``match.state`` from the table's own
  modules, and their source does not name it.
"""

import random

import pygame

from sandsofplay.engine import A, SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.tables.sands_of_adventure.seen import seen_state
from tests.tables.contract import play_by_gestures, start
from tests.tables.full_state import lines_naming_the_state, watched

GAME = get_game("sands_of_adventure")


def asked_of(st, seat):
    """The gestures the table explains to a seat: each card of its hand played (plainly, with
    Play Any Card, as an Interrupt), its figure moved to each tile, the deck and the die."""
    acts = [A(k, c) for c in st.hands[seat] for k in ("play", "any", "interrupt", "bury",
                                                      "give", "keep")]
    acts += [A("move", t) for t in range(5)] + [A("replace", t) for t in range(5)]
    return acts + [A("draw"), A("roll_torch"), A("ignore")]


def refused(s, seat, action):
    """Why the rules refuse ``action`` (the sentence and the rulebook section), or None."""
    exc = GAME.refusal(s, seat, action)
    return None if exc is None else (exc.reason, exc.rule)


def same_answers(st, v):
    n = st.n
    assert GAME.to_act(v) == GAME.to_act(st)
    for seat in range(n):
        legal = GAME.legal_actions(st, seat)
        assert GAME.legal_actions(v, seat) == legal
        for a in legal:
            assert GAME.describe(v, seat, a) == GAME.describe(st, seat, a)
        assert GAME.name(v, seat) == GAME.name(st, seat)
        assert GAME.playable(v, seat) == GAME.playable(st, seat)
        for kind in ("ignore", "interrupt", "any"):
            assert GAME.has_token(v, seat, kind) == GAME.has_token(st, seat, kind)
    for t in range(5):
        assert GAME.tile_name(v, t) == GAME.tile_name(st, t)


def test_the_seen_state_answers_as_the_full_state_does():
    """Random games of 2, 3 and 4 players, through Exploration, the Timed Phase (time running
    between actions) and between rounds: at every step the answers the table asks of the rules
    are the same from a seat's observation as from the full state, and the observation holds
    no deck's order, no RNG and no tipping point."""
    checked, phases = 0, set()
    for seed, n in ((1, 2), (2, 3), (3, 4), (5, 2)):
        seats = tuple(SeatSpec("bot", "random", f"P{i}", "") for i in range(n))
        st = GAME.new_state(Setup("sands_of_adventure", seats, (), seed))
        rng = random.Random(seed)
        for _ in range(700):
            if st.phase == "over":
                break
            acting = GAME.to_act(st)
            phases.add(st.phase)
            for viewer in range(n):
                v = seen_state(GAME.observe(st, viewer))
                assert v.rng is None and v.timer.tip_g is None
                assert v.deck == [-1] * len(st.deck) and v.updeck == [-1] * len(st.updeck)
                if viewer == (acting[0] if acting else 0):
                    same_answers(st, v)
                    for seat in acting:
                        for a in asked_of(st, seat):
                            assert refused(v, seat, a) == refused(st, seat, a), a
                else:
                    assert GAME.to_act(v) == acting
                checked += 1
            if not acting or (st.phase == "timed" and rng.random() < 0.3):
                GAME.advance(st, rng.randint(1, 90))  # the sand runs on
                continue
            seat = rng.choice(acting)
            legal = GAME.legal_actions(st, seat)
            if legal:
                GAME.apply(st, seat, rng.choice(legal))
            else:
                GAME.advance(st, 10)
    assert {"explore", "timed", "prep"} <= phases, phases
    assert checked > 2000


Watched = watched("sands_of_adventure")


def test_the_table_never_reads_the_full_state(app):
    """A whole game by mouse gestures (the pointer wandering over the hands, the timer and the
    tiles at each decision) and one by keys alone."""
    phases = set()

    def note(table, seat, gesture):
        phases.add(table.observation()["phase"])
        for pos in ((200, 600), (640, 300), (900, 620), (1100, 200)):  # the pointer wanders
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.frame(1 / 60)

    for seats, seed, keys in ((("human", "bot:normal"), 1, False),
                              (("bot:normal", "human", "bot:easy"), 5, True)):
        table = start(app, "sands_of_adventure", seats, seed)
        Watched.reads = []
        table.match.__class__ = Watched
        stats = play_by_gestures(app, table, seed=seed, keys_only=keys, check_layout=False,
                                 on_decision=note)
        assert table.match.is_over() and stats["decisions"] > 5
        assert not Watched.reads, sorted(set(Watched.reads))
    assert {"explore", "timed"} <= phases, phases


def test_the_table_modules_do_not_name_the_full_state():
    found = lines_naming_the_state("sands_of_adventure")
    assert not found, "\n".join(found)
