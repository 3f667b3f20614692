#!/usr/bin/env bash
# deps.sh - install the Debian packages slidebench needs, saying what and why.
# Usage: harness/scripts/deps.sh [--check]   (--check: only report, install nothing)
# As root it runs apt-get; otherwise it prints the exact command and carries on, so the build
# still works with what is there (counters, .zst input or the m32 build then say they are off).
set -euo pipefail
trap 'echo "deps.sh: failed at line $LINENO" >&2' ERR

if [[ "${1:-}" == --help ]]; then
	sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi
check_only=0
[[ "${1:-}" == --check ]] && check_only=1

# package|why
want=(
	"gcc|the C compiler"
	"clang|the second compiler: run_all.sh builds bin-clang/ too and times it against the gcc build (does the answer depend on the compiler?)"
	"make|the build"
	"libpapi-dev|PAPI headers and library: hardware and software event counters"
	"papi-tools|papi_avail / papi_native_avail, to see which events this machine has"
	"libzstd-dev|reading .pgn.zst game collections"
	"libjansson-dev|jansson: every JSON file slidebench writes and reads (context.json, list --format json, export)"
	"gcc-multilib|make m32: every kernel built and verified as 32-bit code too"
	"libjansson-dev:i386|make m32: the 32-bit build links jansson too (needs dpkg's i386 architecture, added here)"
	"qemu-user|make verify-m32: runs the 32-bit build under qemu-i386 where the kernel refuses 32-bit programs"
	"valgrind|callgrind: simulated cache and branch counters where there is no PMU"
	"gnuplot-nox|the charts in plots/"
	"fonts-dejavu-core|a scalable font for gnuplot's PNG charts (without one it falls back to a tiny bitmap font)"
	"chromium|the HTML report is checked in a real (headless) browser"
	"pgn-extract|the independent PGN replayer the converter is cross-checked against"
	"zstd|compressing the shipped game corpus"
	"clang-14|make fuzz: the libFuzzer targets are built by clang (gcc has no libFuzzer)"
	"libclang-rt-14-dev|make fuzz: libFuzzer itself and clang's ASan/UBSan runtimes"
	"binutils|objdump and nm: each kernel loop's lower bound in core cycles is counted from its disassembly"
	"r-mathlib|make test: the statistics' p-values and quantiles are checked against R's standalone math library (test time only)"
)

missing=()
for entry in "${want[@]}"; do
	pkg=${entry%%|*}
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$pkg")
		echo "deps: missing $pkg (${entry#*|})" >&2
	fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

add_i386=0
if [[ " ${missing[*]}" == *:i386* ]] && ! dpkg --print-foreign-architectures | grep -qx i386; then
	add_i386=1
fi
cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
[[ $add_i386 -eq 0 ]] || cmd="dpkg --add-architecture i386 && $cmd"
if [[ $check_only -eq 1 ]]; then
	echo "deps: to install them: $cmd" >&2
	exit 1
fi
if [[ $(id -u) -ne 0 ]]; then
	echo "deps: not root, so not installing; run as root:" >&2
	echo "  $cmd" >&2
	exit 0
fi
if [[ $add_i386 -eq 1 ]]; then
	echo "deps: adding dpkg's i386 architecture (for the :i386 packages above)" >&2
	dpkg --add-architecture i386
fi
echo "deps: installing ${missing[*]} with apt-get (see the reasons above)" >&2
# apt-get's own lines go to stdout (run_all.sh keeps them in the study's build.log); what is
# installed and why, above and below, to stderr
apt-get update -qq || echo "deps: apt-get update reported errors; installing from the lists it has" >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "deps: installed ${missing[*]}" >&2
