"""A demo table is for watching: while the bots play it, it shows none of its controls (Menu,
Hint, Undo - every pygame_gui element the table owns is a player's control) and no hover tips;
a visitor who takes a seat gets them all back.

Done from outside the table (the base ``TableScene`` knows nothing of demos): each control's
``show`` is held off while the demo lasts (the table shows its controls on its entry, on being
set out and on every resume, so hiding them once would not last), controls the table makes
during the demo are held off as they are made (``own``), and the table's hover help is swapped
for one that never shows."""

from __future__ import annotations

from ..ui.widgets import Tooltips


class NoTips(Tooltips):
    """Hover help that never shows (the table may still set its regions)."""

    def update(self, mouse_pos):
        self.pos = mouse_pos

    @property
    def current(self) -> str:
        return ""

    def draw(self, surf):
        return None


def _stay_hidden(*args, **kwargs):
    return None


def _hold(element):
    if "show" not in vars(element):
        element.show = _stay_hidden  # the instance's: the class's show comes back on release
    element.hide()


def is_demo(table) -> bool:
    return "_kiosk_tips" in vars(table)


def start_demo(table):
    """Hide the table's controls and its hover help until ``end_demo``."""
    if is_demo(table):
        return
    for element in table.elements:
        _hold(element)
    real_own = table.own

    def own(element):
        element = real_own(element)
        _hold(element)
        return element
    table.own = own
    table._kiosk_tips = table.tooltips
    table.tooltips = NoTips(table.tooltips.text)


def end_demo(table, shown: bool):
    """A visitor took a seat: the controls and the hover help are the table's again; the
    controls show now if the table is ``shown`` (else when it resumes)."""
    if not is_demo(table):
        return
    table.tooltips = vars(table).pop("_kiosk_tips")
    vars(table).pop("own", None)
    for element in table.elements:
        vars(element).pop("show", None)
        if shown and table.entering is None:
            element.show()
