"""Issue 31: who is named at a table. Collects every text a table shows a person - focus-ring
tips, the prompt's buttons and their tips, the prompt, the hint, toasts, bubbles and the log -
while a game is played, so a test can check that players are named as the panels name them."""

from __future__ import annotations

import re

from sandsofplay.bots.levels import make_bot

SEAT_WORDS = re.compile(r"\bPlayer [1-9]\b")


class Words:
    """Every text a table shows while it is watched (``texts``)."""

    def __init__(self, table):
        self.table = table
        self.texts: list[str] = []
        show, say = table.toast.show, table.say

        def shown(message, *a, **k):
            self.texts.append(message)
            return show(message, *a, **k)

        def said(seat, text, *a, **k):
            self.texts.append(text)
            return say(seat, text, *a, **k)
        table.toast.show = shown
        table.say = said

    def sample(self, prompt=None):
        t = self.table
        for target in t.focus_targets():
            if target.tip:
                self.texts.append(target.tip)
        for b, _seat, _action, _name in t.action_buttons:
            self.texts.append(b.text)
            if b.tool_tip_text:
                self.texts.append(b.tool_tip_text)
        if t.hint_text:
            self.texts.append(t.hint_text)
        if prompt:
            self.texts.append(prompt)
        self.texts.extend(t.log.lines)

    def seat_words(self) -> list[str]:
        return sorted({x for x in self.texts if SEAT_WORDS.search(x)})


def play_and_listen(app, table, human_turns=40, hint_every=5, prompt=lambda t: None,
                    limit=20000):
    """Let the bots play and a stand-in answer for the human seat 0 (through the table's
    ``perform``), asking for a hint now and then and making a refused move of another seat;
    returns the ``Words`` heard."""
    words = Words(table)
    stand_in = make_bot(table.game, "normal", 0, 5)
    turns = 0
    for _ in range(limit):
        app.frame(1 / 60)
        if table.match.is_over() or turns >= human_turns:
            break
        if app.top is not table:
            continue
        st = table.match.state
        if 0 not in table.game.to_act(st) or table.human_to_act() != 0:
            continue
        legal = table.game.legal_actions(st, 0)
        if not legal:
            continue
        words.sample(prompt(table))
        if turns % hint_every == 0:
            table.ask_hint()
            for _ in range(300):
                app.frame(1 / 60)
                if table.hint_text and table.hint_text != "Hint: thinking...":
                    break
            words.sample()
        if turns == 1:  # a move for a seat that is not asked: the rules refuse it, by name
            other = next(s for s in range(len(table.match.setup.seats)) if s != 0)
            table.perform(other, legal[0])
        st = table.match.state
        if 0 in table.game.to_act(st):
            legal = table.game.legal_actions(st, 0)
            if legal:
                table.perform(0, stand_in.decide(table.game.observe(st, 0), legal))
        turns += 1
    words.sample(prompt(table))
    return words
