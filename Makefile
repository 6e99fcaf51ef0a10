# The two commands a newcomer needs: `make run` and `make test`. Everything else is CMake.
PRESET ?= release
BUILD_DIR = build/$(PRESET)
JOBS ?= $(shell nproc)

.PHONY: deps configure build run test test-sanitize build-thread test-thread fuzz format clean

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/boardroom serve $(ARGS)

# Tests at a time: twice the cores, as tests wait on sockets, timers and child processes much of
# the time (at -j2 on two cores the `ci` suite kept 1.0 core busy, ThreadSanitizer's 1.3), but
# one more than the cores under AddressSanitizer, whose suite keeps them busier (1.7 at -j2; with
# the quick tests of a suite in one process, -j3 took 318 s on two cores where -j2 took 370 s).
ifeq ($(PRESET),debug)
TEST_JOBS ?= $(shell echo $$(( $(JOBS) + 1 )))
else
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 2 )))
endif
test: build
	ctest --test-dir $(BUILD_DIR) -j $(TEST_JOBS) --output-on-failure

test-sanitize:
	@$(MAKE) test PRESET=debug

# The server and its integration tests under ThreadSanitizer (rooms played from several threads
# against a server with several io threads). Only server_tests: the engines have no threads.
TSAN_OPTIONS ?= halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp
build-thread:
	@$(MAKE) configure PRESET=tsan
	@cmake --build build/tsan -j $(JOBS) --target server_tests

test-thread: build-thread
	TSAN_OPTIONS="$(TSAN_OPTIONS)" ctest --test-dir build/tsan -E _NOT_BUILT -j $(TEST_JOBS) \
	    --output-on-failure

# libFuzzer targets with clang, each run for FUZZ_SECONDS.
FUZZ_SECONDS ?= 30
fuzz:
	@bash fuzz/run.sh $(FUZZ_SECONDS)

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf build
