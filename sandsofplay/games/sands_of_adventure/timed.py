"""The Timed Phase: plays, Power tokens, drawing to end a turn, Snakes and the Torch die, the
Threat dice left when the timer flipped, and time itself (the timer's fall, the pouring sand,
the rolling die).

Several seats may act at once, each with a question of its own: ``turn`` (the current player:
play, Play Any Card, draw, finish the dice), ``interrupt`` (another player holding a face-up
Interrupt token), ``snake`` (a Snake was drawn: its drawer rolls the Torch die, a face-up Ignore a
Snake token drives it away, Interrupts go on) and ``owe`` (a player punished by a villain die
finished after the flip buries a card before acting again)."""

from __future__ import annotations

from bisect import insort

from ...engine.flow import NOBODY, Question
from . import timer
from .common import (DRAW, FINISH, IGNORE, R_FLIP, R_SNAKE, R_TIMED, R_TOKENS, R_VILLAIN,
                     ROLL_TORCH, Tables, bury, ev, has_token, matches, playable, use_token)
from .reasons import play_reason
from .rounds import end_round
from .state import TIMED, SandsOfAdventureState
from .villain import activate, play_card


# --- who is asked what ------------------------------------------------------------------------
def can_act(tb: Tables, s: SandsOfAdventureState, seat: int) -> bool:
    if s.stage == "turn" and seat == s.current:
        return True
    tokens = s.tokens[seat]
    if s.stage == "snake":
        if seat == s.snake_seat and s.torch_land < 0:
            return True
        if tokens and has_token(s, seat, "ignore"):
            return True
    if tokens and seat != s.current and has_token(s, seat, "interrupt"):
        if not s.pile:
            return bool(s.hands[seat])
        m, top = tb.MASK, tb.MASK[s.pile[-1]]
        for c in s.hands[seat]:
            if m[c] & top:
                return True
    return False


def questions(tb: Tables, s: SandsOfAdventureState) -> tuple[Question, ...]:
    """One question per seat that may act now, in seat order (while the Torch die rolls with
    nobody able to act, the Snake's question for nobody)."""
    cur = s.current
    snake = s.stage == "snake"
    tokens = s.tokens
    owe = s.penalty  # players burying a card for a villain activated by ``finish``
    if not snake and not owe and not any(tokens):
        return (Question("turn", cur),)
    out = []
    for seat in range(s.n):
        if owe and seat in owe:
            out.append(Question("owe", seat))
        elif seat == cur and not snake:
            out.append(Question("turn", seat))
        elif (snake and seat == s.snake_seat and s.torch_land < 0) or \
                (tokens[seat] and can_act(tb, s, seat)):
            out.append(Question("snake" if snake else "interrupt", seat))
    if not out:  # the Torch die is rolling and nobody holds a token to use now
        out.append(Question("snake", NOBODY))
    return tuple(out)


# --- the current player's turn ------------------------------------------------------------------
def legal_turn(tb: Tables, s: SandsOfAdventureState, q) -> list:
    seat = q.seat
    out = [tb.A_PLAY[c] for c in playable(tb, s, seat)]
    if has_token(s, seat, "any"):
        anyp = tb.A_ANY
        out += [anyp[c] for c in s.hands[seat]]
    out.append(DRAW)
    if s.finish:
        out.append(FINISH)
    return out


def allows_turn(tb: Tables, s: SandsOfAdventureState, q, action) -> bool:
    """``action in legal_turn(...)``, answered directly (a test checks the two agree)."""
    k, a = action.kind, action.args
    if k == "draw":
        return not a
    if k == "play" or k == "any":
        if len(a) != 1 or a[0] not in s.hands[q.seat]:
            return False
        return matches(tb, s, a[0]) if k == "play" else has_token(s, q.seat, "any")
    if k == "finish":
        return not a and bool(s.finish)
    return False


def do_turn(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    seat, k = q.seat, action.kind
    if k == "finish":
        finish(tb, s, seat, events)
        return
    drop_finish(tb, s, seat, events)
    if k == "play":
        play_card(tb, s, seat, action.args[0], "play", events)
    elif k == "any":
        use_token(tb, s, seat, "any", events)
        play_card(tb, s, seat, action.args[0], "any", events)
    else:
        draw(tb, s, seat, events)


def finish(tb: Tables, s: SandsOfAdventureState, seat: int, events: list) -> None:
    """The Sand Timer: "The current player may choose to finish any actions they are taking"
    - the Threat dice not yet done when the timer flipped. A villain die activates the
    villain (he moves; players on his new tile suffer his penalty: a card to bury is each
    punished player's choice, owed before they act again; a gem cannot be added to a flipped
    timer). A gem die adds nothing for the same reason."""
    faces, s.finish = s.finish, []
    events.append(ev("dice_finished", f"{tb.name(s, seat)} finishes the Threat dice: "
                     f"{' and '.join(faces)}.", seat=seat, faces=list(faces)))
    for f in faces:
        if f == "villain":
            activate(tb, s, events, timed=True)


def drop_finish(tb: Tables, s: SandsOfAdventureState, seat: int, events: list) -> None:
    """The current player acts on in the Timed Phase: the dice left are ignored for good."""
    if s.finish and seat == s.current:
        s.finish = []
        events.append(ev("dice_ignored", f"{tb.name(s, seat)} ignores the Threat dice left.",
                         seat=seat))


def draw(tb: Tables, s: SandsOfAdventureState, seat: int, events: list) -> None:
    """Timed Phase: end the turn by drawing; a Snake blocks the next player."""
    if not s.deck:
        events.append(ev("deck_empty", f"{tb.name(s, seat)} cannot draw: the Action deck "
                         "is empty.", seat=seat))
        end_round(tb, s, "deck", events)
        return
    card = s.deck.pop()
    if tb.SNAKE[card]:
        s.snake_card = card
        s.snake_seat = seat
        s.torch_land = -1
        s.stage = "snake"
        events.append(ev("snake_drawn", f"{tb.name(s, seat)} draws a Snake!", True,
                         seat=seat, card=card))
        return
    insort(s.hands[seat], card)
    events.append(ev("card_drawn", f"{tb.name(s, seat)} draws the {tb.card_name(card)}.",
                     True, seat=seat, card=card, source="action"))
    next_turn(tb, s, events)


def next_turn(tb: Tables, s: SandsOfAdventureState, events: list) -> None:
    s.current = (s.current + 1) % s.n
    s.stage = "turn"
    s.snake_card = -1
    s.snake_seat = -1
    s.torch_land = -1
    events.append(ev("turn", f"{tb.name(s, s.current)}'s turn.", seat=s.current,
                  phase=TIMED))


# --- another player's Interrupt; a Snake ----------------------------------------------------------
def _interrupts(tb: Tables, s: SandsOfAdventureState, seat: int) -> list:
    if seat != s.current and has_token(s, seat, "interrupt"):
        inter = tb.A_INTERRUPT
        return [inter[c] for c in playable(tb, s, seat)]
    return []


def _allows_interrupt(tb: Tables, s: SandsOfAdventureState, seat: int, a) -> bool:
    return (len(a) == 1 and a[0] in s.hands[seat] and seat != s.current
            and has_token(s, seat, "interrupt") and matches(tb, s, a[0]))


def legal_interrupt(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return _interrupts(tb, s, q.seat)


def allows_interrupt(tb: Tables, s: SandsOfAdventureState, q, action) -> bool:
    return action.kind == "interrupt" and _allows_interrupt(tb, s, q.seat, action.args)


def interrupt(tb: Tables, s: SandsOfAdventureState, seat: int, action, events: list) -> None:
    use_token(tb, s, seat, "interrupt", events)
    play_card(tb, s, seat, action.args[0], "interrupt", events)


def do_interrupt(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    interrupt(tb, s, q.seat, action, events)


def legal_snake(tb: Tables, s: SandsOfAdventureState, q) -> list:
    seat = q.seat
    out = []
    if seat == s.snake_seat and s.torch_land < 0:
        out.append(ROLL_TORCH)
    if has_token(s, seat, "ignore"):
        out.append(IGNORE)
    return out + _interrupts(tb, s, seat)


def allows_snake(tb: Tables, s: SandsOfAdventureState, q, action) -> bool:
    k, a, seat = action.kind, action.args, q.seat
    if k == "roll_torch":
        return not a and seat == s.snake_seat and s.torch_land < 0
    if k == "ignore":
        return not a and has_token(s, seat, "ignore")
    return k == "interrupt" and _allows_interrupt(tb, s, seat, a)


def do_snake(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    seat, k = q.seat, action.kind
    if k == "interrupt":
        interrupt(tb, s, seat, action, events)
    elif k == "ignore":  # Power Tokens: Ignore a Snake - discard it without rolling
        use_token(tb, s, seat, "ignore", events)
        events.append(ev("snake_ignored", f"{tb.name(s, seat)} drives the Snake away.",
                         seat=seat, drawer=s.snake_seat))
        s.snakes.append(s.snake_card)
        next_turn(tb, s, events)
    elif tb.roll_ticks <= 0:  # Snakes: roll the Torch die until it shows a torch
        land_torch(tb, s, events)
    else:  # each roll takes real time
        s.torch_land = s.tick + tb.roll_ticks
        events.append(ev("torch_roll_started", f"{tb.name(s, seat)} rolls the Torch die.",
                         seat=seat, lands=s.torch_land))


def land_torch(tb: Tables, s: SandsOfAdventureState, events: list) -> None:
    faces = tb.comp.torch_faces
    face = faces[s.rng.randrange(len(faces))]
    s.torch_last = face
    s.torch_land = -1
    seat = s.snake_seat
    ok = face == "torch"
    events.append(ev("torch_rolled", f"{tb.name(s, seat)} rolls "
                     f"{'a torch!' if ok else 'no torch.'}", True, seat=seat, face=face,
                     torch=ok, tick=s.tick))
    if ok:
        s.snakes.append(s.snake_card)
        next_turn(tb, s, events)


# --- a punished player owes a card ----------------------------------------------------------------
def legal_owe(tb: Tables, s: SandsOfAdventureState, q) -> list:
    bury_ = tb.A_BURY
    return [bury_[c] for c in s.hands[q.seat]]


def allows_owe(tb: Tables, s: SandsOfAdventureState, q, action) -> bool:
    a = action.args
    return action.kind == "bury" and len(a) == 1 and a[0] in s.hands[q.seat]


def do_owe(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    """Dietrich's penalty after a finished villain die."""
    bury(tb, s, q.seat, action.args[0], s.hands[q.seat], events)
    s.penalty.remove(q.seat)


# --- refusals -------------------------------------------------------------------------------------
def timed_reason(tb: Tables, s: SandsOfAdventureState, q, seat: int, action) -> tuple[str, str]:
    """Why ``seat`` may not take ``action`` in the Timed Phase (any of its questions)."""
    k = action.kind
    nm = tb.name(s, seat)
    if s.penalty and seat in s.penalty:
        return (f"{nm} must first bury a card for {tb.villain_name(s)}'s penalty.", R_VILLAIN)
    if k == "bury":
        return ("Only a player punished by the villain buries a card now.", R_VILLAIN)
    if k == "finish":
        return ("Only the current player may finish the Threat dice left when the timer "
                "flipped, before playing on.", R_FLIP)
    if k == "play" or k == "any":
        if seat != s.current:
            return ("You can play cards only on your own turn (or with an Interrupt "
                    "token).", R_TIMED)
        if s.stage == "snake":
            return ("Once you have drawn, you cannot play any more cards.", R_TIMED)
        if k == "any" and not has_token(s, seat, "any"):
            return ("You have no face-up Play Any Card token.", R_TOKENS)
        return play_reason(tb, s, seat, action)
    if k == "interrupt":
        if seat == s.current:
            return ("Interrupt is used on another player's turn.", R_TOKENS)
        if not has_token(s, seat, "interrupt"):
            return ("You have no face-up Interrupt token.", R_TOKENS)
        return play_reason(tb, s, seat, action)
    if k == "draw":
        if seat != s.current:
            return ("Only the player whose turn it is draws.", R_TIMED)
        return ("You have already drawn; the Snake must be dealt with first.", R_SNAKE)
    if k == "roll_torch":
        if s.stage != "snake" or seat != s.snake_seat:
            return ("Only the player who drew a Snake rolls the Torch die.", R_SNAKE)
        return ("The Torch die is still rolling.", R_SNAKE)
    if k == "ignore":
        if s.stage != "snake":
            return ("There is no Snake to ignore.", R_TOKENS)
        return ("You have no face-up Ignore a Snake token.", R_TOKENS)
    return (f"'{action}' is not a Timed Phase action.", R_TIMED)


R = timed_reason
# name, legal, apply, auto, reason, rule, allows
STAGES = (
    ("turn", legal_turn, do_turn, None, R, R_TIMED, allows_turn),
    ("interrupt", legal_interrupt, do_interrupt, None, R, R_TOKENS, allows_interrupt),
    ("snake", legal_snake, do_snake, None, R, R_SNAKE, allows_snake),
    ("owe", legal_owe, do_owe, None, R, R_VILLAIN, allows_owe),
)


# --- time -----------------------------------------------------------------------------------------
def advance(tb: Tables, s: SandsOfAdventureState, ticks: int, events: list) -> None:
    """Move time on: the timer's fall ends, the Torch die lands, the sand runs out - in tick
    order (the fall before a landing on the same tick, the sand before either)."""
    target = s.tick + ticks
    t = s.timer
    while s.tick < target:
        if s.phase != TIMED:
            s.tick = target
            break
        falling = t.mode == timer.FALLING
        nxt = t.fall_end_tick if falling else timer.sand_end_tick(t)
        if 0 <= s.torch_land < nxt:
            nxt = s.torch_land
        if nxt > target:
            s.tick = target
            if falling:
                timer.set_fall_tick(t, target, tb.comp)
            break
        s.tick = nxt
        if falling and nxt == t.fall_end_tick:
            timer.finish_fall(t, nxt)
            events.append(ev("timer_inverted", "The sand timer comes to rest upside down; "
                             "the sand pours.", tick=nxt, ends=timer.sand_end_tick(t)))
        elif falling:
            timer.set_fall_tick(t, nxt, tb.comp)
        elif nxt == timer.sand_end_tick(t):
            events.append(ev("sand_out", "The sand runs out!", tick=nxt))
            end_round(tb, s, "sand", events)
            continue
        if s.torch_land == nxt:
            land_torch(tb, s, events)


def next_event_tick(s: SandsOfAdventureState):
    if s.phase != TIMED:
        return None
    t = s.timer
    nxt = t.fall_end_tick if t.mode == timer.FALLING else timer.sand_end_tick(t)
    if s.torch_land >= 0 and s.torch_land < nxt:
        nxt = s.torch_land
    return nxt
