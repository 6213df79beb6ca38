"""The card pool and deck construction (Preparing Your Deck; Card Types; Special Card Traits)."""

import pytest

from sandsofplay.engine import DataError, Setup
from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.data import TRAIT_WORDS, load, validate_deck

from .helpers import D


def test_pool_size_and_every_card_type():
    """Card Types: every card type the rulebook names is in the pool; 100+ definitions."""
    assert len(D.cards) >= 100
    types = {c.type for c in D.cards}
    assert types == {"stronghold", "section", "hero", "action", "holding", "follower", "item",
                     "spell", "story", "pantheon"}


def test_every_named_trait_in_use():
    """Special Card Traits and the Glossary: every trait the rulebook names is on some card."""
    traits = {t for c in D.cards for t in c.traits}
    needed = set(TRAIT_WORDS)
    assert needed <= traits, needed - traits
    assert any(c.archery is not None for c in D.cards)
    assert any(c.carry for c in D.cards) and any(c.raid > 0 for c in D.cards)
    assert any(c.raid < 0 for c in D.cards) or any(
        st.get("op") == "raid" and st.get("n", 0) < 0 for c in D.cards for st in c.static)
    assert any(c.exp_of for c in D.cards) and any(c.jinn for c in D.cards)


def test_stats_within_published_ranges():
    """Stat ranges of the published cards (research): designed cards stay inside them."""
    for c in D.cards:
        if c.type == "stronghold":
            assert 18 <= c.cp <= 22 and 3 <= c.produce <= 5 and 5 <= c.influence <= 8, c.id
            assert 1 <= c.fate <= 2, c.id
        elif c.type == "section":
            assert 0 <= c.strength <= 4 and 4 <= c.capacity <= 8 and 4 <= c.cp_cost <= 6, c.id
        elif c.type == "hero":
            if "Champion" in c.traits:
                assert c.fate == 5 and "Unique" in c.traits and c.s <= 5 and c.k <= 5, c.id
            else:
                assert 1 <= c.s <= 4 and 1 <= c.k <= 4 and 1 <= c.water <= 3, c.id
                assert 4 <= c.copper <= 9 and 0 <= c.fate <= 4, c.id
        elif c.type in ("action", "holding"):
            assert c.water <= 2 and c.copper <= 6 and c.fate <= 4, c.id
        assert c.source in ("designed", "rulebook example"), c.id


def test_rulebook_example_cards_exist():
    """The cards the rulebook's examples name exist with the abilities the examples show."""
    for cid in ("assassin_stronghold", "copper_mine", "alims_charm", "jinn_of_desire", "al_hazaad",
                "takiyah", "bonepicker", "eye_of_night", "secret_wall", "jewel_of_the_desert",
                "kitai", "jana_barakah", "arhgoun", "lost_giant"):
        assert cid in D.by_id, cid
    assert D.by_id["copper_mine"].produce == 2
    assert "Flying" in D.by_id["al_hazaad"].traits and "Flying" in D.by_id["jinn_of_desire"].traits
    assert D.by_id["alims_charm"].abilities[0].trigger["by"] == ["spell", "innate"]


def test_four_factions_with_legal_starter_decks():
    """Preparing Your Deck: four Factions, each with a Stronghold, City Sections and a legal
    starter deck of at least 55 cards."""
    assert len({d.faction for d in D.decks.values()}) >= 4
    for d in D.decks.values():
        assert not validate_deck(D, d.stronghold, d.plan, d.cards)
        assert sum(n for _c, n in d.cards) >= 55
        assert D.by_id[d.stronghold].faction == d.faction


def test_deck_validation_reasons():
    """Preparing Your Deck; Pantheon Card; Game setup: invalid decks are refused with the reason."""
    d = D.decks["senpet"]
    short = [(c, n) for c, n in d.cards][:5]
    assert any("at least 55" in r for r in validate_deck(D, d.stronghold, d.plan, short))
    four = list(d.cards) + [("charge", 1)]
    assert any("at most three" in r for r in validate_deck(D, d.stronghold, d.plan, four))
    two_gods = list(d.cards) + [("favor_sun", 1)]
    assert any("Pantheon" in r for r in validate_deck(D, d.stronghold, d.plan, two_gods))
    rich = list(d.plan) + ["sun_gate"]
    assert any("City Points" in r for r in validate_deck(D, d.stronghold, rich, d.cards))
    withsec = list(d.cards) + [("sun_gate", 1)]
    assert any("cannot be in the deck" in r for r in validate_deck(D, d.stronghold, d.plan, withsec))


def test_unique_cards_may_have_three_copies():
    """Preparing Your Deck: up to three copies of a card, even a Unique one."""
    d = D.decks["senpet"]
    cards = [(c, n) for c, n in d.cards if c != "khemet"] + [("khemet", 3)]
    assert not validate_deck(D, d.stronghold, d.plan, cards)


def test_damaged_data_is_refused(tmp_path):
    """A malformed card file raises DataError naming the card."""
    (tmp_path / "x.toml").write_text('[[card]]\nid = "bad"\ntype = "hero"\nsource = "designed"\n'
                                     'abilities = [{when = "day", do = [{op = "fly"}]}]\n')
    with pytest.raises(DataError, match="bad"):
        load(tmp_path)


def test_unknown_option_is_refused():
    with pytest.raises(ValueError):
        GAME.new_state(Setup.make("burning_sands", ["human"] * 2, seed=1, deck1="nope"))
