"""Issue 31 (Burning Sands): what the status and the log say. The Day status names the Day's
actions and the Night status the raid (Sequence of Play: 2. Day Phase - attacking; 3. Night Phase
- raiding, which only happens at night); every pass is in the log (Day Phase / Night Phase: each
player acts or passes); a battle at a City Section no unit was sent to says nothing (Battle Action
Segment: a battle is fought by the units assigned to it)."""

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import A, Match, SeatSpec, Setup
from tests.tables.burning_sands.helpers import GAME
from tests.tables.helpers import make_table, play_until


def _prio(phase):
    return lambda s: (not s.over and s.stack and s.stack[-1]["k"] == "prio"
                      and s.stack[-1]["phase"] == phase and s.stack[-1]["seat"] == 0)


def test_the_day_status_offers_no_raid_and_the_night_status_no_attack(app):
    """Day Phase: attacking; Night Phase: raiding (only at night)."""
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 5, limit=10)
    assert play_until(table, _prio("day"))
    day = table.prompt.text(table.observation())
    assert "Day Phase" in day and "attack" in day and "raid" not in day, day
    assert play_until(table, _prio("night"))
    night = table.prompt.text(table.observation())
    assert "Night Phase" in night and "raid" in night and "attack" not in night, night


def test_a_pass_in_the_day_or_night_is_in_the_log(app):
    """Day Phase and Night Phase: a player acts or passes - the pass is told like an action."""
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 5, limit=10)
    for phase in ("day", "night"):
        assert play_until(table, _prio(phase))
        before = len(table.log.lines)
        with_pass = [a for a in GAME.legal_actions(table.match.state, 0) if a.kind == "pass"]
        assert table.perform(0, with_pass[0])
        app.frame(1 / 60)
        new = [str(x) for x in table.log.lines[before:]]
        assert any("passes" in x and phase.capitalize() in x for x in new), new


def _events_of_bot_games(seeds, n=2, limit=10):
    for seed in seeds:
        setup = Setup("burning_sands", tuple(SeatSpec.parse("bot:normal") for _ in range(n)),
                      (("limit", limit),), seed)
        match = Match(GAME, setup)
        bots = [make_bot(GAME, "normal", i, seed) for i in range(n)]
        while not match.is_over():
            seat = GAME.to_act(match.state)[0]
            before = match.state
            events = match.apply(seat, bots[seat].decide(GAME.observe(match.state, seat),
                                                         GAME.legal_actions(match.state, seat)))
            yield before, list(events or ())


def test_a_battle_without_units_says_nothing_and_every_told_battle_is_fought():
    """Battle Action Segment: the battle at a City Section is fought by the units assigned there;
    a section no unit went to has no battle to tell of, and every battle told has an action (a
    pass included) between its start and its end."""
    told = silent = 0
    open_battle = None  # the section of the battle told and not yet ended, and its actions
    for _before, events in _events_of_bot_games((1, 2, 3, 4)):
        for e in events:
            if e.kind == "battle":
                if e.text:
                    told += 1
                    open_battle = [e.data["section"], 0]
                else:
                    silent += 1
            elif e.kind in ("battle_pass", "engage", "home", "tactician", "damage") and \
                    open_battle:
                open_battle[1] += 1
            elif e.kind == "battle_over":
                if open_battle and open_battle[0] == e.data["section"]:
                    assert e.text and open_battle[1] > 0, "a battle told with nothing fought"
                    open_battle = None
                else:
                    assert not e.text, f"an empty battle's end is told: {e.text}"
    assert told and silent  # both kinds happened in these games


def test_the_payment_prompt_never_shows_a_negative_amount_due(app):
    """Paying Copper Costs: Copper produced beyond the cost is lost to the Sultan - the prompt
    says so instead of a negative amount still due; a count says "1 raider", not "raider(s)"."""
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 5, limit=10)
    pay = {"k": "play", "step": "pay", "src": -1, "cu": -1, "wa": 1, "inf": 0, "sah": 0}
    text = table.prompt.situation(pay, "Ann")
    assert "-1" not in text and "still due: 1 Water" in text and "1 over" in text, text
    done = table.prompt.situation(dict(pay, wa=0), "Ann")
    assert "still due: nothing" in done and "-" not in done.split("still due:")[1], done
    raid = {"k": "raid", "step": "assign", "list": [7], "pick": -1}
    said = table.prompt.situation(raid, "Ann")
    assert "1 raider sent" in said and "(s)" not in said, said


def test_declining_the_khadi_return_is_in_the_log():
    """End Phase, Khadi: a player who may pay Water to bring a Khadi back and does not - the
    choice is told like any pass."""
    from sandsofplay.games.burning_sands import turn
    from tests.games.burning_sands.helpers import fresh
    s = fresh()
    frame = {"k": "khadi", "seat": 0}
    s.stack.append(frame)
    events = []
    turn._khadi_apply(s, frame, A("done"), events)
    assert any("brings no Khadi back" in e.text for e in events), events


def test_the_end_phase_prompt_says_the_hand_limit_and_how_many_to_discard(app):
    """Sequence of Play, End Phase: draw, then discard down to the hand limit (4 and one per
    City Section): the prompt said "discard down to your hand limit" without the limit or the
    count (a new player held 11 cards, limit 8)."""
    from sandsofplay.games.burning_sands.cards import hand_limit
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 5, limit=10)
    st = table.seen()
    limit = hand_limit(st, 0)
    st.hand[0][:] = list(range(limit + 3))  # (only their number counts here)
    text = table.prompt.situation({"k": "enddraw", "seat": 0}, "Ann")
    assert f"hand limit is {limit}: discard 3 cards" in text, text
    st.hand[0][limit + 1:] = []
    one = table.prompt.situation({"k": "enddraw", "seat": 0}, "Ann")
    assert "discard 1 card (click it" in one, one


def test_the_attack_prompt_speaks_to_the_side_asked(app):
    """Declaring an Attack; Ground and Flying Maneuvers: a defender asked where its Heroes go
    read "declare the attack - choose defenders"; each step, and each side, says its own."""
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 5, limit=10)
    say = lambda **f: table.prompt.situation({"k": "attack", **f}, "Ann")
    assert "choose the player to attack" in say(step="declare")
    assert "invite" in say(step="invites")
    assert "demand a Water token" in say(step="demands")
    assert "pay it, or refuse" in say(step="demands", sub="pay")
    attacking = say(step="maneuver", seg="ground", seq=[[0, "a"], [1, "d"]], i=0)
    defending = say(step="maneuver", seg="flying", seq=[[0, "a"], [1, "d"]], i=1)
    assert "Ground Maneuvers" in attacking and "attacks" in attacking, attacking
    assert "Flying Maneuvers" in defending and "you defend" in defending, defending
    assert "declare" not in defending


def test_a_city_section_named_as_a_players_drops_its_the():
    """The battle lanes name each City Section as its owner's: "Amira's The Hidden Stair" read
    badly."""
    from sandsofplay.tables.burning_sands.arena_draw import owned
    assert owned("Amira", "The Hidden Stair") == "Amira's Hidden Stair"
    assert owned("Amira", "Quiet Courtyard") == "Amira's Quiet Courtyard"
    assert owned("Tariq", "Theatre of Masks") == "Tariq's Theatre of Masks"


def test_a_fortified_city_sections_water_stays_in_sight(app):
    """Fortification (a Holding attached to a City Section): its strip lay over the section's
    low edge, where the Water dots are, so a new player could no longer count the Water."""
    import pygame
    from sandsofplay.tables.burning_sands.faces import STRIP, WATER_RGB
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 5, limit=10)
    assert play_until(table, lambda s: bool(s.sections[0]))
    app.frame(1 / 60)
    st = table.seen()
    sec = st.sections[0][0]
    other = next(u for u in range(len(st.cdef)) if st.cdef[u] >= 0 and u != sec)
    st.att[sec], st.water[sec] = [other], 3
    obs = table.observation()
    surf = pygame.Surface((400, 300))
    r = pygame.Rect(100, 100, 100, 140)
    table.faces.draw_card(surf, sec, r, False, "card", obs)
    y = r.bottom - STRIP - 8
    assert [tuple(surf.get_at((r.x + 10 + k * 12, y)))[:3] for k in range(3)] == [WATER_RGB] * 3
