"""The fixes of the outside audit (issue 8), each against the rulebook section it restores:
Game Turn (step 3 decided when reached), Ability Icons (Attack) in Solo Mode, Clan Abilities
(Dealer) and the End of the Game's Attention note, End of the Game (the only trigger; the locked
board), 4. Activate Abilities ("at any time"), Guildmaster Abilities (Small Caravan: Theft,
Rally), Setup B.7 (choose a first player) - and the package shape (no import circle)."""

import ast
import pathlib

import pytest

from sandsofplay.engine import Setup
from sandsofplay.games.sahwari import GAME, scoring
from sandsofplay.games.sahwari import guildmaster as gm
from sandsofplay.games.sahwari.board import GUILD
from sandsofplay.games.sahwari.endturn import board_locked
from sandsofplay.games.sahwari.state import CUBE, LOCKED

from .helpers import (BOXED_IN, DESERT, EXPLORER, OASIS, SOLO_CORNERS, act, bare_board, camels_of,
                      cell, check, clear_board, desert_but, game, give_token, legal, new,
                      play_setup, put, put_all, set_storage, set_tile, set_track, standard_board,
                      start_step)


# --- Game Turn: step 3 is decided when it is reached --------------------------------------------

def boxed_in_guild():
    """Both Guild camels boxed in once seat 0's camel reaches E2 (as in test_movement), with a
    small Sandstorm caravan waiting on E2."""
    s, camels = standard_board(("merchant", "diplomat"), "move")
    put_all(s, camels, BOXED_IN)
    set_tile(s, cell("E2"), art=0, small=7)  # small caravan: Sandstorm
    return s, camels


def test_move_the_guild_is_decided_when_step_3_is_reached_not_at_the_move():
    """Rulebook: Game Turn - four mandatory steps in order; whether Move the Guild can be played is
    decided at step 3: a Sandstorm collected in step 2 that frees a boxed-in Guild camel makes
    step 3 happen."""
    s, (a1, a2, b1, b2, g1, g2) = boxed_in_guild()
    act(s, f"move {a1} {cell('E2')}")  # now no Guild camel can move
    act(s, "take small")
    act(s, "use")  # Sandstorm
    act(s, f"storm {b1}")
    act(s, f"storm_to {GUILD}")  # B1 is free: the Guild camel on A1 can move east again
    assert s.step == "guild"
    assert f"guild {g1} {cell('B1')}" in legal(s) and "end_turn" not in legal(s)
    check(s)


def test_move_the_guild_still_skipped_when_still_boxed_in_at_step_3():
    """Rulebook: Game Turn - step 3 is skipped only if, when it is reached, no Guild camel can
    move."""
    s, (a1, *_r) = boxed_in_guild()
    act(s, f"move {a1} {cell('E2')}")
    act(s, "take small")
    act(s, "keep")
    assert s.step == "end" and "end_turn" in legal(s)


# --- Solo Mode: the Attack keeps its Guild camel starting point ---------------------------------

def solo_board():
    s, (p1, p2, *gs) = bare_board(("merchant",), SOLO_CORNERS, seed=3, solo_difficulty="merc")
    start_step(s, 0, "end")
    return s, (p1, p2), gs


def test_solo_attack_may_start_from_a_guild_camel():
    """Rulebook: Ability Icons (Attack) - "from your camel's tile, or from any Guild camel"; Solo
    Mode, Player abilities - only Theft changes in solo."""
    s, _p, gs = solo_board()
    set_tile(s, cell("D1"), small=2)  # next to the Guild camel on C1 only
    give_token(s, 0, 10)  # guarded: Attack
    act(s, "caravan 0")
    assert f"attack_caravan {cell('D1')} small" in legal(s)
    act(s, f"attack_caravan {cell('D1')} small")
    assert s.small[cell("D1")] == 0 and 2 in s.removed
    check(s)


def test_solo_attack_on_a_guildmaster_camel_takes_its_stored_cube_and_pushes():
    """Ruling (Ability Icons, Attack A in Solo Mode): the Guild camels are the Guildmaster's; an
    attack on one makes the Guildmaster discard a stored cube, then the attacker pushes it."""
    s, (p1, _p2), gs = solo_board()
    g = gs[0]
    put(s, g, cell("B1"))  # next to the player's camel on A1
    give_token(s, 0, 10)
    assert s.gm_storage == 1
    act(s, "caravan 0")
    assert f"attack {g}" in legal(s)
    act(s, f"attack {g}")
    assert s.gm_storage == 0 and s.art[GUILD] == 1
    assert s.pending[-1] == ("push", g)
    act(s, legal(s)[0])
    assert s.camel_cell[g] != cell("B1")
    check(s)


def test_solo_attack_on_a_guildmaster_with_empty_storage_locks_a_card_of_its_choice():
    """Rulebook: Ability Icons (Attack A) - storage empty: the attacker picks a cube on one of the
    target's Artifact spaces (the Guildmaster's activated cards) and locks it."""
    s, (p1, _p2), gs = solo_board()
    g = gs[0]
    put(s, g, cell("B1"))
    s.gm_storage = 0
    s.supply_art += 1
    for c in (4, 9):
        for lst in (s.deck, s.area, s.discard):
            if c in lst:
                lst.remove(c)
    s.gm_cards = [[4, CUBE], [9, CUBE]]
    s.supply_art -= 2
    s._cache = None
    check(s)
    strat = s.supply_strat
    give_token(s, 0, 10)
    act(s, "caravan 0")
    act(s, f"attack {g}")
    assert sorted(legal(s)) == ["lock 4", "lock 9"]
    act(s, "lock 9")
    assert s.gm_cards == [[4, CUBE], [9, LOCKED]] and s.supply_strat == strat - 1
    assert scoring.gm_breakdown(s)["cards"] == 2
    act(s, legal(s)[0])  # the push
    check(s)


# --- Clan Abilities: the Dealer counts every activated Attack -----------------------------------

def test_dealer_counts_used_storage_attack_and_used_attack_caravans():
    """Rulebook: Clan Abilities (Dealer; "Used storage abilities are counted") and End of the Game
    (Attention: abilities from used storage spaces and from caravan tokens count)."""
    s, _ = standard_board(("dealer", "merchant"), "end")
    set_storage(s, 0, 3)
    assert scoring.clan_bonus(s, 0, "dealer") == 0
    act(s, "storage 1")  # the Dealer's storage Attack, under a Lock token
    if "skip" in legal(s):
        act(s, "skip")
    assert s.locks[0] == [1] and not s.pending
    assert scoring.clan_bonus(s, 0, "dealer") == 1
    give_token(s, 0, 10, used=True)  # a used guarded Attack caravan
    assert scoring.clan_bonus(s, 0, "dealer") == 2
    give_token(s, 0, 11)  # kept camel side up: not activated
    assert scoring.clan_bonus(s, 0, "dealer") == 2
    set_storage(s, 0, 1)
    assert scoring.clan_bonus(s, 0, "dealer") == 1  # pairs need cubes too


# --- End of the Game: the only trigger, and the locked board ------------------------------------

def locked_board():
    """Seven Resources tiles in rows 1, 2, 4, 5 and columns A, B, D, E; no Oasis; every player
    camel on the Guild (row 3, column C): no camel can ever reach a resource."""
    s, _camels = bare_board(where=("C3", "C3", "C3", "C3", "A3", "E3"))
    desert_but(s, ("A1", "B1", "A2", "B2", "D4", "E5", "D5"))
    start_step(s, 0, "end")
    return s


def test_idle_rounds_never_end_the_game():
    """Rulebook: End of the Game - the only trigger is six Resources tiles: rounds with nothing
    collected do not end a game that can go on."""
    s, _ = standard_board(("merchant", "diplomat"), "end")
    for _ in range(8):
        start_step(s, s.cur, "end")
        act(s, "end_turn")
    assert not s.end_triggered and not s.over


def test_a_locked_board_triggers_the_end():
    """Ruling (End of the Game, "Locked board"): when no resource can ever leave a tile again the
    book's trigger can never be reached; the end is triggered as if it had been."""
    s = locked_board()
    assert board_locked(s)
    ev = act(s, "end_turn")
    assert s.end_triggered and any(e.data.get("locked") for e in ev)
    start_step(s, 1, "end")
    act(s, "end_turn")
    assert s.over
    check(s)
    # tools/simulate counts how games end (issue 8: the fallback's frequency per bot level)
    from sandsofplay.games import get_game
    assert get_game("sahwari").ending(s) == "locked board"


def test_a_game_ended_by_the_rulebook_trigger_says_so():
    """Rulebook: End of the Game - six Resources tiles left; ``ending`` tells it from the
    locked-board fallback for tools/simulate's ``endings`` table."""
    from sandsofplay.engine.playout import random_playout
    from sandsofplay.engine import Setup
    from sandsofplay.games import get_game
    g = get_game("sahwari")
    s, _ = random_playout(g, Setup.make("sahwari", ["bot:random"] * 2, seed=3), seed=3)
    assert s.over and g.ending(s) == "rulebook end"


@pytest.mark.parametrize("change", ["camel_in_line", "oasis_in_line", "pawns", "strategy",
                                    "caravan", "storage", "guild_resources"])
def test_a_board_is_locked_only_when_nothing_can_change_it(change):
    """Ruling (End of the Game, "Locked board"): any way left to reach a resource or to move a
    camel or take a resource by an ability means the board is not locked."""
    s = locked_board()
    if change == "camel_in_line":
        put(s, camels_of(s, 1)[0], cell("C1"))  # row 1 holds A1 and B1
    elif change == "oasis_in_line":
        set_tile(s, cell("E4"), OASIS, art=0)
    elif change == "pawns":
        set_track(s, 1, 2)  # two pawns buy a Sandstorm
    elif change == "strategy":
        s.strat[0] = 1
        s.supply_strat -= 1
    elif change == "caravan":
        give_token(s, 1, 7)  # an unused Sandstorm token
    elif change == "storage":
        set_storage(s, 0, 4)  # the Merchant's storage Rally (slot 3) is now covered
    else:
        set_tile(s, GUILD, s.side[GUILD], pawn=1)
        set_tile(s, cell("C1"), OASIS, art=0)  # an Oasis from which the Guild can be entered
    s._cache = None
    assert not board_locked(s)
    act(s, "end_turn")
    assert not s.end_triggered


def shuttle_board():
    """As met in a random game (seed 991): two Oases side by side in a corner (A1, A2), every
    player camel on them, Resources tiles left only where no line from A1 or A2 reaches (B3,
    E3, C4); a Guild camel on the Desert A3."""
    s, _camels = bare_board(where=("A1", "A1", "A2", "A1", "A3", "A2"))
    desert_but(s, ("B3", "E3", "C4", "D4", "E4", "B5", "C5"))
    set_tile(s, cell("A1"), OASIS)
    set_tile(s, cell("A2"), OASIS)
    start_step(s, 0, "end")
    return s


def test_camels_shuttling_between_two_oases_for_ever_is_a_locked_board():
    """Ruling (End of the Game, "Locked board"): a camel next to an Oasis always has a move, so
    players whose camels can only stand on two neighbouring Oases are never blocked, never
    re-enter on the Guild, and never reach a resource: the board is locked."""
    s = shuttle_board()
    assert s.art[cell("B3")] and board_locked(s)
    act(s, "end_turn")
    assert s.end_triggered


def test_a_player_who_may_be_blocked_may_re_enter_so_the_board_is_not_locked():
    """Rulebook: 1. Move (Unable to move?) - a blocked player re-enters on the Guild or an Oasis;
    from the Guild the Resources tile B3 is in reach, so the board is not locked."""
    s = shuttle_board()
    set_tile(s, cell("A2"), DESERT, art=0)  # A1 is now an Oasis with no shared neighbour
    put(s, camels_of(s, 1)[0], cell("A1"))
    assert not board_locked(s)


def guild_shuttle_board():
    """As met in a random 3-player game (seed 349): camels shuttling between the Guild and the
    Oasis next to it (C2), Resources tiles only in other rows and columns, one pawn on a track,
    and an empty Recruit deck and discard pile."""
    s, _camels = bare_board(where=("C3", "C2", "C2", "C3", "A3", "E3"))
    desert_but(s, ("A1", "B1", "D1", "E1", "A5", "B5", "E5"))
    set_tile(s, cell("C2"), OASIS)
    set_track(s, 0, 1)
    s.left[1].extend(s.deck + s.discard)  # every card is in a clan now (no Artifact spaces)
    s.deck, s.discard = [], []
    start_step(s, 0, "end")
    check(s)
    return s


def test_a_pawn_that_can_never_be_spent_does_not_unlock_the_board():
    """Ruling (End of the Game, "Locked board"): one pawn could reach the Guild tile (Spying or a
    refresh) and be collected there - unless there is nothing to spy on and no card to refresh."""
    s = guild_shuttle_board()
    assert "pawns refresh" not in legal(s) and "pawns spy" not in legal(s)
    assert board_locked(s)


def test_a_pawn_that_can_be_spent_may_be_collected_on_the_guild():
    """Rulebook: 4. Activate Abilities (Recruit track: the pawn goes to the Guild tile) and
    2. Collect: a camel moving into the Guild could take it - the board is not locked."""
    s = guild_shuttle_board()
    s.discard.append(s.left[1].pop())
    s._cache = None
    assert "pawns refresh" in legal(s)
    assert not board_locked(s)


# --- 4. Activate Abilities, "at any time" -------------------------------------------------------

def test_abilities_before_a_reentry():
    """Rulebook: 4. Activate Abilities (at any time during the turn) and 1. Move (Before a move):
    abilities are offered while a blocked camel waits to come back."""
    s, (a1, *_r) = standard_board(("merchant", "diplomat"), "reenter")
    put(s, a1, -1)
    give_token(s, 0, 3)
    assert "caravan 0" in legal(s) and any(x.startswith("reenter") for x in legal(s))
    act(s, "caravan 0")
    act(s, "cube storage")
    assert s.step == "reenter" and any(x.startswith("reenter") for x in legal(s))


def test_abilities_between_moving_and_collecting_then_the_collection():
    """Rulebook: 4. Activate Abilities - also between the Move and the Collect; the collection
    then still happens."""
    s, (a1, *_r) = standard_board(("merchant", "diplomat"), "move")
    give_token(s, 0, 3)  # small: Artifact
    act(s, f"move {a1} {cell('B1')}")
    assert "take artifact" in legal(s) and "caravan 0" in legal(s)
    act(s, "caravan 0")
    assert legal(s) == ["cube storage"]  # the ability is finished first, no other starts
    act(s, "cube storage")
    assert s.pending == [("collect", cell("B1"))] and "take artifact" in legal(s)
    act(s, "take artifact")
    act(s, "cube storage")
    assert s.storage[0] == 3
    check(s)


def test_abilities_during_the_explorers_second_move():
    """Rulebook: 4. Activate Abilities and Clan Abilities (Explorer): abilities are offered before
    the second move too."""
    s, (a1, *_r) = bare_board(("explorer", "diplomat"), EXPLORER)
    give_token(s, 0, 3)
    start_step(s, 0)
    act(s, f"move {a1} {cell('C2')}")
    assert s.step == "move2" and "caravan 0" in legal(s) and "stop" in legal(s)
    act(s, "caravan 0")
    act(s, "cube storage")
    assert s.step == "move2" and f"move {a1} {cell('C1')}" in legal(s)


def test_no_ability_starts_while_a_collected_resource_is_being_placed():
    """Rulebook: 4. Activate Abilities - an effect is finished before another starts."""
    s, (a1, *_r) = standard_board(("merchant", "diplomat"), "move")
    give_token(s, 0, 3)
    act(s, f"move {a1} {cell('B1')}")
    act(s, "take artifact")
    assert "caravan 0" not in legal(s)


# --- Guildmaster Abilities: small caravans' Theft and Rally -------------------------------------

def gm_solo(difficulty="merc"):
    s, (p1, p2), gs = solo_board()
    s.difficulty = difficulty
    return s, (p1, p2), gs


def test_guildmaster_rally_takes_a_caravan_along_its_arrow():
    """Rulebook: Guildmaster Abilities (Small Caravan, Merc/Clan leader: applies its effect if
    possible) and Ability Icons (Rally): a caravan anywhere on the board."""
    s, _p, _g = gm_solo()
    set_tile(s, cell("B2"), art=0, small=5)  # small: Rally
    set_tile(s, cell("D4"), guard=9)
    set_tile(s, cell("E5"), guard=14)
    ev = []
    path = gm.path_of(5)  # north-west corner, by columns: D4 comes before E5
    gm.gm_take(s, cell("B2"), "small", ev, path, "artifact")
    assert sorted(s.gm_tokens) == [5, 9] and s.guard[cell("D4")] == 0
    assert any(e.kind == "gm_rally" for e in ev)
    check(s)


def test_guildmaster_rally_is_nothing_on_recruit():
    """Rulebook: Guildmaster Abilities (Small Caravan) - Recruit: taken unseen, no effect."""
    s, _p, _g = gm_solo("recruit")
    set_tile(s, cell("B2"), art=0, small=5)
    set_tile(s, cell("D4"), guard=9)
    gm.gm_take(s, cell("B2"), "small", [], gm.path_of(5), "artifact")
    assert s.gm_tokens == [5] and s.guard[cell("D4")] == 9


def test_guildmaster_theft_collects_next_to_a_guild_camel():
    """Rulebook: Guildmaster Abilities (applies its effect) and Ability Icons (Theft): a resource
    on a tile next to a Guild camel, even one holding a camel; the wanted resource first."""
    s, (p1, _p2), gs = gm_solo()
    for c in range(25):
        if c != GUILD:
            set_tile(s, c, art=0)
    set_tile(s, cell("B1"), pawn=1)  # next to the Guild camel on C1
    set_tile(s, cell("A2"), art=1)  # next to the Guild camel on A3 ...
    put(s, p1, cell("A2"))  # ... and holding the player's camel
    ev = []
    again = gm.gm_theft(s, ev, gm.path_of(5), "artifact")
    assert not again and s.art[cell("A2")] == 0 and s.pawn[cell("B1")] == 1
    assert s.gm_storage == 2  # its Artifact rule: no card to activate, so its storage
    check(s)
    gm.gm_theft(s, ev, gm.path_of(5), "artifact")  # no cube left: the loop goes on to pawns
    assert s.pawn[cell("B1")] == 0 and s.gm_pawns == 1


# --- Setup B.7: choose a first player -----------------------------------------------------------

def test_a_chosen_first_player_orders_the_setup_and_the_turns():
    """Rulebook: Setup B.7 - a chosen first player; clans from the last player to the first; camels
    in turn order; the game plays clockwise from the first player."""
    s = new(3, first_player="2")
    assert s.first == 1
    assert [q[0] for q in s.queue if q[1] == "clan"] == [0, 2, 1]
    assert [q for q in s.queue if q[1] in ("guild", "own")] == \
        [[1, "guild"], [2, "guild"], [0, "guild"], [1, "own"], [2, "own"], [0, "own"]]
    play_setup(s, ("merchant", "diplomat", "thief"))
    assert s.cur == 1 and GAME.to_act(s) == (1,)


def test_four_players_the_last_in_turn_order_places_two_guild_camels():
    """Rulebook: Setup B.10 (4 players) - the last player places two Guild camels."""
    s = new(4, first_player="3")
    assert [q for q in s.queue if q[1] == "guild"] == [[1, "guild"], [1, "guild"]]


def test_the_game_ends_when_the_turn_comes_back_to_the_chosen_first_player():
    """Rulebook: End of the Game - all players have had the same number of turns."""
    s = game(2, ("merchant", "diplomat"), first_player="2")
    clear_board(s)
    desert_but(s, ("B2", "B4", "D2", "D4", "C2"))
    assert s.first == 1
    start_step(s, 1, "end")
    act(s, "end_turn")
    assert s.end_triggered and not s.over and s.cur == 0
    start_step(s, 0, "end")
    act(s, "end_turn")
    assert s.over


def test_the_first_player_is_drawn_at_random_by_default():
    """Rulebook: Setup B.7 - "choose a first player": by default a random seat."""
    firsts = {GAME.new_state(Setup.make("sahwari", ["human"] * 3, seed=k)).first for k in range(30)}
    assert firsts == {0, 1, 2}


def test_a_first_player_outside_the_table_is_refused():
    """Rulebook: Setup B.7 - the first player is one of the players."""
    with pytest.raises(ValueError):
        new(2, first_player="3")


# --- the package shape: no import circle -----------------------------------------------------

def test_rule_modules_import_without_a_circle():
    """Design guide, The shape of a game package: modules import downwards; turn.py and
    guildmaster.py no longer import each other (not even inside a function)."""
    pkg = pathlib.Path(GAME.__class__.__module__.replace(".", "/")).parent
    root = pathlib.Path(__file__).resolve().parents[3] / pkg
    graph = {}
    for f in root.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names)
        graph[f.stem] = deps
    assert "turn" not in graph["guildmaster"]

    def visit(m, path):
        assert m not in path, f"import circle: {' -> '.join(path + [m])}"
        for d in graph.get(m, ()):
            visit(d, path + [m])
    for m in graph:
        visit(m, [])


# --- End of the Game (Solo): how a Guildmaster win reads ------------------------------------

def test_a_guildmaster_win_is_no_seat_winning_with_a_clear_detail():
    """Rulebook: End of the Game (Solo) - the higher score wins, the Guildmaster wins ties; the
    Outcome names no seat and says the Guildmaster won, with both scores."""
    s, _p, _g = solo_board()
    set_storage(s, 0, 0)  # the player scores nothing; the Guildmaster's stored cube shows 1
    gm_total = scoring.gm_score(s)
    assert gm_total > scoring.score(s, 0) == 0
    scoring.finish(s, [])
    out = GAME.outcome(s)
    assert out.winners == () and out.detail == f"Guildmaster wins: {gm_total} against 0"
    s2, _p, _g = solo_board()
    s2.gm_tokens = []
    set_storage(s2, 0, 4)  # more than the Guildmaster's lone stored cube is worth
    assert scoring.score(s2, 0) > scoring.gm_score(s2)
    scoring.finish(s2, [])
    assert GAME.outcome(s2).winners == (0,) and GAME.outcome(s2).detail.startswith(
        "Guildmaster loses")
