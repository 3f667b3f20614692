# slidebench - `make help` lists the targets.
#
# Kernels are found, not listed: every kernels/*.c that ends in SB_REGISTER(...) is a kernel
# (linked into bin/slidebench and built alone as bin/plugins/<file>.so); the other kernels/*.c
# are helpers shared by kernels (line masks, the magic search, ...) and go into both.

CC       ?= gcc
ARCH     ?= -march=native
OPT      ?= -O2
WARN     := -Wall -Wextra -Wshadow -Wmissing-prototypes
ifeq ($(WERROR),1)
WARN     += -Werror
endif
CFLAGS   ?=
CFLAGS   += -std=gnu11 $(OPT) $(ARCH) -g $(WARN) -D_GNU_SOURCE
# Kernels are compared as scalar code: an engine calls a lookup per slider, it does not batch
# thousands through SIMD, so auto-vectorising the timed loops would judge the compiler instead.
KFLAGS   := -fno-tree-vectorize
LDLIBS   := -ldl -lm

BUILD    ?= build
BIN      ?= bin

# Optional libraries: PAPI (hardware counters) and zstd (.pgn.zst input).  Without them the
# build still works and says so at run time.  `make deps` (run by `make test`) installs them.
HAVE_PAPI ?= $(shell printf '\043include <papi.h>\nint main(void){return PAPI_library_init(PAPI_VER_CURRENT)<0;}' | $(CC) -x c - -o /dev/null -lpapi >/dev/null 2>&1 && echo 1 || echo 0)
HAVE_ZSTD ?= $(shell printf '\043include <zstd.h>\nint main(void){return ZSTD_versionNumber()==0;}' | $(CC) -x c - -o /dev/null -lzstd >/dev/null 2>&1 && echo 1 || echo 0)
ifeq ($(HAVE_PAPI),1)
CFLAGS   += -DHAVE_PAPI=1
LDLIBS   += -lpapi
endif
ifeq ($(HAVE_ZSTD),1)
CFLAGS   += -DHAVE_ZSTD=1
LDLIBS   += -lzstd
endif

GIT_REV  := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD 2>/dev/null || echo -dirty)
CFLAGS   += -DSB_GIT_REV='"$(GIT_REV)"' -DSB_CC_VERSION='"$(shell $(CC) -dumpfullversion 2>/dev/null)"'
CFLAGS   += -DSB_CFLAGS='"$(OPT) $(ARCH) $(KFLAGS) $(EXTRA_FLAGS)"'

KERNEL_ALL  := $(wildcard kernels/*.c)
KERNEL_SRCS := $(shell grep -l '^SB_REGISTER' $(KERNEL_ALL) 2>/dev/null)
KHELP_SRCS  := $(filter-out $(KERNEL_SRCS),$(KERNEL_ALL))
HARNESS_SRCS:= $(filter-out harness/main.c,$(wildcard harness/*.c))
TEST_SRCS   := $(wildcard tests/test_*.c)

KOBJS   := $(patsubst kernels/%.c,$(BUILD)/kernels/%.o,$(KERNEL_SRCS))
KHOBJS  := $(patsubst kernels/%.c,$(BUILD)/kernels/%.o,$(KHELP_SRCS))
HOBJS   := $(patsubst harness/%.c,$(BUILD)/harness/%.o,$(HARNESS_SRCS))
PLUGINS := $(patsubst kernels/%.c,$(BIN)/plugins/%.so,$(KERNEL_SRCS))
TESTS   := $(patsubst tests/%.c,$(BIN)/tests/%,$(TEST_SRCS))
TESTPLUGINS := $(patsubst tests/plugins/%.c,$(BIN)/tests/plugins/%.so,$(wildcard tests/plugins/*.c))
HEADERS := $(wildcard kernels/*.h harness/*.h tests/*.h)

.PHONY: trace all test sanitize bench plots report m32 deps clean help check-tests
.DEFAULT_GOAL := all

all: $(BIN)/slidebench $(PLUGINS) ## build bin/slidebench and one bin/plugins/<kernel>.so per kernel

$(BUILD)/kernels/%.o: kernels/%.c $(HEADERS) | $(BUILD)/kernels
	$(CC) $(CFLAGS) $(KFLAGS) $(EXTRA_FLAGS) -c $< -o $@

$(BUILD)/harness/%.o: harness/%.c $(HEADERS) | $(BUILD)/harness
	$(CC) $(CFLAGS) $(EXTRA_FLAGS) -c $< -o $@

$(BIN)/slidebench: $(BUILD)/harness/main.o $(HOBJS) $(KOBJS) $(KHOBJS) | $(BIN)
	$(CC) $(CFLAGS) $(EXTRA_FLAGS) -rdynamic $^ -o $@ $(LDLIBS)

# A plugin is the kernel file plus the kernel helpers, everything hidden but sb_plugin_kernel.
$(BIN)/plugins/%.so: kernels/%.c $(KHELP_SRCS) $(HEADERS) | $(BIN)/plugins
	$(CC) $(CFLAGS) $(KFLAGS) $(EXTRA_FLAGS) -fPIC -shared -fvisibility=hidden -DSB_PLUGIN \
		$< $(KHELP_SRCS) -o $@ -lm

$(BIN)/tests/plugins/%.so: tests/plugins/%.c $(KHELP_SRCS) $(HEADERS) | $(BIN)/tests/plugins
	$(CC) $(CFLAGS) $(KFLAGS) $(EXTRA_FLAGS) -fPIC -shared -fvisibility=hidden -DSB_PLUGIN -Ikernels \
		$< $(KHELP_SRCS) -o $@ -lm

$(BIN)/tests/%: tests/%.c $(HOBJS) $(KOBJS) $(KHOBJS) $(HEADERS) | $(BIN)/tests
	$(CC) $(CFLAGS) $(EXTRA_FLAGS) -rdynamic -Iharness -Ikernels $< $(HOBJS) $(KOBJS) $(KHOBJS) -o $@ $(LDLIBS)

$(BUILD)/kernels $(BUILD)/harness $(BIN) $(BIN)/plugins $(BIN)/tests $(BIN)/tests/plugins:
	mkdir -p $@

$(BUILD)/harness/null_kernel.o: CFLAGS += $(KFLAGS)

# The default trace: built once from the shipped corpus, rebuilt only when the corpus or the
# trace format changes.  Exit status 3 means some games were skipped (reported), still usable.
TRACE := datasets/master-2000.trace
trace: $(TRACE) ## the default trace from the shipped real-game corpus
$(TRACE): datasets/master-2000.pgn.zst harness/trace.h | $(BIN)/slidebench
	$(BIN)/slidebench trace $< -o $@ || [ $$? -eq 3 ]

deps: ## install missing Debian packages (says what and why; prints the command when not root)
	./harness/deps.sh

check-tests: all $(TESTS) $(TESTPLUGINS)
	BIN=$(BIN) ./tests/run.sh

test: ## install what is missing, build, run every test; last line "N passed, N failed"
	./harness/deps.sh
	$(MAKE) --no-print-directory check-tests

sanitize: ## the tests under ASan and UBSan (separate build tree)
	./harness/deps.sh
	$(MAKE) --no-print-directory check-tests BUILD=build-san BIN=bin-san OPT=-O1 \
		EXTRA_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"

m32: ## the same harness and kernels built with -m32 into bin32/ (no PAPI, no zstd there)
	./harness/deps.sh
	$(MAKE) --no-print-directory BUILD=build32 BIN=bin32 HAVE_PAPI=0 HAVE_ZSTD=0 \
		EXTRA_FLAGS=-m32 bin32/slidebench

bench: all ## a pinned bench of every kernel on the default trace (see run_all.sh for the sweep)
	./run_all.sh --bench-only

# A study directory from ./run_all.sh (default: the newest results/*-study).
STUDY ?= $(lastword $(sort $(wildcard results/*-study)))
plots: ## the charts of a study: STUDY/plots/*.png and *.svg (make plots STUDY=results/<id>)
	@test -n "$(STUDY)" || { echo "make plots: no study found; run ./run_all.sh, or give STUDY=DIR" >&2; exit 2; }
	plots/render.sh $(STUDY)

report: all plots ## the study's report.html and report.md (make report STUDY=results/<id>)
	@if $(BIN)/slidebench report --help >/dev/null 2>&1; then $(BIN)/slidebench report $(STUDY); \
	else echo "make report: this slidebench has no report command yet; the charts are in $(STUDY)/plots" >&2; fi

clean: ## remove build trees (results/ are kept)
	rm -rf build build-san build32 bin bin-san bin32

help: ## this list
	@grep -E '^[a-z0-9]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 12
