"""Helpers for the deck hardening tests: a guard that turns a hang into a failure, a save of a
Burning Sands game played with a saved deck, and snapshots that tell whether a file was touched."""

from __future__ import annotations

import json
import os
import stat
import threading

from sandsofplay.engine import Match, SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.games.burning_sands.decklist import deck_text
from sandsofplay.tables.burning_sands import decks as D

GAME = get_game("burning_sands")
GUARD_S = 30.0  # a generous bound: the work takes milliseconds, a regression blocks forever


def guarded(fn, *args, unblock=(), timeout=GUARD_S):
    """``fn(*args)`` on a daemon thread: its result, or AssertionError when it does not return in
    ``timeout`` seconds (then every FIFO in ``unblock`` is opened for writing, which frees a
    reader stuck in ``open``, so the thread ends and the run goes on)."""
    box = {}

    def run():
        try:
            box["value"] = fn(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            box["error"] = exc
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    if t.is_alive():
        for fifo in unblock:
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        t.join(5)
        raise AssertionError(f"{getattr(fn, '__name__', fn)} did not return within {timeout} s "
                             f"(it hangs on a special file)")
    if "error" in box:
        raise box["error"]
    return box.get("value")


def snapshot(path) -> tuple:
    """What a file is and holds, without opening anything that is not a regular file."""
    path = os.fspath(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return ("missing",)
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(path), st.st_ino)
    if stat.S_ISREG(st.st_mode):
        with open(path, "rb") as fh:
            return ("file", st.st_ino, fh.read(1 << 20), st.st_size)
    return ("special", stat.S_IFMT(st.st_mode), st.st_ino)


def good_deck(name="Good Deck") -> D.DeckList:
    deck = D.starter("khadi")
    deck.name = name
    return deck


def deck_file_text(deck: D.DeckList) -> str:
    return json.dumps(deck.to_json(), indent=1)


def is_sentence(text: str) -> bool:
    """One printable line that ends like a sentence and is not a traceback."""
    return (isinstance(text, str) and 10 < len(text) < 600 and "\n" not in text and
            text.isprintable() and text.rstrip().endswith((".", ")")) and
            "Traceback" not in text)


def bs_save(path, option_text: str, actions: int = 6) -> str:
    """Write a save of a Burning Sands game whose seat 1 played ``option_text``'s deck (a legal
    deck is played; the text in the file is then replaced by ``option_text``)."""
    deck = good_deck("Sun Host")
    legal = deck_text(deck.name, deck.stronghold, deck.sections, deck.cards)
    setup = Setup("burning_sands", (SeatSpec.parse("bot:normal"), SeatSpec.parse("bot:normal")),
                  (("deck1", legal), ("sections", "plan")), 5)
    match = Match(GAME, setup)
    for _ in range(actions):
        seat = GAME.to_act(match.state)[0]
        match.apply(seat, GAME.legal_actions(match.state, seat)[0])
    data = match.to_save()
    data["setup"]["options"]["deck1"] = option_text
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    return os.fspath(path)
