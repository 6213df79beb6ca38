"""Issue 31: a four-player game's hands of 9-13 cards are laid out so every card can be read
at 1280x720: each card's index (its colours and objects, down its left edge) shows uncovered,
on screen and on its own mat, and a click there takes that card."""

import pygame

from tests.tables import helpers

SCREEN = pygame.Rect(0, 0, 1280, 720)
INDEX = (18, 50)  # the part of a card that names it: its colour band and objects, at its left
CHARS = dict(char1="indiana", char2="marion", char3="sallah", char4="marcus")


def test_every_card_of_a_big_hand_shows_its_index(app):
    """Rulebook, Setup (four players, one mat each) and Playing Cards (a hand is played from
    by colour and object): every card's colour and objects stay readable."""
    table = helpers.make_table(app, "sands_of_adventure",
                               ("human", "bot:normal", "bot:normal", "bot:normal"), 3, **CHARS)
    assert helpers.play_until(table, lambda s: s.phase == "explore")
    st = table.match.state
    cards = list(range(len(table.comp.cards)))
    for n in range(1, 14):
        for seat in range(4):
            hand = cards[seat * 13:seat * 13 + n]
            rects = [r for _c, r in table.hand_rects(seat, hand, None)]
            mat = table.mat_rects[seat]
            for i, r in enumerate(rects):
                assert SCREEN.contains(r) and mat.contains(r), (n, seat, i, r, mat)
                index = pygame.Rect(r.topleft, INDEX)
                covering = [o for o in rects[i + 1:] if o.colliderect(index)]  # drawn later
                assert not covering, (n, seat, i, r, covering)
                assert r.w >= 56 and r.h >= 80  # a card, not a sliver of one
                shown = table.shown_hand(hand)
                point = (r.x + INDEX[0] // 2, r.y + INDEX[1] // 2)
                obs = dict(table.game.observe(st, 0), hands=[hand if s == seat else []
                                                              for s in range(4)])
                assert table.card_at(point, obs, [seat]) == (seat, shown[i])
            if n >= 9:  # a big hand: two rows, no card hidden behind the next one's edge
                assert len({r.y for r in rects}) == 2
    table.settle()


def test_the_playable_tick_covers_nothing_printed_on_a_card(app):
    """Playing Cards (a card is played by its colour and objects): the tick on a card that can
    be played now lies on bare card, so it never hides an object, an Attack card's among them
    (the walk-through found the tick over an Attack card's object at its bottom left)."""
    from sandsofplay.tables.sands_of_adventure import art
    from sandsofplay.tables.sands_of_adventure.view import BIG_W, BIG_H
    from sandsofplay.ui.hand import mark_playable

    table = helpers.make_table(app, "sands_of_adventure", ("human", "bot:normal"), 3)
    kinds = {}
    for card in table.comp.cards:
        kinds.setdefault((card.kind, len(card.objects)), card)
    assert ("attack", 1) in kinds and ("basic", 2) in kinds
    for card in kinds.values():
        if card.kind == "snake":
            continue  # never played from a hand with a tick
        for w, h in ((art.CARD_W, art.CARD_H), art.SMALL_CARD, (BIG_W, BIG_H)):
            face = art.card_surface(card, w, h, app.text)
            blank = pygame.Surface((w, h), pygame.SRCALPHA)
            before = blank.copy()
            mark_playable(blank, blank.get_rect())
            bg = face.get_at((w - 6, h // 2))  # bare card, inside the right edge
            # an Upgrade card's bar along its bottom runs under the tick: a bar, not a print
            bar = h - int(7 * w / art.CARD_W) if card.upgrade else h
            under = [(x, y) for x in range(3, w - 3) for y in range(3, min(bar, h - 3))
                     if blank.get_at((x, y)) != before.get_at((x, y)) and
                     face.get_at((x, y))[:3] != bg[:3]]
            assert not under, (card.kind, len(card.objects), w, h, under[:5])
    table.settle()
