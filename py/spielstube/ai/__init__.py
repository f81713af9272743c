"""Computer opponents, written against core.game.State. Pure stdlib."""
