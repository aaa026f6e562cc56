# Bari Care — the two set-up commands (see README.md): `make start` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := start
STAMP := node_modules/.install-stamp
WEB_BUILD := web/dist/index.html
WEB_SOURCES := $(shell find web/src web/build web/public web/index.html web/vite.config.ts contracts/src -type f 2>/dev/null)

.PHONY: start test install build web check lint typecheck format clean-data projector

## Install npm dependencies when package-lock.json changed since the last install.
$(STAMP): package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

install: $(STAMP)

$(WEB_BUILD): $(STAMP) $(WEB_SOURCES)
	npm run build

build web: $(WEB_BUILD)

## Everything in one process on http://localhost:5000 (embedded PostgreSQL unless DATABASE_URL).
# `npm start` holds Node's flags (package.json); the Dockerfile's CMD repeats them, checked by
# scripts/bench/start-command.unit.test.ts.
start: $(STAMP) $(WEB_BUILD)
	exec npm start --silent

## The separate projector process (when the API runs with PROJECTOR=external).
projector: $(STAMP)
	exec node --import tsx projections/src/main.ts

typecheck: $(STAMP)
	npx tsc -b

lint: $(STAMP)
	npx eslint . --max-warnings 0
	npx prettier --check .

## Every test: static checks, unit, integration (real PostgreSQL), browser (Debian's Chromium).
test: $(STAMP) $(WEB_BUILD)
	bash scripts/ensure-chromium.sh
	bash scripts/static-checks.sh
	npx vitest run

clean-data:
	rm -rf .data
