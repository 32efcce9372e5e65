package mcptoolresult

// The soak, concurrency and hostile-value tests over the shared driver (conformance/soak):
// short here (SOAK_N, default 3000 conversions; SOAK_HOSTILE, default 300 mutated inputs), a
// million conversions under `make soak`. They run on whichever backend the build uses.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

const mib = 1 << 20

// soakRSSBound is the most the resident set may grow after the warm-up. A leak of one small
// allocation per call (a 32-byte string, a handle, a few bytes of the wasm module's linear
// memory) grows a million calls by 32 MB or more; the Go heap is collected and returned to the
// OS before each measurement, and the Rust allocator and the module's linear memory reach their
// high-water marks within the warm-up pass, so their own growth stays below this.
const soakRSSBound = 24 * mib

// soakCall is one call of the driver's workload.
type soakCall struct {
	ID        string          `json:"id"`
	Op        string          `json:"op"`
	Target    string          `json:"target"`
	Options   json.RawMessage `json:"options"`
	Input     json.RawMessage `json:"input"`
	InputJSON *string         `json:"input_json"`
	// Filled by loadWorkload: the input as a Go value and the options as Options, when the
	// call is made through the value door (even indices go through the JSON-text door).
	value   any
	opts    Options
	byValue bool
}

type soakWorkload struct {
	Calls    []soakCall `json:"calls"`
	Schedule []int      `json:"schedule"`
}

func driver(t testing.TB, args ...string) []byte {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "..", "conformance", "soak", "driver.py"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("python3", append([]string{path}, args...)...).Output()
	if err != nil {
		t.Fatalf("python3 %s %v: %v", path, args, err)
	}
	return out
}

func envInt(t testing.TB, name string, fallback int) int {
	if s := os.Getenv(name); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", name, s, err)
		}
		return n
	}
	return fallback
}

func loadWorkload(t testing.TB) soakWorkload {
	var w soakWorkload
	if err := json.Unmarshal(driver(t, "workload"), &w); err != nil {
		t.Fatal(err)
	}
	for i := range w.Calls {
		c := &w.Calls[i]
		if c.InputJSON != nil || i%2 == 0 {
			continue
		}
		// Options the Options struct cannot hold (unknown names, wrong types) stay on the
		// JSON-text door.
		dec := json.NewDecoder(strings.NewReader(string(c.Options)))
		dec.DisallowUnknownFields()
		if dec.Decode(&c.opts) != nil || json.Unmarshal(c.Input, &c.value) != nil {
			continue
		}
		c.byValue = true
	}
	return w
}

// text is the call's input as JSON text.
func (c *soakCall) text() []byte {
	if c.InputJSON != nil {
		return []byte(*c.InputJSON)
	}
	return c.Input
}

// run makes the call: its Conversion or Extraction, or its error.
func (c *soakCall) run() (any, error) {
	switch {
	case c.Op == "extract" && c.byValue:
		return ExtractImages(c.value, c.opts)
	case c.Op == "extract":
		return ExtractImagesJSON(c.text(), c.Options)
	case c.byValue:
		return Convert(c.value, Target(c.Target), c.opts)
	default:
		return ConvertJSON(c.text(), Target(c.Target), c.Options)
	}
}

// outcome is what a call gives, comparable across goroutines: the result, or the error's code
// and path. Any error that is not a *ConvertError fails the test.
func (c *soakCall) outcome(t testing.TB) any {
	got, err := c.run()
	if err == nil {
		return got
	}
	var ce *ConvertError
	if !errors.As(err, &ce) {
		t.Errorf("%s: %T %v, not a *ConvertError", c.ID, err, err)
	}
	return "error " + ce.Code + " " + ce.Path
}

func rss(t testing.TB) int {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := strconv.Atoi(strings.Fields(string(data))[1])
	if err != nil {
		t.Fatal(err)
	}
	return pages * os.Getpagesize()
}

func settledRSS(t testing.TB) int {
	runtime.GC()
	debug.FreeOSMemory()
	return rss(t)
}

func TestSoak(t *testing.T) {
	w := loadWorkload(t)
	n := envInt(t, "SOAK_N", 3000)
	warmUp := min(n/2, len(w.Schedule))
	kinds := map[int]bool{}
	results, errs, warm := 0, 0, 0
	// The resident set at the warm-up and every tenth of the rest: a leak grows it steadily,
	// an allocator settling does not.
	var samples []string
	start := time.Now()
	for k := range n {
		if k == warmUp {
			warm = settledRSS(t)
		}
		if k > warmUp && (k-warmUp)%max(1, (n-warmUp)/10) == 0 {
			samples = append(samples, fmt.Sprintf("%.1f", float64(settledRSS(t))/mib))
		}
		index := w.Schedule[k%len(w.Schedule)]
		c := &w.Calls[index]
		_, err := c.run()
		ok := err == nil
		var ce *ConvertError
		if !ok && !errors.As(err, &ce) {
			t.Fatalf("%s: %T %v, not a *ConvertError", c.ID, err, err)
		}
		if ok {
			results++
		} else {
			errs++
		}
		// Each call gives the same kind of outcome every time it runs.
		if was, seen := kinds[index]; seen && was != ok {
			t.Fatalf("%s: outcome changed", c.ID)
		}
		kinds[index] = ok
	}
	end := settledRSS(t)
	t.Logf("soak go-%s: N=%d results=%d errors=%d rss warm=%.1f MiB end=%.1f MiB growth=%+.1f MiB (bound %d MiB) time=%.1fs",
		Backend, n, results, errs, float64(warm)/mib, float64(end)/mib, float64(end-warm)/mib, soakRSSBound/mib, time.Since(start).Seconds())
	t.Logf("soak go-%s: rss MiB every tenth after the warm-up: %s", Backend, strings.Join(samples, " "))
	if results == 0 || errs == 0 {
		t.Error("the workload must give both results and errors")
	}
	if end-warm > soakRSSBound {
		t.Errorf("the resident set grew by %.1f MiB, more than %d MiB", float64(end-warm)/mib, soakRSSBound/mib)
	}
}

// Goroutines converting different inputs at once (each from its own offset, odd ones
// backwards) give exactly the serial outcomes; run under -race by `make test`.
func TestSoakConcurrentMatchesSerial(t *testing.T) {
	w := loadWorkload(t)
	calls := w.Calls
	serial := make([]any, len(calls))
	for i := range calls {
		serial[i] = calls[i].outcome(t)
	}
	const workers = 4
	rounds := max(1, envInt(t, "SOAK_N", 3000)/(10*len(calls)))
	got := make([][]any, workers)
	var wg sync.WaitGroup
	for g := range workers {
		got[g] = make([]any, len(calls))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				for k := range calls {
					i := (k + g*len(calls)/workers) % len(calls)
					if g%2 == 1 {
						i = len(calls) - 1 - i
					}
					got[g][i] = calls[i].outcome(t)
				}
			}
		}()
	}
	wg.Wait()
	for g := range workers {
		for i := range calls {
			if !reflect.DeepEqual(got[g][i], serial[i]) {
				t.Errorf("goroutine %d, %s: got %v, serial %v", g, calls[i].ID, got[g][i], serial[i])
			}
		}
	}
}
