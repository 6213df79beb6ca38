"""Issue 31: at the Sands of Adventure table nobody is named "Player N": the rules name each
seat by the character it plays (its mat shows the seat's name under the character's) - in tips,
buttons, hints, toasts, bubbles and the log."""

from sandsofplay.engine import SeatSpec
from tests.tables import helpers
from tests.tables.names_check import play_and_listen

CHARS = dict(char1="indiana", char2="marion", char3="sallah")
SEATS = (SeatSpec("human", name="Tariq"), SeatSpec("bot", "easy", name="Leila"),
         SeatSpec("bot", "easy", name="Omar"))


def test_players_are_named_by_their_characters_never_by_seat_number(app):
    """Rulebook, Setup (each player takes a character): the table's sentences name the
    characters, and the mats pair each with the seat's name."""
    table = helpers.make_table(app, "sands_of_adventure", SEATS, 4, **CHARS)
    words = play_and_listen(app, table, human_turns=30)
    assert words.seat_words() == []
    said = " ".join(words.texts)
    assert "Indiana Jones" in said and ("Marion Ravenwood" in said or "Sallah" in said)
    assert any(t.startswith("Hint: ") and t != "Hint: thinking..." for t in words.texts)
    assert [table.seat_name(s) for s in range(3)] == ["Tariq", "Leila", "Omar"]
