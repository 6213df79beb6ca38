"""The seat setup remembers the last choices per game and shows only the options that mean
something with the players chosen (issue 31; Sand: Solo Mode, Alhazred's level; Sahwari: the
Guildmaster's difficulty, the 3-player variant)."""

from sandsofplay.ui import remembered
from sandsofplay.ui.scenes.seat_setup import SeatSetupScene


def opened(app, game_id):
    scene = SeatSetupScene(app, game_id)
    app.push(scene)
    app.apply_ops()
    return scene


def option_keys(scene):
    return [spec.key for spec, _y in scene.option_rows]


def test_the_last_choices_come_back_when_the_game_is_set_up_again(app):
    scene = opened(app, "sahwari")
    scene.set_count(3)
    scene.cycle_kind(1, 1)  # seat 2: the next kind after a normal bot
    scene.cycle_colour(2, 1)
    scene.name_fields[0].set_text("Zaid")
    scene.cycle_option(next(s for s, _ in scene.option_rows if s.key == "variant"), 1)
    scene.start()
    app.apply_ops()
    chosen = (scene.count, list(scene.seats[:3]), dict(scene.options))
    again = opened(app, "sahwari")
    assert again.count == 3
    assert again.seats[:3] == chosen[1] and again.seats[0].name == "Zaid"
    assert again.options["variant"] == chosen[2]["variant"] == "three_player_variant"
    other = opened(app, "sand")  # per game: another game keeps its own defaults
    assert other.count == 2 and other.seats[0].name == "Amira"


def test_a_damaged_or_stale_memory_gives_the_defaults_and_is_left_alone(app):
    path = remembered.path()
    path.write_text("{not json", encoding="utf-8")
    scene = opened(app, "sahwari")
    assert scene.count == 2 and scene.seats[0].name == "Amira"
    assert path.read_text(encoding="utf-8") == "{not json"  # nothing lost, nothing rewritten
    path.write_text('{"sahwari": {"count": 2, "seats": [["bot", "grandmaster", "X", "red"], '
                    '["human", "", "Y", "blue"]], "options": {}}}', encoding="utf-8")
    assert opened(app, "sahwari").seats[0].name == "Amira"  # an unknown level: the defaults


def test_solo_options_show_only_for_a_solo_game(app):
    scene = opened(app, "sand")
    assert scene.count == 2 and "alhazred" not in option_keys(scene)
    assert "travelers" in option_keys(scene)
    scene.set_count(1)
    assert "alhazred" in option_keys(scene)
    sah = opened(app, "sahwari")
    assert "solo_difficulty" not in option_keys(sah) and "variant" not in option_keys(sah)
    sah.set_count(1)
    assert "solo_difficulty" in option_keys(sah) and "variant" not in option_keys(sah)
    sah.set_count(3)
    assert "variant" in option_keys(sah) and "solo_difficulty" not in option_keys(sah)
    # an option that does not apply is not in the game's set-up
    sah.options["solo_difficulty"] = "clan_leader"
    assert "solo_difficulty" not in dict(sah.make_setup(seed=1).options)
