"""Snakes and ownership: which parts join into which snake, and the laydown
checks that look at the parts alone (colours, snakes, crossings).

A board is ``cards``: {cell: (kind, colour, rot)} and ``labels``: {cell:
tuple of snake ids, one per part of the card, -1 for a grey part joined to no
snake}. Parts join at shared edges into paths and cycles, so a component has
two terminals or none (a ring). A terminal is an open end ``(cell, edge)``
pointing into an empty field, or CLOSED (a head or tail part).

Snake ids: one snake per colour, and a snake's id is its colour seat.
``Snake.colour`` is kept apart from the id, so that snakes could be given
ids of their own.
"""

from collections import namedtuple

from ...core.errors import Refusal
from .cards import DX, DY, EDGE_PART, PARTS, CROSSINGS

CLOSED = "closed"
_CYCLE = "cycle"
UNOWNED = -1

# colour: seat; length: parts; open_ends: tuple of (cell, edge); closed: 0..2
Snake = namedtuple("Snake", "colour length open_ends closed")


def snake_is_ring(snake):
    return snake is not None and not snake.open_ends and snake.closed == 0


def snake_is_finished(snake):
    return snake is not None and snake.closed == 2


class BoardError(Exception):
    """A laydown rule the parts break; the message says which, for a player."""


def _trace(cards, cell, idx, out_edge):
    """Follow the path that leaves part (cell, idx) by ``out_edge``.

    Returns (parts passed, terminal); the terminal is an open end, CLOSED, or
    _CYCLE when the path comes back to the start part.
    """
    passed = []
    c, e = cell, out_edge
    while True:
        n = (c[0] + DX[e], c[1] + DY[e])
        card = cards.get(n)
        if card is None:
            return passed, (c, e)
        entry = (e + 2) & 3
        j = EDGE_PART[card[0]][card[2]][entry]
        if j == idx and n == cell:
            return passed, _CYCLE
        passed.append((n, j))
        edges = PARTS[card[0]][card[2]][j].edges
        if len(edges) == 1:
            return passed, CLOSED
        e = edges[0] if edges[1] == entry else edges[1]
        c = n


def component(cards, cell, idx):
    """All parts joined to part (cell, idx), and the component's terminals."""
    card = cards[cell]
    edges = PARTS[card[0]][card[2]][idx].edges
    start = [(cell, idx)]
    if len(edges) == 1:
        passed, term = _trace(cards, cell, idx, edges[0])
        return start + passed, [CLOSED, term]
    passed_a, term_a = _trace(cards, cell, idx, edges[0])
    if term_a is _CYCLE:
        return start + passed_a, []
    passed_b, term_b = _trace(cards, cell, idx, edges[1])
    return start + passed_a + passed_b, [term_a, term_b]


def _snake_from(colour, length, terminals):
    opens = tuple(sorted(t for t in terminals if t is not CLOSED))
    return Snake(colour, length, opens, len(terminals) - len(opens))


def analyse(cards):
    """Labels and snakes of a whole board, from scratch.

    BoardError if a component holds two colours or a colour lies in two
    components (the colour would no longer be one snake).
    """
    labels = {cell: [UNOWNED] * len(PARTS[k][r]) for cell, (k, _c, r) in cards.items()}
    snakes = {}
    seen = set()
    for cell, (kind, _colour, rot) in cards.items():
        for idx in range(len(PARTS[kind][rot])):
            if (cell, idx) in seen:
                continue
            members, terms = component(cards, cell, idx)
            seen.update(members)
            colours = set()
            for c, i in members:
                k, col, r = cards[c]
                if PARTS[k][r][i].own:
                    colours.add(col)
            if not colours:
                continue
            if len(colours) > 1:
                raise BoardError(Refusal("it would join snakes of different colours", "schlangennest.joins_colours"))
            colour = colours.pop()
            if colour in snakes:
                raise BoardError(Refusal("it would break a snake in two", "schlangennest.breaks_snake"))
            snakes[colour] = _snake_from(colour, len(members), terms)
            for c, i in members:
                labels[c][i] = colour
    return {cell: tuple(v) for cell, v in labels.items()}, snakes


def analyse_board(cards):
    """``analyse`` plus the field rules over the whole board; BoardError names the first broken rule."""
    labels, snakes = analyse(cards)
    reason = check_fields(cards, labels, list(cards))
    if reason:
        raise BoardError(reason)
    return labels, snakes


def _crosses(card, labs):
    """Do two different snakes physically cross on this card?"""
    for i, j in CROSSINGS[card[0]]:
        a, b = labs[i], labs[j]
        if a >= 0 and b >= 0 and a != b:
            return True
    return False


def check_fields(cards, labels, cells):
    """The field rules for ``cells`` (those whose parts changed owner).

    Returns a reason, or None when no rule breaks. ``cards`` and ``labels``
    are lookups (dict-like with .get) of the board after the move.
    """
    for cell in cells:
        card = cards.get(cell)
        if card is None:
            continue
        labs = labels[cell]
        if len(labs) == 3:
            owned = {s for s in labs if s >= 0}
            if len(owned) == 3:
                return Refusal("three snakes would run over one field", "schlangennest.three_snakes",
                               cell=list(cell))
        if _crosses(card, labs):
            for e in range(4):
                n = (cell[0] + DX[e], cell[1] + DY[e])
                other = cards.get(n)
                if other is not None and _crosses(other, labels[n]):
                    return Refusal("two neighbouring fields would each have two snakes crossing",
                                   "schlangennest.double_crossings", cells=[list(cell), list(n)])
    return None


class _Overlay:
    """Read-through view of a dict with a few entries replaced."""

    __slots__ = ("base", "top")

    def __init__(self, base, top):
        self.base = base
        self.top = top

    def get(self, key, default=None):
        value = self.top.get(key)
        if value is not None:
            return value
        return self.base.get(key, default)

    def __getitem__(self, key):
        value = self.top.get(key)
        if value is not None:
            return value
        return self.base[key]


Merge = namedtuple("Merge", "labels snakes changed closed_before")


def merge_placement(cards, labels, snakes, colour, kind, cell, rot):
    """Join a card laid on the empty ``cell`` to the board, locally.

    Returns a Merge: the labels of changed fields (the new card's included),
    the new Snake of every snake it touches (by id), the changed cells, and
    each touched snake's closed-end count before. BoardError if it joins two
    colours or two snakes. The caller checks the field rules and the rules of
    turn (which end to extend, first round, area).
    """
    parts = PARTS[kind][rot]
    n_new = len(parts)
    parent = list(range(n_new))
    ext_sid = []  # per external node: snake id or UNOWNED
    ext_len = []
    ext_terms = []
    ext_members = []
    snake_node = {}
    part_node = {}
    x, y = cell

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for i, part in enumerate(parts):
        for e in part.edges:
            n = (x + DX[e], y + DY[e])
            card = cards.get(n)
            if card is None:
                continue
            j = EDGE_PART[card[0]][card[2]][(e + 2) & 3]
            sid = labels[n][j]
            if sid >= 0:
                node = snake_node.get(sid)
                if node is None:
                    node = len(parent)
                    parent.append(node)
                    snake = snakes[sid]
                    ext_sid.append(sid)
                    ext_len.append(snake.length)
                    ext_terms.append(list(snake.open_ends) + [CLOSED] * snake.closed)
                    ext_members.append(None)
                    snake_node[sid] = node
            else:
                node = part_node.get((n, j))
                if node is None:
                    members, terms = component(cards, n, j)
                    node = len(parent)
                    parent.append(node)
                    ext_sid.append(UNOWNED)
                    ext_len.append(len(members))
                    ext_terms.append(terms)
                    ext_members.append(members)
                    for m in members:
                        part_node[m] = node
            ra, rb = find(i), find(node)
            if ra != rb:
                parent[ra] = rb

    # Gather each group: its snakes, whether it holds the own part, length, terminals.
    groups = {}
    for i, part in enumerate(parts):
        g = groups.setdefault(find(i), [set(), False, 0, [], []])
        if part.own:
            g[1] = True
        g[2] += 1
        for e in part.edges:
            if (x + DX[e], y + DY[e]) not in cards:
                g[3].append((cell, e))
        if part.end is not None:
            g[3].append(CLOSED)
    for k in range(len(ext_sid)):
        g = groups[find(n_new + k)]
        if ext_sid[k] >= 0:
            g[0].add(ext_sid[k])
        else:
            g[4].append(ext_members[k])
        g[2] += ext_len[k]
        for t in ext_terms[k]:
            if t is CLOSED:
                g[3].append(t)
            else:
                (cx, cy), te = t
                if (cx + DX[te], cy + DY[te]) != cell:
                    g[3].append(t)

    new_labels = {}
    new_snakes = {}
    closed_before = {}
    part_sid = [UNOWNED] * n_new
    for root, (sids, has_own, length, terms, unowned) in groups.items():
        if has_own and any(snakes[s].colour != colour for s in sids):
            raise BoardError(Refusal("it would join your snake to another colour", "schlangennest.joins_colours"))
        if len(sids) > 1:
            raise BoardError(Refusal("it would join two snakes", "schlangennest.joins_snakes"))
        if sids:
            sid = next(iter(sids))
            closed_before[sid] = snakes[sid].closed
        elif has_own:
            sid = colour  # the player's first card starts their snake
            closed_before[sid] = 0
        else:
            sid = UNOWNED
        if sid == UNOWNED:
            continue
        new_snakes[sid] = _snake_from(snakes[sid].colour if sid in snakes else colour, length, terms)
        for i in range(n_new):
            if find(i) == root:
                part_sid[i] = sid
        for members in unowned:
            for c, idx in members:
                labs = new_labels.get(c)
                if labs is None:
                    labs = list(labels[c])
                    new_labels[c] = labs
                labs[idx] = sid
    changed = [cell] + list(new_labels)
    new_labels = {c: tuple(v) for c, v in new_labels.items()}
    new_labels[cell] = tuple(part_sid)
    return Merge(new_labels, new_snakes, changed, closed_before)


def overlay(base, top):
    return _Overlay(base, top)
