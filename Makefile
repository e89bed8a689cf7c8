# sympath — the usual entry points. `make demo` and `make test` set the machine up first when needed
# (scripts/setup.sh is quick when everything is already in place).

SHELL := /bin/bash
SYMPATH := node bin/sympath.mjs
BUILD := build

# The demo: what `make demo` runs on examples/demo.c. Until the engine exists it compiles the example to
# IR and summarises it with `sympath parse`; once `sympath run` works, switch DEMO_CMD to the run line
# below (and drop DEMO_NOTE).
DEMO_SRC := examples/demo.c
DEMO_LL := $(BUILD)/demo.ll
DEMO_CMD ?= $(SYMPATH) compile $(DEMO_SRC) -o $(DEMO_LL) && $(SYMPATH) parse $(DEMO_LL)
# DEMO_CMD ?= $(SYMPATH) run --output-dir $(BUILD)/demo-out $(DEMO_SRC)
DEMO_NOTE ?= The symbolic execution engine (sympath run) is not built yet: this demo only compiles \
$(DEMO_SRC) to LLVM IR and parses it.

.PHONY: all setup build demo test clean distclean

all: build

setup:
	@bash scripts/setup.sh

build: setup
	@npm run --silent build

demo: setup
	@mkdir -p $(BUILD)
	@echo "demo: $(DEMO_CMD)"
	@$(DEMO_CMD)
	@if [ -n "$(DEMO_NOTE)" ]; then echo; echo "demo: $(DEMO_NOTE)"; fi

# The JSON report gives the closing "N passed, N failed" line; vitest's exit status is kept.
test: setup
	npx tsc --noEmit -p tsconfig.json
	@mkdir -p $(BUILD)
	npx vitest run --reporter=default --reporter=json --outputFile.json=$(BUILD)/vitest-report.json; \
	  status=$$?; node scripts/test-summary.mjs $(BUILD)/vitest-report.json; exit $$status

clean:
	rm -rf dist $(BUILD) *.tsbuildinfo sympath-out-* sympath-last

# also forget the npm dependencies (the next `make setup` runs `npm ci` again)
distclean: clean
	rm -rf node_modules
