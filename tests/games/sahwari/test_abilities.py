"""Rulebook: 4. Activate Abilities and Ability Icons (every icon), Strategy tokens, storage
abilities with Lock tokens, the Recruit track."""

import pytest

from sandsofplay.engine import IllegalAction
from sandsofplay.games.sahwari.board import GUILD
from sandsofplay.games.sahwari.state import LOCKED

from .helpers import (standard_board, DESERT, act, cell, check, give_card, give_token, legal, put, set_area, set_storage,
                      set_tile, set_track)


def ready(clans=("merchant", "diplomat"), step="end"):
    return standard_board(clans, step)


def test_recruitment_icon_takes_a_card():
    """Rulebook: Ability Icons (Recruitment) - take one of the four cards."""
    s, _ = ready()
    give_token(s, 0, 8)  # small: Recruitment
    set_area(s, [4, 1, 10, 20])
    act(s, "caravan 0")
    assert s.pending[-1] == ("card",)
    act(s, "card 10")
    act(s, "edge left")
    assert s.left[0] == [10] and s.track[0] == 0  # no pawn with the icon


def test_artifact_icon_takes_a_cube_from_the_supply():
    """Rulebook: Ability Icons (Artifact)."""
    s, _ = ready()
    give_token(s, 0, 3)
    supply = s.supply_art
    act(s, "caravan 0")
    act(s, "cube storage")
    assert s.supply_art == supply - 1 and s.storage[0] == 2
    check(s)


def test_artifact_icon_with_an_empty_supply_does_nothing():
    """Rulebook: Ability Icons (Artifact) - the supply is limited."""
    s, _ = ready()
    give_token(s, 0, 3)
    s.art[cell("B2")] += s.supply_art
    s.supply_art = 0
    act(s, "caravan 0")
    assert not s.pending and s.storage[0] == 1
    check(s)


def test_theft_collects_next_to_any_guild_camel_even_under_a_camel():
    """Rulebook: Ability Icons (Theft) - a tile orthogonally adjacent to any Guild camel, even
    with a camel on it."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 16)  # guarded: Theft + Recruitment
    put(s, b1, cell("E2"))  # next to the Guild camel on E3
    set_tile(s, cell("E2"), pawn=1)
    act(s, "caravan 0")
    assert s.pending[-1][0] == "icons"
    act(s, "do theft")
    steal = sorted(int(a.split()[1]) for a in legal(s) if a.startswith("steal"))
    assert cell("E2") in steal and cell("A2") in steal and cell("B3") in steal
    assert cell("B1") not in steal
    act(s, f"steal {cell('E2')}")
    assert sorted(legal(s)) == ["take artifact", "take pawn"]
    act(s, "take pawn")
    assert s.track[0] == 1
    act(s, legal(s)[0])  # the card of the Recruitment
    act(s, "edge left")
    assert s.pending[-1] == ("card",)  # then the token's own Recruitment


def test_sandstorm_moves_any_camel_to_any_free_tile_without_collecting():
    """Rulebook: Ability Icons (Sandstorm) - one of the six camels to any free tile; it collects
    nothing there."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 7)
    act(s, "caravan 0")
    assert sorted(legal(s)) == sorted([f"storm {k}" for k in range(6)] + ["skip"])
    act(s, f"storm {b1}")
    to = legal(s)
    assert f"storm_to {cell('A1')}" not in to  # occupied
    assert f"storm_to {GUILD}" in to
    art = list(s.art)
    act(s, f"storm_to {cell('B2')}")
    assert s.camel_cell[b1] == cell("B2") and s.art == art and not s.pending


def test_refresh_discards_the_four_cards_and_reveals_four():
    """Rulebook: Ability Icons (Refresh)."""
    s, _ = ready(("diplomat", "merchant"))
    set_storage(s, 0, 3)
    old = list(s.area)
    act(s, "storage 2")  # the Diplomat's third space: Refresh
    assert len(s.area) == 4 and not set(old) & set(s.area)
    assert s.discard[-4:] == old


def test_rally_takes_any_caravan_even_under_a_camel():
    """Rulebook: Ability Icons (Rally) - a caravan of your choice anywhere on the board."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 5)
    set_tile(s, cell("C5"), small=1)
    act(s, "caravan 0")
    assert f"rally {cell('C5')} small" in legal(s) and f"rally {cell('D4')} guarded" in legal(s)
    act(s, f"rally {cell('C5')} small")
    assert s.small[cell("C5")] == 0
    assert legal(s) == ["use", "keep"]
    act(s, "keep")
    assert s.held[0] == [5, 1]


def test_attack_takes_a_stored_cube_to_the_guild_and_pushes_the_camel():
    """Rulebook: Ability Icons (Attack A) - the target discards a stored cube onto an empty
    Artifact space of the Guild tile; the attacker must push the camel to a free adjacent tile."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 10)  # guarded: Attack
    put(s, b1, cell("B1"))  # next to a1 on A1
    set_tile(s, cell("C1"), DESERT, art=0)
    set_storage(s, 1, 2)
    act(s, "caravan 0")
    assert f"attack {b1}" in legal(s) and f"attack {b2}" not in legal(s)
    act(s, f"attack {b1}")
    assert s.storage[1] == 1 and s.art[GUILD] == 1
    pushes = sorted(int(a.split()[1]) for a in legal(s))
    assert pushes == sorted([cell("C1"), cell("B2")])  # Deserts count; A1 holds a camel
    act(s, f"push {cell('C1')}")
    assert s.camel_cell[b1] == cell("C1")
    check(s)


def test_attack_cube_goes_to_the_supply_when_the_guild_is_full():
    """Rulebook: Ability Icons (Attack A) - no empty Guild space: back to the supply."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 10)
    put(s, b1, cell("B1"))
    s.art[GUILD] = 3
    s.supply_art -= 3
    supply = s.supply_art
    act(s, "caravan 0")
    act(s, f"attack {b1}")
    assert s.art[GUILD] == 3 and s.supply_art == supply + 1


def test_attack_on_empty_storage_locks_a_space_chosen_by_the_attacker():
    """Rulebook: Ability Icons (Attack A) - storage empty: the attacker picks a cube on an
    Artifact space, replaced by a Strategy token Lock side up; those abilities are lost."""
    s, (a1, a2, b1, b2, g1, g2) = ready(("merchant", "spy"))
    give_token(s, 0, 10)
    put(s, b1, cell("B1"))
    set_storage(s, 1, 0)
    give_card(s, 1, 4, "left", cube=True)  # Spy dashboard left edge is blue; card 4 right is blue
    give_card(s, 1, 13, "right", cube=False)
    act(s, "caravan 0")
    act(s, f"attack {b1}")
    assert legal(s) == ["lock 4"]
    strat = s.supply_strat
    act(s, "lock 4")
    assert s.spaces[1][4] == LOCKED and s.supply_strat == strat - 1
    assert s.art[GUILD] == 1
    check(s)


def test_attack_from_a_guild_camel():
    """Rulebook: Ability Icons (Attack) and 3. Move the Guild - an attack may start from any Guild
    camel."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 10)
    put(s, b1, cell("E4"))  # next to the Guild camel on E3, far from player 1's camels
    act(s, "caravan 0")
    assert f"attack {b1}" in legal(s)


def test_attack_on_a_caravan_removes_it_face_down():
    """Rulebook: Ability Icons (Attack B) - a caravan on or next to your tile is removed from the
    game face down."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 10)
    set_tile(s, cell("A2"), small=2)
    act(s, "caravan 0")
    assert f"attack_caravan {cell('A2')} small" in legal(s)
    assert f"attack_caravan {cell('D4')} guarded" not in legal(s)  # not adjacent to any source
    act(s, f"attack_caravan {cell('A2')} small")
    assert s.small[cell("A2")] == 0 and 2 in s.removed and not s.revealed >> 2 & 1


def test_multiple_abilities_on_a_token_are_all_applied_in_the_chosen_order():
    """Rulebook: Multiple abilities, and 4. Activate Abilities - apply every ability of the token,
    each fully before the next."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_token(s, 0, 11)  # guarded: Attack + Artifact
    put(s, b1, cell("B1"))
    act(s, "caravan 0")
    assert sorted(legal(s)) == ["do artifact", "do attack"]
    act(s, "do artifact")
    assert legal(s) == ["cube storage"]  # must finish the artifact before the attack
    with pytest.raises(IllegalAction):
        act(s, "end_turn")
    act(s, "cube storage")
    assert s.pending == [("attack",)]
    act(s, f"attack {b1}")
    assert s.storage[1] == 0


def test_attack_space_on_a_card_gives_a_strategy_token_used_later():
    """Rulebook: Strategy tokens (Attack side) - activating a card's Attack space gives a token;
    discarding it later triggers an attack."""
    s, (a1, a2, b1, b2, g1, g2) = ready()
    give_card(s, 0, 5, "right")  # blue attack | blue influence:2 joins the Merchant's blue edge
    strat = s.supply_strat
    act(s, "space 5")
    assert s.strat[0] == 1 and s.supply_strat == strat - 1
    assert "strike" in legal(s)
    put(s, b1, cell("B1"))
    act(s, "strike")
    assert s.strat[0] == 0 and s.supply_strat == strat
    assert f"attack {b1}" in legal(s)
    check(s)


def test_storage_ability_needs_the_cube_and_a_lock_and_is_once_per_game():
    """Rulebook: 2. Collect A, Storage abilities - a cube on the icon, one of two Lock tokens, once
    per game each."""
    s, _ = ready(("diplomat", "merchant"))
    set_storage(s, 0, 1)
    assert not [a for a in legal(s) if a.startswith("storage")]
    set_storage(s, 0, 4)
    assert [a for a in legal(s) if a.startswith("storage")] == ["storage 1", "storage 2", "storage 3"]
    act(s, "storage 2")
    assert s.locks[0] == [2]
    assert "storage 2" not in legal(s)
    act(s, "storage 1")
    if s.pending:
        act(s, "skip")
    assert not [a for a in legal(s) if a.startswith("storage")]  # both Lock tokens used


def test_recruit_track_costs_and_pawns_to_the_guild_or_out():
    """Rulebook: 4. Activate Abilities, Recruit track - 1 pawn: Spying or refresh; 2 pawns:
    Sandstorm or an Artifact; pawns to empty Guild Recruit spaces, else out of the game."""
    s, _ = ready()
    set_track(s, 0, 1)
    opts = [a for a in legal(s) if a.startswith("pawns")]
    assert sorted(opts) == ["pawns refresh", "pawns spy"]
    set_track(s, 0, 4)
    opts = [a for a in legal(s) if a.startswith("pawns")]
    assert sorted(opts) == ["pawns artifact", "pawns refresh", "pawns spy", "pawns storm"]
    act(s, "pawns artifact")
    assert s.track[0] == 2 and s.pawn[GUILD] == 2
    act(s, "cube storage")
    out = s.pawns_out
    act(s, "pawns spy")
    assert s.track[0] == 1 and s.pawn[GUILD] == 2 and s.pawns_out == out + 1
    check(s)


def test_abilities_are_offered_before_moving_and_after_collecting_but_not_mid_ability():
    """Rulebook: 4. Activate Abilities - at any time before the end of the turn, one ability at a
    time."""
    s, (a1, *_r) = ready(step="move")
    give_token(s, 0, 3)
    assert "caravan 0" in legal(s)
    act(s, f"move {a1} {cell('B1')}")
    assert "caravan 0" in legal(s)  # between moving and collecting
    act(s, "take artifact")
    assert "caravan 0" not in legal(s)  # the collected cube must be placed first
    act(s, "cube storage")
    assert "caravan 0" in legal(s)  # the Guild step
    act(s, "caravan 0")
    assert legal(s)[0].startswith("cube")


def test_influence_icons_are_passive():
    """Rulebook: Ability Icons (Gain/Lose X Influence) - counted at the end of the game only."""
    s, _ = ready()
    give_token(s, 0, 9)  # guarded: +4 Influence, no action
    act(s, "caravan 0")
    assert not s.pending and s.used >> 9 & 1


def test_one_pawn_refreshes_the_recruitment_area():
    """Rulebook: 4. Activate Abilities, Recruit track - remove one pawn to refresh the area."""
    s, _ = ready()
    set_track(s, 0, 1)
    old = list(s.area)
    act(s, "pawns refresh")
    assert s.track[0] == 0 and len(s.area) == 4 and not set(old) & set(s.area)
    check(s)


def test_two_pawns_trigger_a_sandstorm():
    """Rulebook: 4. Activate Abilities, Recruit track - two pawns for a Sandstorm."""
    s, (a1, *_r) = ready()
    set_track(s, 0, 2)
    act(s, "pawns storm")
    assert s.track[0] == 0 and s.pending == [("storm",)]
