#!/usr/bin/env python3
"""Long solves of real-game positions: is a position the 15-s budget leaves unknown a kill
the search can prove with far more nodes? For each game id given, the position is cut as
`harvest` and scripts/depth.py cut it (the winner to move, T of its turns before its six),
solved with `--goal win` on one thread within NODES nodes, and every proof written with
`--proof` is checked by `c6solve check`. Prints one markdown row a position.

Usage: python3 scripts/long_solves.py BINARY NODES T ID [ID ...] [--jobs J] [--tt-size MIB]
       [--dir DIR]
(e.g. target/release/c6solve 50000000 5 nz6454 nz2890 --jobs 2). Certificates go to DIR
(default: a new temporary directory). Run it from the project's root. Node counts are exact
on one thread; the seconds depend on the machine's load."""
import argparse, json, os, re, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("binary")
parser.add_argument("nodes")
parser.add_argument("t", type=int)
parser.add_argument("ids", nargs="+", metavar="ID")
parser.add_argument("--jobs", type=int, default=1)
parser.add_argument("--tt-size", default="2048")
parser.add_argument("--dir")
args = parser.parse_args()
binary, nodes, t, ids, tt_size = args.binary, args.nodes, args.t, args.ids, args.tt_size
cert_dir = args.dir or tempfile.mkdtemp(prefix="long-solves-")
os.makedirs(cert_dir, exist_ok=True)
games_file = "../shared/data/connect6-games.jsonl"
turns_of = {}
with open(games_file) as f:
    for line in f:
        game = json.loads(line)
        if game["id"] in ids:
            turns_of[game["id"]] = game["moves"]
missing = [i for i in ids if i not in turns_of]
if missing:
    sys.exit(f"long_solves.py: no game {', '.join(missing)} in {games_file}")


def position(turns):
    # The winner's six is the last turn; T winner turns before it leave 2 (T - 1) + 1 turns out.
    cut = turns[: len(turns) - (2 * (t - 1) + 1)]
    return " ".join(" ".join(turn.split()) for turn in cut)


def solve(game_id):
    moves = position(turns_of[game_id])
    proof = os.path.join(cert_dir, f"{game_id}.c6proof")
    if os.path.exists(proof):
        os.remove(proof)  # only this run's proof may be checked
    start = time.time()
    run = subprocess.run([binary, "solve", "--moves", moves, "--goal", "win", "--threads", "1",
                          "--nodes", nodes, "--tt-size", tt_size, "--json", "--proof", proof],
                         capture_output=True, text=True)
    seconds = time.time() - start
    try:
        answer = json.loads(run.stdout)
    except json.JSONDecodeError:
        return f"| {game_id} | error: {(run.stdout + run.stderr).strip()[-120:]} | | | | |"
    best = " ".join(answer.get("best") or []) or "-"
    checked = "-"
    if os.path.exists(proof):
        check = subprocess.run([binary, "check", proof, "--moves", moves], capture_output=True, text=True)
        size = re.search(r"(\d+) nodes", check.stdout)
        checked = (f"accepted, {int(size.group(1)):,} nodes" if check.returncode == 0 and size
                   else f"REJECTED: {(check.stdout + check.stderr).strip()[-120:]}")
    return f"| {game_id} | {answer['value']} | {answer['nodes']:,} | {seconds:.1f} | {best} | {checked} |"


print(f"`{os.path.basename(binary)} solve --goal win --threads 1 --nodes {nodes} --tt-size {tt_size}`, "
      f"t = {t}, certificates in {cert_dir}\n")
print("| game | result | nodes | seconds | best turn | certificate |")
print("| --- | --- | --: | --: | --- | --- |")
with ThreadPoolExecutor(args.jobs) as pool:
    for row in pool.map(solve, ids):
        print(row, flush=True)
