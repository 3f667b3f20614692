# qemu-exec.sh - sourced by run32.sh and run-aarch64.sh, not run: the part they share, running
# a program under qemu-user where this machine does not run it natively.
#
# qemu_exec QEMU WHY PROG ARGS...: execs QEMU (a qemu-user program, e.g. qemu-i386) on PROG ARGS,
# with the words in the array QEMU_ARGS (if set) before PROG, after saying once on stderr why
# (WHY) and that speed means nothing there; exits 2 naming the package where QEMU is missing.
qemu_exec() {
	local qemu=$1 why=$2 prog=$3 me=${0##*/}
	shift 3
	if ! command -v "$qemu" >/dev/null; then
		echo "$me: $why and $qemu is missing: install qemu-user (make deps)" >&2
		exit 2
	fi
	echo "$me: $why: running $prog under $qemu (emulated: results are checked, speed means" \
		"nothing)" >&2
	exec "$qemu" ${QEMU_ARGS[@]+"${QEMU_ARGS[@]}"} "$prog" "$@"
}
