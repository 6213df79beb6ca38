"""Every worked example of the rulebook as a scenario (Fabien's Guildmaster Collect and Block is in
test_solo.py: test_fabien_guildmaster_collect_and_block)."""

from sandsofplay.games.sahwari import scoring
from sandsofplay.games.sahwari.board import GUILD
from sandsofplay.games.sahwari.state import CUBE, EMPTY, LOCKED

from .helpers import (D, OASIS, STANDARD, act, bare_board, cell, check, give_card, give_token,
                      legal, put, set_storage, set_tile, set_track, start_step)


def table(clans):
    s, camels = bare_board(clans, STANDARD)
    set_tile(s, cell("D4"), guard=15)
    set_tile(s, cell("B4"), small=2)
    start_step(s, 0)
    return s, camels


def test_example_1_aurore_storage_and_spying():
    """Rulebook: 2. Collect, Example 1 (Aurore) - the Diplomat stores a cube: 2 Influence showing;
    the storage ability under that cube (Spying) is used at once with one of her two Lock tokens;
    the circle space is never empty (storage of four)."""
    s, (a1, *_r) = table(("diplomat", "merchant"))
    assert s.storage[0] == 1
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    act(s, "cube storage")
    assert s.storage[0] == 2
    assert scoring.breakdown(s, 0)["storage"] == 2
    assert "storage 1" in legal(s)
    act(s, "storage 1")
    assert s.locks[0] == [1] and s.pending == [("spy",)]
    act(s, f"spy {cell('D4')} guarded")
    assert s.known[0] >> 15 & 1 and not s.known[1] >> 15 & 1
    assert "storage 1" not in legal(s)
    assert D.clans["diplomat"].capacity == 4


def test_example_2_florent_artifact_space_half_dashboard_half_card():
    """Rulebook: 2. Collect, Example 2 (Florent) - a cube on a free Artifact space made of a
    dashboard half and a card half triggers both adjacent Spying abilities."""
    s, (a1, *_r) = table(("spy", "merchant"))
    assert give_card(s, 0, 13, "left")  # its blue Spying edge meets the Spy dashboard's blue Spying
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    act(s, "cube 13")
    assert s.spaces[0][13] == CUBE
    assert s.pending[-1] == ("spy",)
    act(s, f"spy {cell('D4')} guarded")
    assert s.pending[-1] == ("spy",)  # the second Spying ability
    act(s, f"spy {cell('B4')} small")
    assert not s.pending
    assert s.known[0] >> 15 & 1 and s.known[0] >> 2 & 1


def test_example_arnaud_green_card_rally_and_clan_ability():
    """Rulebook: 2. Collect B, Example (Arnaud) - a green card adds an empty Artifact space; a cube
    from storage on it triggers Rally and completes the Clan Ability card on both sides."""
    s, (a1, *_r) = table(("spy", "merchant"))
    give_card(s, 0, 36, "right", cube=True)  # the Raider card, green, joined to the Spy's green edge
    set_storage(s, 0, 2)
    assert "raider" not in scoring.clan_sources(s, 0)
    set_tile(s, cell("B1"), art=0, pawn=1)
    from .helpers import set_area
    set_area(s, [3, 1, 2, 4])
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take pawn")
    act(s, "card 3")  # green Rally | green Influence 1
    act(s, "edge right")
    assert s.spaces[0][3] == EMPTY
    act(s, "space 3")
    assert s.pending == [("rally",)]
    assert ab_active(s, 36)
    assert "raider" in scoring.clan_sources(s, 0)
    act(s, f"rally {cell('B4')} small")
    act(s, "keep")
    check(s)


def ab_active(s, cid):
    from sandsofplay.games.sahwari.abilities import clan_card_active
    return clan_card_active(s, 0, cid)


def test_example_fabien_sandstorm_costs_two_pawns():
    """Rulebook: 4. Activate Abilities, Example (Fabien) - two pawns for a Sandstorm: the first on
    the Guild tile's last empty Recruit space, the second back out of the game."""
    s, (a1, a2, b1, *_r) = table(("merchant", "diplomat"))
    start_step(s, 0, "end")
    set_track(s, 0, 2)
    s.pawn[GUILD] = 1
    s.pawns_out -= 1
    out = s.pawns_out
    ev = act(s, "pawns storm")
    assert s.track[0] == 0 and s.pawn[GUILD] == 2 and s.pawns_out == out + 1
    assert [e for e in ev if e.kind == "pawns"][0].data["to"] == ["guild", "out"]
    assert s.pending == [("storm",)]
    act(s, f"storm {b1}")
    act(s, f"storm_to {cell('C3')}")
    assert s.camel_cell[b1] == cell("C3")
    check(s)


def test_example_florent_attacks_arnaud_from_a_guild_camel():
    """Rulebook: Ability Icons, Attacked example (Florent and Arnaud) - in Move the Guild, Florent
    puts a Guild camel next to Arnaud's camel and attacks with an unused guarded caravan; Arnaud's
    storage is empty, so Florent picks the cube that activated a Clan ability and locks it; the
    Clan ability is lost; Arnaud's camel is pushed to a free adjacent tile."""
    s, (a1, a2, b1, b2, g1, g2) = table(("merchant", "spy"))
    give_token(s, 0, 10)  # guarded: Attack, not yet used
    set_storage(s, 1, 0)
    give_card(s, 1, 36, "right", cube=True)  # Arnaud's Raider card ...
    give_card(s, 1, 3, "right", cube=True)  # ... active on both sides
    give_token(s, 1, 11, used=True)
    assert "raider" in scoring.clan_sources(s, 1)
    put(s, b1, cell("C1"))
    set_tile(s, cell("D1"), OASIS, art=0)
    put(s, g2, cell("C4"))
    start_step(s, 0, "guild")
    act(s, f"guild {g2} {cell('C2')}")  # over the Guild tile, next to Arnaud's camel on C1
    assert s.camel_cell[g2] == cell("C2")
    act(s, "caravan 0")
    act(s, f"attack {b1}")
    assert sorted(legal(s)) == ["lock 3", "lock 36"]
    act(s, "lock 36")
    assert s.spaces[1][36] == LOCKED
    assert "raider" not in scoring.clan_sources(s, 1)
    pushes = sorted(int(a.split()[1]) for a in legal(s))
    assert pushes == sorted([cell("B1"), cell("D1")])  # C2 holds the Guild camel
    act(s, f"push {cell('D1')}")
    assert s.camel_cell[b1] == cell("D1")
    check(s)
