# sympath — the usual entry points. `make demo` and `make test` set the machine up first when needed
# (scripts/setup.sh is quick when everything is already in place).

SHELL := /bin/bash
SYMPATH := node bin/sympath.mjs
BUILD := build

# The demo: `make demo` runs sympath on examples/demo.c (a planted assertion behind one input out of
# 2^32), then shows the test that reaches it and replays every test natively with gcov coverage.
DEMO_SRC := examples/demo.c
DEMO_OUT := $(BUILD)/demo-out

.PHONY: all setup build demo test clean distclean coreutils coreutils-echo

all: build

# musl 1.2.3 in LLVM IR (`make musl`: build/musl; see runtime/musl/README.md), the default C library
# of `sympath run`. Setup builds it once (about a minute); afterwards `make musl` is a no-op.
include mk/musl.mk

setup:
	@bash scripts/setup.sh
	@$(MAKE) --no-print-directory musl

# GNU Coreutils 9.1 built into LLVM IR (and natively with gcov) as subjects: benchmarks/coreutils.
coreutils: setup
	@$(MAKE) --no-print-directory -C benchmarks/coreutils coreutils

# Only echo, only into IR: the one real utility the test suite runs (test/posix/coreutils.test.ts).
# About 6 minutes on the 2-core machine (native musl 1, configure 3, gnulib and echo 2); cached afterwards.
coreutils-echo: setup
	@COREUTILS_UTILS=echo COREUTILS_IR_ONLY=1 $(MAKE) --no-print-directory -C benchmarks/coreutils coreutils
	@test -f benchmarks/coreutils/build/ir/echo.bc || { echo "coreutils-echo: build/ir/echo.bc was not built" >&2; exit 1; }

build: setup
	@npm run --silent build

demo: setup
	@rm -rf $(DEMO_OUT); mkdir -p $(BUILD)
	$(SYMPATH) run --output-dir $(DEMO_OUT) --replay-coverage $(DEMO_SRC)
	@echo; echo "demo: the error sympath found:"; cat $(DEMO_OUT)/*.err
	@echo; echo "demo: the input that reaches it:"; $(SYMPATH) ktest $$(ls $(DEMO_OUT)/*.err | head -1 | sed 's/\.[a-z-]*\.err$$/.ktest/')

# The JSON report gives the closing "N passed, N failed" line; vitest's exit status is kept.
test: setup coreutils-echo
	npx tsc --noEmit -p tsconfig.json
	@mkdir -p $(BUILD)
	npx vitest run --reporter=default --reporter=json --outputFile.json=$(BUILD)/vitest-report.json; \
	  status=$$?; node scripts/test-summary.mjs $(BUILD)/vitest-report.json; exit $$status

clean:
	rm -rf dist $(BUILD) *.tsbuildinfo sympath-out-* sympath-last

# also forget the npm dependencies (the next `make setup` runs `npm ci` again)
distclean: clean
	rm -rf node_modules
