"""Sand's bot levels and the Hint (issue 29): the hard planner keeps its plan for the rest of a turn
and finds it again although every question gets a new RNG; a kept plan never changes what a bot
plays; the normal level sells what it can sell; the Hint's why is one sentence."""

import inspect
import re

from sandsofplay.bots.driver import Driver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG, Match, Setup
from sandsofplay.games.sand import planner, strategy

from .helpers import GAME, scene


def shop_scene():
    """Player 1 at Okh-Ham with a green craft (a city buys it) and three ready Action tokens."""
    s = scene(tokens=("blue", "red", "white"), loc="okh_ham")
    s.players[s.cur]["cargo"] = [[-1, ["green"]]]
    return s


def play_turn(s, level, seed=3):
    """Let one bot of ``level`` play the current seat's turn to its end; returns its actions."""
    seat = s.cur
    bot = make_bot(GAME, level, seat, seed)
    done = []
    while not s.over and s.cur == seat and s.step in ("place", "act") and len(done) < 40:
        a = bot.decide(GAME.observe(s, seat), GAME.legal_actions(s, seat))
        GAME.apply(s, seat, a)
        done.append(a)
    return done


def test_the_rest_of_a_hard_plan_is_answered_from_the_kept_plan():
    """After the hard search of a turn's first decision, the next question of that turn (asked
    with a new RNG object, as ``bots.base`` does for every question) is answered at once: the
    kept plan is found (it was keyed on ``id(rng)`` and never hit)."""
    planner._PLANS.clear()
    s = shop_scene()
    seat = s.cur
    params = dict(strategy.BOT_LEVELS["hard"]["params"])
    first = GAME.policy(GAME.observe(s, seat), GAME.legal_actions(s, seat), RNG(1), **params)
    GAME.apply(s, seat, first)
    assert s.cur == seat and s.step == "act"
    answer = strategy.policy(GAME, GAME.observe(s, seat), GAME.legal_actions(s, seat), RNG(2),
                             **params)
    assert not inspect.isgenerator(answer)
    assert answer in GAME.legal_actions(s, seat)


def test_kept_plans_do_not_change_what_the_bots_play():
    """The same seed plays the same game whether the plan store starts empty or full of the
    plans of that very game (so a kept plan is only ever met where its search foresaw it)."""
    def run():
        m = Match(GAME, Setup.make("sand", ["bot:normal", "bot:normal"], seed=11,
                                   travelers="choose"), track_hashes=False, keep_undo=False)
        d = Driver(m, {0: make_bot(GAME, "normal", 0, 5), 1: make_bot(GAME, "normal", 1, 6)})
        for _ in range(120):
            if not d.step():
                break
        return [str(x.action) for x in m.log]

    planner._PLANS.clear()
    cold = run()
    warm = run()
    assert len(cold) > 60 and cold == warm


def test_normal_sells_the_craft_it_stands_with():
    """The normal level plans its turn: standing in a city with a craft that city buys, it
    delivers it before its turn ends (the one-ply greedy bot it replaces rarely delivered)."""
    s = shop_scene()
    p = s.players[s.cur]
    play_turn(s, "normal")
    assert p["rec"]["craft"] == ["green"]


def test_the_hint_is_the_hard_move_with_a_one_sentence_why():
    """The Hint (issue 29) is the hard level's move; ``hint_why`` gives one sentence that says
    what the turn it starts earns."""
    s = shop_scene()
    seat = s.cur
    legal = GAME.legal_actions(s, seat)
    a = make_bot(GAME, "hard", seat, 12345).decide(GAME.observe(s, seat), legal)
    why = GAME.hint_why(s, seat, a)
    assert why.startswith("Why: ") and why.endswith(".") and ". " not in why
    assert re.search(r"deliver \d+ Box", why)  # the craft it stands with is sold, at least


def test_a_worm_whose_every_space_holds_a_box_is_worth_less_than_one_box_fewer():
    """Boxes on every space of the Actions Used section leave no space for an Action token: with
    none of them on a token (Stamash's plants, crafts, relics) the caravan can never act again,
    so ``worth`` rates that Worm below the same Worm one Box lighter (a bot filled its spaces so
    and stood still for four workdays, scoring 5 coins); with a Box on a token it is worth no
    more than the Worm after abandoning the cheapest Box."""
    from sandsofplay.games.sand.value import worth
    for tokened in (False, True):
        s = scene(loc="kher_txack", trav="stamash")
        p = s.players[s.cur]
        s.step, p["tok"], p["slots"] = "place", [0, 0, 0, 0], 3
        p["cargo"] = [[-1, ["white"]], [-1, ["blue"]], [-1, ["white"]]]
        if tokened:
            p["trav"], p["tok"][0], p["cargo"][0][0] = "basic", 3, 0
        full = worth(s, s.cur)
        lighter = []
        for i in range(3):
            t = s.clone()
            t.players[t.cur]["cargo"].pop(i)
            lighter.append(worth(t, t.cur))
        assert full < (min(lighter) if not tokened else max(lighter)), (tokened, full, lighter)


def test_normal_delivers_every_workday_of_a_seeded_game():
    """Issue 29: ``normal`` plays as a competent newcomer - in a whole seeded game against
    ``easy`` it delivers Boxes on every one of the six workdays (the planner without a look at
    the next turn made 1-2 deliveries some games, and one stood still from workday 2)."""
    m = Match(GAME, Setup.make("sand", ["bot:normal", "bot:easy"], seed=2), track_hashes=False,
              keep_undo=False)
    bots = {i: make_bot(GAME, lv, i, 2 * 31 + i) for i, lv in enumerate(("normal", "easy"))}
    days = set()
    while not m.state.over:
        s = m.state
        seat = GAME.to_act(s)[0]
        workday = s.round
        before = sum(len(v) for v in s.players[0]["rec"].values())
        m.apply(seat, bots[seat].decide(GAME.observe(s, seat), GAME.legal_actions(s, seat)))
        if sum(len(v) for v in m.state.players[0]["rec"].values()) > before:
            days.add(workday)
    assert days == set(range(1, m.state.rounds + 1)), sorted(days)
