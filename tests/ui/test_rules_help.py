"""The rules help pages open as the game's players would read them."""


def test_every_rules_help_page_opens_with_the_shipped_fonts_only(app):
    """The rules help is pygame_gui HTML: a style with no shipped font file (italic, say) makes
    pygame_gui warn and fall back to a font of its own, out of place in the page."""
    import warnings

    from sandsofplay.games import CATALOG, get_game
    from sandsofplay.ui.scenes.overlays import RulesHelpScene
    games = [get_game(info.id) for info in CATALOG]
    for game in games:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.push(RulesHelpScene(app, game))
            app.apply_ops()
            app.frame(1 / 60)
            app.pop()
            app.apply_ops()
        fonts = [str(w.message) for w in caught if "font" in str(w.message).lower()]
        assert not fonts, (game.id, fonts)
