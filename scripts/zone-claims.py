#!/usr/bin/env python3
"""Figures for results/zone-claims.md: certificates of wins written with zone claims (the
default) and without (`--no-zone-claims`), on the Connect6 puzzles of a given depth or more and
a few small-board wins. Each position is solved once per setting with `solve --proof`, one
thread, 256 MiB table; the certificate is checked with `c6solve check`.

Usage: python3 scripts/zone-claims.py [min-depth] [puzzle file]   (after cargo build --release)
Prints the Markdown of results/zone-claims.md's tables."""
import os, re, statistics, subprocess, sys, tempfile, time

min_depth = int(sys.argv[1]) if len(sys.argv) > 1 else 3
suite = sys.argv[2] if len(sys.argv) > 2 else "puzzles/connect6.puzzles"
binary = os.environ.get("C6SOLVE", "target/release/c6solve")
tmp = tempfile.mkdtemp()


def puzzles():
    entry = {}
    for line in open(suite):
        line = line.strip()
        if not line:
            if entry:
                yield entry
            entry = {}
        elif not line.startswith("#") and ":" in line:
            key, value = line.split(":", 1)
            entry[key.strip()] = value.strip()
    if entry:
        yield entry


def certify(args, claims):
    cert = os.path.join(tmp, "p.cert")
    extra = [] if claims else ["--no-zone-claims"]
    out = subprocess.run([binary, "solve", *args, "--threads", "1", "--quiet", "--tt-size", "256",
                          "--time-limit", "120", "--proof", cert, *extra],
                         capture_output=True, text=True).stdout
    value = re.search(r"^value: (\S+)", out, re.M).group(1)
    m = re.search(r"proof: .* \((\d+) nodes, (\d+) bytes, extracted in ([0-9.]+) s\)", out)
    if not m:
        return value, None
    started = time.monotonic()
    check = subprocess.run([binary, "check", cert], capture_output=True, text=True)
    checked = time.monotonic() - started
    if check.returncode != 0 or "valid" not in check.stdout:
        sys.exit(f"certificate rejected for {args}: {check.stdout}{check.stderr}")
    os.remove(cert)
    return value, (int(m.group(1)), int(m.group(2)), float(m.group(3)), checked)


rows = []
positions = [(p["id"], ["--rules", p["rules"], "--moves", p["moves"]])
             for p in puzzles()
             if p.get("expect") in ("win", "loss") and int(p.get("depth", "0")) >= min_depth]
positions += [("7,7,5,2,2 empty", ["--rules", "7,7,5,2,2"]),
              ("6,5,4,1,1 empty", ["--rules", "6,5,4,1,1"])]
for name, args in positions:
    value, with_claims = certify(args, True)
    _, without = certify(args, False)
    if with_claims and without:
        rows.append((name, value, with_claims, without))

print("| position | value | nodes, claims | bytes | write s | check s | nodes, no claims | bytes | write s | check s | ratio of nodes |")
print("| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
for name, value, a, b in rows:
    print(f"| {name} | {value} | {a[0]} | {a[1]} | {a[2]:.4f} | {a[3]:.3f} | {b[0]} | {b[1]} | {b[2]:.4f} | {b[3]:.3f} | {b[0] / a[0]:.1f} |")
ratios = [b[0] / a[0] for _, _, a, b in rows]
puzzle_rows = [r for r in rows if "empty" not in r[0]]
print()
print(f"{len(rows)} certificates a setting, all accepted by `c6solve check`. Nodes without claims "
      f"over nodes with claims: median {statistics.median(ratios):.1f}, "
      f"least {min(ratios):.1f}, most {max(ratios):.1f}.")
if puzzle_rows:
    tot_a = sum(r[2][0] for r in puzzle_rows)
    tot_b = sum(r[3][0] for r in puzzle_rows)
    print(f"Over the {len(puzzle_rows)} puzzles: {tot_b} nodes without claims, {tot_a} with "
          f"({tot_b / tot_a:.1f}x); write seconds {sum(r[3][2] for r in puzzle_rows):.2f} and "
          f"{sum(r[2][2] for r in puzzle_rows):.2f}.")
