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
	"qemu-user|make verify-m32: runs the 32-bit build under qemu-i386 where the kernel refuses 32-bit programs; the aarch64 build runs under qemu-aarch64"
	"binutils-aarch64-linux-gnu|make aarch64: the linker of the 64-bit ARM build (bin-aarch64/, compiled by clang --target=aarch64-linux-gnu: Debian's gcc-aarch64-linux-gnu conflicts with gcc-multilib)"
	"libc6-dev-arm64-cross|make aarch64: the C library the ARM build links"
	"libgcc-12-dev-arm64-cross|make aarch64: the ARM start files and libgcc clang links with"
	"libjansson-dev:arm64|make aarch64: the ARM build links jansson too (needs dpkg's arm64 architecture, added here)"
	"libzstd-dev:arm64|make aarch64: .pgn.zst input in the ARM build (needs dpkg's arm64 architecture)"
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

# dpkg's foreign architectures the missing :ARCH packages need (i386 for m32, arm64 for aarch64)
add_arch=()
for arch in i386 arm64; do
	if [[ " ${missing[*]}" == *:$arch* ]] && ! dpkg --print-foreign-architectures | grep -qx $arch; then
		add_arch+=("$arch")
	fi
done
cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
for arch in "${add_arch[@]}"; do cmd="dpkg --add-architecture $arch && $cmd"; done
if [[ $check_only -eq 1 ]]; then
	echo "deps: to install them: $cmd" >&2
	exit 1
fi
if [[ $(id -u) -ne 0 ]]; then
	echo "deps: not root, so not installing; run as root:" >&2
	echo "  $cmd" >&2
	exit 0
fi
for arch in "${add_arch[@]}"; do
	echo "deps: adding dpkg's $arch architecture (for the :$arch packages above)" >&2
	dpkg --add-architecture "$arch"
done
echo "deps: installing ${missing[*]} with apt-get (see the reasons above)" >&2
# apt-get's own lines go to stdout (run_all.sh keeps them in the study's build.log); what is
# installed and why, above and below, to stderr
apt-get update -qq || echo "deps: apt-get update reported errors; installing from the lists it has" >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "deps: installed ${missing[*]}" >&2
