"""A replay of a finished Sand game plays the sequences the live table plays (Alhazred's turns,
the Upkeep) when it goes one action at a time - a step, or playing at 1x - skippable by a key
or a click; a jump (the timeline, back, the instant speed) plays none."""

import pygame

from tests.tables.helpers import finished_replay
from tests.tables.sand.test_pace import frames
from tests.tables.sand.test_table import make_table


def finished_solo_replay(app):
    return finished_replay(app, make_table(app, ("bot:normal",), seed=5, alhazred="medium"), 80)


def first_action_with(replay, words):
    """The index of the first action whose log lines say ``words``."""
    return next(i for i, texts in enumerate(replay.replay.texts)
                if any(words in t for t in texts))


def key(app, k):
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def test_a_step_plays_alhazreds_turn_and_a_key_skips_it(app):
    replay = finished_solo_replay(app)
    i = first_action_with(replay, "reads Codex card")
    replay.replay_seek(i)
    replay.replay_playing = False
    app.frame(1 / 60)
    assert not replay.pace.busy()
    key(app, pygame.K_RIGHT)  # one action on
    assert replay.replay_index == i + 1
    assert replay.pace.busy()
    kinds = [b.kind for b in replay.pace.seq.beats]
    assert "codex" in kinds and "alh_turn" in kinds
    # the table shows the moment of the beat, not the state after the action
    assert replay.obs() is replay.pace.seq.shown()
    frames(app, 30)
    assert replay.pace.busy() and replay.replay_index == i + 1
    key(app, pygame.K_a)  # any key (but Esc and P) finishes it
    assert not replay.pace.busy()
    assert replay.replay_index == i + 1
    # a jump plays nothing: back one action and straight over it
    key(app, pygame.K_LEFT)
    assert replay.replay_index == i and not replay.pace.busy()
    replay.replay_seek(i + 1)
    app.frame(1 / 60)
    assert not replay.pace.busy()


def test_a_click_skips_and_the_upkeep_plays_too(app):
    replay = finished_solo_replay(app)
    i = first_action_with(replay, "dice")  # the Upkeep's roll
    replay.replay_seek(i)
    replay.replay_playing = False
    replay.replay_step()
    assert replay.pace.busy()
    assert {"roll", "upkeep", "order", "refill"} & {b.kind for b in replay.pace.seq.beats}
    pos = (300, 300)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(1 / 60)
    assert not replay.pace.busy() and replay.replay_index == i + 1


def test_playing_at_1x_waits_for_the_sequence_and_instant_shows_none(app):
    replay = finished_solo_replay(app)
    i = first_action_with(replay, "reads Codex card")
    replay.replay_seek(i)
    replay.replay_playing = True
    for _ in range(200):
        app.frame(1 / 60)
        if replay.replay_index > i:
            break
    assert replay.replay_index == i + 1 and replay.pace.busy()
    frames(app, 60)
    assert replay.replay_index == i + 1  # the replay waits while it plays
    replay.replay_seek(i)
    replay.replay_instant = True
    for _ in range(3):
        app.frame(1 / 60)
    assert replay.replay_index > i and not replay.pace.busy()


def test_in_the_face_up_view_a_sequence_shows_the_hidden_decks_too(app):
    """Issue 18 (everything face up): while a stepped action's sequence plays, the table shows
    its moments - in the face-up view those pictures name the next workday's Missions and
    Alhazred's next Codex card as the still table does (they were the spectator's before)."""
    from sandsofplay.tables.sand.view import codex_next, mission_deck_line
    from sandsofplay.ui.table_replay import FACE_UP
    replay = finished_solo_replay(app)
    replay.viewer = FACE_UP
    replay.on_replay_jump()
    i = first_action_with(replay, "reads Codex card")
    replay.replay_seek(i)
    replay.replay_playing = False
    app.frame(1 / 60)
    key(app, pygame.K_RIGHT)
    assert replay.pace.busy() and replay.obs() is replay.pace.seq.shown()
    for beat in replay.pace.seq.beats:
        assert "codex_next" in beat.obs and "deck_next" in beat.obs
    shown = replay.obs()
    assert codex_next(shown).startswith("; next: ") or not shown["codex_next"]
    assert "next workday" in mission_deck_line(shown) or not shown["deck_next"]
