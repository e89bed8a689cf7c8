# mk/musl.mk: musl 1.2.3 (Debian bookworm's source package) built into LLVM IR for sympath.
# Included from the top-level Makefile. `make musl` fetches the source (scripts/musl/fetch.sh, once)
# and builds build/musl/{libc.bc,libc.ll,crt1.bc,include/} (scripts/musl/build.sh, which is itself
# cached: it does nothing when libc.bc is newer than its inputs). See runtime/musl/README.md.
#
# A program links with musl in two steps (crt1.bc whole, then only the libc members it needs):
#   clang-19 -O0 -Xclang -disable-O0-optnone $(MUSL_CFLAGS) -emit-llvm -c prog.c -o prog.bc
#   llvm-link-19 prog.bc $(MUSL_CRT1) -o prog.crt.bc
#   llvm-link-19 --only-needed prog.crt.bc $(MUSL_BC) -o prog.linked.bc

MUSL_VERSION := 1.2.3
MUSL_SRC := build/src/musl-$(MUSL_VERSION)
MUSL_DIR := build/musl
MUSL_BC := $(MUSL_DIR)/libc.bc
MUSL_LL := $(MUSL_DIR)/libc.ll
MUSL_CRT1 := $(MUSL_DIR)/crt1.bc
MUSL_INCLUDE := $(MUSL_DIR)/include
MUSL_CLANG_RESOURCE_INCLUDE := $(shell clang-19 -print-resource-dir 2>/dev/null)/include
MUSL_CFLAGS := -nostdinc -isystem $(MUSL_INCLUDE) -isystem $(MUSL_CLANG_RESOURCE_INCLUDE)

MUSL_INPUTS := scripts/musl/build.sh runtime/include/sympath/syscall.h \
	$(shell find runtime/musl/overlay runtime/musl/patches -type f 2>/dev/null)
MUSL_CRT_INPUTS := $(shell find runtime/musl/crt -type f 2>/dev/null)

.PHONY: musl musl-fetch musl-clean

musl: $(MUSL_BC) $(MUSL_CRT1)

musl-fetch: $(MUSL_SRC)/Makefile

$(MUSL_SRC)/Makefile:
	scripts/musl/fetch.sh

$(MUSL_BC): $(MUSL_SRC)/Makefile $(MUSL_INPUTS)
	scripts/musl/build.sh

# crt1.bc alone when only the start-up code changed (build.sh notices and rebuilds just that).
$(MUSL_CRT1): $(MUSL_BC) $(MUSL_CRT_INPUTS)
	scripts/musl/build.sh

$(MUSL_LL) $(MUSL_INCLUDE): $(MUSL_BC)

musl-clean:
	rm -rf $(MUSL_DIR)
