#!/usr/bin/env python3
"""Search seeds for a game's guided first game (issue 32): for each seed, play the tutorial's
set-up headless, the person's seat answered as the guide suggests (``Coach.suggest``: the step's
``choose``, else a stand-in bot's move of the expected kind) and a stand-in bot between steps,
and say how many actions it takes to reach the last step - or at which step it stays stuck.

    python tools/tutorial_seeds.py --game sahwari [--seeds 0-50] [--limit 400] [--json]

The seed written in ``resources/tutorials/<id>.toml`` is the one whose steps come up soonest;
``--seeds N`` alone (one seed) prints each step as it comes up.
"""

from __future__ import annotations

import argparse
import json

import _common

_common.headless()


def run(game_id: str, seed: int, limit: int = 400, verbose: bool = False) -> dict:
    """One guided game headless: ``{"seed", "done", "step", "actions", "mine"}``."""
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import make_bot
    from sandsofplay.engine import Match, Setup
    from sandsofplay.games import get_game
    from sandsofplay.ui.coach import Coach, load_tutorial
    game = get_game(game_id)
    tut = load_tutorial(game_id, game=game)
    base = tut.setup()
    setup = Setup(base.game, base.seats, base.options, seed)
    match = Match(game, setup, track_hashes=False, keep_undo=False)
    coach = Coach(tut, match)
    match.listeners.append(coach.on_events)
    bots = {i: make_bot(game, s.level or "normal", i, seed * 31 + i)
            for i, s in enumerate(setup.seats) if s.is_bot}
    driver = Driver(match, bots)
    stand_in = make_bot(game, "normal", 0, 99)
    mine, shown, off = 0, -1, 0
    while not coach.done and len(match.log) < limit and not match.is_over() and \
            match.tick < 60 * 60 * 60:
        if verbose and coach.showing and coach.index != shown:
            shown = coach.index
            print(f"  step {coach.index + 1} at action {len(match.log)}: {coach.step.title}")
        if 0 in game.to_act(match.state) and game.legal_actions(match.state, 0):
            legal = game.legal_actions(match.state, 0)
            fallback = stand_in.decide(game.observe(match.state, 0), legal)
            action = coach.suggest(legal, fallback)
            if coach.showing and not any(coach.step.accepts(a) for a in legal):
                off += 1  # the step's action cannot be played now: the person plays on
            if action is not None:
                if verbose:
                    print(f"    the person plays {action}")
                match.apply(0, action)
                mine += 1
                continue
        move = driver.next_move()
        if move is None:
            if not game.realtime:
                break
            move = ("wait", 1)  # the person waits: time runs on
        if move[0] == "wait":
            coach.on_events(match.advance(move[1]) or [])
        else:
            match.apply(move[1], move[2])
    return {"seed": seed, "done": coach.done, "step": coach.index + 1,
            "actions": len(match.log), "mine": mine, "off": off,
            "skipped": list(coach.p.skipped)}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--seeds", default="0-30", help="N or A-B")
    p.add_argument("--limit", type=int, default=400, help="actions at most per game")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    lo, _, hi = a.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    results = [run(a.game, s, a.limit, verbose=len(seeds) == 1) for s in seeds]
    for r in results:
        print(f"seed {r['seed']}: " + (f"all steps in {r['actions']} actions ({r['mine']} "
                                       f"of the person's, {r['off']} off the steps, skipped "
                                       f"{r['skipped']})" if r["done"] else
                                       f"stuck at step {r['step']} after {r['actions']} "
                                       f"actions {r.get('why', '')}"))
    done = sorted((r for r in results if r["done"]),
                  key=lambda r: (len(r["skipped"]), r["off"], r["mine"], r["actions"]))
    if done:
        print(f"best: seed {done[0]['seed']} ({done[0]['mine']} of the person's actions)")
    if a.json:
        print(json.dumps({"results": results, "best": done[0]["seed"] if done else None}))
    return 0 if done else 1


if __name__ == "__main__":
    raise SystemExit(main())
