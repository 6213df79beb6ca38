"""Bots: random, greedy (one ply on a heuristic) and ISMCTS. Pure Python; they only see observations."""
