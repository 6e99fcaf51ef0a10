# The two commands a newcomer needs: `make run` and `make test`. Everything else is CMake.
PRESET ?= release
BUILD_DIR = build/$(PRESET)
JOBS ?= $(shell nproc)

.PHONY: deps configure build run test test-sanitize fuzz format clean

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/boardroom serve $(ARGS)

test: build
	ctest --test-dir $(BUILD_DIR) -j $(JOBS) --output-on-failure

test-sanitize:
	@$(MAKE) test PRESET=debug

# libFuzzer targets with clang, each run for FUZZ_SECONDS.
FUZZ_SECONDS ?= 30
fuzz:
	@bash fuzz/run.sh $(FUZZ_SECONDS)

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf build
