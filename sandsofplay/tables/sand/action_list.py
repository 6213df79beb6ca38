"""The Sand action panel's list as rows (issue 31: a long list is grouped, not paged).

The choices of the person to act are shown as they come (``labels.stable_order``) when they fit
the panel. A longer list - the main action step with a Navigator lists every route twice - is
folded: the ways to travel to one place become one row ("Farla: 3 ways"), the other kinds of
action one row each ("Acolyte: 4 ways"), and a kind or place with a single way stays as that
action. Pressing a group's row opens it: its ways, under a row that goes back to every choice.
Only a list that folding cannot shorten enough (or an opened group too long) is paged, with
tabs.

``ListState`` is the panel's place in the list (the group open, the page shown); ``path`` says
which rows and tabs are pressed, from that place, to reach an action: the table turns it into
clicks (its mouse gestures) or Tab/Enter presses (its keyboard gestures), and the Hint follows it
to show the action it names.
"""

from __future__ import annotations

from dataclasses import dataclass

from .labels import D, short_label

_MOVES = ("travel", "navigate", "leg", "walk")

# the name of each kind of action on its group's row
KIND_NAMES = {
    "load": "Load goods", "stack": "Stack goods", "deliver": "Deliver", "song": "Compose a Song",
    "acolyte": "Acolyte", "shaman": "Shaman", "store": "Store a relic",
    "retrieve": "Retrieve a relic", "care": "Care for the Worm", "tend": "Custodian: Health",
    "pray": "Pray", "prestige": "Earn Prestige", "sonett": "Sonett", "surmesh": "Surmesh",
    "abandon": "Abandon goods", "place": "Place a token", "reward": "Reward",
    "pay": "Pay", "extra": "Add to the die", "pick": "Mission",
}

BACK = "back"  # the row that closes an open group


@dataclass(frozen=True)
class Group:
    """One row standing for several ways: to one place (``key`` "to:LOC") or of one kind
    ("kind:KIND")."""
    key: str
    label: str
    acts: tuple

    @property
    def name(self) -> str:
        return f"group:{self.key}"


ROW_NAMES = ("act:", "group:", "list:")  # how every ``row_name`` begins


def row_name(row) -> str:
    """The focus ring's name of a row."""
    if row == BACK:
        return "list:back"
    if isinstance(row, Group):
        return row.name
    return f"act:{row}"


def group_key(s, seat, a) -> str:
    if a.kind in _MOVES and a.args:
        try:
            return f"to:{D.routes[a.args[0]].other(s.players[seat]['loc'])}"
        except (KeyError, IndexError, TypeError, AttributeError):
            pass
    return f"kind:{a.kind}"


def group_label(s, seat, key, acts) -> str:
    n = len(acts)
    if key.startswith("to:"):
        loc = D.locations.get(key[3:])
        place = loc.name if loc is not None else key[3:]
        return f"{place}: {n} ways to travel >"
    kind = key[5:]
    name = KIND_NAMES.get(kind)
    if name is None:
        name = short_label(s, seat, acts[0]).split(":")[0].split("[")[0].strip()
    return f"{name}: {n} ways >"


def fold(s, seat, acts, rows: int) -> list:
    """The top of the list: ``acts`` as they are when they fit ``rows``, else grouped (a group
    per place or kind, in the order of their first way). Grouping that does not shorten the
    list (all of one kind) is not done."""
    acts = list(acts)
    if len(acts) <= rows:
        return acts
    order, members = [], {}
    for a in acts:
        k = group_key(s, seat, a)
        if k not in members:
            members[k] = []
            order.append(k)
        members[k].append(a)
    if len(order) <= 1:
        return acts
    return [members[k][0] if len(members[k]) == 1
            else Group(k, group_label(s, seat, k, members[k]), tuple(members[k]))
            for k in order]


class ListState:
    """Where the panel is in the list: ``group`` (the key of the open group, or None) and
    ``page``. ``rows``: how many rows fit without tabs, ``rows_tabbed`` with them."""

    def __init__(self, rows: int, rows_tabbed: int):
        self.rows, self.rows_tabbed = rows, rows_tabbed
        self.group: str | None = None
        self.page = 0

    def reset(self):
        self.group, self.page = None, 0

    # --- what is shown -------------------------------------------------------------------------
    def top(self, s, seat, acts) -> list:
        return fold(s, seat, acts, self.rows)

    def view(self, s, seat, acts, group=None) -> list:
        """The rows of the list with ``group`` open (None: the top)."""
        top = self.top(s, seat, acts)
        if group is not None:
            for g in top:
                if isinstance(g, Group) and g.key == group:
                    return [BACK, *g.acts]
        return top

    def pages_of(self, rows: list) -> list:
        k = self.rows if len(rows) <= self.rows else self.rows_tabbed
        return [rows[i:i + k] for i in range(0, len(rows), k)] or [[]]

    def pages(self, s, seat, acts) -> list:
        """The pages of the rows shown now (an open group that is gone closes)."""
        rows = self.view(s, seat, acts, self.group)
        if self.group is not None and (not rows or rows[0] != BACK):
            self.group, self.page = None, 0
        pages = self.pages_of(rows)
        self.page = min(self.page, len(pages) - 1)
        return pages

    # --- moving in it ----------------------------------------------------------------------
    def after(self, s, seat, acts, group, page, row) -> tuple:
        """``(group, page)`` once ``row`` is pressed with ``group`` open at ``page``: a group's
        row opens it, the back row returns to the page of the top that holds that group."""
        if isinstance(row, Group):
            return row.key, 0
        if row == BACK:
            return None, next((k for k, p in enumerate(self.pages_of(self.top(s, seat, acts)))
                               if any(isinstance(g, Group) and g.key == group for g in p)), 0)
        return group, page

    def press(self, s, seat, acts, row):
        self.group, self.page = self.after(s, seat, acts, self.group, self.page, row)

    def path(self, s, seat, acts, action) -> list:
        """From the place shown now, the presses that reach ``action``, each with the list's
        ``(group, page)`` after it: ("tab", k, n, group, page) (page k of n tabs) or ("row", i,
        row, group, page) (row i of the page), the last one the action's own row. Empty when it
        is not in the list."""
        top = self.top(s, seat, acts)
        home = next((g for g in top if isinstance(g, Group) and action in g.acts), None)
        if home is None and action not in top:
            return []
        group, page, out = self.group, self.page, []
        goal = [BACK] if group is not None and (home is None or home.key != group) else []
        if home is not None and (group is None or home.key != group):
            goal.append(home)
        goal.append(action)
        for row in goal:
            pages = self.pages_of(self.view(s, seat, acts, group))
            page = min(page, len(pages) - 1)
            k = next(k for k, p in enumerate(pages) if row in p)
            if k != page:
                page = k
                out.append(("tab", k, len(pages), group, page))
            group, page = self.after(s, seat, acts, group, page, row)
            out.append(("row", pages[k].index(row), row, group, page))
        return out

    def reveal(self, s, seat, acts, action):
        """Open the list where ``action`` is shown (the Hint names it)."""
        top = self.top(s, seat, acts)
        home = next((g for g in top if isinstance(g, Group) and action in g.acts), None)
        self.group = home.key if home is not None else None
        pages = self.pages_of(self.view(s, seat, acts, self.group))
        self.page = next((k for k, p in enumerate(pages) if action in p), 0)
