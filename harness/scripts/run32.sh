#!/usr/bin/env bash
# run32.sh - run the 32-bit build (bin32/slidebench, made by `make m32`) on any x86-64 machine.
# Usage: harness/scripts/run32.sh SLIDEBENCH-ARGS...   e.g. harness/scripts/run32.sh verify --kernel pext
#        harness/scripts/run32.sh --native [PROGRAM]   exit 0 if 32-bit programs (bin32/slidebench,
#                                                      or PROGRAM) run natively here, else 1
# Where the kernel runs 32-bit programs it execs bin32/slidebench; where it refuses them (Exec
# format error: a kernel built without IA32 emulation, or booted with ia32_emulation=0) it runs
# it under qemu-i386 user-mode emulation (Debian package qemu-user), saying so once on stderr.
# Such a run checks results, not speed: time the 32-bit build only where --native says 0.
# BIN32 names another build directory (default: bin32 beside harness/).
set -euo pipefail
trap 'echo "run32.sh: failed at line $LINENO" >&2' ERR
root=$(cd "$(dirname "$0")/../.." && pwd)

if [[ "${1:-}" == --help || "${1:-}" == -h ]]; then
	sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi
prog=${BIN32:-$root/bin32}/slidebench
# --native PROGRAM: the question asked of another 32-bit program (run_all.sh asks it of a probe
# before it builds bin32/, which is only timed where 32-bit programs run natively)
[[ "${1:-}" == --native && -n "${2:-}" ]] && prog=$2
if [[ ! -x $prog ]]; then
	echo "run32.sh: $prog is missing: build it with make m32" >&2
	[[ "${1:-}" == --native ]] && exit 1
	exit 2
fi

# Returns 0 when the kernel itself runs 32-bit programs.  A binfmt_misc entry that hands i386
# programs to qemu would make a plain exec succeed too; that is emulation, not native.
native() {
	local f
	for f in /proc/sys/fs/binfmt_misc/qemu-i386 /proc/sys/fs/binfmt_misc/qemu-i386-static; do
		[[ -r $f ]] && grep -qx enabled "$f" && return 1
	done
	"$prog" --help >/dev/null 2>&1
}

if [[ "${1:-}" == --native ]]; then
	native && exit 0
	exit 1
fi
if native; then
	exec "$prog" "$@"
fi
. "$root/harness/scripts/qemu-exec.sh"
qemu_exec qemu-i386 "this kernel does not run 32-bit programs" "$prog" "$@"
