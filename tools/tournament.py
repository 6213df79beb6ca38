#!/usr/bin/env python3
"""Bot tournaments: win rates with 95 % Wilson intervals, scores, game lengths, decision times.

    python tools/tournament.py --game G --levels A,B [--players P] [--games N] [--seed S]
                               [--option K=V ...] [--swap] [--workers K] [--json]
    python tools/tournament.py --game G --ladder [--players P] [--games N] [--swap] ...
    python tools/tournament.py --game G --solo [--levels easy,normal,hard] [--games N] ...
    python tools/tournament.py --game burning_sands --decks [--levels normal,normal] ...

Examples::

    python tools/tournament.py --game sahwari --levels normal,hard --games 40 --swap --json
    python tools/tournament.py --game sand --ladder --games 40 --swap --workers 2
    python tools/tournament.py --game sahwari --solo --levels normal,hard --games 40
    python tools/tournament.py --game burning_sands --decks --games 20 --swap
    python tools/tournament.py --game sands_of_adventure --ladder --players 2 --games 20

A *pairing* plays ``--games`` games of the levels named by ``--levels`` (cycled over the
``--players`` seats; ``random`` and the bot kinds ``greedy``/``ismcts``/``policy`` are allowed
besides the game's levels). With ``--swap`` the games come in sets that share a seed, one for
each rotation of the seats, so every level sits in every seat on the same deal; without it,
every game has its own seed and the seats keep their levels. Games run in ``--workers``
processes (multiprocessing; 1 = in this process), without the invariant checks of
``tools/simulate.py``.

For each level the report gives ``wins`` (a tie shares the win between the tied seats),
``share`` (wins / games) with its 95 % Wilson interval ``ci95``, the share an even match would
give (``even``: the level's seats / players), the mean ``score``; for the pairing: ``ties``,
game ``length`` (actions: mean, p50, max; and ``turns_mean`` from the state's ``turns``,
``round`` or ``turn`` count where it keeps one as a number) and ``decision_ms`` per level (CPU time of the bot's own thinking per decision: p50, p95,
max, and the number of decisions). How the games ended, in the game's own words (the "how" of
``Game.results``: a Burning Sands Story or Military Victory, the Sultan's judgement): the
pairing's ``endings`` and each level's ``won_by`` (its wins by the kind of ending; "unknown"
where a game gives none).

Matrix modes, one pairing each:

* ``--ladder``: the adjacent pairs random<easy<normal<hard (``random`` is left out where a
  game's ``easy`` *is* the random bot; it is then the same pairing).
* ``--solo``: one player against the game's solo rival at each difficulty the game offers
  (Sand: ``alhazred`` novice/medium/expert; Sahwari: ``solo_difficulty``
  recruit/merc/clan_leader), for each level of ``--levels`` (default easy,normal,hard); the
  rival's mean score is given as ``rival_score``.
* ``--decks`` (Legend of the Burning Sands): every pair of starter decks through the
  ``deck1``/``deck2`` options (``--swap`` puts each deck in each seat), the two levels of
  ``--levels`` (default normal,normal); the report gives each deck's share.

A cooperative game (Sands of Adventure) has no seat that beats another: each level of
``--levels`` (or of the ladder) plays as a whole team of ``--players`` seats, and the report
gives its ``team`` win rate.

With ``--json`` the last line printed is one JSON object (``main`` also returns it as
``(status, result)`` through ``run``). Exit status 1 when a game failed (its seed is named).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing as mp
import statistics
import sys
import time
import traceback

import _common

_common.register_test_game()  # the test-only game "tiny", when the tests folder is there

from sandsofplay.bots.driver import Driver  # noqa: E402
from sandsofplay.bots.levels import KINDS, level_names, make_bot  # noqa: E402
from sandsofplay.engine import Match, Setup  # noqa: E402
from sandsofplay.engine.playout import run as playout  # noqa: E402
from sandsofplay.games import available_ids, get_game  # noqa: E402

MAX_STEPS = 200_000
LADDER = ("random", "easy", "normal", "hard")
# the solo rival's difficulty option of each game that has one
SOLO_OPTION = {"sand": "alhazred", "sahwari": "solo_difficulty"}
RIVAL = {"sand": "alhazred", "sahwari": "guildmaster"}


# --- statistics --------------------------------------------------------------------------------

def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``wins / n`` (ties counted as halves)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def percentile(values, q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank; 0 for no values."""
    if not values:
        return 0.0
    vs = sorted(values)
    k = max(0, min(len(vs) - 1, math.ceil(q * len(vs)) - 1))
    return vs[k]


# --- one game ----------------------------------------------------------------------------------

class Timed:
    """Wraps a bot: adds up the CPU time of its ``start`` and ``step`` calls and records it as one
    decision when the driver takes its answer (``best``). Its choices are the bot's own."""

    def __init__(self, bot):
        self.bot = bot
        self.spent = 0.0
        self.decisions: list[float] = []

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def start(self, observation, legal):
        t = time.process_time()
        try:
            return self.bot.start(observation, legal)
        finally:
            self.spent += time.process_time() - t

    def step(self, budget_s=math.inf):
        t = time.process_time()
        try:
            return self.bot.step(budget_s)
        finally:
            self.spent += time.process_time() - t

    def best(self):
        self.decisions.append(self.spent * 1000.0)
        self.spent = 0.0
        return self.bot.best()


def play_one(job: dict) -> dict:
    """One game; ``job`` = {game, seed, levels (one per seat), options}. Returns a record."""
    game = get_game(job["game"])
    levels = job["levels"]
    try:
        setup = Setup.make(game.id, ["bot:" + lv for lv in levels], seed=job["seed"],
                           **job["options"])
        match = Match(game, setup, track_hashes=False, keep_undo=False)
        bots = {i: Timed(make_bot(game, lv, i, job["seed"] * 31 + i))
                for i, lv in enumerate(levels)}
        driver = Driver(match, bots)
        playout(match, lambda target: driver.next_move(), max_steps=MAX_STEPS)
    except Exception as exc:  # noqa: BLE001 - reported with its seed
        return {**job, "error": f"{exc!r}", "trace": traceback.format_exc(limit=4)}
    s = match.state
    out = game.outcome(s)
    result = getattr(s, "result", None)
    rival = None
    if isinstance(result, dict):
        for key in RIVAL.values():
            if isinstance(result.get(key), dict) and "total" in result[key]:
                rival = result[key]["total"]
    turn = None
    for attr in ("turns", "round", "turn"):  # Sand's ``turn`` is flags, its ``turns`` a count
        v = getattr(s, attr, None)
        if isinstance(v, int) and not isinstance(v, bool):
            turn = v
            break
    how = (game.results(s) or {}).get("how")  # how the game ended, in the game's words
    return {**job, "winners": list(out.winners), "scores": list(out.scores), "team": out.team,
            "detail": out.detail, "actions": len(match.log), "turn": turn, "rival": rival,
            "how": str(how) if how else "",
            "decisions": [bots[i].decisions for i in range(len(levels))]}


def pool_map(jobs, workers):
    if workers <= 1 or len(jobs) <= 1:
        return [play_one(j) for j in jobs]
    with mp.get_context("spawn" if sys.platform == "win32" else "fork").Pool(workers) as pool:
        return pool.map(play_one, jobs, chunksize=1)


# --- pairings ----------------------------------------------------------------------------------

def seatings(levels, players, games, swap, seed):
    """(seed, levels per seat) for each game: levels cycled over the seats; with ``swap`` sets of
    games on one seed, one for each rotation of the seats."""
    base = [levels[i % len(levels)] for i in range(players)]
    rotations = [base[r:] + base[:r] for r in range(players)] if swap else [base]
    rotations = list(dict.fromkeys(tuple(r) for r in rotations))  # a mirror match has one
    out = []
    g = 0
    while len(out) < games:
        for rot in rotations:
            if len(out) >= games:
                break
            out.append((seed + g, list(rot)))
        g += 1
    return out


def pairing_jobs(game, levels, players, games, swap, seed, options):
    if game_is_team(game):
        return [{"game": game.id, "seed": seed + g, "levels": [lv] * players,
                 "options": dict(options)} for lv in dict.fromkeys(levels) for g in range(games)]
    return [{"game": game.id, "seed": s, "levels": seats, "options": dict(options)}
            for s, seats in seatings(levels, players, games, swap, seed)]


def game_is_team(game) -> bool:
    return bool(getattr(game, "cooperative", False)) or game.id == "sands_of_adventure"


def summarize(game, recs, levels, players) -> dict:
    """The report of one pairing from its game records."""
    ok = [r for r in recs if "error" not in r]
    failed = [r["seed"] for r in recs if "error" in r]
    rep: dict = {"levels": list(levels), "players": players, "games": len(recs),
                 "played": len(ok), "errors": len(failed), "failing_seeds": failed[:20]}
    if ok:
        rep["options"] = ok[0]["options"]
    per: dict = {}
    team = game_is_team(game)
    for lv in dict.fromkeys(levels):
        mine = [r for r in ok if lv in r["levels"]]
        d: dict = {"games": len(mine)}
        if team:
            w = sum(1 for r in mine if r["team"] == "win")
            d.update(team_wins=w, team_share=round(w / len(mine), 3) if mine else 0.0,
                     ci95=wilson(w, len(mine)))
            d["endings"] = endings((r["how"], 1.0) for r in mine)
        else:
            w = 0.0
            scores = []
            seats = 0
            won = []  # (how the game ended, this level's share of the win)
            for r in mine:
                for i, x in enumerate(r["levels"]):
                    if x != lv:
                        continue
                    seats += 1
                    if i < len(r["scores"]):
                        scores.append(r["scores"][i])
                    if i in r["winners"]:
                        w += 1.0 / len(r["winners"])
                        won.append((r["how"], 1.0 / len(r["winners"])))
            d.update(wins=round(w, 2), share=round(w / len(mine), 3) if mine else 0.0,
                     ci95=wilson(w, len(mine)),
                     even=round(seats / (len(mine) * players), 3) if mine else 0.0,
                     score=round(statistics.fmean(scores), 2) if scores else None,
                     won_by=endings(won))
        times = [t for r in mine for i, x in enumerate(r["levels"]) if x == lv
                 for t in r["decisions"][i]]
        d["decision_ms"] = {"p50": round(percentile(times, 0.5), 2),
                            "p95": round(percentile(times, 0.95), 2),
                            "max": round(max(times), 2) if times else 0.0, "n": len(times)}
        lengths = [r["actions"] for r in mine]
        turns = [r["turn"] for r in mine if r["turn"] is not None]
        if team:
            d["length"] = length(lengths, turns)
        per[lv] = d
    rep["per_level"] = per
    if not team:
        rep["ties"] = sum(1 for r in ok if len(r["winners"]) > 1)
        rep["no_winner"] = sum(1 for r in ok if not r["winners"])
        rep["length"] = length([r["actions"] for r in ok],
                               [r["turn"] for r in ok if r["turn"] is not None])
        rep["endings"] = endings((r["how"], 1.0) for r in ok)
        rivals = [r["rival"] for r in ok if r["rival"] is not None]
        if rivals:
            rep["rival_score"] = round(statistics.fmean(rivals), 2)
    return rep


def endings(pairs) -> dict:
    """How games ended (the game's own words, ``Game.results``' "how") -> how many, from
    ``(how, weight)`` pairs; most frequent first."""
    out: dict = {}
    for how, weight in pairs:
        key = how or "unknown"
        out[key] = out.get(key, 0.0) + weight
    return {k: round(v, 2) for k, v in sorted(out.items(), key=lambda kv: (-kv[1], kv[0]))}


def length(actions, turns) -> dict:
    d = {"mean": round(statistics.fmean(actions), 1) if actions else 0.0,
         "p50": percentile(actions, 0.5), "max": max(actions) if actions else 0}
    if turns:
        d["turns_mean"] = round(statistics.fmean(turns), 1)
    return d


def pairing(game, levels, players, games, swap, seed, options, workers) -> dict:
    recs = pool_map(pairing_jobs(game, levels, players, games, swap, seed, options), workers)
    return summarize(game, recs, levels, players)


def ladder_pairs(game) -> list[tuple[str, str]]:
    names = [lv for lv in LADDER if lv == "random" or lv in level_names(game)]
    table = getattr(game, "bot_levels", None) or {}
    easy = table.get("easy", {})
    if easy.get("bot") == "random" and not easy.get("params"):
        names = [lv for lv in names if lv != "random"]  # easy is the random bot
    return list(zip(names, names[1:]))


# --- command line ------------------------------------------------------------------------------

def parse_options(p, game, items) -> dict:
    options = {}
    specs = {o.key: o for o in game.options}
    for item in items:
        if "=" not in item:
            p.error(f"--option takes KEY=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        spec = specs.get(k)
        if spec is None:
            p.error(f"{game.title} has no option {k!r}; options: "
                    f"{', '.join(specs) or 'none'}")
        try:
            options[k] = spec.parse(v)
        except ValueError as exc:
            p.error(str(exc))
    return options


def run(argv=None) -> tuple[int, dict]:
    """Parse ``argv``, play, print; return (exit status, the result object)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--levels", help="comma-separated levels, cycled over the seats")
    p.add_argument("--players", type=int)
    p.add_argument("--games", type=int, default=40, help="games a pairing")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--swap", action="store_true", help="rotate the seats on each seed")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--ladder", action="store_true", help="random<easy<normal<hard pairs")
    p.add_argument("--solo", action="store_true", help="1 player against the solo rival")
    p.add_argument("--decks", action="store_true", help="Burning Sands deck matchups")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    try:
        game = get_game(a.game)
    except KeyError as exc:
        p.error(f"{exc.args[0]} (available: {', '.join(available_ids())})")
    if sum((a.ladder, a.solo, a.decks)) > 1:
        p.error("name at most one of --ladder, --solo, --decks")
    options = parse_options(p, game, a.option)
    levels = a.levels.split(",") if a.levels else None
    for lv in levels or ():
        if lv not in level_names(game) and lv not in KINDS:
            p.error(f"unknown level {lv!r}; levels: {', '.join(level_names(game))}, "
                    f"or a bot kind: {', '.join(KINDS)}")
    if a.games < 1:
        p.error("--games must be at least 1")
    players = a.players or (1 if a.solo else max(game.min_seats, min(2, game.max_seats)))
    try:
        game.check_seats(players)
    except ValueError as exc:
        p.error(str(exc))

    result: dict = {"game": game.id, "players": players, "games_each": a.games, "swap": a.swap,
                    "seed": a.seed, "options": options}
    t0 = time.perf_counter()
    if a.ladder:
        result["mode"] = "ladder"
        if game_is_team(game):
            names = [lv for lv in LADDER if lv == "random" or lv in level_names(game)]
            result["pairings"] = [pairing(game, names, players, a.games, a.swap, a.seed,
                                          options, a.workers)]
        else:
            result["pairings"] = [pairing(game, list(pair), players, a.games, a.swap, a.seed,
                                          options, a.workers) for pair in ladder_pairs(game)]
    elif a.solo:
        key = SOLO_OPTION.get(game.id)
        if key is None:
            p.error(f"{game.title} has no solo rival")
        if players != 1:
            p.error("--solo plays 1 player")
        spec = {o.key: o for o in game.options}[key]
        result["mode"] = "solo"
        result["pairings"] = []
        named = [options[key]] if key in options else list(spec.choices)
        for lv in levels or [x for x in ("easy", "normal", "hard") if x in level_names(game)]:
            for choice in named:
                rep = pairing(game, [lv], 1, a.games, False, a.seed, {**options, key: choice},
                              a.workers)
                rep["rival"] = f"{key}={choice}"
                result["pairings"].append(rep)
    elif a.decks:
        if game.id != "burning_sands":
            p.error("--decks is for burning_sands (the deck1/deck2 options)")
        if players != 2:
            p.error("--decks plays 2 players")
        decks = {o.key: o for o in game.options}["deck1"].choices
        lv = levels or ["normal", "normal"]
        lv = (lv * 2)[:2]
        result["mode"] = "decks"
        result["levels"] = lv
        result["pairings"] = []
        for d1, d2 in itertools.combinations(decks, 2):
            jobs = []
            for g in range(a.games):
                flip = a.swap and g % 2 == 1
                seed = a.seed + (g // 2 if a.swap else g)
                opts = {**options, "deck1": d2 if flip else d1, "deck2": d1 if flip else d2}
                jobs.append({"game": game.id, "seed": seed,
                             "levels": lv[::-1] if flip else list(lv), "options": opts})
            recs = pool_map(jobs, a.workers)
            rep = summarize(game, recs, lv, 2)
            ok = [r for r in recs if "error" not in r]
            share = {}
            for d in (d1, d2):
                w = 0.0
                for r in ok:
                    seat = 0 if r["options"]["deck1"] == d else 1
                    if seat in r["winners"]:
                        w += 1.0 / len(r["winners"])
                share[d] = {"wins": round(w, 2), "share": round(w / len(ok), 3) if ok else 0.0,
                            "ci95": wilson(w, len(ok))}
            rep["decks"] = share
            rep["matchup"] = f"{d1}-{d2}"
            result["pairings"].append(rep)
    else:
        if not levels:
            p.error("name --levels (or --ladder, --solo, --decks)")
        result["mode"] = "pairing"
        result["pairings"] = [pairing(game, levels, players, a.games, a.swap, a.seed, options,
                                      a.workers)]
    result["seconds"] = round(time.perf_counter() - t0, 1)
    errors = sum(r["errors"] for r in result["pairings"])
    result["errors"] = errors
    for rep in result["pairings"]:
        if rep["failing_seeds"]:
            print(f"{rep['levels']}: failing seeds {rep['failing_seeds']}", file=sys.stderr)
    if a.json:
        print(json.dumps(result))
    else:
        print(render(result))
    return (1 if errors else 0), result


def render(result) -> str:
    """A plain-text table of a result."""
    lines = [f"{result['game']}  {result['mode']}  players={result['players']}  "
             f"games={result['games_each']}  swap={result['swap']}  {result['seconds']} s"]
    for rep in result["pairings"]:
        head = rep.get("matchup") or rep.get("rival") or ""
        lines.append(f"- {' vs '.join(rep['levels'])} {head}  games={rep['played']}"
                     + (f"  ties={rep['ties']}" if "ties" in rep else "")
                     + (f"  rival_score={rep['rival_score']}" if "rival_score" in rep else "")
                     + (f"  length={rep['length']}" if "length" in rep else "")
                     + (f"  endings={rep['endings']}" if rep.get("endings") else ""))
        for lv, d in rep["per_level"].items():
            rate = (f"team {d['team_share']:.3f}" if "team_share" in d
                    else f"share {d['share']:.3f} (even {d['even']})  score {d['score']}")
            lines.append(f"    {lv:8} {rate}  ci95 {d['ci95']}  decision_ms {d['decision_ms']}"
                         + (f"  length={d['length']}" if "length" in d else "")
                         + (f"  won_by={d['won_by']}" if d.get("won_by") else "")
                         + (f"  endings={d['endings']}" if d.get("endings") else ""))
        for deck, d in rep.get("decks", {}).items():
            lines.append(f"    deck {deck:9} share {d['share']:.3f}  ci95 {d['ci95']}")
    return "\n".join(lines)


def main(argv=None) -> int:
    return run(argv)[0]


if __name__ == "__main__":
    sys.exit(main())
