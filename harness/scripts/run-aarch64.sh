#!/usr/bin/env bash
# run-aarch64.sh - run the 64-bit ARM build (bin-aarch64/slidebench, made by `make aarch64`) here.
# Usage: harness/scripts/run-aarch64.sh SLIDEBENCH-ARGS...   e.g. run-aarch64.sh verify --kernel pext
#        harness/scripts/run-aarch64.sh --native   exit 0 if this machine runs aarch64 programs
#                                                  natively, else 1
# On an aarch64 kernel it execs bin-aarch64/slidebench; elsewhere it runs it under qemu-aarch64
# user-mode emulation (Debian package qemu-user), with the arm64 libc of dpkg's multiarch, else
# the cross libc's root (-L /usr/aarch64-linux-gnu), saying so once on stderr.  Such a run
# checks results, not speed: bench refuses to time under emulation (docs/arm.md).
# BIN_AARCH64 names another build directory (default: bin-aarch64 beside harness/).
set -euo pipefail
trap 'echo "run-aarch64.sh: failed at line $LINENO" >&2' ERR
root=$(cd "$(dirname "$0")/../.." && pwd)

if [[ "${1:-}" == --help || "${1:-}" == -h ]]; then
	sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi
# Returns 0 when the kernel is an aarch64 one (this script runs natively, so uname is true).
native() { [[ $(uname -m) == aarch64 || $(uname -m) == arm64 ]]; }
if [[ "${1:-}" == --native ]]; then
	native && exit 0
	exit 1
fi
prog=${BIN_AARCH64:-$root/bin-aarch64}/slidebench
if [[ ! -x $prog ]]; then
	echo "run-aarch64.sh: $prog is missing: build it with make aarch64" >&2
	exit 2
fi
if native; then
	exec "$prog" "$@"
fi
. "$root/harness/scripts/qemu-exec.sh"
# The arm64 loader and libc from dpkg's multiarch (libc6:arm64, which libjansson4:arm64 brings)
# are found where the program names them; only without them does qemu need the cross libc's
# root.  Not -L always: under qemu 7.2 with -L, a dlopen in a forked child (how list and bench
# try a plugin) spins and never returns.
QEMU_ARGS=()
[[ -e /lib/ld-linux-aarch64.so.1 ]] || QEMU_ARGS=(-L /usr/aarch64-linux-gnu)
qemu_exec qemu-aarch64 "this is an $(uname -m) machine" "$prog" "$@"
