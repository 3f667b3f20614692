# written by the Makefile; rewritten (and everything rebuilt) when the build configuration changes
CC = clang (clang 14.0.6)
HAVE_PAPI = 1
HAVE_ZSTD = 1
CFLAGS = -std=gnu11 -O2 -march=native -g -gdwarf-4 -Wall -Wextra -Wshadow -Wmissing-prototypes -D_GNU_SOURCE -DHAVE_PAPI=1 -DHAVE_ZSTD=1 -DSB_CC='"clang 14.0.6"' -DSB_CC_VERSION='"14.0.6"' -DSB_CFLAGS='"-O2 -march=native -fno-tree-vectorize -falign-functions=64 -falign-loops=64 "'
KFLAGS = -fno-tree-vectorize -falign-functions=64 -falign-loops=64
EXTRA_FLAGS = 
LDLIBS = -ldl -lm -lpapi -lzstd
