"""A game's rules help page (``resources/help/<id>.html``), read so that no page can hurt the
game under it.

The page is read bounded (``engine.resources.read_resource``: a regular file, never a pipe or a
device, at most 32 kB); a few bytes that are not UTF-8 are shown as replacement characters with
a note (a page mostly of them is not text, and is refused); control characters are dropped. A page that cannot be read, or that pygame_gui cannot lay
out, becomes a sentence inside the help box naming the file: the help still opens, and the game
underneath carries on.
"""

from __future__ import annotations

import html
import logging
import re

import pygame
from pygame_gui.elements import UITextBox

from ..engine import DataError
from ..engine.resources import read_resource
from . import paths, theme

log = logging.getLogger("sandsofplay")

MAX_ROWS = 140  # lines of the help box a page may fill
BOX_WIDTH = 930  # the help box's text width in pixels, a little less than it is
_BREAK = re.compile(r"<br\s*/?>|</?p>", re.I)
_TAG = re.compile(r"<[^>]*>")
_LONG_WORD = re.compile(r"([^\s<>]{30})(?=[^\s<>])")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def help_name(game_id: str) -> str:
    return f"help/{game_id}.html"


def _notice(title: str, sentence: str) -> str:
    return f"<b>{html.escape(title)}</b><br>{html.escape(sentence)}"


def help_html(game) -> str:
    """The page's HTML as the help box shows it, or a sentence saying why it cannot be."""
    path = paths.resource("help", f"{game.id}.html")
    name = help_name(game.id)
    if not path.exists() and not path.is_symlink():
        return _notice(game.title, "No rules help has been written for this game yet.")
    try:
        raw = read_resource(path, "help")
    except DataError as exc:
        log.warning("rules help %s cannot be read: %s", name, exc)
        return _notice(game.title, f"The rules help page {name} cannot be shown: {exc}")
    note = ""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        log.warning("rules help %s is not UTF-8 text (byte %d)", name, exc.start)
        text = raw.decode("utf-8", errors="replace")
        if text.count("\ufffd") * 100 > len(text):  # not a page with a bad byte: not text
            return _notice(game.title, f"The rules help page {name} cannot be shown: it is not "
                                       f"UTF-8 text.")
        note = (f"<b>Part of the rules help page {html.escape(name)} is damaged (it is not "
                f"UTF-8 text); what cannot be read is shown as \ufffd.</b><br><br>")
    text = _CONTROL.sub("", text).replace("\n", "")  # <br> breaks lines
    # pygame_gui lays a word too long for a line out in time that grows with its square (a
    # 30,000-letter word took minutes): a space every 30 letters of one (narrower than a line)
    text = _LONG_WORD.sub(r"\1 ", text)
    if not text.strip():
        return _notice(game.title, f"The rules help page {name} is empty.")
    return note + _bounded_rows(text, name)


def _bounded_rows(text: str, name: str) -> str:
    """The page cut after about :data:`MAX_ROWS` lines of the help box (pygame_gui's layout
    time grows faster than the number of lines: 200 lines of wide letters took four seconds;
    the shipped pages are 50 to 85)."""
    font = pygame.font.Font(theme.font_file(False), 18)
    rows = 0
    pos = 0
    for m in _BREAK.finditer(text + "<br>"):
        visible = _TAG.sub("", text[pos:m.start()])
        rows += 1 + (font.size(visible[:20000])[0] // BOX_WIDTH if visible else 0)
        if rows > MAX_ROWS:
            log.warning("rules help %s is too long; shown up to line %d", name, MAX_ROWS)
            return (text[:pos] + f"<br><br><b>The rest of the rules help page "
                    f"{html.escape(name)} is too long to show.</b>")
        pos = m.end()
    return text


def help_box(game, rect, manager) -> UITextBox:
    """The help text box for ``game`` in ``rect``; a page pygame_gui cannot lay out is replaced
    by a sentence saying so (the player stays in their game)."""
    text = help_html(game)
    try:
        return UITextBox(text, rect, manager=manager)
    except Exception as exc:  # noqa: BLE001 - pygame_gui's HTML parser raises many kinds
        log.warning("rules help %s cannot be laid out: %s", help_name(game.id), exc)
        return UITextBox(_notice(game.title, f"The rules help page {help_name(game.id)} is "
                                             f"damaged and cannot be shown."),
                         rect, manager=manager)
