"""Rulebook: 5. End of the Turn, End of the Game (trigger, equal turns, the five scoring
categories, tie-breaks) and Clan Abilities (every bonus, the Raider card)."""

from sandsofplay.games.sahwari import scoring
from sandsofplay.games.sahwari.board import GUILD
from sandsofplay.games.sahwari.state import LOCKED

from .helpers import (D, DESERT, OASIS, act, camels_of, cell, check, clear_board, clear_camels,
                      game, give_card, give_token, legal, put, set_storage, set_tile,
                      set_track, start_step)


def ready(n=2, clans=("merchant", "diplomat", "thief", "spy")):
    s = game(n, clans[:n])
    clear_board(s)
    clear_camels(s)
    free = [cell(x) for x in ("A5", "C5", "E5", "E1", "A3", "E3")]
    for k in range(6):
        put(s, k, free[k])
    start_step(s, 0, "end")
    return s


# --- 5. End of the Turn --------------------------------------------------------------------

def test_emptied_tiles_flip_to_their_back_and_camels_stay():
    """Rulebook: 5. End of the Turn 1 - an empty tile turns to its Desert or Oasis side; camels on
    it stay; never the Guild tile."""
    s = ready()
    k = camels_of(s, 0)[0]
    put(s, k, cell("B2"))
    set_tile(s, cell("B2"), art=0)
    s.art[GUILD] = 0
    act(s, "end_turn")
    back = D.tiles[s.tiles[cell("B2")] - 1].back
    assert s.side[cell("B2")] == (OASIS if back == "oasis" else DESERT)
    assert s.camel_cell[k] == cell("B2")
    assert s.side[GUILD] == 3


def test_recruitment_area_refills_reshuffling_the_discards():
    """Rulebook: 5. End of the Turn 2 - complete the area to four; an empty deck is replaced by the
    shuffled discard pile."""
    s = ready()
    s.discard = s.deck[:-1] + s.area[:2]
    s.deck = s.deck[-1:]
    s.area = s.area[2:]
    act(s, "end_turn")
    assert len(s.area) == 4 and s.discard == [] and len(s.deck) == 36 - 4
    check(s)


# --- End of the Game: trigger and equal turns ------------------------------------------------

def flip_all_but(s, keep):
    for c in range(25):
        if c != GUILD and c not in keep:
            set_tile(s, c, DESERT, art=0, pawn=0, small=0, guard=0)


def test_end_triggers_at_six_resources_tiles_counting_the_guild_then_equal_turns():
    """Rulebook: End of the Game - only 6 tiles Resources side up (the Guild counts); the game ends
    once all players have had the same number of turns."""
    s = ready(3)
    keep = [cell(x) for x in ("B2", "B4", "D2", "D4", "C2", "C4")]
    flip_all_but(s, keep)
    set_tile(s, cell("C4"), art=0)  # emptied this turn: flips at its end -> 5 + Guild = 6
    act(s, "end_turn")
    assert s.end_triggered and not s.over and s.cur == 1
    start_step(s, 1, "end")
    act(s, "end_turn")
    assert not s.over and s.cur == 2
    start_step(s, 2, "end")
    act(s, "end_turn")
    assert s.over and s.turns == [1, 1, 1]


def test_seven_resources_tiles_do_not_end_the_game():
    """Rulebook: End of the Game - seven Resources tiles (Guild included) are not the trigger."""
    s = ready(2)
    keep = [cell(x) for x in ("B2", "B4", "D2", "D4", "C2", "C4")]
    flip_all_but(s, keep)
    act(s, "end_turn")
    assert not s.end_triggered


def test_trigger_on_the_last_players_turn_ends_at_once():
    """Rulebook: End of the Game - the first player does not take another turn."""
    s = ready(2)
    keep = [cell(x) for x in ("B2", "B4", "D2", "D4", "C2")]
    flip_all_but(s, keep)
    start_step(s, 1, "end")
    act(s, "end_turn")
    assert s.over and GAME_outcome(s) is not None


def GAME_outcome(s):
    from sandsofplay.games.sahwari import GAME
    return GAME.outcome(s)


# --- scoring -----------------------------------------------------------------------------------

def test_the_five_scoring_categories():
    """Rulebook: End of the Game 1-5 - caravans (+/-), storage and Recruit track (leftmost visible
    values), activated Artifact spaces, clan bonuses."""
    s = ready(2, ("diplomat", "merchant"))
    give_token(s, 0, 14)  # guarded +5, kept hidden
    give_token(s, 0, 12, used=True)  # guarded -2, used
    set_storage(s, 0, 3)
    set_track(s, 0, 2)
    give_card(s, 0, 7, "right", cube=True)  # Diplomat right edge red spy | card 7 left red theft
    b = scoring.breakdown(s, 0)
    dip = D.clans["diplomat"]
    assert b["caravans"] == 3
    assert b["storage"] == dip.storage_value(3)
    assert b["track"] == dip.track_value(2)
    assert b["spaces"] == 0  # red spy + red theft: no Influence icons
    assert b["clan"] == 0  # one card: no pair
    give_card(s, 0, 9, "right")  # a second card: one pair for the Diplomat
    assert scoring.breakdown(s, 0)["clan"] == 1
    assert scoring.breakdown(s, 0)["total"] == 3 + dip.storage_value(3) + dip.track_value(2) + 1


def test_only_unlocked_spaces_score_their_influence():
    """Rulebook: End of the Game 4 - activated Artifact spaces with no Lock token."""
    s = ready(2)
    give_card(s, 0, 5, "right", cube=True)  # Merchant blue influence:1 | card 5 blue attack
    assert scoring.breakdown(s, 0)["spaces"] == 1
    s.spaces[0][5] = LOCKED
    s.supply_art += 1
    s.supply_strat -= 1
    assert scoring.breakdown(s, 0)["spaces"] == 0
    check(s)


def test_merchant_scores_pairs_of_cubes():
    """Rulebook: Clan Abilities (Merchant) - 1 per pair of Artifact cubes in the clan area."""
    s = ready(2)
    set_storage(s, 0, 3)
    assert scoring.clan_bonus(s, 0, "merchant") == 1
    give_card(s, 0, 4, "right", cube=True)
    assert scoring.clan_bonus(s, 0, "merchant") == 2


def test_diplomat_scores_pairs_of_recruit_cards():
    """Rulebook: Clan Abilities (Diplomat)."""
    s = ready(2, ("diplomat", "merchant"))
    for c, e in ((1, "left"), (2, "left"), (3, "right")):
        give_card(s, 0, c, e)
    assert scoring.clan_bonus(s, 0, "diplomat") == 1
    give_card(s, 0, 6, "right")
    assert scoring.clan_bonus(s, 0, "diplomat") == 2


def test_thief_scores_pairs_of_cube_and_caravan():
    """Rulebook: Clan Abilities (Thief) - one cube and one caravan token make a pair."""
    s = ready(2, ("thief", "merchant"))
    set_storage(s, 0, 3)
    give_token(s, 0, 1)
    give_token(s, 0, 9)
    assert scoring.clan_bonus(s, 0, "thief") == 2
    set_storage(s, 0, 1)
    assert scoring.clan_bonus(s, 0, "thief") == 1


def test_spy_scores_pairs_of_activated_spying_only():
    """Rulebook: Clan Abilities (Spy) and the Attention note - only activated abilities count:
    Artifact spaces with a cube, used storage abilities, used caravan tokens."""
    s = ready(2, ("spy", "merchant"))
    give_token(s, 0, 6)  # two Spying icons, but not used
    assert scoring.clan_bonus(s, 0, "spy") == 0
    s.used |= 1 << 6
    s.revealed |= 1 << 6
    assert scoring.clan_bonus(s, 0, "spy") == 1
    give_card(s, 0, 4, "left", cube=True)  # Spy left edge blue spy | card 4 right blue influence
    set_storage(s, 0, 4)
    s.locks[0].append(3)  # the Spy's storage space 4 (index 3): Spying, used
    assert scoring.clan_bonus(s, 0, "spy") == 2
    s.spaces[0][4] = LOCKED
    s.supply_art += 1
    s.supply_strat -= 1
    assert scoring.clan_bonus(s, 0, "spy") == 1


def test_dealer_scores_pairs_of_attack_space_and_cube():
    """Rulebook: Clan Abilities (Dealer) - an activated Attack space and a cube make a pair; Attack
    Strategy tokens do not count."""
    s = ready(2, ("dealer", "merchant"))
    set_storage(s, 0, 0)
    give_card(s, 0, 5, "right", cube=True)  # Dealer right edge blue artifact | card 5 blue attack
    assert scoring.clan_bonus(s, 0, "dealer") == 1
    s.strat[0] = 2
    s.supply_strat -= 2
    assert scoring.clan_bonus(s, 0, "dealer") == 1


def test_raider_card_scores_caravan_and_activated_attack_pairs():
    """Rulebook: Clan Abilities (Raider card) - once both its edges are activated."""
    s = ready(2, ("spy", "merchant"))
    give_card(s, 0, 36, "right", cube=True)  # green clan card against the Spy's green right edge
    give_token(s, 0, 10, used=True)  # guarded Attack, used
    assert "raider" not in scoring.clan_sources(s, 0)
    give_card(s, 0, 3, "right", cube=True)  # green rally | green: completes the Raider's outer edge
    assert "raider" in scoring.clan_sources(s, 0)
    b = scoring.breakdown(s, 0)
    assert b["clan"] >= 1
    assert scoring.clan_bonus(s, 0, "raider") == 1


def test_explorer_has_no_end_bonus():
    """Rulebook: Clan Abilities (Explorer) - the double move is its ability."""
    s = ready(2, ("explorer", "merchant"))
    set_storage(s, 0, 4)
    assert scoring.breakdown(s, 0)["clan"] == 0


def test_tie_broken_by_cubes_and_pawns_then_no_guildmaster():
    """Rulebook: End of the Game - ties go to the most cubes plus pawns; a new tie elects no one."""
    s = ready(2, ("merchant", "diplomat"))
    s.clan[1] = "merchant"  # the same dashboard twice makes an exact tie easy to build
    assert scoring.score(s, 0) == scoring.score(s, 1)
    assert scoring.tiebreak(s, 0) == scoring.tiebreak(s, 1)
    flip_all_but(s, [cell(x) for x in ("B2", "B4", "D2", "D4", "C2")])
    start_step(s, 1, "end")
    act(s, "end_turn")
    assert s.over and s.result["scores"][0] == s.result["scores"][1]
    assert s.result["winners"] == [] and s.result["reason"] == "no guildmaster elected"
    assert GAME_outcome(s).winners == ()


def test_tie_broken_by_cubes_and_pawns():
    """Rulebook: End of the Game - in a tie, the most Artifact cubes and Recruit pawns wins."""
    s = ready(2, ("merchant", "diplomat"))
    s.clan[1] = "merchant"
    set_track(s, 0, 1)  # +1 on the track and one pawn for the tie-break
    give_token(s, 1, 2)  # +1 Influence, no cube or pawn
    assert scoring.score(s, 0) == scoring.score(s, 1) == 2
    assert scoring.tiebreak(s, 0) == 2 and scoring.tiebreak(s, 1) == 1
    flip_all_but(s, [cell(x) for x in ("B2", "B4", "D2", "D4", "C2")])
    start_step(s, 1, "end")
    act(s, "end_turn")
    assert s.result["winners"] == [0] and s.result["reason"] == "tiebreak"


def test_all_caravans_are_revealed_at_the_end():
    """Rulebook: End of the Game - each player reveals their caravan tokens."""
    s = ready(2)
    give_token(s, 1, 14)
    s.known[0] = 0
    flip_all_but(s, [cell(x) for x in ("B2", "B4", "D2", "D4", "C2")])
    start_step(s, 1, "end")
    act(s, "end_turn")
    from sandsofplay.games.sahwari import GAME
    obs = GAME.observe(s, 0)
    assert obs["players"][1]["held"][0]["token"] == 14
