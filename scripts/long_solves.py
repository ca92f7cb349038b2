#!/usr/bin/env python3
"""Long solves of real-game positions: is a position the 15-s budget leaves unknown a kill
the search can prove with far more nodes? For each game id given, the position is cut as
`harvest` and scripts/depth.py cut it (the winner to move, T of its turns before its six),
solved with `--goal win` on one thread within NODES nodes, and every proof written with
`--proof` is checked by `c6solve check`. Prints one markdown row a position.

Usage: python3 scripts/long_solves.py BINARY NODES T ID [ID ...] [--jobs J] [--tt-size MIB]
       [--dir DIR]
(e.g. target/release/c6solve 50000000 5 nz6454 nz2890 --jobs 2). Certificates go to DIR
(default: a new temporary directory). Node counts are exact on one thread; the seconds
depend on the machine's load."""
import json, os, re, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor


def option(args, name, default):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i : i + 2]
        return value
    return default


args = sys.argv[1:]
jobs = int(option(args, "--jobs", "1"))
tt_size = option(args, "--tt-size", "2048")
cert_dir = option(args, "--dir", None) or tempfile.mkdtemp(prefix="long-solves-")
if len(args) < 4:
    sys.exit(__doc__.split("\n\n")[1])
binary, nodes, t, ids = args[0], args[1], int(args[2]), args[3:]
games_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data",
                          "connect6-games.jsonl")
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
with ThreadPoolExecutor(jobs) as pool:
    for row in pool.map(solve, ids):
        print(row, flush=True)
