#!/bin/sh
# Figures for results/experiments/proof-zones.md: `solve --proof` with relevance zones (the default) and
# without (`--no-zones`), on one thread over a 2 GiB table, for each position; prints a
# Markdown table row per position (value, then for each setting the solve's nodes, seconds,
# the certificate's writing seconds and its nodes as the checker counts them). Run from the
# crate root after `cargo build --release`; about 10 minutes on two cores.
set -e
B=${C6SOLVE:-target/release/c6solve}
T=$(mktemp -d)
row() {
    label=$1; shift
    line="| $label"
    for zones in --no-zones ""; do
        # shellcheck disable=SC2086 # an empty $zones is no argument
        out=$("$B" solve "$@" $zones --threads 1 --tt-size 2048 --time-limit 900 \
            --proof "$T/p.cert" --proof-max-nodes 20000000 2>&1)
        value=$(echo "$out" | sed -n 's/^value: \([a-z-]*\).*/\1/p')
        nodes=$(echo "$out" | sed -n 's/^nodes: \([0-9]*\) .*/\1/p')
        solve_s=$(echo "$out" | sed -n 's/.*time: \([0-9.]*\) s.*/\1/p')
        write_s=$(echo "$out" | sed -n 's/.*extracted in \([0-9.]*\) s.*/\1/p')
        chk=$("$B" check "$T/p.cert" | tail -1)
        cert_nodes=$(echo "$chk" | sed -n 's/.*; \([0-9]*\) nodes, .*/\1/p')
        [ -n "$zones" ] && line="$line | $value" && off=$nodes
        line="$line | $nodes | $solve_s | $write_s | $cert_nodes ($(echo "$chk" | cut -d: -f1))"
    done
    echo "$line | $(awk "BEGIN{printf \"%.2f\", $nodes/$off}") |"
    rm -f "$T/p.cert"
}
echo "| position | value | nodes, no zones | solve s | write s | proof nodes | nodes, zones | solve s | write s | proof nodes | zones/no zones nodes |"
echo "| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |"
row 6,5,5,2,2 --rules 6,5,5,2,2
row 6,6,5,2,2 --rules 6,6,5,2,2
row 7,7,5,2,2 --rules 7,7,5,2,2
row 7,7,6,2,2 --rules 7,7,6,2,2
row 8,6,6,2,2 --rules 8,6,6,2,2
row 8,7,6,2,1 --rules 8,7,6,2,1
row 7,5,5,2,1 --rules 7,5,5,2,1
row 8,8,5,2,1 --rules 8,8,5,2,1
row 8,4,4,1,1 --rules 8,4,4,1,1
row 9,4,4,1,1 --rules 9,4,4,1,1
row "8,8,6,2,2 after A1 G1, --goal hold" --rules 8,8,6,2,2 --moves "A1 G1" --goal hold
row "8,8,6,2,2 after A1 B2, --goal hold" --rules 8,8,6,2,2 --moves "A1 B2" --goal hold
row "lg1821054 (real kill)" --moves "K10 L11 J11 K12 M11 K11 L10 L12 J12 K13 H12 M9 G11 M12 O9 L8 K7 J6 M7 N8 K8 K9 J8 H7 J7 G7 H6 K6 K4 K5 L7 O8 N7"
rm -rf "$T"
