"""Player names: one rule at the seat setup's field, in the save and at load.

What a person types (or pastes) as a name goes through :func:`normalise` before the game starts:

* lone surrogates (text that is not Unicode) are dropped;
* control characters (tab, newline, ...) and line or paragraph separators become spaces, and
  every run of white space (a no-break space too) becomes one ordinary space;
* the name is put in Unicode's composed form (NFC), the spaces at both ends go, and it is cut to
  :data:`MAX_NAME` characters.

Everything else is kept as typed: letters of any script, emoji and their joined sequences
(the zero-width joiner in 👨‍👩‍👧), variation selectors, right-to-left marks and overrides, soft
hyphens, combining marks. The save's check (:func:`name_ok`) accepts exactly the names
:func:`normalise` gives (its fixed points), and every name the earlier rule accepted (printable
characters only), so an old save stays valid.

A name made of nothing one can see (only invisible characters such as U+200B, U+FEFF, U+202E,
or only combining marks) is not :func:`visible`: the seat setup gives such a seat its default
name and says so, and tables show "Seat N" for one read from an older save.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40

# categories whose characters take no room on their own: format characters (ZWJ, RTL marks,
# soft hyphen, BOM), combining marks, separators and controls, surrogates
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Mn", "Me", "Zs", "Zl", "Zp"})
# letters that are drawn as nothing (Hangul fillers, the braille blank is a symbol with width)
_INVISIBLE_CHARS = frozenset("\u115f\u1160\u3164\uffa0\u034f\u180e")


def _one_pass(text: str) -> str:
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cs":
            continue  # half of a surrogate pair: not text, cannot be saved as UTF-8
        if cat in ("Cc", "Zl", "Zp") or ch.isspace():
            out.append(" ")
        else:
            out.append(ch)
    text = " ".join(part for part in "".join(out).split(" ") if part)
    text = unicodedata.normalize("NFC", text).strip(" ")
    if len(text) > MAX_NAME:
        text = text[:MAX_NAME].rstrip(" ")
    return text


def normalise(text: str) -> str:
    """The name as it is kept: see the module's docstring. Idempotent."""
    if not isinstance(text, str):
        raise TypeError("a name is text")
    for _ in range(4):  # cutting or composing can, rarely, make another change possible
        again = _one_pass(text)
        if again == text:
            return text
        text = again
    return text


def name_ok(text) -> bool:
    """Whether a save may hold ``text`` as a seat's name: a name :func:`normalise` gives, or
    one the earlier rule accepted (at most MAX_NAME printable characters)."""
    if not isinstance(text, str) or len(text) > MAX_NAME:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return text.isprintable() or normalise(text) == text


def visible(text: str) -> bool:
    """Whether the name shows something: at least one character that takes room of its own."""
    return any(unicodedata.category(ch) not in _INVISIBLE_CATEGORIES and
               ch not in _INVISIBLE_CHARS for ch in text)


def field_name(text: str, default: str) -> tuple[str, str]:
    """``(name, note)`` for what was typed in a seat's name field: the normalised name, or
    ``default`` when nothing visible is left (``note`` then says so when something was typed)."""
    name = normalise(text)
    if visible(name):
        return name, ""
    if name or text.strip():
        return default, (f"A name needs a letter, digit or sign that can be seen; that seat is "
                         f"called {default}.")
    return default, ""


__all__ = ["MAX_NAME", "field_name", "name_ok", "normalise", "visible"]
