#!/bin/sh
# Certificate figures for results/experiments/certificates.md: for each position, solve with --proof,
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
row "lg1821054 (real kill, after the winner's turn)" --moves "K10 L11 J11 K12 M11 K11 L10 L12 J12 K13 H12 M9 G11 M12 O9 L8 K7 J6 M7 N8 K8 K9 J8 H7 J7 G7 H6 K6 K4 K5 L7 O8 N7"
row "lg1488485 (real kill, after the winner's turn)" --moves "K10 K12 M10 L11 M12 J9 N11 L9 J11 H12 L12 L7 N7 L6 M8 O7 M7 Q7 K7 N13 N6 O14 P8 N5 N4 N8 N3 O5 P4 L8 Q3 O8 O4"
row "lg1095367 (real kill, after the winner's turn)" --moves "K10 K9 L11 M11 L8 K12 M10 L13 J13 N9 M8 O8 M9 L7 K6 O10 J5 K7 K8 K5 J7 M6 N5 J9 O4 L6 N6 O6 J6 J8 M5"
row "lg974984 (real kill, after the winner's turn)" --moves "K10 K9 L11 M10 L10 N10 J10 L8 L9 M8 L7 K6 J7 H8 K8 M6 L5 M4 L6 K4 J3 N7 H2 N11 J8 J5 O12 G13 L12 N9 H12 O10 J15 G11 F12 H10 J13 G12 E12 J12 D12 F13 N8 H11 N5 F10 F11 F15 F9 G14 H15"
if [ -n "$HEAVY" ]; then
    row "7,4,4,1,1" --rules 7,4,4,1,1
    row "8,4,4,1,1" --rules 8,4,4,1,1
    row "9,4,4,1,1" --rules 9,4,4,1,1
fi
rm -rf "$T"
