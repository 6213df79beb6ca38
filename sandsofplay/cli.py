"""The ``sandsofplay`` command.

    sandsofplay                           the title screen
    sandsofplay --game ID                 that game's seat setup
    sandsofplay --game ID --seats human,bot:normal --seed 7   start a game straight away
        [--option KEY=VALUE ...]          its options (Burning Sands: deck1=saved:NAME plays
                                          the saved deck NAME.json)
    sandsofplay --load FILE               resume a save
    sandsofplay --replay FILE             play a save back
    sandsofplay --replay FILE --at N      ... from the moment after its first N actions
    sandsofplay --story FILE [--out TEXT] a save's story as text (no window)
    sandsofplay --fullscreen | --windowed
    sandsofplay --kiosk [--kiosk-config FILE]   the unattended demo (staff exit: Ctrl+Shift+K)
    sandsofplay --version                 the version
"""

from __future__ import annotations

import argparse
import os
import sys

from . import __version__


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        if len(message) > 300:  # an argument can be any length; quote the start of it
            message = message[:299] + "\u2026"
        self.print_usage(sys.stderr)
        print(f"sandsofplay: error: {message}", file=sys.stderr)
        print("Run 'sandsofplay --help' for the list of options.", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    from .games import CATALOG
    ids = ", ".join(gi.id for gi in CATALOG)
    p = _Parser(prog="sandsofplay",
                description="Four sand-themed tabletop games at one screen: with friends, "
                            "against bots, or as a self-playing kiosk.")
    p.add_argument("--game", metavar="ID", help=f"open this game's seat setup ({ids})")
    p.add_argument("--seats", metavar="LIST",
                   help="with --game: start at once with these seats, e.g. human,bot:normal "
                        "(bot levels: easy, normal, hard)")
    p.add_argument("--seed", type=int, metavar="N", help="with --seats: the game's random seed")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="with --seats: a game option (repeatable); a Burning Sands deck may be "
                        "a saved one: deck1=saved:NAME (NAME.json in the decks folder)")
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--replay", metavar="FILE", help="play a saved game back")
    p.add_argument("--at", type=int, metavar="N",
                   help="with --replay: start (paused) after the first N actions")
    p.add_argument("--story", metavar="FILE",
                   help="print a save's story (round and turn headings, one sentence per "
                        "action, the final scores) and exit")
    p.add_argument("--out", metavar="FILE", help="with --story: write the story to this file")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", help="start in full screen")
    mode.add_argument("--windowed", action="store_true", help="start in a window")
    p.add_argument("--kiosk", action="store_true", help="attract mode for unattended displays")
    p.add_argument("--version", action="version", version=f"sandsofplay {__version__}",
                   help="print the version and exit")
    p.add_argument("--kiosk-config", metavar="FILE",
                   help="with --kiosk: the kiosk configuration (TOML; default kiosk.toml in the "
                        "user data folder)")
    return p


def parse(argv=None):
    """Parse and check the command line; exits with status 2 and a clear message if wrong."""
    from .engine import SeatSpec, Setup
    from .games import CATALOG, available_ids, get_game, info
    p = build_parser()
    args = p.parse_args(argv)
    check_values(p, args)
    if args.out is not None and not args.story:
        p.error("--out goes with --story")
    if args.story:
        if args.game or args.load or args.replay or args.seats or args.option or args.kiosk or \
                args.seed is not None or args.at is not None or args.kiosk_config or \
                args.fullscreen or args.windowed:
            p.error("--story goes alone (with --out)")
        args.setup = None
        return args
    if args.kiosk_config and not args.kiosk:
        p.error("--kiosk-config goes with --kiosk")
    if args.kiosk:
        if args.game or args.load or args.replay or args.seats or args.option or \
                args.seed is not None:
            p.error("--kiosk goes alone (with --kiosk-config)")
        args.setup = None
        return args
    if sum(bool(x) for x in (args.game, args.load, args.replay)) > 1:
        p.error("use only one of --game, --load and --replay")
    if args.at is not None and not args.replay:
        p.error("--at goes with --replay")
    if args.at is not None and args.at < 0:
        p.error("--at takes a number of actions, 0 or more")
    if (args.seats or args.seed is not None or args.option) and not args.game:
        p.error("--seats, --seed and --option go with --game")
    if args.seed is not None and not args.seats:
        p.error("--seed goes with --seats")
    args.setup = None
    if args.game:
        if info(args.game) is None:
            p.error(f"unknown game '{args.game}'; choose one of: "
                    f"{', '.join(gi.id for gi in CATALOG)}")
        from . import tables  # noqa: F401 - registers the built tables
        from .ui.table import has_table
        if not has_table(args.game):
            playable = [g for g in available_ids() if has_table(g)]
            p.error(f"{info(args.game).title} is not playable yet; playable games: "
                    f"{', '.join(playable) or 'none yet'}")
        game = get_game(args.game)
        if args.seats:
            try:
                seats = [SeatSpec.parse(s) for s in args.seats.split(",")]
            except ValueError as exc:
                p.error(f"{exc}; a seat is 'human' or 'bot:LEVEL'")
            from .bots.levels import level_names
            levels = level_names(game)
            for s in seats:
                if s.is_bot and s.level not in levels:
                    p.error(f"unknown bot level '{s.level}'; levels: {', '.join(levels)}")
            if not game.min_seats <= len(seats) <= game.max_seats:
                p.error(f"{game.title} takes {game.min_seats} to {game.max_seats} seats, "
                        f"not {len(seats)}")
            from .ui.theme import COLOUR_ORDER
            names = ("Amira", "Tariq", "Layla", "Omar")
            seats = [SeatSpec(s.kind, s.level, names[i % 4], COLOUR_ORDER[i])
                     for i, s in enumerate(seats)]
            options = {}
            specs = {o.key: o for o in game.options}
            for item in args.option:
                k, sep, v = item.partition("=")
                if not sep or k not in specs:
                    p.error(f"bad --option {item!r}; options of {game.title}: "
                            f"{', '.join(specs) or 'none'}")
                if specs[k].seat and specs[k].seat > len(seats):
                    p.error(f"--option {k}: that option is for seat {specs[k].seat}, and this "
                            f"game has {len(seats)} seats")
                options[k] = option_value(p, game, specs[k], v)
            from .ui.theme import fit_colours, seat_palette
            seats = fit_colours(seats, seat_palette(game, len(seats), options))
            seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "big")
            args.setup = Setup(game.id, tuple(seats), tuple(sorted(options.items())), seed)
            from .ui import setup_choices
            try:
                # a choice the seat setup also offers (a saved deck) becomes what the game needs
                args.setup = setup_choices.resolve(args.setup)
                game.new_state(args.setup)
            except (ValueError, KeyError) as exc:
                p.error(str(exc))
    args.loaded = None
    for path in (args.load, args.replay):
        if path:
            data, match = check_save(path)
            if path == args.load:
                args.loaded = match  # opened as it is: the save is not replayed twice
            if path == args.replay and args.at is not None and args.at > len(data["log"]):
                p.error(f"--at {args.at}: {os.path.basename(path)} holds only "
                        f"{len(data['log'])} actions")
    return args


def check_values(p, args):
    """Values that cannot mean anything: an empty --game, --seats, --load ... (a shell variable
    that was not set) and a seed a save could not keep (more than 18 digits)."""
    from .engine.savefile import MAX_DIGITS, MAX_SEED
    for flag in ("game", "seats", "load", "replay", "story", "out", "kiosk_config"):
        value = getattr(args, flag)
        if value is not None and not value.strip():
            p.error(f"--{flag.replace('_', '-')} was given an empty value")
    if args.seed is not None and abs(args.seed) > MAX_SEED:
        p.error(f"--seed takes a whole number of at most {MAX_DIGITS} digits (a save keeps no "
                f"longer one)")


def option_value(p, game, spec, text):
    """``--option KEY=VALUE``'s value: one of the game's own choices, or one the seat setup adds
    (a saved Burning Sands deck, ``saved:NAME``); one that cannot be played exits with why."""
    from .ui import setup_choices
    try:
        return spec.parse(text)
    except ValueError as exc:
        extra = setup_choices.extra_choices(game.id, spec)
        for c in extra:
            if c.value == text:
                if c.problem:
                    p.error(f"--option {spec.key}={text}: {c.problem}")
                return text
        why = setup_choices.unknown_choice(game.id, spec, text)
        if why:
            p.error(f"--option {spec.key}={text}: {why}")
        if extra:
            p.error(f"{exc}, or one of {', '.join(c.value for c in extra)}")
        p.error(str(exc))


def check_save(path: str):
    """A save named on the command line is read and replayed before any window opens; a bad one
    ends the program with status 2 and one sentence that says why (the file is not changed).
    Returns the save's data and the match its replay rebuilt."""
    from .engine import Match, SaveError
    from .engine.game import run_steps
    from .games import get_game
    from . import tables  # noqa: F401 - registers the built tables
    from .ui.table import has_table
    try:
        data = Match.read_save(path, get_game)
        if not has_table(data["game"]):
            raise SaveError(f"{os.path.basename(path)} is a game of {data['game']}, which cannot "
                            f"be played in this version.")
        match = run_steps(Match.from_save_steps(data, get_game(data["game"]),
                                                name=os.path.basename(path), checked=True,
                                                keep_texts=True))
    except SaveError as exc:
        print(f"sandsofplay: {exc}", file=sys.stderr)
        sys.exit(2)
    return data, match


def main(argv=None) -> int:
    args = parse(argv)
    if args.story:
        from .story_export import export
        return export(args.story, args.out)
    if args.kiosk:
        from .kiosk.app import run
        return run(args.kiosk_config)
    try:
        from . import tables  # noqa: F401 - registers the built tables
        from .ui.app import make_app
        fullscreen = True if args.fullscreen else (False if args.windowed else None)
        app = make_app(fullscreen=fullscreen)
    except Exception as exc:  # noqa: BLE001 - a clear message instead of a traceback
        print(f"sandsofplay: cannot open a window: {exc}", file=sys.stderr)
        return 1
    try:
        app.reset(app.home_factory(app))
        app.apply_ops()
        from .ui import table as table_mod
        if args.load:
            app.guard(table_mod.open_save, app, args.load, ready=args.loaded,
                      where="opening the save")
        elif args.replay:
            app.guard(table_mod.open_replay, app, args.replay, args.at,
                      where="opening the replay")
        elif args.setup is not None:
            app.guard(table_mod.start_table, app, args.setup, where="starting the game")
        elif args.game:
            from .ui.scenes.seat_setup import SeatSetupScene
            app.guard(lambda: app.push(SeatSetupScene(app, args.game)), where="in seat setup")
        app.run()
    except KeyboardInterrupt:
        app.quit()
    except Exception as exc:  # noqa: BLE001 - last line of defence
        print(f"sandsofplay stopped: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
