"""Everything face up (a finished game's replay): what the Sahwari table hides.

In play a seat sees a caravan token's value only once it is revealed or the seat spied it; the
rest lie camel side up (on tiles, with the clans, with the Guildmaster, removed). The order of
the Recruit deck is unknown to all. Face up, every caravan token shows its value (so every clan's
Influence counts them all, nothing "hidden") and the Recruit deck's top card lies face up on it.
"""

from __future__ import annotations

import pygame

from ...games.sahwari.data import get as _data
from ...ui import theme as T
from ...ui.table_replay import FACE_UP

D = _data()
ALL_TOKENS = 0
for _c in D.caravans:
    ALL_TOKENS |= 1 << _c.id


def face_up_observation(game, state) -> dict:
    """The spectator's observation of a copy of the state in which every token was revealed,
    with the Recruit deck's top card (0 when the deck is empty)."""
    st = game.clone(state)
    st.revealed = ALL_TOKENS
    st._obs = None
    obs = game.observe(st, None)
    obs["deck_top"] = st.deck[-1] if st.deck else 0
    return obs


class FaceUpView:
    """Mixed into the table before its painter."""

    face_up_view = FACE_UP

    def face_up_observation(self, state):
        return face_up_observation(self.game, state)

    def draw_face_up(self, surf):
        obs = self.obs()
        top = obs.get("deck_top", 0)
        if not top:
            return
        r = self.geo.deck
        surf.blit(self.card_img(top, r.w, r.h), r)
        pygame.draw.rect(surf, T.GLOW, r, 2, border_radius=6)
        tag = pygame.Rect(r.x, r.bottom - 17, r.w, 17)  # over the card's foot, readable
        pygame.draw.rect(surf, (40, 26, 16), tag, border_bottom_left_radius=6,
                         border_bottom_right_radius=6)
        self.app.text.blit(surf, f"next of {obs['deck_size']}", tag.center, 11, T.GLOW,
                           bold=True, anchor="center")
