"""One conformance test for every game in the catalog (Design guide, "The game protocol" and
"Tests"): random games played through ``Match`` on the shared playout loop, with at every step
the game's invariants and every seat's observation checked for leaks; at the first steps and
every power of two, determinize consistency, JSON and clone round trips, the Hint's reason and a
bot's words (text, no error, the state unchanged), copies that follow the original through the
same move, and undo then redo; at random points, malformed actions fed to
``apply`` and to ``Match.apply`` (each refused with ``IllegalAction``, nothing changed); at the
end, the save replays to the same state and the bare rules give the same final hash.

A game added to the catalog is checked here on its first day; per-game test files keep rules.
"""

import json

import pytest

from sandsofplay.engine import RNG, Match, Setup
from sandsofplay.engine.playout import (Checker, checkpoint, move_text, random_chooser,
                                        random_playout, run)
from sandsofplay.engine.store import state_hash
from sandsofplay.games import available_ids, get_game

SEEDS = (1, 2)
FUZZ_CHANCE = 1 / 6  # chance that a step is followed by malformed actions


def configs(game):
    """Every seat count with the default options, then each other choice of every table-wide
    option at the first seat count that accepts it."""
    out = [(n, {}) for n in range(game.min_seats, game.max_seats + 1)]
    for opt in game.options:
        if opt.seat:
            continue
        for choice in opt.choices:
            if choice == opt.default:
                continue
            for n in range(game.min_seats, game.max_seats + 1):
                try:
                    game.new_state(Setup.make(game.id, ["human"] * n, seed=1, **{opt.key: choice}))
                except ValueError:
                    continue
                out.append((n, {opt.key: choice}))
                break
    return out


CASES = [pytest.param(gid, n, opts, seed,
                      id=f"{gid}-{n}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or
                                           "default") + f"-seed{seed}")
         for gid in available_ids() for n, opts in configs(get_game(gid)) for seed in SEEDS]


def test_every_game_in_the_catalog_is_checked():
    """All four games and the test-only game: a game that fails to import fails collection
    (``games.available_ids`` drops only a game whose data is damaged), never shrinks the list."""
    assert {"sand", "sahwari", "burning_sands", "sands_of_adventure", "tiny"} <= \
        {c.values[0] for c in CASES}


@pytest.mark.parametrize("gid, n, opts, seed", CASES)
def test_random_games_keep_the_protocol(gid, n, opts, seed):
    game = get_game(gid)
    setup = Setup.make(gid, ["human"] * n, seed=seed, **opts)
    match = Match(game, setup)
    checker = Checker(game, seed)
    fuzz_rng = RNG(seed * 7919 + n)
    fuzzed = [0]
    checker.state(match.state, 0)

    def after(target, step, move):
        checker.after_move(target, step, move)
        if checkpoint(step - 1):
            checker.undo(match, step, move)
        checker.state(match.state, step)
        if game.outcome(match.state) is None and (step == 5 or fuzz_rng.random() < FUZZ_CHANCE):
            fuzzed[0] += checker.malformed(match.state, step)
            fuzzed[0] += checker.malformed_text(match, step)
        if checker.failures:
            raise AssertionError(f"{gid} {n}p {opts} seed {seed}, after {move_text(move)}:\n" +
                                 "\n".join(checker.failures))

    steps = run(match, random_chooser(RNG(seed)), max_steps=20_000,
                before=checker.before_move, after=after)
    out = game.outcome(match.state)
    assert out is not None and len(out.scores) == n
    assert set(out.winners) <= set(range(n))
    assert steps > 5 and fuzzed[0] > 20
    # the same seed on the bare rules gives the same game
    raw, raw_steps = random_playout(game, setup, seed)
    assert (raw_steps, state_hash(game, raw)) == (steps, match.fingerprint())
    # a save is a replay that reaches the same state
    again = Match.from_save(json.loads(json.dumps(match.to_save())), game)
    assert again.fingerprint() == match.fingerprint()
