"""Story Victory as a plan of the bots (issue 25) [Story; How to Win; Raid Phase; Challenges
and Duels]: a ``normal`` bot one Story from a Story Victory seeks the event of its Tale and
tells it, keeps its Stories in hand, and denies an opponent the events that would tell that
player's last Story (its deck list is public, ruling R-26). Each test stages one position and
asks the ``normal`` policy once; where the answer could be the old habit, a twin position
without the Story shows the answer changes because of it."""

from sandsofplay.engine import RNG
from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.cards import story_points, water_of
from sandsofplay.games.burning_sands.data import get as data

from .helpers import act, asking, challenge, fresh, legal, make, pay_all, raid, settle

D = data()


class Steady(RNG):
    """The bot's random stream, except that its coin for a random answer (the ``normal`` level
    answers at random with chance ``eps`` = 0.25) always falls on the considered side."""

    def random(self):
        return 0.5


def bot(s, seat=None):
    """The ``normal`` level's answer for the seat asked (its own parameters, one observation)."""
    seat = GAME.to_act(s)[0] if seat is None else seat
    params = dict(GAME.bot_levels["normal"]["params"])
    assert params["eps"] > 0  # the level does answer at random; Steady keeps it considered
    return str(GAME.policy(GAME.observe(s, seat), GAME.legal_actions(s, seat), Steady(7),
                           **params))


def _tell(s, p, *ids):
    for cid in ids:
        make(s, p, cid, "home")


def _water(s, p, n):
    """Leave p with ``n`` Water on its City Sections (the rest taken out of the game)."""
    for sec in s.sections[p]:
        take = min(s.water[sec], max(0, water_of(s, p) - n))
        s.water[sec] -= take
        s.w_lost += take
    assert water_of(s, p) == n


def test_one_story_away_the_bot_tells_it_and_wins():
    """Story; How to Win: with 3 Story points in play and the Tale of the Hidden Oasis in hand,
    the Tale's window after a won raid is answered by telling it: 5 points, Story Victory."""
    s = fresh(("moto", "senpet"))
    _tell(s, 0, "tale_fallen_gate", "tale_endless_rain")
    oasis = make(s, 0, "tale_hidden_oasis", "hand")
    from sandsofplay.games.burning_sands import stories
    stories.tale(s, 0, "raid_won")
    settle(s)
    assert asking(s) == ("window", 0)
    answer = bot(s)
    assert answer == f"react {oasis} 0"
    act(s, answer)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and out.detail == "Story Victory"


def _courtiers_position(with_story):
    """Seat 0 (Senpet) in its Day Phase with 4 Story points, three Heroes, Copper for a fourth
    and 7 Water: hiring would leave 6, under the bot's usual reserve of 7."""
    s = fresh(("senpet", "moto"))
    _tell(s, 0, "tale_fallen_gate", "tale_hidden_oasis")
    for cid in ("eye_of_night", "legion_archer", "al_hazaad"):
        make(s, 0, cid, "hero")
    make(s, 0, "copper_mine", "home")
    hero = make(s, 0, "eye_of_night", "hand")
    story = make(s, 0, "tale_thousand_courtiers", "hand") if with_story else None
    _water(s, 0, 7)
    s._cache = None
    return s, hero, story


def test_one_story_away_the_bot_hires_the_fourth_hero_its_tale_needs():
    """Story (the Tale of the Thousand Courtiers: after you bring a Hero into play while you
    have four or more Heroes): the bot that keeps 7 Water in reserve hires a fourth Hero when
    the Tale would win, then tells it (Story Victory)."""
    s, hero, _ = _courtiers_position(with_story=False)
    assert bot(s) != f"play {hero}"  # the usual reserve: no hire down to 6 Water
    s, hero, story = _courtiers_position(with_story=True)
    answer = bot(s)
    assert answer == f"play {hero}"
    act(s, answer)
    while asking(s)[0] == "play":
        act(s, bot(s))
    assert hero in s.heroes[0]
    assert asking(s) == ("window", 0)
    answer = bot(s)
    assert answer == f"react {story} 0"
    act(s, answer)
    assert story_points(s, 0) == 5 and GAME.outcome(s).detail == "Story Victory"


def test_a_story_that_can_still_be_told_is_not_spent_on_a_raid():
    """Raid Phase (a card from hand is the raiding Fate value): the bot raids with a lesser card
    than a Story it can still tell (Fate 3 against Fate 2)."""
    s = fresh(("assassin", "moto"), ph="night")
    h = make(s, 0, "blade_of_the_old_man", "hero")
    blades = make(s, 0, "tale_twin_blades", "hand")  # Fate 3
    side = make(s, 0, "sidestep", "hand")  # Fate 2
    act(s, "raid")
    act(s, f"rsec {s.sections[1][0]}")
    act(s, f"rhero {h}")
    assert asking(s)[0] == "raid"
    assert bot(s) == f"rcard {side}"
    assert blades in s.hand[0]


def test_a_told_storys_twin_is_discarded_first():
    """End Phase (discard down to the hand size): a second copy of a Story already in play can
    never be told (R-25), so it goes before the cards that still count."""
    s = fresh(("senpet", "moto"))
    _tell(s, 0, "tale_fallen_gate")
    twin = make(s, 0, "tale_fallen_gate", "hand")
    oasis = make(s, 0, "tale_hidden_oasis", "hand")
    spear = make(s, 0, "legion_spearmen", "hand")
    for _ in range(6):
        make(s, 0, "charge", "hand")  # nine cards, a hand size of eight
    s.stack.append({"k": "enddraw", "seat": 0, "drawn": 1})
    s._cache = None
    assert asking(s) == ("enddraw", 0) and f"discard {twin}" in legal(s)
    assert bot(s) == f"discard {twin}"
    assert oasis in s.hand[0] and spear in s.hand[0]


def _raided(threat):
    """Seat 1 (Moto, whose deck holds the Tale of the Hidden Oasis) raids seat 0 (Senpet), who
    has a Hero to defend with and only low cards (Fate 2 at best). ``threat``: seat 1 has 3
    Story points in play, so a won raid could tell the Oasis (2 points): Story Victory."""
    s = fresh(("senpet", "moto"), seat=1, ph="night")
    if threat:
        _tell(s, 1, "tale_fallen_gate", "tale_endless_rain")
    raider = make(s, 1, "kitai", "hero")
    card = make(s, 1, "feint", "hand")
    make(s, 0, "eye_of_night", "hero")
    make(s, 0, "sidestep", "hand")
    make(s, 0, "legion_spearmen", "hand")
    raid(s, s.sections[0][0], raider, card)
    assert asking(s)[0] == "raid" and GAME.to_act(s) == (0,)
    return s


def test_the_bot_defends_against_the_raid_that_would_tell_an_opponents_last_story():
    """Raid Phase (Assigning Defending Units) and Story Victory: with only low cards the bot
    lets a raid through, but not the raid of a player whose won raid could tell a Story worth a
    Story Victory (the Tale of the Hidden Oasis is in that player's public deck list)."""
    calm = _raided(threat=False)
    assert bot(calm) == "nodefend"
    s = _raided(threat=True)
    assert bot(s).startswith("defend ")


def _challenged(threat):
    """Seat 1 (Assassins, whose deck holds the Tale of the Twin Blades) challenges seat 0's Hero
    of equal Ka. ``threat``: seat 1 has 3 Story points in play, so a won duel could tell the
    Twin Blades (2 points): Story Victory."""
    s = fresh(("senpet", "assassin"), seat=1)
    if threat:
        _tell(s, 1, "tale_fallen_gate", "tale_thousand_courtiers")
    champ = make(s, 1, "kitai", "hero")  # Ka 2
    mine = make(s, 0, "eye_of_night", "hero")  # Ka 2
    ins = make(s, 1, "insult_at_the_bazaar", "hand")
    challenge(s, ins, mine, champ)
    assert asking(s) == ("duel", 0) and "accept" in legal(s)
    return s


def test_the_bot_refuses_the_duel_that_would_tell_an_opponents_last_story():
    """Challenges and Duels (the challenged player may refuse) and Story Victory: an even duel
    is accepted, but not against a player whose won duel could tell its last Story."""
    assert bot(_challenged(threat=False)) == "accept"
    assert bot(_challenged(threat=True)) == "refuse"
