"""The Hint explains itself in a sentence (issue 29): ``GAME.hint_why`` says why the hard
level's move is worth playing, by what the hard policy looks at (Timed Phase: Playing Cards,
Attack cards; Exploration Phase: the tiles and their Threat dice)."""

from sandsofplay.engine import RNG, Setup
from sandsofplay.games.sands_of_adventure import GAME
from sandsofplay.games.sands_of_adventure.strategy import LEVELS

from soa_support import empty_hand, flip_now, give, new_game, on_pile, random_states

HARD = {k: v for k, v in LEVELS["hard"].items()
        if k not in ("reaction_s", "quick_s", "quick_kinds")}


def _hard(s, seat):
    legal = GAME.legal_actions(s, seat)
    return GAME.policy(GAME.observe(s, seat), legal, RNG(1), **HARD)


def test_an_attack_card_that_fits_is_said_to_damage_the_villain():
    """Timed Phase, Playing Cards: a matching Attack card damages the villain."""
    s = new_game(2, seed=1, chars=("indiana", "marion"))
    empty_hand(s, 0)
    give(s, 0, "red Attack", "blue hat", "green hat")
    on_pile(s, "red book")
    flip_now(s, tip_g=10.0)
    move = _hard(s, 0)
    assert move.kind == "play" and GAME.comp.cards[move.args[0]].attack
    why = GAME.hint_why(s, 0, move)
    villain = GAME.comp.villains[s.villain].name
    assert why == (f"Why: the {GAME.card_name(move.args[0])} is an Attack card and it fits "
                   f"the top card: it damages {villain}.")


def test_a_play_that_sets_up_your_own_attack_names_it():
    """Timed Phase: a card that fits, leaving a top card one's own Attack card follows."""
    s = new_game(2, seed=1, chars=("indiana", "marion"))
    empty_hand(s, 0)
    give(s, 0, "blue Attack", "blue hat")
    on_pile(s, "green hat")
    flip_now(s, tip_g=10.0)
    move = _hard(s, 0)
    assert move.kind == "play" and GAME.card_name(move.args[0]) == "blue hat"
    why = GAME.hint_why(s, 0, move)
    assert why == "Why: it leaves the blue hat on top, and your blue Attack fits it next."


def test_every_hard_move_of_whole_games_has_a_reason():
    """Along random games of 2-4 players, the hard level's move in every state where more than
    one answer is open gets a sentence; a lone answer is said to be the only thing to do."""
    seen = set()
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        s = GAME.new_state(Setup.make(GAME.id, ["human"] * players, seed=seed))
        rng = RNG(seed)
        for _ in range(900):
            if GAME.outcome(s) is not None:
                break
            acting = GAME.to_act(s)
            if not acting:
                GAME.advance(s, 6)
                continue
            seat = acting[0]
            legal = GAME.legal_actions(s, seat)
            move = _hard(s, seat)
            if move is None:  # waits (another seat's turn in the Timed Phase)
                move = legal[rng.randrange(len(legal))]
            else:
                why = GAME.hint_why(s, seat, move)
                assert why.startswith("Why: ") and why.endswith("."), (move, why)
                if len(legal) == 1:
                    assert why == "Why: it is the only thing to do now."
                seen.add(move.kind)
            GAME.apply(s, seat, move)
    assert {"move", "play", "draw"} <= seen


def test_rolling_the_torch_while_holding_the_ignore_token_says_why_the_token_waits():
    """Timed Phase, Snakes and the Ignore a Snake token: the hard move rolls the Torch die
    even while the drawer holds the token; the sentence said only that a torch ignores the
    Snake, with the token's button beside it."""
    from sandsofplay.engine import A
    found = 0
    for seed in range(1, 80):
        s = new_game(2, seed=seed, chars=("marcus", "indiana"), token="ignore")
        for s in random_states(s, seed, 3000):
            for seat in GAME.to_act(s):
                legal = GAME.legal_actions(s, seat)
                if A("roll_torch") in legal and A("ignore") in legal:
                    why = GAME.hint_why(s, seat, A("roll_torch"))
                    assert "Ignore a Snake token is kept" in why, why
                    found += 1
            if found:
                break
        if found:
            break
    assert found
