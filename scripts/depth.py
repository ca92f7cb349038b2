#!/usr/bin/env python3
"""Figures for results/depth.md: how deep c6solve proves real Connect6 kills. For each
binary given, `harvest` cuts the same real games t = 3..8 of the winner's turns before its
six (50 games per t, the harvest's fixed order) and solves each position with `--goal win`
on one thread within a node budget; this prints, per t, the positions proved, refuted
(no-win: the loser had missed a defence), unknown, and the median and worst seconds of the
proved ones. A second table splits each t by how the game's six came about
(scripts/last_turn.py): `forced` games end in a real kill, while in `blockable` ones the
loser could have stopped the six on its last turn, so the game does not show that the
position is a kill in t turns.

Usage: python3 scripts/depth.py NODES BINARY [BINARY ...] [--t 3,5] [--seconds S]
(e.g. 400000 target/release/c6solve). With --seconds the time limit of each solve is S
instead of 120 (the issue's budget is 15 s on one thread; run it on an idle machine).
A node budget instead of a time limit gives the same answer on a busy machine; 400,000
nodes was about 15 s at this machine's 19x19 speed on one idle core until the table's huge
pages and occupied-bucket bits (2026-12-07) about halved a node's cost on the 20 positions
of results/experiments/occupied-buckets.md; 15 s now holds about twice as many nodes."""
import os, re, statistics, subprocess, sys, tempfile

args = sys.argv[1:]
ts = list(range(3, 9))
if "--t" in args:
    i = args.index("--t")
    ts = [int(t) for t in args[i + 1].split(",")]
    del args[i : i + 2]
limit = "120"
if "--seconds" in args:
    i = args.index("--seconds")
    limit = args[i + 1]
    del args[i : i + 2]
nodes = args[0]
binaries = args[1:]
games = "../shared/data/connect6-games.jsonl"
plan = " ".join(f"win{t}=50/50" for t in ts)
print(f"Plan `{plan}`, `--nodes {nodes} --time-limit {limit} --tt-size 256`, one thread.\n")
print("| binary | t | positions | proved | no-win | unknown | median s (proved) | worst s (proved) |")
print("| --- | --: | --: | --: | --: | --: | --: | --: |")
for binary in binaries:
    out = tempfile.NamedTemporaryFile(suffix=".puzzles", delete=False).name
    log = subprocess.run([binary, "harvest", "--games", games, "--plan", plan, "--nodes", nodes, "--time-limit", limit,
                          "--tt-size", "256", "--out", out],
                         capture_output=True, text=True)
    rows, ids = {}, {}
    for line in (log.stdout + log.stderr).splitlines():
        m = re.match(r"win(\d+) (\S+): (\S+) in ([0-9.]+) s, (\d+) nodes", line)
        if m:
            rows.setdefault(int(m.group(1)), []).append((m.group(3), float(m.group(4))))
            ids.setdefault(int(m.group(1)), []).append((m.group(2), m.group(3)))
    for t in sorted(rows):
        r = rows[t]
        proved = [s for v, s in r if v == "win"]
        count = lambda v: sum(1 for x, _ in r if x == v)
        med = f"{statistics.median(proved):.2f}" if proved else "-"
        worst = f"{max(proved):.2f}" if proved else "-"
        print(f"| {binary} | {t} | {len(r)} | {len(proved)} | {count('no-win')} | {count('unknown')} | {med} | {worst} |")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "last_turn.py")
    wanted = sorted({g for r in ids.values() for g, _ in r})
    out = subprocess.run([sys.executable, script, games] + wanted, capture_output=True, text=True)
    kind = dict(line.split()[:2] for line in out.stdout.splitlines())
    print(f"\n{binary}, by how the game's six came about (scripts/last_turn.py):\n")
    print("| t | class | positions | proved | no-win | unknown |")
    print("| --: | --- | --: | --: | --: | --: |")
    for t in sorted(ids):
        for k in ("forced", "blockable", "loser-wins"):
            r = [v for g, v in ids[t] if kind.get(g) == k]
            if r:
                print(f"| {t} | {k} | {len(r)} | {r.count('win')} | {r.count('no-win')} | {r.count('unknown')} |")
