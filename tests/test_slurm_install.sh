#!/usr/bin/env bash
# test_slurm_install.sh - harness/scripts/slurm_local.sh installs Slurm as deps.sh does: when
# `apt-get update` reports errors (one package index that fails to refresh), the install from
# the lists the machine has is still tried, and saying so.  A fake apt-get first on PATH records
# what it is asked (nothing is installed: its install fails, so the script ends with exit 3).
# Needs root (the script refuses before the install otherwise) and Slurm not installed.
# tier: slow
. "$(dirname "$0")/lib.sh"

if [[ $(id -u) -ne 0 ]]; then skipped "slurm_local.sh installs only as root"; finish; fi
if command -v slurmctld >/dev/null 2>&1 || PATH=$PATH:/usr/sbin command -v slurmctld >/dev/null 2>&1; then
	skipped "Slurm is installed: slurm_local.sh installs nothing"; finish
fi
mkdir -p "$tmp/fake"
cat >"$tmp/fake/apt-get" <<FAKE
#!/bin/sh
echo "\$*" >>"$tmp/apt.log"
case "\$*" in *update*) echo "E: Failed to fetch http://example.invalid/dists/x/InRelease" >&2; exit 100 ;; esac
exit 1
FAKE
chmod +x "$tmp/fake/apt-get"
expect "update fails: install still tried" 3 "apt-get update reported errors; installing from the lists it has" \
	"apt-get install slurm-wlm munge failed" -- env PATH="$tmp/fake:$PATH" harness/scripts/slurm_local.sh true
check "apt-get install was called after the failed update" grep -q 'install .*slurm-wlm munge' "$tmp/apt.log"
finish
