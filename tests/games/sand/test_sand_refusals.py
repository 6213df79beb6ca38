"""Sand: the refusals and scoring rules that a rule-by-rule break-and-run check (issue 26) found
untested: each test here failed with its rule broken."""

from sandsofplay.games.sand.data import get
from sandsofplay.games.sand.scoring import breakdown, finish, mission_met

from .helpers import act, legal_texts, scene

D = get()


def missions_of(kind, **fields):
    return [m for m, mi in D.missions.items() if mi.kind == kind
            and all(getattr(mi, k) == v for k, v in fields.items())]


# --- End of the Game ----------------------------------------------------------------------------

def even_pair():
    s = scene(n=2)
    for p in s.players:
        p["coins"], p["kept"], p["minor"] = 20, [], []
    s.songs = {c: -1 for c in s.songs}
    return s


def test_tie_break_missions_accomplished_last():
    """End of the Game: with equal money, plants and Iwakura rocks, more Missions accomplished
    wins."""
    s = even_pair()
    m = missions_of("none", type="craft")[0]
    s.players[1]["kept"] = [m]
    s.players[1]["coins"] = 20 - D.missions[m].reward
    finish(s, [])
    assert s.result["winners"] == [1]


def test_solo_complete_tie_is_not_a_win():
    """End of the Game / Solo Mode: the player beats Alhazred only by coming out ahead; a tie
    through every tie-break is not a win (ruling 20)."""
    s = scene(n=1)
    s.players[0]["coins"] = s.alh["coins"] = 30
    s.players[0]["minor"] = s.alh["minor"] = []
    finish(s, [])
    assert s.result["winners"] == []
    s.players[0]["rec"]["plant"] = ["red"]  # one plant more breaks the tie
    s.over = False
    finish(s, [])
    assert s.result["winners"] == [0]


def test_mission_most_ties_count_as_most():
    """Icon Glossary, Missions ("most"): a tie for the most counts (ruling 11)."""
    s = scene(n=2)
    m = missions_of("most", type="plant")[0]
    s.players[0]["rec"]["plant"] = ["red", "red"]
    s.players[1]["rec"]["plant"] = ["blue", "blue"]
    assert mission_met(s, 0, m) == D.missions[m].reward
    s.players[1]["rec"]["plant"].append("blue")
    assert mission_met(s, 0, m) == 0


def test_mission_pairs_wants_two_of_each_colour():
    """Icon Glossary, Missions: at least two Boxes of each indicated colour."""
    s = scene(n=2)
    m = missions_of("pairs")[0]
    a, b = D.missions[m].colours[:2]
    s.players[0]["rec"]["plant"] = [a, a, b]
    assert mission_met(s, 0, m) == 0
    s.players[0]["rec"]["plant"].append(b)
    assert mission_met(s, 0, m) == D.missions[m].reward


def test_mission_at_least_the_number():
    """Icon Glossary, Missions: at least that many Boxes of the type (exactly that many is
    enough)."""
    s = scene(n=2)
    m = missions_of("atleast", type="plant")[0]
    k = D.missions[m].count
    s.players[0]["rec"]["plant"] = ["red"] * (k - 1)
    assert mission_met(s, 0, m) == 0
    s.players[0]["rec"]["plant"].append("red")
    assert mission_met(s, 0, m) == D.missions[m].reward


def test_seal_claimed_at_the_fourth_box_of_a_colour():
    """The Specialization Seals: at least four deliveries of that colour claim its Seal."""
    from sandsofplay.games.sand.goods import check_seal
    s = scene()
    p = s.players[s.cur]
    p["rec"]["plant"] = ["blue"] * 3
    check_seal(s, s.cur, "blue", [])
    assert p["seals"] == [] and "blue" in s.seals
    p["rec"]["plant"].append("blue")
    check_seal(s, s.cur, "blue", [])
    assert p["seals"] == ["blue"] and "blue" not in s.seals
    assert breakdown(s, s.cur)["seals"] == 4


# --- Refusals -----------------------------------------------------------------------------------

def test_navigator_once_per_turn():
    """The Navigator: once per turn."""
    s = scene(tokens=("blue", "red"), dice=(4, 4, 1, 1), loc="port", comp=["navigator"])
    act(s, "navigate r01 blue")
    act(s, "leg r05")
    assert not any(t.startswith("navigate") for t in legal_texts(s))
    assert any(t.startswith("travel ") for t in legal_texts(s))


def test_zhaslir_walks_only_shortcuts():
    """Zhaslir, the Walker: the free Travel is along a shortcut only."""
    s = scene(tokens=(), loc="port", trav="zhaslir")
    walks = [t for t in legal_texts(s) if t.startswith("walk")]
    assert walks and all(D.routes[w.split()[1]].kind == "orange" for w in walks)


def test_song_needs_a_song_token_left():
    """Compose Songs: a Song token must be left to place."""
    s = scene(tokens=("blue",), loc="okh_ham", songs=0)
    assert "song blue" not in legal_texts(s)
    s.players[s.cur]["songs"] = 1
    assert "song blue" in legal_texts(s)


def test_alhazreds_song_cannot_be_replaced_while_he_is_there():
    """Compose Songs / Solo Mode: a Song cannot be replaced while its owner (Alhazred too) is in
    the city."""
    s = scene(n=1, tokens=("blue",), loc="okh_ham", level="expert")
    s.songs["okh_ham"] = 1
    s.alh["songs"] -= 1
    s.alh["loc"] = "okh_ham"
    assert "song blue" not in legal_texts(s)
    s.alh["loc"] = "port"
    assert "song blue" in legal_texts(s)


def test_zhema_songs_are_safe_from_alhazred():
    """Zhema, the Muse / Expert Level: Alhazred does not replace her Songs (ruling 13)."""
    from sandsofplay.games.sand import alhazred as AL
    s = scene(n=1, level="expert", trav="zhema")
    s.songs["okh_ham"] = 0
    s.players[0]["songs"] -= 1
    s.cities["okh_ham"] = ["", ""]
    AL.arrive(s, "okh_ham", [])
    assert s.songs["okh_ham"] == 0


def test_care_needs_room_on_the_track():
    """Care for Your Worm: not beyond 15 Hydration (or Food), 10 Health."""
    s = scene(tokens=("blue", "red"), hyd=15, food=14)
    texts = legal_texts(s)
    assert "care hydration blue" not in texts and "care food red" in texts


def test_pray_needs_room_on_the_track():
    """Pray: the Prayer Track does not go past 10."""
    s = scene(tokens=("white",), pray=10)
    assert "pray white" not in legal_texts(s)
    s.players[s.cur]["pray"] = 9
    assert "pray white" in legal_texts(s)


def test_shelter_out_then_not_in_the_same_turn():
    """The Shelters: goods go in or out in a turn, not both (ruling 6): after taking out, nothing
    goes in."""
    s = scene(tokens=(), loc="oasis_1", shelter="oasis_1")
    p = s.players[s.cur]
    p["store"] = ["orange"]
    p["cargo"] = [[-1, ["yellow"]]]
    act(s, "retrieve 0")
    assert not any(t.startswith("store") for t in legal_texts(s))


def test_sonett_swaps_once_per_turn():
    """Sonett, the Achiever: one swap a turn (ruling 6)."""
    s = scene(trav="sonett", shelter="oasis_1")
    s.players[s.cur]["store"] = ["blue", "red"]
    act(s, "sonett 0 red")
    assert not any(t.startswith("sonett") for t in legal_texts(s))


def test_surmesh_turns_dice_once_per_turn():
    """Surmesh, the Pythoness: two dice once during the turn."""
    s = scene(trav="surmesh")
    act(s, "surmesh blue red")
    assert not any(t.startswith("surmesh") for t in legal_texts(s))
