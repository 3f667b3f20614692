# slidebench - `make help` lists the targets.
#
# Kernels are found, not listed: every kernels/*.c that ends in SB_REGISTER(...) is a kernel
# (linked into bin/slidebench and built alone as bin/plugins/<file>.so); the other kernels/*.c
# are helpers shared by kernels (line masks, the magic search, ...) and go into both.
#
# The build configuration (compiler, flags, detected libraries) is written to $(BUILD)/config.mk
# whenever it differs from the last build's, and every object depends on that file: a build
# made before `make deps` installed PAPI is rebuilt with PAPI by the next make, whatever ran first.

# Every CPU builds: `make` alone runs as many jobs as there are CPUs (make -jN still wins).
NPROC    := $(shell nproc 2>/dev/null || echo 2)
ifeq ($(MAKELEVEL)$(filter -j% --jobs% --jobserver%,$(MAKEFLAGS)),0)
MAKEFLAGS += -j$(NPROC)
endif

# ---- aarch64 (64-bit ARM), cross-compiled: `make TARGET=aarch64` ------------------------------
# clang cross-compiles the same harness, kernels and plugins for armv8-a into build-aarch64/ and
# bin-aarch64/, beside the native build and never in it, linking with Debian's cross binutils
# and libc (libc6-dev-arm64-cross); jansson and zstd are the arm64 packages (dpkg's arm64
# architecture, added by deps.sh); PAPI is left out.  Not Debian's gcc-aarch64-linux-gnu: it
# conflicts with gcc-multilib (the m32 build), so apt would remove one for the other
# (AARCH64_CC=aarch64-linux-gnu-gcc builds with it where it is installed).  `make aarch64` does
# the same from a native make; qemu-aarch64 runs the result (harness/scripts/run-aarch64.sh,
# docs/arm.md).  AARCH64_ARCH picks another -march.
AARCH64_CC   ?= clang --target=aarch64-linux-gnu
AARCH64_ARCH ?= -march=armv8-a
# (TARGET counts only on make's command line: a TARGET in the environment is someone else's)
ifeq ($(origin TARGET)$(TARGET),command lineaarch64)
ifneq ($(origin CC),command line)
CC       := $(AARCH64_CC)
endif
ARCH     ?= $(AARCH64_ARCH)
BUILD    ?= build-aarch64
BIN      ?= bin-aarch64
HAVE_PAPI ?= 0
# no debug information (as the other builds beside the main one): a third of compile time
DEBUG    ?= -g0
else ifeq ($(origin TARGET),command line)
$(error TARGET=$(TARGET): the only other target is aarch64 (make TARGET=aarch64))
endif
# ---- end of aarch64 -----------------------------------------------------------------------

CC       ?= gcc
# Debian's ccache, where it is installed, caches every compile: `make all` of a second clone
# took 3.9 s on the Emerald Rapids guest, against 65 s without ccache and 75 s with an empty
# cache (storing costs 15%).  CCACHE=0 turns it off; deps.sh does not install it.
CCACHE   ?= $(shell command -v ccache 2>/dev/null)
ifneq ($(filter-out 0,$(CCACHE)),)
ifeq ($(filter ccache %/ccache,$(firstword $(CC))),)
override CC := $(CCACHE) $(CC)
endif
endif
ARCH     ?= -march=native
OPT      ?= -O2
WARN     := -Wall -Wextra -Wshadow -Wmissing-prototypes
ifeq ($(WERROR),1)
WARN     += -Werror
endif
CFLAGS   ?=
CFLAGS   += -std=gnu11 $(OPT) $(ARCH) $(DEBUG) $(WARN) -D_GNU_SOURCE
# Harness files include each other as "folder/file.h" and the kernels' headers as "kernels/...".
CFLAGS   += -Iharness -I.
# Kernels are compared as scalar code: an engine calls a lookup per slider, it does not batch
# thousands through SIMD, so auto-vectorising the timed loops would judge the compiler instead.
# Every function and loop of a kernel starts on a 64-byte line, so that where the linker happens
# to place a kernel (which other files come before it) moves its timed loops as little as
# possible; `make layouts` builds copies that differ only in placement to measure what is left.
KFLAGS   := -fno-tree-vectorize -falign-functions=64 -falign-loops=64
# JSON (context.json, list --format json, export) is written and read through jansson
# (libjansson-dev; libjansson-dev:i386 for make m32): always linked.
LDLIBS   := -ldl -lm -ljansson

BUILD    ?= build
BIN      ?= bin

# Optional libraries: PAPI (hardware counters) and zstd (.pgn.zst input).  Without them the
# build still works and says so at run time.  `make deps` (run by `make test`) installs them.
# Detected once per make (HAVE_PAPI=0 on the command line turns PAPI off).
ifeq ($(origin HAVE_PAPI),undefined)
HAVE_PAPI := $(shell printf '\043include <papi.h>\nint main(void){return PAPI_library_init(PAPI_VER_CURRENT)<0;}' | $(CC) -x c - -o /dev/null -lpapi >/dev/null 2>&1 && echo 1 || echo 0)
endif
# R's standalone math library: only tests/test_stats_oracle.c links it (an oracle for the
# statistics' p-values and quantiles; make deps installs r-mathlib).
ifeq ($(origin HAVE_RMATH),undefined)
HAVE_RMATH := $(shell printf '\043define MATHLIB_STANDALONE\n\043include <Rmath.h>\nint main(void){return qt(0.975,5,1,0)<2;}' | $(CC) -x c - -o /dev/null -lRmath -lm >/dev/null 2>&1 && echo 1 || echo 0)
endif
ifeq ($(origin HAVE_ZSTD),undefined)
HAVE_ZSTD := $(shell printf '\043include <zstd.h>\nint main(void){return ZSTD_versionNumber()==0;}' | $(CC) -x c - -o /dev/null -lzstd >/dev/null 2>&1 && echo 1 || echo 0)
endif
# PERFT_LOOPS=0 leaves the kernels' perft loops out (the move generator expanded per kernel is
# 60% of a kernel's compile time): the -m32 and simulation builds, which time no perft, are
# made so (AUX_PERFT_LOOPS); their bench, verify and perft say so where perft is asked.
PERFT_LOOPS ?= 1
ifeq ($(PERFT_LOOPS),0)
CFLAGS   += -DSB_NO_PERFT=1
endif
ifeq ($(HAVE_PAPI),1)
CFLAGS   += -DHAVE_PAPI=1
LDLIBS   += -lpapi
endif
ifeq ($(HAVE_ZSTD),1)
CFLAGS   += -DHAVE_ZSTD=1
LDLIBS   += -lzstd
endif

# The compiler, by name and version: SB_CC is "gcc 12.2.0" or "clang 14.0.6".
CC_MACROS  := $(shell $(CC) -dM -E -x c /dev/null 2>/dev/null)
CC_NAME    := $(if $(filter __clang__,$(CC_MACROS)),clang,$(if $(filter __GNUC__,$(CC_MACROS)),gcc,$(notdir $(firstword $(CC)))))
CC_VERSION := $(shell $(CC) -dumpfullversion 2>/dev/null || $(CC) -dumpversion 2>/dev/null)
# A plugin in C++ (make plugin SRC=x.cpp) is compiled by the C compiler's own C++ driver, so it
# gets the kernel flags as that compiler takes them: g++ beside gcc, clang++ beside clang
# (CXX=... picks another).  CXXSTD is its -std (C++17 is the oldest kernel.h compiles as).
ifeq ($(origin CXX),default)
CC_BARE  := $(filter-out ccache %/ccache,$(CC))
CXX      := $(if $(filter clang,$(CC_NAME)),$(subst clang,clang++,$(CC_BARE)),$(if $(findstring gcc,$(CC_BARE)),$(subst gcc,g++,$(CC_BARE)),g++))
ifneq ($(filter-out 0,$(CCACHE)),)
override CXX := $(CCACHE) $(CXX)
endif
endif
CXXSTD   ?= gnu++17
# Debug info valgrind 3.19 reads: it gives up on clang 14's DWARF 5 ("unhandled dwarf2 abbrev form").
DEBUG    ?= -g $(if $(filter clang,$(CC_NAME)),-gdwarf-4)
# Kernels are compiled without it (a third of their compile time; -g changes no instruction
# gcc or clang emits): `make KDEBUG=-g` for line numbers in a kernel's perf annotate or gdb.
KDEBUG   ?= -g0
# gcc tuned for AMD Zen (what -march=native picks on Zen 3 to 5) keeps general-register values in
# vector registers when a loop runs short of registers (vmovq there and back), which puts two
# cross-domain moves on a lookup's dependency chain (19 of the 123 instructions of hyperbola's
# peer-random loop).
# Turning those moves off (the generic tuning's choice, the rest of the Zen tuning kept), all 52
# kernels x peer, peer-random, stream and position, 3 alternating rounds on a Zen 5 KVM guest:
# 85 of 210 cells faster by more than 3% (hyperbola 1.95x in peer mode, 1.33x in position;
# qbb, sbamg, leorik, kogge-stone 1.1-1.4x somewhere), 10 slower by 4-11% (osborne-compressed
# and avx2-shift in one mode each, magic-fancy, pext), geometric mean 1.06x.  gcc only (clang
# has no such option), and only where this gcc accepts it.
ifeq ($(CC_NAME),gcc)
GCC_KTUNE := -mtune-ctrl=^inter_unit_moves_to_vec,^inter_unit_moves_from_vec
KFLAGS   += $(shell echo 'int f(void);' | $(CC) $(GCC_KTUNE) -S -o /dev/null -x c - >/dev/null 2>&1 && echo '$(GCC_KTUNE)')
endif
# gcc 12 on a core with AVX-512BW (-march=native on Ice Lake to Emerald Rapids, Zen 4 and 5) uses
# the mask registers k0-k7 as spill room for general registers: every kernel's object held
# kmovq instructions (184 in spectral-magic's; 12 in its peer-random loop, five table bases
# moved back from k registers every lookup, each a port-0 uop with 3 cycles of latency).
# -ffixed-k0..k7 keeps them out of register allocation.  A kernel that uses mask registers
# itself (its source names __mmask or a _mm*_mask intrinsic) is built without it.  Measured on
# an Emerald Rapids KVM guest, all 54 kernels x peer, peer-random, stream and position, two
# alternating rounds: 35 cells faster by more than 3% in both (split-pext's peer loop 1.26x,
# sissy 1.17x, fan-line's position loop 1.17x, correlation-magic 1.06-1.11x), 8 slower in
# both (classical-oneline's peer-random loop 0.82x, bob-mike and bob-mike-advanced 0.86-0.91x,
# binary-network's stream loops 0.93-0.96x, hyperbola-inline's peer loop 0.94x: the same
# instructions with a lea in place of each kmovq), geometric mean 1.00-1.03x per mode.  Intel
# cores only, where it was measured (NOKSPILL=1 or 0 on the command line decides elsewhere),
# and only for an -march with AVX-512BW (the x86-64-v3 builds have no mask registers).
NOKSPILL ?= $(if $(filter GenuineIntel,$(shell awk -F': ' '/^vendor_id/ { print $$2; exit }' /proc/cpuinfo 2>/dev/null)),1,0)
ifeq ($(CC_NAME)$(NOKSPILL)$(filter __AVX512BW__,$(shell $(CC) $(ARCH) -dM -E -x c /dev/null 2>/dev/null)),gcc1__AVX512BW__)
GCC_NOKSPILL := $(foreach k,0 1 2 3 4 5 6 7,-ffixed-k$(k))
GCC_NOKSPILL := $(shell echo 'int f(void);' | $(CC) $(GCC_NOKSPILL) -S -o /dev/null -x c - >/dev/null 2>&1 && echo '$(GCC_NOKSPILL)')
endif
KMASK_SRCS := $(shell grep -lE '__mmask|_mm[0-9]*_maskz?_' kernels/*.c tests/plugins/*.c tests/plugins/*.cpp 2>/dev/null)
# KREGS is expanded per recipe: it reads the source being compiled ($<).
KREGS     = $(if $(filter $(KMASK_SRCS),$<),,$(GCC_NOKSPILL))
CFLAGS   += -DSB_CC='"$(CC_NAME) $(CC_VERSION)"'
CFLAGS   += -DSB_CFLAGS='"$(OPT) $(ARCH) $(KFLAGS) $(GCC_NOKSPILL) $(EXTRA_FLAGS)"'

# x86-64-v3 (AVX2, BMI1/2, FMA, LZCNT, MOVBE, F16C; no AVX-512) is what valgrind 3.19 decodes
# and what qemu-user 7.2 emulates.  The simulation build (bin/slidebench-sim) and the 32-bit
# build use it, or -march=native on a machine that lacks part of it (then native has no AVX-512).
ifeq ($(origin V3_ARCH),undefined)
V3_ARCH  := $(if $(filter 6,$(words $(filter __AVX2__ __BMI2__ __FMA__ __LZCNT__ __MOVBE__ __F16C__,$(shell $(CC) -march=native -dM -E -x c /dev/null 2>/dev/null)))),-march=x86-64-v3,-march=native)
endif
SIM_ARCH ?= $(V3_ARCH)
M32_ARCH ?= $(V3_ARCH)

CONFIG   := $(BUILD)/config.mk
define CONFIG_TEXT
# written by the Makefile; rewritten (and everything rebuilt) when the build configuration changes
CC = $(CC) ($(CC_NAME) $(CC_VERSION))
HAVE_PAPI = $(HAVE_PAPI)
HAVE_ZSTD = $(HAVE_ZSTD)
HAVE_RMATH = $(HAVE_RMATH)
CFLAGS = $(CFLAGS)
KFLAGS = $(KFLAGS) $(GCC_NOKSPILL) $(KDEBUG)
CXX = $(CXX) -std=$(CXXSTD)
EXTRA_FLAGS = $(EXTRA_FLAGS)
LDLIBS = $(LDLIBS)
endef
ifneq ($(file <$(CONFIG)),$(CONFIG_TEXT))
$(shell mkdir -p $(BUILD))
$(file >$(CONFIG),$(CONFIG_TEXT))
endif

# The revision is recorded by results_context.c alone; it gets its own stamp so that a commit
# rebuilds that one file, not the whole tree.
# (GIT_REV from the environment wins: a fleet task builds a copy of the tree that has no .git)
ifeq ($(origin GIT_REV),undefined)
GIT_REV  := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD 2>/dev/null || echo -dirty)
endif
REV_STAMP := $(BUILD)/git-rev
ifneq ($(file <$(REV_STAMP)),$(GIT_REV))
$(shell mkdir -p $(BUILD))
$(file >$(REV_STAMP),$(GIT_REV))
endif
CFLAGS   += -DSB_GIT_REV='"$(GIT_REV)"'

KERNEL_ALL  := $(wildcard kernels/*.c)
KERNEL_SRCS := $(shell grep -l '^SB_REGISTER' $(KERNEL_ALL) 2>/dev/null)
KHELP_SRCS  := $(filter-out $(KERNEL_SRCS),$(KERNEL_ALL))
HARNESS_SRCS:= $(filter-out harness/cli/main.c harness/scripts/%,$(wildcard harness/*/*.c))
TEST_SRCS   := $(wildcard tests/test_*.c)

KOBJS   := $(patsubst kernels/%.c,$(BUILD)/kernels/%.o,$(KERNEL_SRCS))
KHOBJS  := $(patsubst kernels/%.c,$(BUILD)/kernels/%.o,$(KHELP_SRCS))
KHPICS  := $(patsubst kernels/%.c,$(BUILD)/pic/%.o,$(KHELP_SRCS))
HOBJS   := $(patsubst harness/%.c,$(BUILD)/harness/%.o,$(HARNESS_SRCS))
PLUGINS := $(patsubst kernels/%.c,$(BIN)/plugins/%.so,$(KERNEL_SRCS))
TESTS   := $(patsubst tests/%.c,$(BIN)/tests/%,$(TEST_SRCS))
TESTPLUGINS := $(patsubst tests/plugins/%.c,$(BIN)/tests/plugins/%.so,$(wildcard tests/plugins/*.c)) \
	$(patsubst tests/plugins/%.cpp,$(BIN)/tests/plugins/%.so,$(wildcard tests/plugins/*.cpp))
HEADERS := $(wildcard kernels/*.h harness/*/*.h tests/*.h)
DEPS    := $(HEADERS) $(CONFIG)
# Objects depend on the headers they include (the compiler writes NAME.d beside NAME.o), not on
# every header: a change to one header rebuilds what includes it.
OBJDEPS := $(CONFIG)
DEPFLAGS = -MMD -MP
-include $(wildcard $(BUILD)/harness/*/*.d $(BUILD)/kernels/*.d $(BUILD)/pic/*.d)

# A plugin is compiled exactly like an in-tree kernel, plus position-independent and with
# everything hidden but sb_plugin_kernel.  `make plugin` uses the same flags.
PLUGIN_FLAGS = $(CFLAGS) $(KDEBUG) $(KFLAGS) $(KREGS) $(EXTRA_FLAGS) -fPIC -fvisibility=hidden -DSB_PLUGIN \
	-frecord-gcc-switches
# A C++ plugin gets the same flags but the language's: its -std, and C++'s name for the
# warning about a function without a declaration.  PLUGIN_CC compiles the source $< in its
# language.
PLUGIN_CXXFLAGS = $(filter-out -std=% -Wmissing-prototypes,$(PLUGIN_FLAGS)) -std=$(CXXSTD) \
	-Wmissing-declarations
PLUGIN_CC = $(if $(filter %.cpp %.cc %.cxx,$<),$(CXX) $(PLUGIN_CXXFLAGS),$(CC) $(PLUGIN_FLAGS))

.PHONY: trace all test check sanitize bench plots report m32 verify-m32 plugin plugins layouts deps clean \
	help bounds check-tests fuzz fuzz-build FORCE
.DEFAULT_GOAL := all

TRACE := datasets/master-2000.trace
ifeq ($(HAVE_ZSTD),1)
ALL_TRACE := $(TRACE)
else
ALL_TRACE := no-zstd-trace
endif

all: $(BIN)/slidebench $(BIN)/slidebench-sim $(ALL_TRACE) ## bin/slidebench, bin/slidebench-sim (for --simulate) and the default trace

plugins: $(PLUGINS) ## every kernel alone as bin/plugins/<kernel>.so (what `make layouts` and plugin tests use)

$(BUILD)/kernels/%.o: kernels/%.c $(OBJDEPS) | $(BUILD)/kernels
	$(CC) $(CFLAGS) $(KDEBUG) $(KFLAGS) $(KREGS) $(EXTRA_FLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/harness/%.o: harness/%.c $(OBJDEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(EXTRA_FLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/harness/results/results_context.o: $(REV_STAMP)

# Every link writes the program's bounds too (bounds.sh, about 2 s): a bounds file of an older
# link is refused by bench, so whatever relinks the program must renew it.
$(BIN)/slidebench: $(BUILD)/harness/cli/main.o $(HOBJS) $(KOBJS) $(KHOBJS) | $(BIN)
	$(CC) $(CFLAGS) $(EXTRA_FLAGS) -rdynamic $^ -o $@ $(LDLIBS)
	@harness/scripts/bounds.sh $@ $@.bounds.csv || echo "make: no lower bounds for $@" >&2

# A plugin is the kernel file plus the kernel helpers (compiled once, position-independent).
$(BUILD)/pic/%.o: kernels/%.c $(OBJDEPS) | $(BUILD)/pic
	$(CC) $(PLUGIN_FLAGS) $(DEPFLAGS) -c $< -o $@

$(BIN)/plugins/%.so: $(BUILD)/pic/%.o $(KHPICS) | $(BIN)/plugins
	$(CC) $(PLUGIN_FLAGS) -shared $^ -o $@ -lm

$(BIN)/tests/plugins/%.so: tests/plugins/%.c $(KHPICS) $(DEPS) | $(BIN)/tests/plugins
	$(CC) $(PLUGIN_FLAGS) -shared -Ikernels $< $(KHPICS) -o $@ -lm

$(BIN)/tests/plugins/%.so: tests/plugins/%.cpp $(KHPICS) $(DEPS) | $(BIN)/tests/plugins
	$(PLUGIN_CC) -shared -Ikernels $< $(KHPICS) -o $@ -lm

ifeq ($(HAVE_RMATH),1)
$(BIN)/tests/test_stats_oracle: CFLAGS += -DHAVE_RMATH=1
$(BIN)/tests/test_stats_oracle: LDLIBS += -lRmath
endif
$(BIN)/tests/%: tests/%.c $(HOBJS) $(KOBJS) $(KHOBJS) $(DEPS) | $(BIN)/tests
	$(CC) $(CFLAGS) $(EXTRA_FLAGS) -rdynamic $< $(HOBJS) $(KOBJS) $(KHOBJS) -o $@ $(LDLIBS)

$(BUILD)/kernels $(BUILD)/pic $(BUILD)/layouts $(BIN) $(BIN)/plugins $(BIN)/tests $(BIN)/tests/plugins:
	mkdir -p $@

# The null's loop must cost no more than any kernel's.  In the -m32 build gcc's scalar-to-
# vector pass (STV) moved the null's 64-bit XOR into an SSE register through the stack: the
# square stored as two 32-bit halves and loaded back as one 64-bit value, every lookup, a
# store-forwarding stall that made the null (4.8-5.1 ns a lookup in stream mode) dearer than
# real kernels.  -mno-stv keeps it in general registers, as the kernels' own loops are.
NULL_FLAGS := $(if $(filter gcc,$(CC_NAME)),$(if $(filter __x86_64__ __i386__,$(CC_MACROS)),-mno-stv))
$(BUILD)/harness/bench/null_kernel.o: CFLAGS += $(KFLAGS) $(GCC_NOKSPILL) $(NULL_FLAGS)

.SECONDARY: # keep the position-independent objects and the padding objects between builds

# The builds beside the main one (simulation, -m32; run_all.sh's clang build) carry no debug
# information: nothing reads it (callgrind and the bounds read symbols), and it cost a quarter
# to a third of their compile time.
AUX_DEBUG := -g0
AUX_PERFT_LOOPS ?= 0

# The simulation build: the same harness and kernels for $(SIM_ARCH), in their own tree, so that
# `bench --simulate` runs under valgrind a program whose every instruction valgrind decodes.
SIM_BUILD := $(BUILD)/sim
SIM_MAKE   = --no-print-directory BUILD=$(SIM_BUILD) BIN=$(SIM_BUILD)/bin ARCH=$(SIM_ARCH) \
	EXTRA_FLAGS= DEBUG=$(AUX_DEBUG) PERFT_LOOPS=$(AUX_PERFT_LOOPS) HAVE_PAPI=$(HAVE_PAPI) \
	HAVE_ZSTD=$(HAVE_ZSTD) $(SIM_BUILD)/bin/slidebench
$(BIN)/slidebench-sim: FORCE | $(BIN)
	@$(MAKE) -q $(SIM_MAKE) 2>/dev/null || $(MAKE) $(SIM_MAKE)
	@cmp -s $(SIM_BUILD)/bin/slidebench $@ || cp $(SIM_BUILD)/bin/slidebench $@
	@[ $@.bounds.csv -nt $@ ] || harness/scripts/bounds.sh $@ $@.bounds.csv || \
		echo "make: no lower bounds for $@" >&2

# Tests that re-run themselves under valgrind are built like slidebench-sim ($(SIM_ARCH), no
# sanitizers) against its objects: a native build may hold AVX-512 (clang vectorises the tests'
# own loops with it), which valgrind 3.19 cannot decode.
SIM_TESTS := $(BIN)/tests/test_simulate
SIM_OBJS   = $(patsubst $(BUILD)/%,$(SIM_BUILD)/%,$(HOBJS) $(KOBJS) $(KHOBJS))
$(SIM_TESTS): override ARCH := $(SIM_ARCH)
$(SIM_TESTS): override EXTRA_FLAGS :=
$(SIM_TESTS): $(BIN)/tests/%: tests/%.c $(BIN)/slidebench-sim $(DEPS) | $(BIN)/tests
	$(CC) $(CFLAGS) -rdynamic $< $(SIM_OBJS) -o $@ $(LDLIBS)

# The default trace: built once from the shipped corpus, rebuilt only when the corpus or the
# trace format changes.  Exit status 3 means some games were skipped (reported), still usable.
trace: $(TRACE) ## the default trace from the shipped real-game corpus
$(TRACE): datasets/master-2000.pgn.zst harness/trace/trace.h | $(BIN)/slidebench
	$(BIN)/slidebench trace $< -o $@ || [ $$? -eq 3 ]
no-zstd-trace:
	@echo "make: $(TRACE) not built: this build cannot read .pgn.zst (no libzstd-dev);" \
		"run make deps, then make" >&2

# Each kernel loop's lower bound in core cycles per lookup (the compiled loops' instructions
# counted against this core's limits, harness/scripts/bounds.sh; about 2 s): bench reads
# PROGRAM.bounds.csv beside itself and flags figures below it.  Every link writes it (above);
# `make bounds` writes it again.
bounds: $(BIN)/slidebench.bounds.csv ## each kernel loop's lower bound in core cycles, read by bench
%.bounds.csv: % harness/scripts/bounds.sh
	@harness/scripts/bounds.sh $< $@

# An out-of-tree plugin, compiled with exactly the flags of the in-tree kernels; a .cpp, .cc or
# .cxx source is C++, built by $(CXX).
plugin: ## make plugin SRC=path/to/kernel.c|.cpp [OUT=file.so]: a plugin built like the in-tree kernels
ifeq ($(SRC),)
	@echo "make plugin: name the source: make plugin SRC=path/to/kernel.c [OUT=file.so]" >&2; exit 2
else
OUT ?= $(basename $(SRC)).so
plugin: $(OUT)
$(OUT): $(SRC) $(KHPICS) $(DEPS)
	$(PLUGIN_CC) -shared -Ikernels $(SRC) $(KHPICS) -o $@ -lm
endif

# Layout copies: bin/layouts/<i>/<kernel>.so is the plugin linked after a padding object of
# i * LAYOUT_STEP bytes of .text, so its code lands on other cache sets and page offsets
# (1088 = 17 lines of 64 bytes: i = 0..3 start at 0, 1088, 2176, 3264 within a 4 KiB page).
LAYOUTS        ?= 4
LAYOUT_STEP    ?= 1088
LAYOUT_KERNELS ?= $(patsubst kernels/%.c,%,$(KERNEL_SRCS))
LAYOUT_IDS     := $(shell seq 0 $$(($(LAYOUTS) - 1)) 2>/dev/null)
layouts: $(foreach i,$(LAYOUT_IDS),$(patsubst %,$(BIN)/layouts/$(i)/%.so,$(LAYOUT_KERNELS))) ## LAYOUTS copies of each plugin that differ only in code placement

$(BUILD)/layouts/pad-%.o: $(CONFIG) | $(BUILD)/layouts
	printf '\t.section .note.GNU-stack,"",@progbits\n\t.text\n\t.p2align 6\nsb_layout_pad_:\n\t.skip %d, 0xcc\n' \
		$$(($* * $(LAYOUT_STEP))) | $(CC) $(EXTRA_FLAGS) -c -x assembler - -o $@

define LAYOUT_RULE
$$(BIN)/layouts/$(1)/%.so: $$(BUILD)/layouts/pad-$(1).o $$(BUILD)/pic/%.o $$(KHPICS)
	@mkdir -p $$(@D)
	$$(CC) $$(PLUGIN_FLAGS) -shared $$^ -o $$@ -lm
endef
$(foreach i,$(LAYOUT_IDS),$(eval $(call LAYOUT_RULE,$(i))))

deps: ## install missing Debian packages (says what and why; prints the command when not root)
	./harness/scripts/deps.sh

# TIER=fast: the tests `make test` runs; TIER=slow: those whose header says "# tier: slow"
# (tests/run.sh); both run in parallel, one per CPU.
TIER ?= fast
check-tests: all $(TESTS) $(TESTPLUGINS) $(BIN)/plugins/magic-plain.so
	BIN=$(BIN) TIER=$(TIER) ./tests/run.sh

test: ## install what is missing, build, run the tests (every subcommand, every kernel's verification, the report); last line "N passed, N failed, N skipped"
	./harness/scripts/deps.sh
	$(MAKE) --no-print-directory check-tests TIER=fast

check: ## what `make test` leaves out because it is slow: the slow tests (-m32, Slurm, ...), the tests under ASan and UBSan, and fuzzing
	./harness/scripts/deps.sh
	$(MAKE) --no-print-directory check-tests TIER=slow
	$(MAKE) --no-print-directory sanitize
	$(MAKE) --no-print-directory fuzz

sanitize: ## the tests under ASan and UBSan (separate build tree)
	./harness/scripts/deps.sh
	$(MAKE) --no-print-directory check-tests BUILD=build-san BIN=bin-san OPT=-O1 \
		EXTRA_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"

# libFuzzer targets (tests/fuzz/fuzz_*.c): the PGN/SAN reader, FEN, the trace loader, the run
# readers (CSV; summary, samples and context.json together), the study readers (report's
# loader with compiler/ blocks, blk_load, verdicts) and bench's command line, built by
# clang 14 with ASan and UBSan into their own tree; each runs FUZZ_SECONDS with a corpus seeded
# from tests/data and kept in bin-fuzz/fuzz/corpus/ between runs.  A crash fails the target;
# its input is left in bin-fuzz/fuzz/crashes/<target>/ to become a regression test.
FUZZ_CC      ?= clang-14
FUZZ_SECONDS ?= 30
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
fuzz: ## the libFuzzer targets, FUZZ_SECONDS each (default 30): PGN/SAN, FEN, trace, run and study readers, command line
	./harness/scripts/deps.sh
	$(MAKE) --no-print-directory $(BIN)/slidebench
	$(MAKE) --no-print-directory CC=$(FUZZ_CC) BUILD=build-fuzz BIN=bin-fuzz OPT=-O1 HAVE_PAPI=0 \
		ARCH=$(V3_ARCH) EXTRA_FLAGS="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" fuzz-build
	./tests/fuzz/run.sh bin-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-build: $(patsubst %,$(BIN)/fuzz/%,$(FUZZ_TARGETS))

$(BIN)/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(HOBJS) $(KOBJS) $(KHOBJS) $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(EXTRA_FLAGS) -fsanitize=fuzzer $< $(HOBJS) $(KOBJS) $(KHOBJS) -o $@ $(LDLIBS)

# The 32-bit build targets $(M32_ARCH), which qemu-i386 runs where the kernel refuses 32-bit
# programs; harness/scripts/run32.sh picks native or qemu.
BUILD32 ?= build32
BIN32   ?= bin32
m32: ## the same harness and kernels built with -m32 into bin32/ (no PAPI, no zstd; jansson from libjansson-dev:i386)
	./harness/scripts/deps.sh
	$(MAKE) --no-print-directory BUILD=$(BUILD32) BIN=$(BIN32) HAVE_PAPI=0 HAVE_ZSTD=0 \
		ARCH=$(M32_ARCH) EXTRA_FLAGS=-m32 DEBUG=$(AUX_DEBUG) PERFT_LOOPS=$(AUX_PERFT_LOOPS) \
		$(BIN32)/slidebench

verify-m32: m32 ## verify every kernel of bin32/: natively where 32-bit programs run, else under qemu-i386
	BIN32=$(BIN32) ./harness/scripts/run32.sh verify

bench: all ## a pinned bench of every kernel on the default trace (see run_all.sh for the sweep)
	./run_all.sh --bench-only

# A study directory from ./run_all.sh (default: the newest results/*-study).
# The recipes read it from the environment ("$$STUDY"): a path with quotes or $(...) in it is
# never part of a shell command line.
STUDY ?= $(lastword $(sort $(wildcard results/*-study)))
export STUDY
plots: ## the charts of a study: STUDY/plots/*.png and *.svg (make plots STUDY=results/<id>)
	@test -n "$$STUDY" || { echo "make plots: no study found; run ./run_all.sh, or give STUDY=DIR" >&2; exit 2; }
	plots/render.sh "$$STUDY"

report: all plots ## the study's report.html and report.md (make report STUDY=results/<id>)
	$(BIN)/slidebench report "$$STUDY"

clean: ## remove build trees (results/ are kept)
	rm -rf build build-san build32 build-fuzz build-aarch64 bin bin-san bin32 bin-fuzz bin-aarch64

# ---- aarch64 targets (see the aarch64 section at the top) ----------------------------------
# `make TARGET=aarch64` builds bin-aarch64/slidebench and every kernel's plugin (no simulation
# build, no trace: valgrind and the default trace are the native build's); `make aarch64` is the
# same from a native make, `make aarch64-verify` verifies every kernel under qemu-aarch64.
BUILD_AARCH64 ?= build-aarch64
BIN_AARCH64   ?= bin-aarch64
AARCH64_MAKE   = --no-print-directory TARGET=aarch64 BUILD=$(BUILD_AARCH64) BIN=$(BIN_AARCH64)
ifeq ($(origin TARGET)$(TARGET),command lineaarch64)
.DEFAULT_GOAL := aarch64-all
endif
aarch64-all: $(BIN)/slidebench $(PLUGINS)
aarch64: ## the harness, kernels and plugins cross-compiled for 64-bit ARM into bin-aarch64/ (= make TARGET=aarch64)
	./harness/scripts/deps.sh
	$(MAKE) $(AARCH64_MAKE) aarch64-all
aarch64-prog: # bin-aarch64/slidebench alone (what make test's aarch64 test runs)
	$(MAKE) $(AARCH64_MAKE) $(BIN_AARCH64)/slidebench
aarch64-verify: aarch64 ## verify every kernel of bin-aarch64/ under qemu-aarch64 (or natively on ARM)
	BIN_AARCH64=$(BIN_AARCH64) ./harness/scripts/run-aarch64.sh verify
.PHONY: aarch64 aarch64-all aarch64-prog aarch64-verify
# ---- end of aarch64 targets ---------------------------------------------------------------

help: ## this list
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 12
