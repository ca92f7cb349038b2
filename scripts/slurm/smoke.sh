#!/bin/bash
# Smoke test of the Slurm scripts on this one machine (as root, Debian 12): brings up munge,
# slurmctld and slurmd from the distribution's packages with a one-node configuration in a
# temporary directory, and a throwaway PostgreSQL cluster on a Unix socket; submits a small row
# by parts as a job array of two workers plus the dependent compose job (submit.sh); checks the
# composed value against the small-board table and the joined certificate with `c6solve check`.
# Everything it started is stopped at exit. Takes about a minute after the packages are in.
#   scripts/slurm/smoke.sh     (from anywhere, after cargo build --release; C6SOLVE_BIN=FILE
#                               for another binary, e.g. target/debug/c6solve after cargo test)
set -euo pipefail
cd "$(dirname "$0")/../.."
rules=${ROWS:-7,4,4,1,1}
bin=$(realpath "${C6SOLVE_BIN:-target/release/c6solve}")
[ -x "$bin" ] || { echo "smoke: build first (cargo build --release)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "smoke: run as root (it starts munge and Slurm)" >&2; exit 2; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    echo "smoke: installing slurm-wlm and munge (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
pgbin=$(dirname "$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | tail -1 || true)")
if [ ! -x "$pgbin/initdb" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    pgbin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | tail -1)")
fi

T=$(mktemp -d /tmp/c6slurm.XXXXXX)
chmod 755 "$T"
pids=()
cleanup() {
    set +e
    [ -n "${SLURM_CONF:-}" ] && scancel --quiet -u root 2>/dev/null
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$pgbin/pg_ctl" -D "$T/pg/data" \
        -m immediate stop >/dev/null 2>&1
    sleep 1
    rm -rf "$T"
}
trap cleanup EXIT

# PostgreSQL, as nobody (initdb refuses root), on a socket in $T/pg only.
mkdir "$T/pg" && chown nobody:nogroup "$T/pg"
(cd / && setpriv --reuid=nobody --regid=nogroup --clear-groups "$pgbin/initdb" -D "$T/pg/data" \
    -U c6 --auth=trust -E UTF8 >/dev/null)
(cd / && setpriv --reuid=nobody --regid=nogroup --clear-groups "$pgbin/pg_ctl" -D "$T/pg/data" \
    -l "$T/pg/log" -o "-k $T/pg -c listen_addresses=" -w start >/dev/null)
url="postgresql:///postgres?host=$T/pg&user=c6"

# munge with its own socket and key.
mkdir -p "$T/munge" && cp /etc/munge/munge.key "$T/munge/key" && chown -R munge:munge "$T/munge"
runuser -u munge -- /usr/sbin/munged --key-file="$T/munge/key" --socket="$T/munge/sock" \
    --pid-file="$T/munge/pid" --log-file="$T/munge/log" --seed-file="$T/munge/seed"
pids+=("$(cat "$T/munge/pid")")

# A one-node cluster on loopback.
host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$T/state" "$T/spool"
export SLURM_CONF="$T/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=c6smoke
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/munge/sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=smoke Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -i >"$T/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D >"$T/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
    sinfo -h -o %T 2>/dev/null | grep -q idle && break
    sleep 1
done
sinfo -h -o %T | grep -q idle || { echo "smoke: the node never came up" >&2; cat "$T"/*.log >&2; exit 1; }

# Two workers and the compose job.
mkdir "$T/run" && cd "$T/run"
export C6SOLVE="$bin" C6SOLVE_WORK="$T/run"
out=$(bash "$OLDPWD/scripts/slurm/submit.sh" "$rules" "$url" 2 --tt-size 64 --lease-seconds 5)
echo "smoke: $out"
compose=${out##* }
for _ in $(seq 600); do
    squeue -h -j "$compose" 2>/dev/null | grep -q . || break
    sleep 1
done
cat c6solve-compose-*.log
want=$(python3 -c "import json,sys; print(next(r['value'] for r in json.load(open('$OLDPWD/results/small-boards.json')) if r['rules']=='$rules'))")
got=$(python3 -c "import json; print(next(r['value'] for r in json.load(open('results/small-boards.json')) if r['rules']=='$rules'))")
workers=$(python3 -c "import json; print(next(r['effort']['workers'] for r in json.load(open('results/small-boards.json')) if r['rules']=='$rules'))")
[ "$got" = "$want" ] || { echo "smoke: FAILED: $rules composed as $got, the table says $want" >&2; exit 1; }
"$bin" check "results/certificates/${rules//,/_}.c6proof" --rules "$rules"
echo "smoke: passed: $rules $got by $workers Slurm worker(s), certificate accepted"
