# Thin wrapper so that a fresh Debian machine needs only these commands:
#   make run    install what is missing, build (Release), run the main job
#   make test   install what is missing, build, run every test with ctest
#   make serve  build and serve the
#               web page on http://127.0.0.1:8080/ (PORT=... to change)
# Other targets: make build, make sanitize (ASan+UBSan tests), make tsan,
# make fuzz (every libFuzzer target FUZZ_SECONDS seconds), make bench,
# make plots (Kulibrat figures in results/), make web-screenshots, make format,
# make kerx3 (Kerx size 3 solved in every position, into the data folder), make clean.

MAKEFLAGS  += --no-print-directory
BUILD      ?= build
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
DEB_PKGS   := cmake gcc make pkg-config libxxhash-dev zlib1g-dev libcmocka-dev libjansson-dev \
              python3-jsonschema libmicrohttpd-dev libopenmpi-dev openmpi-bin \
              libsqlite3-dev python3-dev python3-numpy python3-pytest python3-setuptools python3-pip \
              python3-venv python3-matplotlib
# The browser tests of `kibitz serve` (tests/web_browser.py), for make test.
WEB_TEST_PKGS := chromium chromium-driver python3-selenium
PORT       ?= 8080
# `make fuzz` also needs clang with its libFuzzer runtime and OpenMP.
FUZZ_PKGS  := clang libclang-rt-dev libomp-dev
FUZZ_SECONDS ?= 60
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CMAKE_ARGS ?=
# make plots: Debian's matplotlib, the target-100 database (6.8 GB) in PLOT_DB.
PLOT_PKGS  := python3-matplotlib
PLOT_DB    ?= /tmp/kibitz-plots

.PHONY: run test build deps deps-web sanitize tsan tsan-run fuzz bench plots serve web-screenshots format clean kerx3

# Install only the Debian packages that are missing; no-op when all are there.
deps:
	@missing=""; for p in $(DEB_PKGS) $(EXTRA_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" \
	    || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# The browser tests' packages, for make test, and axe-core (npm) for the
# accessibility check of tests/web_page.py, into the build folder. npm comes
# with Debian's nodejs packages; an image may have its own node already.
AXE_JS := $(BUILD)/npm/node_modules/axe-core/axe.min.js
deps-web:
	@$(MAKE) deps EXTRA_PKGS="$(WEB_TEST_PKGS)"
	@command -v npm >/dev/null || $(MAKE) deps EXTRA_PKGS="npm"
	@[ -f $(AXE_JS) ] || npm install --prefix $(BUILD)/npm --no-audit --no-fund --silent axe-core@4

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./scripts/main-job.sh $(BUILD)/kibitz

test: build deps-web
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

sanitize: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug \
	  -DKIBITZ_SANITIZE=address,undefined >/dev/null
	cmake --build build-asan -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 ctest --test-dir build-asan --output-on-failure -j $(JOBS)

# ThreadSanitizer cannot see GCC's libgomp synchronise, so the build uses
# clang with its libomp and libomp's TSan tool (archer), installed when
# missing. It runs the tests labelled `threads` (tests/CMakeLists.txt: those
# that run code on several threads); halt_on_error makes a race in a kibitz
# process that a shell test starts fail that test too.
TSAN_PKGS  := clang libomp-dev
tsan:
	@$(MAKE) deps EXTRA_PKGS="$(TSAN_PKGS)"
	@$(MAKE) tsan-run

# A make of its own, so that ARCHER is looked for after the install.
ARCHER = $(firstword $(wildcard /usr/lib/llvm-*/lib/libarcher.so))
tsan-run:
	@[ -n "$(ARCHER)" ] || { echo "make tsan: no libarcher.so (Debian's libomp-dev)"; exit 1; }
	cmake -S . -B build-tsan -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
	  -DKIBITZ_SANITIZE=thread >/dev/null
	cmake --build build-tsan -j $(JOBS)
	OMP_TOOL_LIBRARIES=$(ARCHER) \
	  TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1" \
	  ctest --test-dir build-tsan --output-on-failure -j $(JOBS) -L threads

# libFuzzer: every tests/fuzz/fuzz_<name>.c for FUZZ_SECONDS seconds from its
# committed seeds (the corpus grows in build-fuzz/corpus/<name>, not in the
# tree). Any finding (crash, leak, failed property, timeout) stops it with a
# non-zero status; the input is left in build-fuzz/findings/<name>/.
fuzz:
	@$(MAKE) deps EXTRA_PKGS="$(FUZZ_PKGS)"
	cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
	  -DKIBITZ_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
	cmake --build build-fuzz -j $(JOBS)
	@set -e; for src in tests/fuzz/fuzz_*.c; do \
	  name=$$(basename $$src .c); name=$${name#fuzz_}; \
	  [ "$$name" = support ] && continue; \
	  mkdir -p build-fuzz/corpus/$$name build-fuzz/findings/$$name; \
	  echo "fuzz $$name: $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS=detect_leaks=1 build-fuzz/tests/fuzz/fuzz_$$name \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=build-fuzz/findings/$$name/ \
	    build-fuzz/corpus/$$name tests/fuzz/seeds/$$name \
	    > build-fuzz/$$name.log 2>&1 \
	    || { tail -40 build-fuzz/$$name.log; exit 1; }; \
	  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|cov: ' \
	    build-fuzz/$$name.log | tail -3; \
	done

bench: build
	$(BUILD)/kibitz bench

# The web page on this machine; the Kulibrat database of the default target
# is made in the data folder on first use (docs/DESIGN.md), so every move is
# coloured by its value.
serve: build
	$(BUILD)/kibitz serve --port $(PORT)

# Kerx size 3 solved in every position: every material (up to 9 against 9)
# into egdb-kerx-size=3,drawat=3,huff=0/ of the data folder (docs/DESIGN.md:
# $KIBITZ_DATA, else the per-user one) (91 MB, about a minute of CPU,
# 100 MB of memory; resumes pair by pair), which query, bestmove --db,
# review, the page (make serve) and Python then read.
kerx3: build
	$(BUILD)/kibitz solve kerx --variant size=3

# Screenshots of every game for the README (results/web/), by the browser
# tests: desktop (NAME.png) and phone size (NAME-phone.png).
web-screenshots: build deps-web
	/usr/bin/python3 tests/web_browser.py $(BUILD)/kibitz results/web
	/usr/bin/python3 tests/web_page.py $(BUILD)/kibitz $(AXE_JS) results/web

# Kulibrat figures of results/kulibrat.md: solve target 100 into $(PLOT_DB)
# (6.8 GB, a few minutes), read the reports from it, draw with matplotlib.
plots: build
	@$(MAKE) deps EXTRA_PKGS="$(PLOT_PKGS)"
	mkdir -p $(PLOT_DB)
	$(BUILD)/kibitz solve kulibrat --variant target=100 --db $(PLOT_DB) --json --quiet \
	  >$(PLOT_DB)/solve.json
	$(BUILD)/kibitz solve kulibrat --variant target=100 --db $(PLOT_DB) \
	  --report start >$(PLOT_DB)/start.txt
	$(BUILD)/kibitz solve kulibrat --variant target=100 --db $(PLOT_DB) \
	  --report remoteness >$(PLOT_DB)/remoteness.txt
	/usr/bin/python3 scripts/plot_kulibrat.py $(PLOT_DB)/solve.json \
	  $(PLOT_DB)/start.txt $(PLOT_DB)/remoteness.txt results

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf build build-asan build-tsan build-fuzz
