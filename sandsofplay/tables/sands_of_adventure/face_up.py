"""Everything face up (a finished game's replay): what the Sands of Adventure table hides.

Players keep their hands open, so every observation already shows every hand. What nobody sees
in play: the order of the Action deck and of the Upgrade deck, and this round's tipping point of
the sand timer. Face up, the top card of each deck lies face up on it ("next") and a label above
the timer says at what load it tips, beside the load in the basket.
"""

from __future__ import annotations

import pygame

from ...games.sands_of_adventure import timer as timer_rules
from ...ui import theme as T
from ...ui.table_replay import FACE_UP
from . import art

TIP_LABEL = pygame.Rect(8, 6, 300, 26)


def face_up_facts(table) -> dict:
    """What the face-up view adds, from the state itself: the decks' tops (-1 when empty), the
    tipping point and the load (grams; the tipping point only while the timer stands)."""
    st = table.match.state
    t = st.timer
    standing = t.mode == timer_rules.UPRIGHT
    return {"action_top": st.deck[-1] if st.deck else -1,
            "upgrade_top": st.updeck[-1] if st.updeck else -1,
            "tip_g": round(t.tip_g, 1) if standing else None,
            "load_g": round(timer_rules.load_g(t, table.comp), 1)}


class FaceUpView:
    """Mixed into the table before its view: ``draw_face_up`` over the table, under the bar."""

    face_up_view = FACE_UP

    def face_up_observation(self, state):
        obs = dict(self.game.observe(state, None))
        obs.update(face_up_facts(self))
        return obs

    def draw_face_up(self, surf):
        facts = face_up_facts(self)
        text = self.app.text
        st = self.match.state
        for name, key, count in (("action_deck", "action_top", len(st.deck)),
                                 ("upgrade_deck", "upgrade_top", len(st.updeck))):
            card = facts[key]
            if card < 0:
                continue
            r = self.L.rect(name)
            surf.blit(self.card_img(card, r.w, r.h), r)
            pygame.draw.rect(surf, T.GLOW, r, 2, border_radius=8)
            text.blit(surf, "next:", (r.centerx, r.y - 2), 13, T.GLOW, bold=True,
                      anchor="midbottom", shadow=art.BLACK)
            text.blit(surf, str(count), (r.right - 6, r.bottom - 6), 16, T.PARCHMENT, bold=True,
                      anchor="bottomright", shadow=art.BLACK)
        if facts["tip_g"] is not None:
            label = f"Tips at {facts['tip_g']:g} g; the basket holds {facts['load_g']:g} g"
        else:
            label = "The timer has already tipped this round"
        # the label's box fits its words, at the smaller size if they would not fit the box
        size = 14 if self.app.fonts.get(14, True).size(label)[0] <= TIP_LABEL.w - 12 else 12
        box = TIP_LABEL.copy()
        box.w = min(TIP_LABEL.w, self.app.fonts.get(size, True).size(label)[0] + 12)
        pygame.draw.rect(surf, (40, 26, 16), box, border_radius=6)
        pygame.draw.rect(surf, T.GLOW, box, 1, border_radius=6)
        text.blit(surf, label, box.center, size, T.GLOW, bold=True, anchor="center")
