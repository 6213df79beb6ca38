"""The Burning Sands deck scene and saved decks (Preparing Your Deck): building, the deck rules
explained, saving under a name in the user data folder, and a damaged deck file reported and
left untouched."""

import json

import pygame

from sandsofplay.tables.burning_sands import decks as D
from sandsofplay.tables.burning_sands.deck_scene import DeckScene


def test_starter_decks_are_legal_and_a_short_deck_says_which_rule_it_breaks():
    """Preparing Your Deck: at least 55 cards, at most three copies of a card."""
    for deck_id in ("senpet", "moto", "assassin", "khadi"):
        assert D.starter(deck_id).problems() == []
    deck = D.starter("moto")
    first = next(iter(deck.cards))
    for _ in range(3):
        deck.add(first)
    problems = deck.problems()
    assert any("at most three copies" in p and D.from_json  # the card is named
               for p in problems)
    deck = D.DeckList("tiny", D.starter("moto").stronghold, [], {first: 2})
    assert any("at least 55" in p for p in deck.problems())
    assert D.DeckList().problems() == ["the deck has no Stronghold: choose one"]


def test_a_saved_deck_reads_back_and_a_damaged_file_is_reported_untouched(tmp_path):
    deck = D.starter("khadi")
    deck.name = "Sorcery & Tales"
    path = D.save(deck, tmp_path)
    assert path.name == "sorcery-tales.json"
    bad = tmp_path / "broken.json"
    bad.write_text('{"game": "burning_sands", "name": ', encoding="utf-8")
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"game": "burning_sands", "name": "x", "stronghold": "nope",
                               "sections": [], "cards": {}}), encoding="utf-8")
    found = {p.name: (d, why) for p, d, why in D.load_all(tmp_path)}
    assert found["sorcery-tales.json"][0].to_json() == deck.to_json()
    assert found["broken.json"][0] is None and "damaged" in found["broken.json"][1]
    assert found["odd.json"][0] is None and "nope" in found["odd.json"][1]
    assert bad.read_text(encoding="utf-8") == '{"game": "burning_sands", "name": '


def test_the_pool_filters_by_faction_type_trait_cost_and_text():
    heroes = D.pool(faction="Moto", ctype="hero")
    assert heroes and all(c.faction == "Moto" and c.type == "hero" for c in heroes)
    flying = D.pool(trait="Flying")
    assert flying and all("Flying" in c.traits for c in flying)
    cheap = D.pool(cost=1)
    assert all(c.water + c.copper + c.influence == 1 for c in cheap)
    name = heroes[0].name
    assert heroes[0] in D.pool(text=name.lower())


def test_the_deck_scene_adds_and_removes_by_clicks_and_saves(app, monkeypatch, tmp_path):
    monkeypatch.setattr(D, "decks_dir", lambda: tmp_path)
    scene = DeckScene(app)
    app.push(scene)
    app.apply_ops()
    app.frame(1 / 60)
    before = scene.deck.total()
    target = next(c for c, tag, _r in scene.deck_rows() if tag.startswith("x"))
    scene.search.set_text(target.name)  # the text filter finds it in the pool
    shown = {target.id}
    card, rect = next((c, r) for c, r in scene.pool_rows() if c.type not in
                      ("stronghold", "section") and c.id in shown)
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=rect.center, button=1))
    app.frame(1 / 60)
    assert scene.deck.total() == before + 1
    _c, _tag, r2 = next(x for x in scene.deck_rows() if x[0].id == card.id)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r2.center, button=1))
    app.frame(1 / 60)
    assert scene.deck.total() == before
    scene.name_field.set_text("Desert Wind")
    scene.save()
    assert (tmp_path / "desert-wind.json").is_file()
    assert "Saved as desert-wind.json" in scene.message
    app.frame(1 / 60)


def test_opening_a_damaged_saved_deck_in_the_scene_says_so_and_keeps_the_deck(app, monkeypatch,
                                                                                tmp_path):
    monkeypatch.setattr(D, "decks_dir", lambda: tmp_path)
    (tmp_path / "bad.json").write_text("not json", encoding="utf-8")
    scene = DeckScene(app)
    app.push(scene)
    app.apply_ops()
    before = scene.deck.to_json()
    scene.open_next_saved()
    assert "bad.json is damaged" in scene.message and "left as it is" in scene.message
    assert scene.deck.to_json() == before
    assert (tmp_path / "bad.json").read_text(encoding="utf-8") == "not json"
    app.frame(1 / 60)


def test_the_rules_help_covers_the_turn_battles_raids_duels_and_traits():
    from sandsofplay.ui import paths
    html = paths.resource("help", "burning_sands.html").read_text(encoding="utf-8")
    for word in ("The turn", "Battles", "Raids", "Duels", "Traits and keywords", "Paying",
                 "Reactions", "Card types"):
        assert word in html
