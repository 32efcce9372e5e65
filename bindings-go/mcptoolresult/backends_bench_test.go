package mcptoolresult

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/wasm"
)

// benchResults are the benchmark inputs as JSON text: one text block, 10 mixed blocks (text,
// images, a PDF resource) and one image of 5 MiB of base64.
func benchResults(t testing.TB) map[string][]byte {
	var mixed []any
	for i := range 10 {
		switch i % 4 {
		case 0, 1:
			mixed = append(mixed, map[string]any{"type": "text", "text": "line of tool output " + strconv.Itoa(i)})
		case 2:
			mixed = append(mixed, map[string]any{"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=", "mimeType": "image/png"})
		case 3:
			mixed = append(mixed, map[string]any{"type": "resource", "resource": map[string]any{"uri": "file:///r.pdf", "mimeType": "application/pdf", "blob": "JVBERi0x"}})
		}
	}
	raw := storedPNG(t, 1024, 958)
	out := map[string][]byte{}
	for name, v := range map[string]any{
		"small":     map[string]any{"content": []any{map[string]any{"type": "text", "text": "Hello, world"}}},
		"mixed10":   map[string]any{"content": mixed},
		"image5MiB": map[string]any{"content": []any{map[string]any{"type": "image", "data": base64.StdEncoding.EncodeToString(raw), "mimeType": "image/png"}}},
	} {
		text, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = text
	}
	return out
}

// storedPNG is a real width x height RGBA PNG without compression (about 4 bytes a pixel), so
// that the core's image check passes it: 1024 x 958 is about 5 MiB of base64.
func storedPNG(t testing.TB, width, height int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	for i := range img.Pix {
		img.Pix[i] = byte(i*7 + i/4099)
	}
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&out, img); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// BenchmarkBackends times one conversion (ConvertJSON's path: the engine call plus lifting
// the Conversion) per backend after warm-up, for the anthropic target. B/op counts the bytes
// allocated per call, the payload copies included.
func BenchmarkBackends(b *testing.B) {
	inputs := benchResults(b)
	options := []byte(`{"tool_call_id":"toolu_1"}`)
	for _, input := range []string{"small", "mixed10", "image5MiB"} {
		for _, name := range slices.Sorted(maps.Keys(testEngines)) {
			e := testEngines[name]
			b.Run(input+"/"+name, func(b *testing.B) {
				if _, err := e.convert(inputs[input], TargetAnthropic, options); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.SetBytes(int64(len(inputs[input])))
				for b.Loop() {
					out, err := e.convert(inputs[input], TargetAnthropic, options)
					if err == nil {
						_, err = liftConversion(out)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkWazeroParallel compares the instance free list with one instance behind a mutex,
// under parallel callers (GOMAXPROCS goroutines).
func BenchmarkWazeroParallel(b *testing.B) {
	input := benchResults(b)["mixed10"]
	e := wazeroEngine{wasm.New(wasm.DefaultCacheDir())}
	var mu sync.Mutex
	for name, call := range map[string]func() error{
		"pool": func() error { _, err := e.convert(input, TargetAnthropic, nil); return err },
		"mutex": func() error {
			mu.Lock()
			defer mu.Unlock()
			_, err := e.convert(input, TargetAnthropic, nil)
			return err
		},
	} {
		b.Run(name, func(b *testing.B) {
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if err := call(); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkFirstCall times what a new process pays on its first wazero conversion: compiling
// the module (no cache) or loading the compiled code from a warm cache directory, then
// instantiating it and converting a small result.
func BenchmarkFirstCall(b *testing.B) {
	input := benchResults(b)["small"]
	warm := filepath.Join(b.TempDir(), "cache")
	if _, _, err := wasm.New(warm).Convert(input, TargetCopilot, nil); err != nil {
		b.Fatal(err)
	}
	for name, dir := range map[string]string{"nocache": "", "cache": warm} {
		b.Run(name, func(b *testing.B) {
			var total time.Duration
			for b.Loop() {
				start := time.Now()
				if _, _, err := wasm.New(dir).Convert(input, TargetCopilot, nil); err != nil {
					b.Fatal(err)
				}
				total += time.Since(start)
			}
			b.ReportMetric(total.Seconds()*1000/float64(b.N), "ms/first-call")
		})
	}
	_ = os.RemoveAll(warm)
}

// BenchmarkWarm splits that first call in two: Warm at start-up (compile or cache load, and one
// instance), then the first conversion, which pays only the conversion.
func BenchmarkWarm(b *testing.B) {
	input := benchResults(b)["small"]
	warm := filepath.Join(b.TempDir(), "cache")
	if err := wasm.New(warm).Warm(); err != nil {
		b.Fatal(err)
	}
	for name, dir := range map[string]string{"nocache": "", "cache": warm} {
		b.Run(name, func(b *testing.B) {
			var warming, first time.Duration
			for b.Loop() {
				e := wasm.New(dir)
				start := time.Now()
				if err := e.Warm(); err != nil {
					b.Fatal(err)
				}
				warmed := time.Now()
				if _, _, err := e.Convert(input, TargetCopilot, nil); err != nil {
					b.Fatal(err)
				}
				warming += warmed.Sub(start)
				first += time.Since(warmed)
			}
			b.ReportMetric(warming.Seconds()*1000/float64(b.N), "ms/warm")
			b.ReportMetric(first.Seconds()*1000/float64(b.N), "ms/first-call")
		})
	}
	_ = os.RemoveAll(warm)
}
