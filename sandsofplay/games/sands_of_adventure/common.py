"""What every part of the round shares: the rulebook section names used in refusals, the
pre-built actions, the event helper, and small rules used everywhere (matching a card, Power
tokens, drawing the top card, playing a card and damaging the villain)."""

from __future__ import annotations

from bisect import insort

from ...engine import A, Event, seconds_to_ticks
from . import timer as T
from .data import ROW_LENGTH, TOKEN_KINDS, Components
from .state import State

R_MOVE = "Exploration Phase: Move"
R_TILE = "Exploration Phase: Do the Adventure Tile"
R_DICE = "Threat Dice"
R_PLAY = "Playing Cards"
R_ATTACK = "Attack Cards"
R_BURY = "Burying Cards"
R_TIMED = "Timed Phase: On Your Turn"
R_SNAKE = "Timed Phase: Snakes"
R_TOKENS = "Power Tokens"
R_PREP = "Preparing for the Next Round"
R_SETUP = "Game Setup"
R_VILLAIN = "Activate the Villain"

PASS = A("pass")
SIDE_A, SIDE_B = A("side", "A"), A("side", "B")
VILLAIN_LEFT, VILLAIN_RIGHT = A("villain", "left"), A("villain", "right")
ROLL = A("roll")
DRAW = A("draw")
ROLL_TORCH = A("roll_torch")
IGNORE = A("ignore")
FINISH = A("finish")
R_FLIP = "The Sand Timer"


def ev(kind: str, text: str, reveal: bool = False, /, **data) -> Event:
    return Event(kind, data, text, reveal)


class Common:
    """Mixed into the Game class; ``self.comp`` is the loaded Components."""

    comp: Components

    def _init_tables(self):
        c = self.comp
        self.MASK = [card.mask for card in c.cards]
        self.ATTACK = [card.attack for card in c.cards]
        self.SNAKE = [card.snake for card in c.cards]
        self.UPGRADE = [card.upgrade for card in c.cards]
        self.CARD_NAME = [card.name for card in c.cards]
        self.CHAR_NAME = {k: ch.name for k, ch in c.characters.items()}
        self._m_large, self._m_small = c.gem_mass["large"], c.gem_mass["small"]
        self.roll_ticks = seconds_to_ticks(c.torch_roll_s)
        # every action object made once: legal_actions builds lists of these
        ids = range(len(c.cards))
        self.A_PLAY = [A("play", i) for i in ids]
        self.A_ANY = [A("any", i) for i in ids]
        self.A_INTERRUPT = [A("interrupt", i) for i in ids]
        self.A_BURY = [A("bury", i) for i in ids]
        self.A_KEEP = [A("keep", i) for i in ids]
        self.A_GIVE = [A("give", i) for i in ids]
        self.A_MOVE = [A("move", i) for i in range(ROW_LENGTH)]
        self.A_REPLACE = [A("replace", i) for i in range(ROW_LENGTH)]
        self.A_SEAT = {k: [A(k, i) for i in range(4)] for k in ("to", "leader")}
        self.A_TOKEN = {k: A("token", k) for k in TOKEN_KINDS}
        self.A_UPGRADES = [A("upgrades", i) for i in range(len(c.upgrade_cards) + 1)]

    def name(self, s: State, seat: int) -> str:
        return self.CHAR_NAME[s.chars[seat]]

    def card_name(self, card: int) -> str:
        return self.CARD_NAME[card]

    def tile_name(self, s: State, pos: int) -> str:
        return self.comp.tiles[s.row[pos][0]].name

    def villain_name(self, s: State) -> str:
        return self.comp.villains[s.villain].name

    def matches(self, s: State, card: int) -> bool:
        """Playing Cards: the first card of the round is free; after it, a card must share at
        least one colour or object with the top of the pile (an Attack card's character never
        counts: it is not in the card's mask)."""
        if not s.pile:
            return True
        return (self.MASK[card] & self.MASK[s.pile[-1]]) != 0

    def playable(self, s: State, seat: int) -> list[int]:
        if not s.pile:
            return list(s.hands[seat])
        m, top = self.MASK, self.MASK[s.pile[-1]]
        return [c for c in s.hands[seat] if m[c] & top]

    def has_token(self, s: State, seat: int, kind: str) -> bool:
        for t in s.tokens[seat]:
            if t[1] and t[0] == kind:
                return True
        return False

    def _use_token(self, s: State, seat: int, kind: str, events: list) -> None:
        ts = s.tokens[seat]
        for i, t in enumerate(ts):
            if t[1] and t[0] == kind:
                ts[i] = (kind, False)
                break
        events.append(ev("token_used", f"{self.name(s, seat)} uses "
                         f"{self.comp.token_names[kind]}.", seat=seat, kind=kind))

    def dice_count(self, s: State, seat: int) -> int:
        """Threat Dice: the tile's number, but Sallah always rolls one."""
        ch = self.comp.characters[s.chars[seat]]
        if ch.threat_dice:
            return ch.threat_dice
        tile, side = s.row[s.figures[seat]]
        return self.comp.tiles[tile].side(side).dice

    def side_of(self, s: State, pos: int):
        tile, side = s.row[pos]
        return self.comp.tiles[tile].side(side)

    def load(self, s: State) -> float:
        return T.load_g(s.timer, self.comp)

    def _take_top(self, s: State, seat: int, events: list) -> int:
        """Drawing Cards / Snake Cards (outside the Timed Phase): the top Action card goes to the
        hand, or, if it is a Snake, to the Snake discard without a replacement. Returns the card
        added to the hand, or -1 for a Snake. The deck must not be empty."""
        card = s.deck.pop()
        if self.SNAKE[card]:
            s.snakes.append(card)
            events.append(ev("snake_discarded", f"{self.name(s, seat)} draws a Snake and "
                             "discards it.", True, seat=seat, card=card))
            return -1
        insort(s.hands[seat], card)
        return card

    def _play(self, s: State, seat: int, card: int, via: str, events: list) -> None:
        """Playing Cards; Damaging the Villain: every Attack card played lowers his health."""
        top = s.pile[-1] if s.pile else -1
        s.hands[seat].remove(card)
        s.pile.append(card)
        how = {"tile": "", "play": "", "any": " with Play Any Card",
               "interrupt": " as an Interrupt"}[via]
        events.append(ev("card_played", f"{self.name(s, seat)} plays the "
                         f"{self.card_name(card)}{how}.", seat=seat, card=card, via=via,
                         top_before=top))
        if self.ATTACK[card]:
            s.health -= 1
            events.append(ev("villain_damaged", f"{self.villain_name(s)} is hit: health "
                             f"{s.health}.", villain=s.villain, health=s.health, seat=seat))
            if s.health <= 0:
                s.health = 0
                events.append(ev("villain_defeated", f"{self.villain_name(s)} is defeated!",
                                 villain=s.villain))
                self._end_round(s, "defeated", events)
