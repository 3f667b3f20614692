#!/usr/bin/env bash
# test_sim.sh - `bench --simulate` end to end: the counts repeat exactly; a simulated 16 KiB L1
# (--l1 16K) makes sherwin's rook lookups miss more than kindergarten-4k's; the simulated
# 64-entry data TLB makes magic-plain miss more than hyperbola; the geometry valgrind used is
# the one asked for; bad --l1/--tlb values are refused; a build valgrind cannot decode is
# never run under it.  Needs valgrind (else SKIPPED); not under the sanitizers.
# Usage: tests/test_sim.sh [--help]   (BIN=bin-x picks another build directory)
. "$(dirname "$0")/lib.sh"
set -e
if [[ $BIN != bin ]]; then
	skipped "$BIN is a sanitizer build (valgrind and ASan do not mix)"
	finish
fi
if ! command -v valgrind >/dev/null; then
	skipped "valgrind is not installed (apt-get install valgrind)"
	finish
fi

# refused NAME PATTERN CMD...: CMD exits 2 with a message matching PATTERN.
refused() {
	local name=$1 pat=$2
	shift 2
	expect "$name" 2 "$pat" -- "$@"
}

K=sherwin,kindergarten-4k,magic-plain,hyperbola
Q=(--mode stream --max-queries 1000 --min-lookups 1 --samples 1 --warmup 0 --events none --quiet)
check "simulate with --l1 16K" $SB bench --kernel $K "${Q[@]}" --simulate --l1 16K --out "$tmp/a"
# the same kernels again, with a longer --out, another environment and the binaries at a path
# of another length (each of these once moved a few simulated misses): the same counts
mkdir "$tmp/bin-at-a-path-of-another-length"
cp "$SB" "$BIN/slidebench-sim" "$tmp/bin-at-a-path-of-another-length/"
check "simulate again" env SB_TEST_UNRELATED=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx \
	"$tmp/bin-at-a-path-of-another-length/slidebench" bench --kernel $K \
	"${Q[@]}" --simulate --out "$tmp/b-with-a-longer-name"

sim_assert() { # NAME PYTHON-CODE: the code's assertions over a (run a) and b (run b)
	local name=$1
	if python3 - "$tmp/a" "$tmp/b-with-a-longer-name" >"$tmp/out" 2>&1 <<PY
import csv, json, os, sys
def rows(d, f):
    return list(csv.DictReader(open(os.path.join(d, f)))) if os.path.exists(os.path.join(d, f)) else []
a, b = sys.argv[1], sys.argv[2]
def sim(d, kind, size, kernel, piece="rook"):
    r = [x for x in rows(d, "sim.csv") if x["sim_kind"] == kind and x["cache_bytes"] == size
         and x["kernel"] == kernel and x["mode"] == "stream" and x["piece"] == piece]
    assert len(r) == 1, (d, kind, size, kernel, len(r))
    return r[0]
$2
PY
	then ok; else bad "$name:"; sed 's/^/    /' "$tmp/out"; fi
}

sim_assert "identical counts in both runs" '
strip = lambda d: sorted(tuple(v for k, v in r.items() if k != "run_id") for r in rows(d, "sim.csv")
                         if r["cache_bytes"] in ("32768", "262144"))
sa, sb = strip(a), strip(b)
assert len(sa) == 20 and sa == sb, ("differ", len(sa), len(sb), [x for x in sa if x not in sb][:3])'
sim_assert "16 KiB L1: sherwin misses more than kindergarten-4k (rook)" '
s, k = sim(a, "d1", "16384", "sherwin"), sim(a, "d1", "16384", "kindergarten-4k")
print("sherwin", s["sim_d1_miss"], "kindergarten-4k", k["sim_d1_miss"])
assert float(s["sim_d1_miss"]) > float(k["sim_d1_miss"]), (s, k)'
sim_assert "64-entry TLB: magic-plain misses more than hyperbola" '
for piece in ("rook", "bishop"):
    m, h = sim(a, "tlb", "262144", "magic-plain", piece), sim(a, "tlb", "262144", "hyperbola", piece)
    print(piece, "magic-plain", m["sim_d1_miss"], "hyperbola", h["sim_d1_miss"])
    assert m["assoc"] == "64" and m["line_bytes"] == "4096" and m["sim_ll_miss"] == ""
    assert float(m["sim_d1_miss"]) > float(h["sim_d1_miss"]), (m, h)'
sim_assert "summary: sim_tlb_miss and sim_d1_miss from the primary passes" '
s = {(r["kernel"], r["piece"]): r for r in rows(a, "summary.csv")}
for kern in ("magic-plain", "null"):
    assert s[(kern, "rook")]["sim_tlb_miss"] == sim(a, "tlb", "262144", kern)["sim_d1_miss"]
    assert s[(kern, "rook")]["sim_d1_miss"] == sim(a, "d1", "32768", kern)["sim_d1_miss"]
assert s[("sherwin", "rook")]["hw_l1d_miss"] == ""'
sim_assert "context.json: binary, its -march, geometry asked = used" '
c = json.load(open(a + "/context.json"))["simulation"]
assert os.access(c["binary"], os.X_OK) and c["binary_march"] and c["valgrind"].startswith("callgrind-"), c
g = [p["geometry"] for p in c["passes"]]
assert g == ["d1=32768,8,64", "d1=16384,8,64", "tlb=64"], g
for p in c["passes"]:
    assert p["status"] == "ok" and p["asked"] == p["used"] and p["regions"] == 10, p
    assert os.path.isdir(os.path.join(a, p["dumps"])), p'

# Pressure: each working-set size is a region of its own (they once shared one label, and
# the counts were the mean of both); 1 MiB of pressure evicts kindergarten-4k's tables.
check "simulate pressure 0,1M" $SB bench --kernel kindergarten-4k --mode pressure --pressure 0,1M \
	--max-queries 1000 --min-lookups 5000 --samples 1 --warmup 0 --events none --quiet --simulate \
	--tlb 0 --out "$tmp/p"
if python3 - "$tmp/p" >"$tmp/out" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] + "/sim.csv")))
want = {r["pressure_bytes"]: r["sim_d1_miss"] for r in rows if r["kernel"] == "kindergarten-4k"}
have = {r["pressure_bytes"]: r["sim_d1_miss"] for r in csv.DictReader(open(sys.argv[1] + "/summary.csv"))
        if r["kernel"] == "kindergarten-4k"}
print(want, have)
assert sorted(want) == ["0", "1048576"] and have == want, (want, have)
assert float(want["1048576"]) > float(want["0"]) + 0.02, want  # here 0.10 against 0.001
PY
then ok; else bad "pressure regions:"; sed 's/^/    /' "$tmp/out"; fi

refused "--l1 48K with 8 ways" '48K:6 or 48K:12' $SB bench --kernel hyperbola "${Q[@]}" --simulate \
	--l1 16K,48K --out "$tmp/c"
refused "--tlb 1" '--tlb "1"' $SB bench --kernel hyperbola "${Q[@]}" --simulate --tlb 1 --out "$tmp/d"

# Alone (no slidebench-sim beside it), a build valgrind cannot decode is refused with the fix;
# one it can decode runs itself.
mkdir "$tmp/solo"
cp "$SB" "$tmp/solo/slidebench"
rc=0
"$tmp/solo/slidebench" bench --kernel hyperbola --mode random --random-queries 256 --samples 1 \
	--warmup 0 --events none --quiet --simulate --tlb 0 --out "$tmp/e" >"$tmp/out" 2>&1 || rc=$?
if [[ $rc -eq 1 ]] && grep -q 'AVX-512.*build bin/slidebench-sim: make all' "$tmp/out" &&
	grep -qw avx512f /proc/cpuinfo; then
	ok
elif [[ $rc -eq 0 ]] && grep -q "\"binary\": \"$tmp/solo/slidebench\"" "$tmp/e/context.json"; then
	ok
else
	bad "solo binary: exit $rc:"
	head -n 5 "$tmp/out" | sed 's/^/    /'
fi

finish
