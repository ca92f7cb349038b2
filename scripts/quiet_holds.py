#!/usr/bin/env python3
"""Relevance zones on real holds: the loser to move right after the winner's first turn of
a kill line that `verify` proved, solved with `--goal hold` twice, zones on and
`--no-zones`, on one thread within a node budget. The figures of
results/experiments/zones-on-real-holds.md.

The puzzle suite's kills are mostly forcing (every loser stone a block), where a zone has
little to prune; these positions include the winner's quiet turns, which the zones are for.
Each row's `threats` is the number of stones the loser needs to stop the winner's six at
once (scripts/last_turn.py's count): 2, both of the loser's stones are blocks; 1, one stone
is free; 0, the winner's turn was quiet. A free stone is where zones prune.

Usage: python3 scripts/quiet_holds.py REPORT.md BACK BINARY NODES [--jobs N]
REPORT.md is a `verify --games` report (results/kill-lines-*.md); BACK picks its lines of
that many winner turns back, and only the verified ones (the hold after their first turn is
then a loss of depth BACK - 1; `verify` had the line's later turns as hints, which `solve`
has not). NODES caps each solve; a run that hits it counts NODES, so its ratio is a bound
(>= where zones off ran out, <= where zones on did), and the sums take only the holds
proved both ways."""
import json, os, re, statistics, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from last_turn import board_after, threats  # noqa: E402

GAMES = "../shared/data/connect6-games.jsonl"


def holds(report, back):
    """(game id, the hold's stones in play order, winner's threats after its first turn)."""
    games = {}
    for line in open(GAMES):
        g = json.loads(line)
        games[g["id"]] = g["moves"]
    out = []
    for line in open(report):
        m = re.match(r"\| (\S+) \| (\d+) \| ([^|]+) \| verified \|", line)
        if not m or int(m.group(2)) != back:
            continue
        gid, turns = m.group(1), [t.strip() for t in m.group(3).split(",")]
        moves = games[gid]
        if moves[len(moves) - len(turns):] != turns:
            sys.exit(f"{gid}: the report's line is not the game's end")
        kept = moves[: len(moves) - len(turns) + 1]
        winner = (len(kept) - 1) % 2
        out.append((gid, " ".join(kept), threats(board_after(kept), winner)))
    return out


def solve(binary, moves, nodes, zones):
    cmd = [binary, "solve", "--moves", moves, "--goal", "hold", "--threads", "1",
           "--nodes", str(nodes), "--tt-size", "512", "--json"]
    if not zones:
        cmd.append("--no-zones")
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"c6solve failed: {r.stderr.strip()}")
    d = json.loads(r.stdout)
    return d["value"], d["nodes"]


def main():
    args = sys.argv[1:]
    jobs = 1
    if "--jobs" in args:
        i = args.index("--jobs")
        jobs = int(args[i + 1])
        del args[i : i + 2]
    report, back, binary, nodes = args[0], int(args[1]), args[2], int(args[3])
    rows = holds(report, back)
    tasks = [(m, z) for _, m, _ in rows for z in (True, False)]
    with ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(lambda t: solve(binary, t[0], nodes, t[1]), tasks))
    print(f"`{report}`, lines {back} back that it verifies: the hold after the winner's first "
          f"turn, `--goal hold --threads 1 --nodes {nodes} --tt-size 512`, zones on and off.\n")
    print("| game | threats | on | nodes on | off | nodes off | off / on |")
    print("| --- | --: | --- | --: | --- | --: | --: |")
    ratios, sums, bounds = [], {}, []
    for k, (gid, _, th) in enumerate(rows):
        (v_on, n_on), (v_off, n_off) = results[2 * k], results[2 * k + 1]
        if {v_on, v_off} - {"loss", "unknown"}:
            sys.exit(f"{gid}: zones on {v_on}, off {v_off}: a hold verify proved cannot be won")
        ratio = n_off / n_on
        mark = {("loss", "loss"): "", ("loss", "unknown"): ">=", ("unknown", "loss"): "<="}
        mark = mark.get((v_on, v_off))
        shown = "-" if mark is None else f"{mark}{ratio:.2f}"
        print(f"| {gid} | {th} | {v_on} | {n_on:,} | {v_off} | {n_off:,} | {shown} |")
        if mark != "":
            bounds.append(f"{gid} {shown}")
            continue
        ratios.append(ratio)
        for q in ("both proved", f"both proved, threats {th}"):
            sums.setdefault(q, [0, 0, 0])
            sums[q][0] += n_on
            sums[q][1] += n_off
            sums[q][2] += 1
    print()
    for q, (on, off, count) in sorted(sums.items()):
        print(f"- {q} ({count} holds): nodes on {on:,}, off {off:,}, ratio off / on {off / on:.2f}")
    if ratios:
        print(f"- per hold proved both ways: median ratio {statistics.median(ratios):.2f}, "
              f"{sum(r >= 10 for r in ratios)} at 10 or more, "
              f"{sum(r < 0.9 for r in ratios)} below 0.9 (zones cost over a tenth more)")
    print(f"- a run at the node cap ({len(bounds)}): {', '.join(bounds) or 'none'}")


if __name__ == "__main__":
    main()
