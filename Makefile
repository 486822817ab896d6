# The whole suite: formatting, vet, unit/scenario/property tests, the race
# detector over the packages that share state across goroutines, every
# benchmark run once (so none stops working unseen), and a short run of
# every fuzz target over its committed corpus.
.PHONY: test vet fmt fuzz race bench-once

test: fmt vet
	go test -count=1 -timeout 30m ./...
	$(MAKE) race
	$(MAKE) bench-once
	$(MAKE) fuzz FUZZTIME=20000x

bench-once:
	go test -count=1 -run='^$$' -bench=. -benchtime=1x ./...

race:
	go test -count=1 -race -short ./internal/ti4 ./internal/bot ./internal/server ./internal/store ./internal/engine

vet:
	go vet ./...

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# make test gives each target a count of inputs, not a duration: with Go
# before 1.27 a duration can end mid-input and fail the run with "context
# deadline exceeded" though nothing was found (go.dev/issue/75804).
FUZZTIME ?= 30s
fuzz:
	@for spec in $$(grep -rl --include='*_test.go' '^func Fuzz' internal | xargs grep -o '^func Fuzz[A-Za-z0-9_]*' | sed 's/:func /:/'); do \
		file=$${spec%%:*}; name=$${spec##*:}; pkg=./$$(dirname $$file); \
		echo "fuzz $$pkg $$name ($(FUZZTIME))"; \
		go test -run='^$$' -fuzz="^$$name\$$" -fuzztime=$(FUZZTIME) $$pkg || exit 1; \
	done
