"""Engine basics: seeded RNG, fixed-step time, action text form."""

from hypothesis import given, strategies as st

from sandsofplay.engine import A, Action, FixedStep, RNG, SeatSpec, Setup, run_steps
from sandsofplay.engine.time import MAX_CATCH_UP_STEPS


def test_rng_same_seed_same_stream_and_clone_is_independent():
    a, b = RNG(42), RNG(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert a.randrange(1000) == c.randrange(1000)
    assert RNG(1).next64() != RNG(2).next64()


@given(st.integers(0, 2**63), st.integers(1, 500))
def test_rng_randrange_in_bounds_and_json_round_trip(seed, n):
    r = RNG(seed)
    for _ in range(20):
        assert 0 <= r.randrange(n) < n
    r2 = RNG.from_json(r.to_json())
    assert r2.next64() == r.next64()


def test_rng_shuffle_is_a_permutation_and_roughly_uniform():
    r = RNG(7)
    counts = [0] * 4
    for _ in range(4000):
        items = [0, 1, 2, 3]
        r.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        counts[items[0]] += 1
    assert all(800 < c < 1200 for c in counts)


@given(st.text(alphabet="abcdefghij_", min_size=1, max_size=8),
       st.lists(st.one_of(st.integers(-1000, 1000), st.text(alphabet="xyz", min_size=1, max_size=4)),
                max_size=4))
def test_action_text_round_trip(kind, args):
    a = Action(kind, tuple(args))
    assert Action.parse(str(a)) == a


def test_text_from_outside_is_checked_at_the_edge():
    """Design guide, The game protocol: actions have a stable text form; text from a save, a
    command line or a test is refused when it would not survive it."""
    import pytest
    for kind, args in [("play", ("two words",)), ("play", (True,)), ("play", (1.5,)),
                       ("play", ("12",)), ("two words", ()), ("7", ()), ("", ())]:
        with pytest.raises(ValueError):
            Action.checked(kind, args)
        assert Action(kind, args).problem()
    for text in ["", "   ", "12 play", "play 1.5x!"]:
        with pytest.raises(ValueError):
            Action.parse(text)
    assert Action.checked("play", (3, "red")) == A("play", 3, "red")


def test_actions_are_small_values():
    """Equal actions are equal however they were built, hash alike, copy and pickle as
    themselves, and keep their kind and arguments."""
    import copy
    import pickle
    a = A("move", 3, "north")
    b = Action("move", [3, "north"])
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a != A("move", 3) and a != A("go", 3, "north")
    assert (a.kind, a.args) == ("move", (3, "north"))
    assert str(a) == a.text == "move 3 north" and str(A("draw")) == "draw"
    assert repr(Action.parse("play 12 red")) == "Action(kind='play', args=(12, 'red'))"
    for c in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert c == a and type(c) is Action
    assert a in [A("move", 1), A("move", 3, "north")]


def test_fixed_step_accumulates_and_clamps():
    fs = FixedStep()
    assert fs.feed(1 / 60) == 1
    assert fs.feed(0.5 / 60) == 0 and 0.4 < fs.alpha < 0.6
    assert fs.feed(0.5 / 60) == 1
    # a stall of 3 s is clamped to 0.25 s and to the catch-up cap
    assert fs.feed(3.0) == MAX_CATCH_UP_STEPS
    assert fs.acc == 0.0


def test_setup_json_and_seat_parsing():
    s = Setup.make("tiny", ["human", "bot:hard"], seed=9, clock=2)
    assert s.seats[1] == SeatSpec("bot", "hard")
    assert Setup.from_json(s.to_json()) == s
    assert s.option("clock") == 2
    import pytest
    with pytest.raises(ValueError):
        SeatSpec.parse("robot")


def test_run_steps_resumes_a_search_to_its_end_and_returns_its_answer():
    seen = []

    def search():
        for i in range(3):
            seen.append(i)
            yield i
        return "answer"

    assert run_steps(search()) == "answer"
    assert seen == [0, 1, 2]

