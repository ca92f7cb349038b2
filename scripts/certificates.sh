#!/bin/sh
# Certificate figures for results/certificates.md: for each position, solve with --proof,
# then check the certificate; prints a Markdown table row per position (solve time, proof
# nodes, bytes, bytes per node, check time). Run from the crate root after
# `cargo build --release`. CPU-heavy rows (8,4,4,1,1 and 9,4,4,1,1) take minutes.
set -e
B=${C6SOLVE:-target/release/c6solve}
T=$(mktemp -d)
row() {
    label=$1; shift
    out=$("$B" solve "$@" --tt-size ${TT:-1024} --proof "$T/p.cert" --proof-max-nodes 20000000)
    value=$(echo "$out" | sed -n 's/^value: \([a-z-]*\).*/\1/p')
    solve_s=$(echo "$out" | sed -n 's/.*time: \([0-9.]*\) s.*/\1/p')
    extract_s=$(echo "$out" | sed -n 's/.*extracted in \([0-9.]*\) s.*/\1/p')
    chk=$("$B" check "$T/p.cert")
    nodes=$(echo "$chk" | sed -n 's/.*; \([0-9]*\) nodes, \([0-9]*\) bytes; checked in \([0-9.]*\) s/\1/p')
    bytes=$(echo "$chk" | sed -n 's/.*; \([0-9]*\) nodes, \([0-9]*\) bytes; checked in \([0-9.]*\) s/\2/p')
    check_s=$(echo "$chk" | sed -n 's/.*; \([0-9]*\) nodes, \([0-9]*\) bytes; checked in \([0-9.]*\) s/\3/p')
    verdict=$(echo "$chk" | cut -d: -f1)
    echo "| $label | $value | $solve_s | $extract_s | $nodes | $bytes | $(awk "BEGIN{printf \"%.1f\", $bytes/$nodes}") | $check_s | $(awk "BEGIN{printf \"%.3f\", $check_s/($solve_s+1e-9)}") | $verdict |"
}
echo "| position | value | solve s | extract s | proof nodes | bytes | bytes/node | check s | check/solve | check |"
echo "| --- | --- | --: | --: | --: | --: | --: | --: | --: | --- |"
row "tic-tac-toe" --rules tictactoe
row "4,3,3,1,1" --rules 4,3,3,1,1
row "4,4,4,2,1" --rules 4,4,4,2,1
row "5,4,4,1,1" --rules 5,4,4,1,1
row "6,4,4,1,1" --rules 6,4,4,1,1
row "5,5,4,1,1" --rules 5,5,4,1,1
row "5,5,4,2,1" --rules 5,5,4,2,1
row "6,5,4,1,1" --rules 6,5,4,1,1
row "connect6 lg1813145 (default)"
if [ -n "$HEAVY" ]; then
    row "7,4,4,1,1" --rules 7,4,4,1,1
    row "8,4,4,1,1" --rules 8,4,4,1,1
    row "9,4,4,1,1" --rules 9,4,4,1,1
fi
rm -rf "$T"
