#!/usr/bin/env python3
"""Explains the refuted lines of results/kill-lines.md: for each, replays the game to the
failing winner turn plus the holding defence that `verify` found, and asks `c6solve solve`
what the position is worth for the side that was supposed to be winning.

Usage: python3 scripts/refutations.py [results/kill-lines.md] [games.jsonl]
Prints a Markdown table: game, back, failing turn, defence, what the defence does."""
import json, subprocess, sys

md = sys.argv[1] if len(sys.argv) > 1 else "results/kill-lines.md"
games_file = sys.argv[2] if len(sys.argv) > 2 else "../shared/data/connect6-games.jsonl"
binary = __import__("os").environ.get("C6SOLVE", "target/release/c6solve")

rows = []
for line in open(md):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 8 and cells[3] == "refuted":
        rows.append(cells)
wanted = {r[0] for r in rows}
games = {}
for line in open(games_file):
    g = json.loads(line)
    if g["id"] in wanted:
        games[g["id"]] = g["moves"]

print("| game | back | turn | winner's turn | holding defence | after the defence |")
print("| --- | ---: | ---: | --- | --- | --- |")
for gid, back, line, _, turn, defence, _, _ in rows:
    turns = games[gid]
    back, turn = int(back), int(turn)
    first = len(turns) - (2 * (back - 1) + 1)
    played = turns[:first] + [t.strip() for t in line.split(",")][:turn]
    moves = " ".join(played + [defence])
    out = subprocess.run([binary, "solve", "--json", "--moves", moves, "--time-limit", "10"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        what = "defence does not replay: " + out.stderr.strip()
    else:
        r = json.loads(out.stdout)
        if r["nodes"] == 0 and r["value"] == "loss":
            what = "the defence makes six: the loser had a win on the board"
        elif r["value"] == "loss":
            what = ("the defence makes threats the winner cannot stop "
                    f"(proved, {r['nodes']} nodes): the loser had a forced win")
        elif r["value"] in ("draw", "no-win"):
            what = "the winner has no win left (proved)"
        else:
            what = f"solve says {r['value']} within 10 s"
    print(f"| {gid} | {back} | {turn} | {line.split(',')[turn - 1].strip()} | {defence} | {what} |")
