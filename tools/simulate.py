#!/usr/bin/env python3
"""Play N complete games headless and check invariants at every step.

    python tools/simulate.py --game ID --games N --seed S [--players P] [--option KEY=VALUE ...]
                             [--bots LEVEL,LEVEL,...] [--json]

Games run on the shared playout loop (sandsofplay/engine/playout.py), with the checks of the
conformance test: at every step the game's own invariants (component conservation ...) and
observation leaks for every seat; at steps < 10 and at powers of two, that every observation
determinizes consistently, JSON and clone round trips, copies that follow the original through
the same move, and undo then redo (a probe that leaves no trace: bots are not asked again). A
rules bug that raises inside a bot's search fails the game loudly. The first game is also
played twice to check that the same seed gives the same final hash. A solo game lost to the
rival (the Guildmaster) is counted under the rival's name in ``outcomes``.
With --json the last line is one JSON object. Exit status 1 when anything failed; a failing game
prints its seed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback

import _common

_common.register_test_game()

from sandsofplay.bots.driver import Driver  # noqa: E402
from sandsofplay.bots.levels import make_bot  # noqa: E402
from sandsofplay.engine import Match, Setup  # noqa: E402
from sandsofplay.engine.playout import Checker, checkpoint, run  # noqa: E402
from sandsofplay.games import available_ids, get_game  # noqa: E402

MAX_STEPS = 200_000


def play(game, setup, levels, check=True, undo=True):
    """One bot game on the shared playout loop; returns (match, moves, failures)."""
    match = Match(game, setup, track_hashes=False, keep_undo=undo)
    bots = {i: make_bot(game, levels[i], i, setup.seed * 31 + i) for i in range(setup.players)}
    driver = Driver(match, bots)
    checker = Checker(game, setup.seed) if check else None
    if checker is None:
        steps = run(match, lambda target: driver.next_move(), max_steps=MAX_STEPS)
        return match, steps, []
    checker.state(match.state, 0)

    def after(target, step, move):
        checker.after_move(target, step, move)
        if undo and checkpoint(step - 1):
            checker.undo(match, step, move)
        checker.state(match.state, step)

    steps = run(match, lambda target: driver.next_move(), max_steps=MAX_STEPS,
                before=checker.before_move, after=after)
    return match, steps, checker.failures


def outcome_key(out, players: int) -> str:
    """How a game ended, for the outcomes table: the team result, a seat, a tie, the solo rival
    (a one-seat game with no winner: the rival, such as the Guildmaster, won; ``detail`` names
    it first) or "no winner"."""
    if out.team is not None:
        return out.team
    if not out.winners:
        if players == 1:
            word = out.detail.split()[0] if out.detail.split() else ""
            return word if word[:1].isupper() and word.isalpha() else "solo rival"
        return "no winner"
    if len(out.winners) > 1:
        return "tie"
    return f"seat {out.winners[0] + 1}"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--bots", help="comma-separated bot levels per seat (default: random)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--no-check", action="store_true", help="skip the invariant checks (speed)")
    args = p.parse_args(argv)

    try:
        game = get_game(args.game)
    except KeyError as exc:
        p.error(f"{exc.args[0]} (available: {', '.join(available_ids())})")
    players = args.players or max(game.min_seats, min(2, game.max_seats))
    options = {}
    for item in args.option:
        if "=" not in item:
            p.error(f"--option takes KEY=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        spec = {o.key: o for o in game.options}.get(k)
        if spec is None:
            p.error(f"{game.title} has no option {k!r}; options: "
                    f"{', '.join(o.key for o in game.options) or 'none'}")
        try:
            options[k] = spec.parse(v)
        except ValueError as exc:
            p.error(str(exc))
    levels = (args.bots.split(",") if args.bots else ["random"] * players)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        p.error(f"--bots names {len(levels)} levels for {players} players")
    try:
        game.check_seats(players)
        make_bot(game, levels[0], 0)
        for lv in levels:
            make_bot(game, lv, 0)
        game.new_state(Setup.make(game.id, ["bot:" + lv for lv in levels], seed=args.seed,
                                  **options))
    except (ValueError, KeyError) as exc:
        p.error(str(exc.args[0] if exc.args else exc))

    errors = invariant_failures = 0
    total_actions = 0
    outcomes: dict[str, int] = {}
    endings: dict[str, int] = {}
    seat_wins = [0] * players
    failing = []
    t0 = time.perf_counter()
    first_hash = None
    for g in range(args.games):
        seed = args.seed + g
        setup = Setup.make(game.id, ["bot:" + lv for lv in levels], seed=seed, **options)
        try:
            match, steps, failures = play(game, setup, levels, check=not args.no_check)
        except Exception as exc:  # noqa: BLE001 - count and report the seed
            errors += 1
            failing.append(seed)
            print(f"game seed {seed}: error: {exc!r}", file=sys.stderr)
            if errors <= 3:
                traceback.print_exc()
            continue
        if failures:
            invariant_failures += len(failures)
            failing.append(seed)
            print(f"game seed {seed}: {len(failures)} invariant failure(s):", file=sys.stderr)
            for f in failures[:5]:
                print("   ", f, file=sys.stderr)
        total_actions += len(match.log)
        out = game.outcome(match.state)
        key = outcome_key(out, players)
        outcomes[key] = outcomes.get(key, 0) + 1
        if hasattr(game, "ending"):  # how the end came (e.g. Sahwari's locked-board fallback)
            how = game.ending(match.state)
            endings[how] = endings.get(how, 0) + 1
        for w in out.winners:
            seat_wins[w] += 1
        if g == 0:
            first_hash = match.fingerprint()
    elapsed = time.perf_counter() - t0
    # same seed => same final hash
    deterministic = True
    if args.games and first_hash is not None:
        setup = Setup.make(game.id, ["bot:" + lv for lv in levels], seed=args.seed, **options)
        again, _, _ = play(game, setup, levels, check=False)
        deterministic = again.fingerprint() == first_hash
        if not deterministic:
            invariant_failures += 1
            print(f"game seed {args.seed}: the same seed gave a different final hash",
                  file=sys.stderr)
    played = args.games - errors
    result = {
        "game": game.id, "players": players, "bots": levels, "options": options,
        "games": args.games, "errors": errors, "invariant_failures": invariant_failures,
        "games_per_s": round(args.games / elapsed, 2) if elapsed else None,
        "actions_per_s": round(total_actions / elapsed, 1) if elapsed else None,
        "mean_actions": round(total_actions / played, 1) if played else 0,
        "outcomes": outcomes, **({"endings": endings} if endings else {}), "seat_wins": seat_wins, "deterministic": deterministic,
        "first_final_hash": first_hash, "failing_seeds": failing[:50],
        "checked": not args.no_check,
    }
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:20} {v}")
    return 1 if (errors or invariant_failures) else 0


if __name__ == "__main__":
    sys.exit(main())
