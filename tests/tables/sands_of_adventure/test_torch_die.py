"""Issue 31: the Torch die is rolled visibly - it shows "?" until it is rolled for a Snake,
tumbles while the rules roll it, lands with its result written under it and said by the
roller's mat (and the log), so a miss no longer looks like the die before the roll."""

import pygame

from sandsofplay.engine.rng import RNG
from sandsofplay.games.sands_of_adventure import timed

from .test_table import GAME, find_seed, human_timed_turn


class Fixed(RNG):
    """An RNG whose next roll shows a chosen face."""

    def __init__(self, index):
        super().__init__(0)
        self.index = index

    def randrange(self, n):
        return self.index


def _picture(app, rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def test_a_miss_tumbles_lands_and_is_said(app, ui, monkeypatch):
    """Rulebook: Timed Phase, Snakes - the drawer rolls the Torch die until it shows a torch."""
    faces = list(GAME.comp.torch_faces)
    rolls = [faces.index("snake"), faces.index("torch")]  # a miss, then a torch
    real = timed.land_torch

    def rigged(tb, s, events):
        keep, s.rng = s.rng, Fixed(rolls.pop(0))
        try:
            real(tb, s, events)
        finally:
            s.rng = keep
    monkeypatch.setattr(timed, "land_torch", rigged)
    table = find_seed(app, human_timed_turn)
    st = table.match.state
    snake = next(c for c in range(len(GAME.comp.cards)) if GAME.SNAKE[c] and c in st.deck)
    st.deck.remove(snake)
    st.deck.append(snake)  # the top of the Action deck
    ui.click(table.L.rect("action_deck").center)
    assert st.stage == "snake" and st.snake_seat == 0
    ui.frames(2)
    die = table.L.rect("dice")
    before = _picture(app, die)
    assert table.torch_face is None  # "?": not rolled yet
    ui.key(pygame.K_SPACE)
    assert st.torch_land >= 0
    tumbling = set()
    for _ in range(200):
        if st.torch_land < 0:
            break
        tumbling.add(_picture(app, die))
        ui.frames(1)
    assert len(tumbling) >= 6  # face after face, turning and hopping
    assert st.stage == "snake" and table.torch_face == "snake"
    ui.frames(1)
    assert _picture(app, die) != before
    assert table.bubbles[0][0] == "No torch - roll again!"
    assert table.log.lines[-1] == "Indiana Jones rolls no torch."
    assert table.prompt_text(GAME.observe(st, 0)).startswith("No torch!")
    ui.frames(table.TORCH_POP + 5)  # the bounce settled: the miss still reads as a miss
    settled = _picture(app, die)
    assert settled != before and table.torch_pop == 0
    ui.key(pygame.K_SPACE)
    for _ in range(200):
        if st.stage != "snake":
            break
        ui.frames(1)
    assert st.stage == "turn"
    assert table.bubbles[0][0] == "A torch! The Snake is driven off."
    assert "Indiana Jones rolls a torch!" in table.log.lines
