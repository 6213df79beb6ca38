"""The engine: the game protocol, actions, seeded RNG, Match (log, undo, save/replay), time."""

from .errors import DataError, IllegalAction, SaveError
from .game import A, Action, Event, Game, OptionSpec, Outcome, SeatSpec, Setup, run_steps
from .match import LogEntry, Match
from .rng import RNG
from .store import atomic_write_text, digest, state_hash
from .time import TICKS_PER_SECOND, FixedStep, seconds_to_ticks, ticks_to_seconds

__all__ = [
    "A", "Action", "DataError", "Event", "FixedStep", "Game", "IllegalAction", "LogEntry", "Match",
    "OptionSpec", "Outcome", "RNG", "SaveError", "SeatSpec", "Setup", "TICKS_PER_SECOND",
    "atomic_write_text", "digest", "run_steps", "seconds_to_ticks", "state_hash",
    "ticks_to_seconds",
]
