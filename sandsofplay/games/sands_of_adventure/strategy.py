"""A hand-written cooperative strategy for the "policy" bot kind, at three levels.

The policy sees exactly what a player sees (the observation: every hand, never the decks' order
nor the tipping point) plus the printed components. Levels differ in reaction time (the delay
before each action in real time, applied by the bots layer from ``reaction_s``) and in skill:

* ``skill`` 0 (easy): plays an Attack card when one matches, otherwise mostly draws; picks tiles
  half at random; uses Power tokens only sometimes;
* ``skill`` 1 (normal): also plays a card that sets up one of its own Attack cards or the next
  player's, weighs tiles by what they give against their Threat dice and the villain's reach;
  it thinks of its Play Any Card token only when nothing in its hand fits the top card (a
  newcomer keeps it for being stuck, where hard spends it on an Attack card no chain reaches);
* ``skill`` 2 (hard): searches its own chains of plays for the most Attack cards and the best top
  card left for the players after it, times its tokens, and weighs the risk at the Market.

No level ends its turn while it holds an Attack card that fits the top card: a partner who
passes with a playable Attack card is no help. The levels differ instead in what they see beyond
their own Attack cards: ``setup`` (easy) is the chance of thinking past them at all, ``helps``
the chance of playing a card that sets up the next player's Attack card, ``tokens`` the chance
of using a Power token when it would serve, ``play_any`` when Play Any Card comes to mind
("always", or "stuck": only with no card in hand that fits). Normal and hard use no chances:
they differ only by what they look at.

Reaction times are a person's: ``reaction_s`` before a considered action (at most 1.6 s, an
attentive newcomer's pace at the easy level), and ``quick_s`` for the actions in
``quick_kinds`` - a Torch roll after a Snake, which a person makes again at once.

The policy is anytime: ``choose_steps`` is a generator that does the search a slice at a time
(``SLICE`` search nodes between yields, each yield the best first action so far) and returns the
answer, so the bots layer can think a few milliseconds per frame; ``choose`` runs it to the end.
The answer never depends on how the thinking was sliced.
"""

from __future__ import annotations

from ...engine import A, RNG, run_steps

_TORCH = ("roll_torch",)
LEVELS = {
    "easy": {"reaction_s": (1.0, 1.6), "quick_s": (0.5, 0.9), "quick_kinds": _TORCH, "skill": 0,
             "tokens": 0.15, "setup": 0.15},
    "normal": {"reaction_s": (1.0, 1.6), "quick_s": (0.7, 0.9), "quick_kinds": _TORCH,
               "skill": 1, "tokens": 1.0, "helps": 1.0, "play_any": "stuck"},
    "hard": {"reaction_s": (0.6, 1.1), "quick_s": (0.4, 0.7), "quick_kinds": _TORCH, "skill": 2,
             "tokens": 1.0},
}

TOKEN_PRIORITY = ("any", "interrupt", "ignore")
SLICE = 64  # search nodes between two yields of ``choose_steps``
DRAW = A("draw")
PASS = A("pass")


def observation_rng(obs) -> RNG:
    """The policy's randomness, seeded from what it sees (never from a stream that advances):
    asking the same seat twice about the same situation gives the same answer, so a bot that is
    asked to think again (the table changed under it, an undo) never drifts."""
    key = (obs["tick"], -1 if obs["seat"] is None else obs["seat"], obs["round"],
           obs["deck_count"], obs["upgrade_count"], len(obs["pile"]), obs["top"], obs["health"],
           len(obs["timer"]["gems"]), obs["current"], sum(len(h) for h in obs["hands"]),
           len(obs["snakes"]), obs["turn"]["step_count"])
    x = 0x9E3779B97F4A7C15
    for v in key:
        x = (x * 1000003 + (v & 0xFFFFFFFF)) & 0xFFFFFFFFFFFFFFFF
    return RNG(x)


def choose(game, obs, legal, rng, **params):
    """The policy's answer (``None`` = wait, for a seat that is not taking a turn)."""
    return run_steps(choose_steps(game, obs, legal, rng, **params))


def choose_steps(game, obs, legal, rng, skill=1, tokens=1.0, setup=0.0, helps=1.0,
                 play_any="always", **_):
    """The policy as a resumable search: a generator that yields now and then (the best action so
    far, or None) and returns the answer. ``rng`` (the bot's own stream) is not used: see
    ``observation_rng``."""
    if not legal:
        return None
    ctx = _Ctx(game, obs, observation_rng(obs), int(skill), float(tokens), float(setup),
               float(helps), str(play_any))
    if obs["phase"] == "timed":
        return (yield from ctx.timed(legal))
    return ctx.calm(legal)


class _Ctx:
    def __init__(self, game, obs, rng, skill, tokens, setup=0.0, helps=1.0, play_any="always"):
        self.g = game
        self.obs = obs
        self.rng = rng
        self.skill = skill
        self.tokens = tokens
        self.setup = setup  # easy: the chance of thinking past its own Attack cards
        self.helps = helps  # the chance of setting up the next player's Attack card
        self.play_any = play_any  # "always", or "stuck": Play Any only when no card fits
        self.seat = obs["seat"]
        self.n = obs["n"]
        self.mask = game.MASK
        self.attack = game.ATTACK

    # --- helpers --------------------------------------------------------------------------------------
    def fits(self, card: int, top: int) -> bool:
        return top < 0 or (self.mask[card] & self.mask[top]) != 0

    def hand(self, seat=None):
        return self.obs["hands"][self.seat if seat is None else seat]

    def kinds(self, legal, kind):
        return [a for a in legal if a.kind == kind]

    def card_value(self, card: int) -> float:
        """How much a card is worth keeping: Attack cards most, then by symbols."""
        return (10.0 if self.attack[card] else 0.0) + bin(self.mask[card]).count("1")

    def setup_value(self, top: int, after: int) -> float:
        """How well a top card serves the players after ``after`` in turn order."""
        v = 0.0
        for j in range(1, self.n):
            p = (after + j) % self.n
            h = self.hand(p)
            if any(self.attack[c] and self.fits(c, top) for c in h):
                v += 6.0 / j
            elif any(self.fits(c, top) for c in h):
                v += 0.5 / j
        return v

    # --- Timed Phase ------------------------------------------------------------------------------------
    def timed(self, legal):
        """A generator (see ``choose_steps``): only the hard level's own turn searches."""
        obs = self.obs
        kinds = {a.kind for a in legal}
        if "bury" in kinds:  # a villain's penalty after a finished villain die
            return min(legal, key=lambda a: self.card_value(a.args[0]))
        if "roll_torch" in kinds:
            return A("roll_torch")
        if "ignore" in kinds and obs["snake"]["card"] >= 0:
            if self.rng.random() < self.tokens:
                return A("ignore")
        if obs["stage"] == "turn" and obs["current"] == self.seat:
            return (yield from self.my_turn(legal))
        interrupts = self.kinds(legal, "interrupt")
        if interrupts and self.skill >= 1:
            top = obs["top"]
            cur = obs["current"]
            cur_can = any(self.attack[c] and self.fits(c, top) for c in self.hand(cur))
            mine = [a for a in interrupts if self.attack[a.args[0]]]
            if mine and (not cur_can or obs["stage"] == "snake") and self.rng.random() < self.tokens:
                return mine[0]
        elif interrupts and self.rng.random() < 0.05 * self.tokens:
            mine = [a for a in interrupts if self.attack[a.args[0]]]
            if mine:
                return mine[0]
        return None  # wait

    def my_turn(self, legal):
        """A generator, like ``timed``."""
        plays = self.kinds(legal, "play")
        anys = self.kinds(legal, "any")
        if plays and self.play_any == "stuck":  # a card fits: Play Any does not come to mind
            anys = []
        top = self.obs["top"]
        if self.skill >= 2:
            return (yield from self.search_turn(plays, anys, top))
        atk = [a for a in plays if self.attack[a.args[0]]]
        if atk:
            return atk[0]
        if self.skill == 0 and self.rng.random() >= self.setup:
            if anys and self.rng.random() < 0.5 * self.tokens:
                a_any = [a for a in anys if self.attack[a.args[0]]]
                if a_any:
                    return a_any[0]
            if plays and self.rng.random() < 0.25:
                return self.rng.choice(plays)
            return DRAW
        # normal: a play that makes one of my own Attack cards playable
        hand = self.hand()
        mine = [c for c in hand if self.attack[c]]
        for a in plays:
            c = a.args[0]
            if any(m != c and self.fits(m, c) for m in mine):
                return a
        if anys and mine and self.rng.random() < self.tokens:
            return A("any", mine[0])
        # a play that sets up the next player's Attack card (seen ``helps`` of the time)
        nxt = (self.seat + 1) % self.n
        theirs = [c for c in self.hand(nxt) if self.attack[c]]
        if theirs and not any(self.fits(t, top) for t in theirs) and \
                (self.helps >= 1.0 or self.rng.random() < self.helps):
            for a in plays:
                if any(self.fits(t, a.args[0]) for t in theirs):
                    return a
        return DRAW

    def search_turn(self, plays, anys, top):
        """The hard level's own turn: the best chain of plays from the hand (a depth-first search
        with a node budget), and Play Any Card on an Attack card no chain reaches. A generator."""
        hand = tuple(sorted(self.hand()))
        plain_best, plain_first = yield from self.chains(hand, top, 0.0, None, 0, 3000)
        if anys and self.rng.random() < self.tokens:
            # Play Any Card on an Attack card that no chain reaches
            for c in hand:
                if not self.attack[c] or self.fits(c, top):
                    continue
                rest = tuple(x for x in hand if x != c)
                best, first = yield from self.chains(rest, c, 10.0, A("any", c), 1, 1500)
                if best > plain_best + 5.0:
                    return first
        return plain_first if plain_first is not None else DRAW

    def chains(self, hand, top, score, first, depth, budget):
        """Depth-first over chains of matching plays, in pre-order with an explicit stack (so it
        can pause): each node scores the Attack cards played (+10, other plays -0.4) plus the top
        card it leaves the next players; a node is expanded while the budget lasts and the chain
        is shorter than 7. Yields every ``SLICE`` nodes; returns (best score, its first play)."""
        best_v, best_first = -1e9, None
        fits, attack, seat = self.fits, self.attack, self.seat
        stack = [(hand, top, score, first, depth)]
        nodes = 0
        while stack:
            remaining, top, score, first, depth = stack.pop()
            budget -= 1
            total = score + self.setup_value(top, seat)
            if total > best_v:
                best_v, best_first = total, first
            nodes += 1
            if nodes % SLICE == 0:
                yield best_first
            if budget <= 0 or depth >= 7:
                continue
            children = []
            for i, c in enumerate(remaining):
                if not fits(c, top):
                    continue
                gain = 10.0 if attack[c] else -0.4
                children.append((remaining[:i] + remaining[i + 1:], c, score + gain,
                                 first if first is not None else A("play", c), depth + 1))
            stack.extend(reversed(children))
        return best_v, best_first

    # --- Exploration and between rounds ---------------------------------------------------------------
    def calm(self, legal):
        obs = self.obs
        kinds = [a.kind for a in legal]
        k = kinds[0]
        if len(legal) == 1:
            return legal[0]
        if k == "move":
            return self.move(legal)
        if k == "token":
            for t in TOKEN_PRIORITY:
                a = A("token", t)
                if a in legal:
                    return a
        if k == "leader":
            return A("leader", obs["leader"]) if obs["phase"] == "prep" else legal[0]
        if k == "replace":
            return self.replace(legal)
        if k == "side":
            return self.side(legal)
        if k == "upgrades":
            return self.risk(legal)
        if k == "keep":
            return max(legal, key=lambda a: self.card_value(a.args[0]))
        if k == "bury":
            if obs["stage"] == "penalty":
                return min(legal, key=lambda a: self.card_value(a.args[0]))
            return legal[0]
        if k == "die":
            return self.dice_order(legal)
        if k == "villain":
            return self.push_villain(legal)
        if k == "to":
            return self.recipient(legal)
        if "play" in kinds or "pass" in kinds:
            plays = [a for a in legal if a.kind == "play" and self.attack[a.args[0]]]
            if plays and (self.skill >= 1 or self.rng.random() < 0.7):
                return plays[0]
            gives = [a for a in legal if a.kind == "give"]
            if gives and self.skill >= 1:
                g = self.give(gives)
                if g is not None:
                    return g
            return PASS if PASS in legal else legal[0]
        return legal[0]

    def tile_value(self, tile: int, side: str, seat: int) -> float:
        t = self.g.comp.tiles[tile].side(side)
        obs = self.obs
        v = 0.0
        my_attacks = sum(1 for c in self.hand(seat) if self.attack[c])
        for step in t.steps:
            op = step[0]
            if op == "draw_action":
                v += 1.0 * step[1]
            elif op == "draw_upgrade":
                v += 1.6 * step[1]
            elif op == "may_play":
                top = obs["top"]
                ready = sum(1 for c in self.hand(seat) if self.attack[c] and self.fits(c, top))
                v += 3.0 * min(step[1], ready) + 0.5 * min(step[1], my_attacks)
            elif op == "take_token":
                v += 3.0 if any(obs["stacks"].values()) else 0.0
            elif op == "risk_upgrades":
                v += 1.5
            elif op == "pick_upgrade":
                v += 1.8
            elif op == "may_give":
                v += 0.2
            elif op == "may_move_villain":
                v += 0.4
        dice = t.dice
        ch = self.g.comp.characters[obs["characters"][seat]]
        if ch.threat_dice:
            dice = ch.threat_dice
        v -= 1.1 * dice
        return v

    def move(self, legal):
        obs = self.obs
        if self.skill == 0 and self.rng.random() < 0.5:
            return self.rng.choice(legal)
        nxt = (obs["villain_pos"] + 1) % 5
        villain = self.g.comp.villains[obs["villain"]]
        risk = 1.5 if villain.penalty == "bury_card" else (1.2 if villain.penalty_size == "small"
                                                           else 2.0)

        def score(a):
            pos = a.args[0]
            tile, side = obs["row"][pos]
            v = self.tile_value(tile, side, self.seat)
            if pos == nxt and self.skill >= 1:
                v -= risk
            return v

        return max(legal, key=score)

    def risk(self, legal):
        obs = self.obs
        if self.skill == 0:
            return self.rng.choice(legal)
        if self.skill == 1:
            return A("upgrades", 2) if A("upgrades", 2) in legal else legal[-1]
        colour = obs["turn"]["prog"][0][2] if obs["turn"]["prog"] else "green"
        comp = self.g.comp
        seen = set(obs["pile"]) | set(obs["aside"])
        for h in obs["hands"]:
            seen.update(h)
        pool = [c.id for c in comp.cards if c.upgrade and c.id not in seen]
        if not pool:
            return legal[0]
        p = sum(1 for c in pool if colour in comp.cards[c].colours) / len(pool)
        best, best_v = legal[0], -1.0
        for a in legal:
            k = a.args[0]
            # P(fewer than two of k show the colour), binomial approximation
            p_ok = (1 - p) ** k + k * p * (1 - p) ** (k - 1) if k else 1.0
            v = k * p_ok
            if v > best_v:
                best, best_v = a, v
        return best

    def dice_order(self, legal):
        obs = self.obs
        nxt = (obs["villain_pos"] + 1) % 5
        victims = [p for p in range(self.n) if obs["figures"][p] == nxt]
        gem_first = [a for a in legal if a.args[0] != "villain"]
        vill = [a for a in legal if a.args[0] == "villain"]
        if victims and gem_first:
            return gem_first[0]
        return vill[0] if vill else legal[0]

    def push_villain(self, legal):
        obs = self.obs
        here = obs["villain_pos"]

        def exposed(pos):
            nxt = (pos + 1) % 5
            return sum(1 for p in range(self.n) if obs["figures"][p] == nxt)

        options = {"left": (here - 1) % 5, "right": (here + 1) % 5}
        best, best_v = PASS, exposed(here)
        for a in legal:
            if a.kind == "villain":
                v = exposed(options[a.args[0]])
                if v < best_v:
                    best, best_v = a, v
        return best

    def give(self, gives):
        """Hand an Attack card to the teammate best placed to set it up: the one holding the most
        cards that it can follow (more than the giver holds)."""
        for a in gives:
            card = a.args[0]
            if not self.attack[card]:
                continue
            own = sum(1 for c in self.hand() if c != card and self.fits(card, c))
            best, best_n = -1, own
            for p in range(self.n):
                if p == self.seat:
                    continue
                n_fit = sum(1 for c in self.hand(p) if self.fits(card, c))
                if n_fit > best_n:
                    best, best_n = p, n_fit
            if best >= 0:
                return a
        return None

    def recipient(self, legal):
        """The teammate who can best set up the card being given."""
        card = self.obs["turn"]["give_card"]
        return max(legal, key=lambda a: sum(1 for c in self.hand(a.args[0])
                                            if self.fits(card, c)))

    def replace(self, legal):
        obs = self.obs
        if self.skill == 0:
            return self.rng.choice(legal)
        vals = [self.tile_value(t, s, self.seat) for t, s in obs["row"]]
        return A("replace", min(range(len(vals)), key=lambda i: vals[i]))

    def side(self, legal):
        obs = self.obs
        if obs["phase"] == "setup":  # choosing the round-1 tiles' sides
            new = obs["row"][obs["turn"]["choice"]][0]
        else:
            new = obs["tiles_aside"][0]
        if self.skill == 0:
            return self.rng.choice(legal)
        a = self.tile_value(new, "A", self.seat)
        b = self.tile_value(new, "B", self.seat)
        return A("side", "A" if a >= b else "B")
