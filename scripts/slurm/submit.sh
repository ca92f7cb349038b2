#!/bin/bash
# Solves a row by parts on a Slurm cluster: a job array of WORKERS workers against the
# PostgreSQL ledger at URL, then a job that composes the row once they are all done.
#   scripts/slurm/submit.sh RULES URL WORKERS [table options for every worker...]
# e.g. scripts/slurm/submit.sh 8,8,5,1,1 postgresql://me@db/c6 16 --tt-size 4096 --time-limit 36000
# The compose job writes the row into results/small-boards.json (in the directory this is
# submitted from) and its certificate into results/certificates. Prints both job ids.
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 RULES URL WORKERS [table options...]" >&2
    exit 2
fi
rules=$1 url=$2 workers=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --array=1-"$workers" "$here/worker.sbatch" "$rules" "$url" "$@")
compose=$(sbatch --parsable --dependency=afterany:"$array" "$here/compose.sbatch" "$rules" "$url")
echo "workers: job $array (array 1-$workers); compose: job $compose"
