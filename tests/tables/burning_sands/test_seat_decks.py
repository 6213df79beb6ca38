"""Seat setup chooses each seat's deck (Preparing Your Deck; Game setup): a starter deck of each
Faction or one of the player's saved decks. A saved deck travels inside the game's setup, so the
save replays without the decks folder; a deck that breaks a deck rule cannot be played and says
which rule and which cards; a damaged deck file is reported and left untouched."""

import json

from sandsofplay.engine import Match, SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.games.burning_sands import data as bsdata
from sandsofplay.games.burning_sands.decklist import deck_text
from sandsofplay.tables.burning_sands import decks as D
from sandsofplay.tables.burning_sands.table import BurningSandsTable
from sandsofplay.ui.scenes.seat_setup import SeatSetupScene

GAME = get_game("burning_sands")


def saved_decks():
    good = D.starter("khadi")
    good.name = "Desert Wind"
    D.save(good)
    bad = D.starter("moto")
    bad.name = "Too Many"
    first = next(iter(bad.cards))
    bad.cards[first] = 4
    D.save(bad)
    (D.decks_dir() / "broken.json").write_text('{"game": "burning_sands", "na',
                                               encoding="utf-8")
    return good, bad, bsdata.get().by_id[first].name


def choose(ui, scene, key, label_part):
    """Click the option's cycler (its right half: forward) until its label shows ``label_part``."""
    btn = scene.buttons[f"option:{key}"]
    for _ in range(12):
        if label_part in btn.text:
            return
        ui.click((btn.rect.right - 20, btn.rect.centery))
    raise AssertionError(f"{label_part!r} is not among the choices of {key} ({btn.text})")


def test_seat_setup_offers_saved_decks_and_says_why_one_cannot_be_played(app, ui, home):
    good, _bad, card_name = saved_decks()
    app.push(SeatSetupScene(app, "burning_sands"))
    app.apply_ops()
    ui.frames(2)
    scene = app.top
    labels = [c.label for c in scene.extra["deck1"]]
    assert labels == ["broken (damaged)", "Desert Wind (saved)", "Too Many (breaks a rule)"]
    choose(ui, scene, "deck1", "Too Many")
    assert "at most three copies" in scene.problem and card_name in scene.problem
    ui.click_button("start")
    assert app.top is scene and "breaks the deck rules" in scene.problem
    choose(ui, scene, "deck1", "broken")
    assert "damaged" in scene.problem and "left as it is" in scene.problem
    ui.click_button("start")
    assert app.top is scene and "damaged" in scene.problem
    assert (D.decks_dir() / "broken.json").read_text(encoding="utf-8") == \
        '{"game": "burning_sands", "na'
    choose(ui, scene, "deck2", "Desert Wind")
    choose(ui, scene, "deck1", "Senpet starter")
    assert scene.problem == ""
    ui.click_button("start")
    table = app.top
    assert isinstance(table, BurningSandsTable)
    text = table.match.setup.option("deck2")
    assert json.loads(text)["name"] == "Desert Wind"
    st = table.match.state
    assert bsdata.get().by_id[good.stronghold].idx == st.cdef[st.stronghold[1]]
    assert sorted(st.decks[1]) == sorted(bsdata.get().by_id[c].idx for c, n in good.cards.items()
                                         for _ in range(n))


def test_a_game_with_a_saved_deck_replays_from_its_save_alone(home):
    """The save holds the deck: with the decks folder empty and the deck table fresh, the save
    replays to the same state."""
    deck = D.starter("senpet")
    text = deck_text("Sun Host", deck.stronghold, deck.sections[:1], deck.cards)
    setup = Setup("burning_sands", (SeatSpec.parse("bot:normal"), SeatSpec.parse("bot:normal")),
                  (("deck1", text), ("sections", "plan")), 21)
    match = Match(GAME, setup)
    for _ in range(60):
        seat = GAME.to_act(match.state)[0]
        match.apply(seat, GAME.legal_actions(match.state, seat)[0])
    data = json.loads(json.dumps(match.to_save()))
    for k in [k for k in bsdata.get().decks if k.startswith("custom-")]:
        del bsdata.get().decks[k]
    again = Match.from_save(data, GAME)
    assert again.fingerprint() == match.fingerprint()
    assert again.state.setup_q[0].startswith("custom-")


def test_a_deck_text_that_breaks_a_rule_is_refused_naming_rule_and_card():
    deck = D.starter("assassin")
    cid = next(iter(deck.cards))
    deck.cards[cid] = 5
    text = deck_text("Five", deck.stronghold, deck.sections, deck.cards)
    setup = Setup("burning_sands", (SeatSpec.parse("human"), SeatSpec.parse("human")),
                  (("deck1", text),), 1)
    try:
        GAME.new_state(setup)
    except ValueError as exc:
        msg = str(exc)
    else:
        raise AssertionError("a deck with five copies was accepted")
    assert "Player 1" in msg and "at most three copies" in msg
    assert bsdata.get().by_id[cid].name in msg


def test_the_command_line_game_starts_at_once_with_starter_decks():
    from sandsofplay import cli
    args = cli.parse(["--game", "burning_sands", "--seats", "human,bot:hard", "--seed", "7"])
    opts = GAME.resolve_options(args.setup)
    assert opts["deck1"] in GAME.options[0].choices and opts["deck2"] in GAME.options[1].choices
    st = GAME.new_state(args.setup)
    assert st.n == 2 and GAME.to_act(st) == (0,)


def cli_error(capsys, *options) -> str:
    """The command line's one-sentence refusal (it exits with status 2, nothing started)."""
    import pytest
    from sandsofplay import cli
    argv = ["--game", "burning_sands", "--seats", "human,bot:normal", "--seed", "3"]
    for o in options:
        argv += ["--option", o]
    with pytest.raises(SystemExit) as out:
        cli.parse(argv)
    assert out.value.code == 2
    return capsys.readouterr().err


def test_the_command_line_plays_a_saved_deck_as_seat_setup_does(home):
    """Preparing Your Deck: ``--option deck1=saved:NAME`` chooses the saved deck NAME.json, and
    the deck itself goes in the game's setup (as the seat setup's choice does)."""
    from sandsofplay import cli
    good, _bad, _name = saved_decks()
    args = cli.parse(["--game", "burning_sands", "--seats", "human,bot:normal", "--seed", "3",
                      "--option", "deck1=saved:desert-wind", "--option", "deck2=senpet"])
    opts = dict(args.setup.options)
    assert opts["deck1"] == deck_text(good.name, good.stronghold, good.sections, good.cards)
    assert opts["deck2"] == "senpet"
    st = GAME.new_state(args.setup)
    assert st.n == 2
    assert bsdata.get().decks[st.setup_q[0]].faction == bsdata.get().decks["khadi"].faction


def test_the_command_line_says_why_a_saved_deck_cannot_be_played(home, capsys):
    """An unknown name, a deck that breaks a deck rule, a damaged file: one sentence each, the
    file left as it is."""
    _good, _bad, card_name = saved_decks()
    before = (D.decks_dir() / "broken.json").read_bytes()
    err = cli_error(capsys, "deck1=saved:nope")
    assert "no saved deck 'nope'" in err and "saved:desert-wind" in err
    err = cli_error(capsys, "deck1=saved:Desert Wind")
    assert "did you mean saved:desert-wind" in err
    err = cli_error(capsys, "deck2=saved:too-many")
    assert "cannot be played" in err and "Too Many" in err
    err = cli_error(capsys, "deck1=saved:broken")
    assert "deck1=saved:broken" in err and "left as it is" in err
    assert (D.decks_dir() / "broken.json").read_bytes() == before
    err = cli_error(capsys, "deck1=nonesuch")
    assert "option deck1 takes one of" in err and "saved:desert-wind" in err


def test_the_command_line_says_when_no_deck_is_saved_yet(home, capsys):
    err = cli_error(capsys, "deck1=saved:mine")
    assert "no deck is saved yet" in err
