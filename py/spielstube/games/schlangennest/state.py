"""Schlangennest positions: whose turn, the legal actions, applying them.

``legal_moves`` is the one source of truth. It tries every candidate action
and keeps the successor state of each legal one, so ``apply`` of a listed
move costs nothing more.
"""

from ...core.errors import Refusal
from ...core.game import TERMINAL, State
from . import area
from .cards import (AREA_KINDS, CURVE, DX, DY, EDGE_PART, FULL_HAND, KINDS, OWN_PART,
                    PARTS, STRAIGHT, TAIL, neighbour, normalize_rotation, own_rotations_at,
                    rotations)
from .moves import KIND_INDEX, Pass, Place, SwapTail, TurnCurve, move_order, normalize_move
# Config is also read from here by tools and tests.
from .turns import (Config, colour_count, move_colour, owner, player_colour_count, seat_colours,
                    turn_start)
from .snakes import (BoardError, analyse, analyse_board, check_fields, merge_placement, overlay,
                     snake_is_finished, snake_is_ring)

_NEIGHBOURHOOD = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
FIRST_CELL = (0, 0)  # the table has no origin; the very first card lies here


class SchlangennestState(State):
    """A position. Read-only for everyone; ``apply`` returns a new state.

    For the UI: ``cards`` {cell: (kind, colour, rot)}, ``part_owners(cell)``,
    ``lengths`` (per seat), ``snake_lengths`` (per colour), ``open_ends(colour)``,
    ``finished``, ``rings`` (per colour), ``hand(colour)``, ``border``, ``extent()``,
    ``area_allows(cell)``, ``phase``, ``first_round``, ``pending`` (the colours
    still to act this turn). Snakes, hands and colours are indexed by colour; a
    seat's colour is its index (two snakes: p and p + 2).
    """

    def __init__(self, cfg, cards, labels, snakes, hands, span, fixed, seat, ply, pending, left):
        self.cfg = cfg
        self.num_players = cfg.players
        self.cards = cards          # {cell: (kind, colour, rot)}
        self.labels = labels        # {cell: tuple of snake id per part, -1 unowned}
        self.snakes = snakes        # tuple per colour: Snake or None (not started)
        self.hands_tuple = hands    # per colour: counts in KINDS order
        self.span = span            # bounding box of straight and curve cards
        self.fixed = fixed          # fixed border ranges (x, y)
        self.seat = seat            # the seat whose turn it is (it may have to pass)
        self.ply = ply              # actions taken so far, passes included
        self.pending = pending      # colours that may still act this turn
        self.left = left            # cards this turn still takes
        self._current = None
        self._legal = None
        self._outcomes = None
        self._key = None

    # ----- the game protocol -------------------------------------------------

    @property
    def current_player(self):
        if self._current is None:
            self._resolve()
        return self._current

    def legal_moves(self):
        if self._current is None:
            self._resolve()
        return list(self._legal)

    def successors(self):
        """(move, state) for every legal move, in legal_moves order."""
        if self._current is None:
            self._resolve()
        return [(m, self._outcomes[m]) for m in self._legal]

    def apply(self, move):
        if self._current is None:
            self._resolve()
        move = normalize_move(move)
        try:
            nxt = self._outcomes.get(move)
        except TypeError:
            nxt = None
        if nxt is not None:
            return nxt
        raise self._why_illegal(move).error()

    def forced_move(self):
        """The pass of a seat with no legal action (the Session plays it)."""
        moves = self.legal_moves()
        return moves[0] if len(moves) == 1 and isinstance(moves[0], Pass) else None

    def player_view(self, seat):
        from .views import player_view
        return player_view(self, seat)

    def returns(self):
        lengths = self.lengths  # per seat: neutral snakes score nothing
        best = max(lengths)
        winners = [s for s, v in enumerate(lengths) if v == best]
        share = 1.0 / len(winners)
        return [share if s in winners else 0.0 for s in range(self.num_players)]

    def key(self):
        if self._key is None:
            self._key = (tuple(sorted(self.cards.items())), self.seat, self.fixed, self.pending, self.left)
        return self._key

    def uncached(self):
        """The same position without the memo of successors (for playouts,
        whose states must not stay reachable from a search tree)."""
        return SchlangennestState(self.cfg, self.cards, self.labels, self.snakes,
                                  self.hands_tuple, self.span, self.fixed, self.seat, self.ply,
                                  self.pending, self.left)

    def to_move(self, seat):
        """The same position with ``seat`` to act next, at the start of its turn
        (for searches that let players act out of turn, such as best-reply search)."""
        pending, left = turn_start(self.cfg, seat, self.snakes)
        return SchlangennestState(self.cfg, self.cards, self.labels, self.snakes,
                                  self.hands_tuple, self.span, self.fixed, seat, self.ply, pending, left)

    # ----- what the UI reads ---------------------------------------------------

    @property
    def snake_lengths(self):
        """Per colour (neutral colours included)."""
        return tuple(s.length if s is not None else 0 for s in self.snakes)

    @property
    def lengths(self):
        """Per seat: the length of its snake (two snakes: the sum of both)."""
        per_colour = self.snake_lengths
        return tuple(sum(per_colour[c] for c in seat_colours(self.cfg, seat))
                     for seat in range(self.num_players))

    @property
    def finished(self):
        return tuple(snake_is_finished(s) for s in self.snakes)

    @property
    def rings(self):
        return tuple(snake_is_ring(s) for s in self.snakes)

    def open_ends(self, colour):
        """The open ends of a colour's snake: (cell, edge) pointing into an empty field."""
        snake = self.snakes[colour]
        return list(snake.open_ends) if snake is not None else []

    def hand(self, colour):
        return dict(zip(KINDS, self.hands_tuple[colour]))

    @property
    def hands(self):
        """Per player colour (neutral colours hold no hand in play)."""
        return [self.hand(c) for c in range(player_colour_count(self.cfg))]

    def part_owners(self, cell):
        """Per part of the card on ``cell``: (edges, own_colour or None, end, snake colour or None).

        ``own_colour`` is the card's colour for its own part and None for grey
        parts; ``end`` is "head", "tail" or None; the snake colour says whose
        snake the part belongs to (None: not joined to any snake yet).
        """
        kind, colour, rot = self.cards[cell]
        out = []
        for part, sid in zip(PARTS[kind][rot], self.labels[cell]):
            owner = self.snakes[sid].colour if sid >= 0 else None
            out.append((part.edges, colour if part.own else None, part.end, owner))
        return out

    @property
    def border(self):
        """Fixed border ranges: {"x": (lo, hi) or None, "y": ...}."""
        return {"x": self.fixed[0], "y": self.fixed[1]}

    def extent(self):
        """Per axis the range straight and curve cards can still reach (None: unbounded)."""
        return area.extent(self.cfg.size, self.span, self.fixed)

    def area_allows(self, cell):
        return area.allows(self.cfg.size, self.span, self.fixed, cell)

    @property
    def first_round(self):
        return self.ply < self.num_players

    @property
    def phase(self):
        """"first" while the seat to act has no card down yet, else "extend"."""
        return "first" if self.snakes[self.seat] is None else "extend"

    # ----- turn order ------------------------------------------------------------

    def _resolve(self):
        """Find who acts: the seat in turn with its pending colours if one can,
        else it passes (one pending colour at a time); the game ends when no
        seat has a legal action."""
        self._outcomes = {}
        found = []
        for colour in self.pending:
            found.extend(self._actions(colour))
        if found:
            found.sort(key=lambda item: move_order(item[0]))
            self._legal = [m for m, _ in found]
            self._outcomes = dict(found)
            self._current = self.seat
        elif self._anyone_else_can_act():
            colour = self.pending[0]
            move = Pass(self.seat, move_colour(self.cfg, colour))
            self._legal = [move]
            self._outcomes = {move: self._next(self.cards, self.labels, self.snakes,
                                               self.hands_tuple, self.span, self.fixed, colour)}
            self._current = self.seat
        else:
            self._current = TERMINAL
            self._legal = []

    def _anyone_else_can_act(self):
        """Could any seat act at the start of its next turn (this seat's other colours included)?"""
        n = self.num_players
        for k in range(1, n + 1):
            seat = (self.seat + k) % n
            colours, _ = turn_start(self.cfg, seat, self.snakes)
            for colour in colours:
                if (k < n or colour not in self.pending) and self._actions(colour, stop_at_first=True):
                    return True
        return False

    def _next(self, cards, labels, snakes, hands, span, fixed, colour):
        """The state after ``colour`` acted: the same turn while it takes more cards, else the next seat's."""
        pending = tuple(c for c in self.pending if c != colour)
        left = self.left - 1
        seat = self.seat
        if left <= 0 or not pending:
            seat = (seat + 1) % self.num_players
            pending, left = turn_start(self.cfg, seat, snakes)
        return SchlangennestState(self.cfg, cards, labels, snakes, hands, span, fixed,
                                  seat, self.ply + 1, pending, left)

    def _actions(self, colour, stop_at_first=False):
        """[(move, successor)] of every legal action of ``colour``."""
        snake = self.snakes[colour]
        found = []
        if snake is None:
            candidates = self._first_candidates(colour)
        elif snake.open_ends:
            candidates = self._extension_candidates(colour)
        elif snake_is_ring(snake):
            return self._ring_actions(colour, stop_at_first)
        else:
            return found
        for move in candidates:
            result = self._place(move, colour)
            if not isinstance(result, str):
                found.append((move, result))
                if stop_at_first:
                    break
        return found

    def _first_candidates(self, colour):
        hand = self.hands_tuple[colour]
        seat, named = owner(self.cfg, colour), move_colour(self.cfg, colour)
        kinds = (TAIL,) if self.cfg.tail_first else KINDS
        if not self.cards:
            cells = [FIRST_CELL]
        else:
            cells = set()
            for (x, y) in self.cards:
                for dx, dy in _NEIGHBOURHOOD:
                    c = (x + dx, y + dy)
                    if c not in self.cards:
                        cells.add(c)
            cells = sorted(cells)
        return [Place(seat, k, c, r, named) for c in cells for k in kinds
                if hand[KIND_INDEX[k]] > 0 for r in rotations(k)]

    def _extension_candidates(self, colour, only_cell=None):
        hand = self.hands_tuple[colour]
        seat, named = owner(self.cfg, colour), move_colour(self.cfg, colour)
        out = []
        for (cx, cy), e in self.snakes[colour].open_ends:
            target = (cx + DX[e], cy + DY[e])
            if only_cell is not None and target != only_cell:
                continue
            facing = (e + 2) & 3
            for k in KINDS:
                if hand[KIND_INDEX[k]] > 0:
                    for r in own_rotations_at(k, facing):
                        move = Place(seat, k, target, r, named)
                        if move not in out:
                            out.append(move)
        return out

    # ----- placing ------------------------------------------------------------------

    def _place(self, move, colour, special_case=True):
        """The successor after laying a card of ``colour``, or a reason why it breaks a rule."""
        kind, cell, rot = move.kind, move.cell, move.rot
        cards = self.cards
        if cell in cards:
            return Refusal("that field is taken", "schlangennest.field_taken", cell=list(cell))
        kind_index = KIND_INDEX[kind]
        if self.hands_tuple[colour][kind_index] <= 0:
            return Refusal(f"no {kind} card is left in your hand", "schlangennest.no_card_left", card=kind)
        first = self.snakes[colour] is None
        own_edges = PARTS[kind][rot][OWN_PART].edges
        if first:
            if self.cfg.tail_first and kind != TAIL:
                return Refusal("in this variant every first card is the tail", "schlangennest.tail_first")
            if not cards:
                if cell != FIRST_CELL:
                    return Refusal(f"the first card lies on {list(FIRST_CELL)}", "schlangennest.first_cell",
                                   cell=list(FIRST_CELL))
            elif not any((cell[0] + dx, cell[1] + dy) in cards for dx, dy in _NEIGHBOURHOOD):
                return Refusal("your first card must touch a card already down (also diagonally)",
                               "schlangennest.first_must_touch")
        else:
            extends = False
            for e in own_edges:
                n = neighbour(cell, e)
                other = cards.get(n)
                if other is not None and self.labels[n][EDGE_PART[other[0]][other[2]][(e + 2) & 3]] == colour:
                    extends = True
            if not extends:
                return Refusal("the card's own-colour part must extend your snake at one of its open ends",
                               "schlangennest.must_extend")
        span, fixed = self.span, self.fixed
        if kind in AREA_KINDS and self.cfg.size is not None:
            if not area.allows(self.cfg.size, span, fixed, cell):
                return Refusal("outside the area only head and tail cards may lie", "schlangennest.outside_area")
            span = area.extend_span(span, cell)
            fixed = area.fix(self.cfg.size, span, fixed)
        try:
            merge = merge_placement(cards, self.labels, self._snake_map(), colour, kind, cell, rot)
        except BoardError as exc:
            return exc.args[0]
        new_card = (kind, colour, rot)
        card_view = overlay(cards, {cell: new_card})
        label_view = overlay(self.labels, merge.labels)
        reason = check_fields(card_view, label_view, merge.changed)
        if reason:
            return reason
        if first:
            for sid, before in merge.closed_before.items():
                if sid != colour and merge.snakes[sid].closed > before:
                    return Refusal("in the first round no card may close another player's snake",
                                   "schlangennest.first_round_close", seat=owner(self.cfg, sid))
        new_cards = dict(cards)
        new_cards[cell] = new_card
        new_labels = dict(self.labels)
        new_labels.update(merge.labels)
        snakes = list(self.snakes)
        for sid, snake in merge.snakes.items():
            snakes[sid] = snake
        hands = list(self.hands_tuple)
        hand = list(hands[colour])
        hand[kind_index] -= 1
        hands[colour] = tuple(hand)
        nxt = self._next(new_cards, new_labels, tuple(snakes), tuple(hands), span, fixed, colour)
        if special_case:
            reason = nxt._special_case()
            if reason:
                return reason
        return nxt

    def _snake_map(self):
        return {sid: s for sid, s in enumerate(self.snakes) if s is not None}

    def _special_case(self):
        """Two snakes with both ends each pointing into the same empty field:
        allowed only if the affected player who moves next (from this state's
        turn on: the mover's own other card comes first) can lay a card there."""
        into = {}
        for sid, snake in enumerate(self.snakes):
            if snake is None or len(snake.open_ends) != 2:
                continue
            (a, ea), (b, eb) = snake.open_ends
            target = neighbour(a, ea)
            if target == neighbour(b, eb):
                into.setdefault(target, []).append(sid)
        n = self.num_players
        for field, sids in into.items():
            if len(sids) < 2:
                continue
            owners = {owner(self.cfg, self.snakes[s].colour) for s in sids}
            seat = next((self.seat + k) % n for k in range(n) if (self.seat + k) % n in owners)
            if not any(self._can_lay_at(c, field) for c in seat_colours(self.cfg, seat)):
                return Refusal(f"it would leave two snakes with both ends at field {list(field)}, "
                               f"where player {seat + 1}, who moves next of them, could lay no card",
                               "schlangennest.special_case", cell=list(field), seat=seat)
        return None

    def _can_lay_at(self, colour, cell):
        if self.snakes[colour] is None:
            return False
        for move in self._extension_candidates(colour, only_cell=cell):
            if not isinstance(self._place(move, colour, special_case=False), str):
                return True
        return False

    # ----- closed rings ------------------------------------------------------------

    def _ring_actions(self, colour, stop_at_first):
        """Turns of own curves in the ring; only if none is legal, tail swaps."""
        found = []
        seat, named = owner(self.cfg, colour), move_colour(self.cfg, colour)
        own = sorted((c, card) for c, card in self.cards.items() if card[1] == colour)
        for cell, (kind, _, rot) in own:
            if kind == CURVE:
                for d in (1, -1):
                    result = self._rebuild(colour, cell, (CURVE, colour, (rot + d) % 4), turn=True)
                    if not isinstance(result, str):
                        found.append((TurnCurve(seat, cell, d, named), result))
                        if stop_at_first:
                            return found
        if found or self.hands_tuple[colour][KIND_INDEX[TAIL]] <= 0:
            return found
        for cell, (kind, _, rot) in own:
            if kind == STRAIGHT:
                for t in (rot, rot + 2):
                    result = self._rebuild(colour, cell, (TAIL, colour, t), turn=False)
                    if not isinstance(result, str):
                        found.append((SwapTail(seat, cell, t, named), result))
                        if stop_at_first:
                            return found
        return found

    def _rebuild(self, colour, cell, new_card, turn):
        """The successor after turning a curve or swapping in the tail, or a reason."""
        cards = dict(self.cards)
        cards[cell] = new_card
        try:
            labels, snake_map = analyse_board(cards)
        except BoardError as exc:
            return exc.args[0]
        # A turn must end the ring; both new ends closed at once finishes the snake (rulings).
        if turn and snake_is_ring(snake_map[colour]):
            return Refusal("after the turn the snake must no longer be a ring", "schlangennest.still_a_ring")
        snakes = tuple(snake_map.get(s) for s in range(len(self.snakes)))
        hands = self.hands_tuple
        span = self.span
        if not turn:
            hands = list(hands)
            hand = list(hands[colour])
            hand[KIND_INDEX[TAIL]] -= 1
            hand[KIND_INDEX[STRAIGHT]] += 1
            hands[colour] = tuple(hand)
            hands = tuple(hands)
            span = _player_span(self.cfg, cards)
        nxt = self._next(cards, labels, snakes, hands, span, self.fixed, colour)
        reason = nxt._special_case()
        return reason or nxt

    # ----- explaining a refusal ---------------------------------------------------

    def _why_illegal(self, move):
        cur = self._current
        if cur == TERMINAL:
            return Refusal("the game is over", "schlangennest.game_over")
        if not isinstance(move, (Place, TurnCurve, SwapTail, Pass)):
            return Refusal(f"not a Schlangennest move: {move!r}", "schlangennest.not_a_move")
        if move.player != cur:
            if not isinstance(move.player, int):
                return Refusal("the move names no valid player", "schlangennest.bad_player")
            return Refusal(f"it is player {cur + 1}'s turn, not player {move.player + 1}'s",
                           "schlangennest.not_your_turn", seat=move.player, to_move=cur)
        colour = self._colour_of(move)
        if isinstance(colour, str):
            return colour
        if isinstance(move, Pass):
            return Refusal("you have a legal action, so you may not pass", "schlangennest.may_not_pass")
        if all(isinstance(m, Pass) for m in self._legal):
            return Refusal("you have no legal action and must pass", "schlangennest.must_pass")
        snake = self.snakes[colour]
        if isinstance(move, Place):
            if move.kind not in KIND_INDEX or not isinstance(move.rot, int) or not (
                    isinstance(move.cell, tuple) and len(move.cell) == 2
                    and all(isinstance(v, int) for v in move.cell)):
                return Refusal("malformed placement", "schlangennest.malformed")
            if snake_is_ring(snake):
                return Refusal("your snake is a closed ring: turn one of its curves instead",
                               "schlangennest.ring_turn_instead")
            result = self._place(move, colour)
            return result if isinstance(result, str) else Refusal(
                "not a legal placement", "schlangennest.not_legal", action="place")
        if not snake_is_ring(snake):
            return Refusal("only a closed ring may be turned or get the tail swapped in",
                           "schlangennest.not_a_ring")
        card = self.cards.get(tuple(move.cell)) if isinstance(move.cell, (tuple, list)) else None
        if isinstance(move, TurnCurve):
            if card is None or card[0] != CURVE or card[1] != colour:
                return Refusal("only one of your own curve cards can be turned", "schlangennest.not_own_curve")
            if move.direction not in (1, -1):
                return Refusal("a curve turns by a quarter turn, direction +1 or -1",
                               "schlangennest.bad_direction")
            result = self._rebuild(colour, move.cell, (CURVE, colour, (card[2] + move.direction) % 4), True)
            return result if isinstance(result, str) else Refusal(
                "not a legal turn", "schlangennest.not_legal", action="turn")
        if any(isinstance(m, TurnCurve) for m in self._legal):
            return Refusal("a curve can still be turned, so the tail may not be swapped in",
                           "schlangennest.curve_turn_possible")
        if self.hands_tuple[colour][KIND_INDEX[TAIL]] <= 0:
            return Refusal("your tail card is already down", "schlangennest.tail_down")
        if card is None or card[0] != STRAIGHT or card[1] != colour:
            return Refusal("only one of your own straight cards can be swapped for the tail",
                           "schlangennest.not_own_straight")
        if move.rot % 2 != card[2] % 2:
            return Refusal("the tail must lie along the straight it replaces", "schlangennest.tail_along")
        result = self._rebuild(colour, move.cell, (TAIL, colour, move.rot % 4), False)
        return result if isinstance(result, str) else Refusal(
            "not a legal swap", "schlangennest.not_legal", action="swap")

    def _colour_of(self, move):
        """The colour a move of the player to act is for, or the reason it names a wrong one."""
        cur, named = move.player, move.colour
        if self.cfg.snakes == 1:
            if named is not None and named != cur:
                return Refusal(f"player {cur + 1} plays colour {cur} only", "schlangennest.colour_not_yours",
                               colour=named, seat=cur)
            return cur
        colours = seat_colours(self.cfg, cur)
        if named is None:
            return Refusal("with two snakes per player a move names its colour",
                           "schlangennest.colour_missing", seat=cur)
        if named not in colours:
            return Refusal(f"player {cur + 1} plays colours {colours[0]} and {colours[1]}",
                           "schlangennest.colour_not_yours", colour=named, seat=cur)
        if named not in self.pending:
            if self.cfg.two_snake_turn == "one":
                return Refusal("first lay the tail of your other snake",
                               "schlangennest.tail_of_other_snake_first", colour=named)
            return Refusal(f"colour {named} has already had its card this turn",
                           "schlangennest.colour_done", colour=named)
        return named


def _player_span(cfg, cards):
    """The span of the players' straights and curves (neutral cards never count for the area)."""
    players = player_colour_count(cfg)
    return area.span_of(c for c, card in cards.items() if card[0] in AREA_KINDS and card[1] < players)


def _hands_left(cards, colours):
    """Per colour: the full set minus that colour's cards on the table."""
    used = [[0] * len(KINDS) for _ in range(colours)]
    for kind, colour, _ in cards.values():
        used[colour][KIND_INDEX[kind]] += 1
    return tuple(tuple(FULL_HAND[k] - used[c][i] for i, k in enumerate(KINDS)) for c in range(colours))


def position(cfg, cards, seat, hands=None, fixed=None, ply=None, pending=None, left=None):
    """A position from cards alone, for tests, puzzles and tools.

    ``cards`` {cell: (kind, colour, rot)} (neutral cards included); hands,
    per colour, default to the full hand minus the cards down; ``ply``
    defaults to one past the first round; the turn (``pending``, ``left``)
    to the start of ``seat``'s turn. BoardError if the cards break a rule of
    the parts.
    """
    cards = {tuple(c): (k, col, normalize_rotation(k, r)) for c, (k, col, r) in cards.items()}
    labels, snake_map = analyse_board(cards)
    n = max([colour_count(cfg)] + [col + 1 for _k, col, _r in cards.values()])
    given = tuple(tuple(h[k] for k in KINDS) for h in hands or [])
    hands = given + _hands_left(cards, n)[len(given):]
    span = _player_span(cfg, cards)
    if fixed is None:
        fixed = cfg.area or (area.fix(cfg.size, span, area.NO_FIXED) if span else area.NO_FIXED)
    snakes = tuple(snake_map.get(s) for s in range(n))
    if pending is None:
        pending, left = turn_start(cfg, seat, snakes)
    return SchlangennestState(cfg, cards, labels, snakes, hands, span, fixed, seat,
                              cfg.players if ply is None else ply, tuple(pending), left)


def initial_state(cfg):
    """Before the first move: only the neutral cards (if any) lie on the table."""
    cards = dict(cfg.neutral)
    labels, snake_map = analyse(cards)
    n = colour_count(cfg)
    snakes = tuple(snake_map.get(c) for c in range(n))
    hands = _hands_left(cards, n)
    pending, left = turn_start(cfg, cfg.first, snakes, opening=True)
    return SchlangennestState(cfg, cards, labels, snakes, hands, None, cfg.area or area.NO_FIXED,
                              cfg.first, 0, pending, left)
