#!/usr/bin/env bash
# test_aarch64_plugins.sh - the whole 64-bit ARM build (make aarch64: harness, every kernel's
# plugin) completes; every plugin is an aarch64 shared object; under qemu-aarch64 a plugin
# built like them verifies, and the x86 build refuses an aarch64 plugin with a message.
# SKIPPED as tests/test_aarch64.sh is (no cross toolchain or qemu-aarch64; an aarch64 machine).
# tier: slow
. "$(dirname "$0")/lib.sh"
log=$tmp/log
BA=${BIN_AARCH64:-bin-aarch64}
run=harness/scripts/run-aarch64.sh

skip_rest() { skipped "$@"; finish; }
[[ -x $SB ]] || skip_rest "$SB is missing (make all)"
$run --native && skip_rest "this machine is aarch64: its own make test runs every test natively"
if ! printf 'int main(void){return 0;}\n' | clang --target=aarch64-linux-gnu -x c - -o "$tmp/probe" >/dev/null 2>&1; then
	skip_rest "no aarch64 cross toolchain here (make deps installs it)"
fi
command -v qemu-aarch64 >/dev/null || skip_rest "qemu-aarch64 is missing (qemu-user: make deps)"

# the cross build is a build of its own: not with the flags of a make that runs these tests
# (make sanitize's -fsanitize has no aarch64 runtime to link), which reach us in MAKEFLAGS
# and as environment variables; warnings as errors (CI's WERROR=1) are kept
cross_make=(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u BIN -u OPT -u EXTRA_FLAGS -u ARCH make)
[[ " ${MAKEFLAGS:-} ${WERROR:+WERROR=$WERROR} " == *" WERROR=1 "* ]] && cross_make+=(WERROR=1)
if ! "${cross_make[@]}" --no-print-directory aarch64 BIN_AARCH64="$BA" >"$log" 2>&1 ||
	! "${cross_make[@]}" --no-print-directory TARGET=aarch64 BIN="$BA" "$BA/tests/plugins/example-plugin.so" >>"$log" 2>&1; then
	bad "make aarch64:"; tail -n 20 "$log"
	finish
fi
ok
nk=$(grep -l '^SB_REGISTER' kernels/*.c | wc -l)
np=0
for so in "$BA"/plugins/*.so; do
	[[ $(od -An -tx1 -j18 -N2 "$so" | tr -d ' \n') == b700 ]] && np=$((np + 1)) || bad "$so is not aarch64"
done
[[ $np -eq $nk ]] && ok || bad "$np aarch64 plugins for $nk kernels"

expect "example plugin verifies under qemu-aarch64" 0 'example-plugin +ok: [0-9]+ cases, 0 mismatches' -- \
	env BIN_AARCH64="$BA" $run verify --random 1000 --perft-depth 2 --plugin "$BA/tests/plugins/example-plugin.so" \
	--kernel example-plugin
expect "x86 build refuses an aarch64 plugin" 1 'magic-plain\.so: cannot load plugin' -- \
	"$SB" verify --plugin "$BA/plugins/magic-plain.so" --kernel reference
finish
