#!/usr/bin/env python3
"""How a real Connect6 game's six came about: was the winner's turn before it a kill?

For each game of the file that ends in a six, the position after the winner's turn before
the six (the loser to move with two stones) is classed by counting threats (docs/design.md
§3.1: a side's threats are the stones its opponent needs to stop it winning next turn, the
least number of points meeting every window of six holding at least four of its stones and
none of the other side's):
- `forced`: the winner had at least 3 threats and the loser none; the loser could not stop
  the six, so the game's last two winner turns are a real kill;
- `blockable`: the winner had at most 2 threats; two loser stones could stop every six, so
  the game's line is not a kill at its last turn (the position may still be won, by a
  longer line the game does not show);
- `loser-wins`: the loser had a window to complete with its own two stones, and won first.

This is an independent count (plain Python, not c6solve's code), used to read the depth
figures (results/experiments/real-kill-last-turns.md): a position cut t winner turns before
a `blockable` six is not shown to be a kill in t turns by its game.

Usage: python3 scripts/last_turn.py [GAMES.jsonl] [ID ...]
Prints `ID CLASS WINNER_THREATS` per game (only the IDs given, when any), then the count of
each class."""
import itertools, json, sys

N, K, P = 19, 6, 2
COLUMNS = "ABCDEFGHJKLMNOPQRST"
WINDOWS = [
    [(x + i * dx, y + i * dy) for i in range(K)]
    for x in range(N)
    for y in range(N)
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1))
    if 0 <= x + (K - 1) * dx < N and 0 <= y + (K - 1) * dy < N
]


def point(name):
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def board_after(turns):
    """The board after `turns` (a game's "moves" entries): point -> 0 for Black, 1 for White."""
    return {point(s): i % 2 for i, turn in enumerate(turns) for s in turn.split()}


def threats(board, me):
    """The least number of points meeting every threat window of `me`, capped at P + 2."""
    windows = []
    for w in WINDOWS:
        stones = [board.get(c) for c in w]
        if stones.count(me) >= K - P and all(s in (None, me) for s in stones):
            windows.append({c for c in w if c not in board})
    if not windows:
        return 0
    points = set().union(*windows)
    for r in range(1, P + 2):
        if any(all(w & set(h) for w in windows) for h in itertools.combinations(points, r)):
            return r
    return P + 2


def main():
    args = sys.argv[1:]
    games = args.pop(0) if args and args[0].endswith(".jsonl") else "../shared/data/connect6-games.jsonl"
    wanted = set(args)
    counts = {}
    for line in open(games):
        g = json.loads(line)
        if not g.get("ends_in_six") or (wanted and g["id"] not in wanted):
            continue
        turns = g["moves"]
        last = len(turns) - 1
        board = board_after(turns[: last - 1])
        winner = last % 2
        mine, theirs = threats(board, winner), threats(board, 1 - winner)
        kind = "loser-wins" if theirs > 0 else ("forced" if mine > P else "blockable")
        counts[kind] = counts.get(kind, 0) + 1
        print(g["id"], kind, mine)
    print(" ".join(f"{k} {v}" for k, v in sorted(counts.items())), file=sys.stderr)


if __name__ == "__main__":
    main()
