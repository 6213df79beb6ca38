"""Issue 31: at the Sahwari table players are named as the panels name them (the seat's name),
never "Player 1 (yellow, Merchant)" - in tips, buttons, hints, toasts, bubbles and the log."""

from sandsofplay.engine import SeatSpec
from sandsofplay.tables.sahwari.prompts import prompt_text
from tests.tables.names_check import play_and_listen

from .helpers import make_table

SEATS = (SeatSpec("human", name="Tariq"), SeatSpec("bot", "easy", name="Leila"),
         SeatSpec("bot", "easy", name="Omar"))


def test_players_are_named_by_their_seat_names(app):
    """Rulebook, Setup B (each player chooses a clan and a colour): the table names the player,
    not the seat with its colour and clan."""
    table = make_table(app, SEATS, seed=5, fast=False)
    app.settings.animation_speed = 6
    words = play_and_listen(app, table, human_turns=30,
                            prompt=lambda t: prompt_text(t, t.obs()))
    assert words.seat_words() == []
    said = " ".join(words.texts)
    assert all(name in said for name in ("Tariq", "Leila", "Omar"))
    assert any(t.startswith("Hint: ") and t != "Hint: thinking..." for t in words.texts)
    assert any("Leila" in t and "turn" in t for t in words.texts)  # the refused move's reason


def test_an_unnamed_seat_is_its_panels_seat_number(app):
    """An old save's seat without a name: "Seat 2", as on its clan panel, in every sentence."""
    table = make_table(app, ["human", "bot:easy"], seed=3, fast=False)
    table.log.lines.clear()
    table.log.add(table.named("Player 2 (yellow, Diplomat) moves Player 1 (green)'s camel."))
    assert table.log.lines[-1] == "Seat 2 moves Seat 1's camel."
    assert table.named("Player 1 (Thief) is first; Player 2 follows.") == \
        "Seat 1 is first; Seat 2 follows."
