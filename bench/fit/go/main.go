// make bench-fit, Go part: fitting a 4K PNG screenshot for Anthropic with mcp-tool-result's Go
// binding, next to the Go standard library (image/png, image/jpeg) and x/image/draw doing the
// same job.
//
// Each job takes the screenshot as base64 (as a tool result holds it) and gives base64 back. For
// each mode (FitImages "limits": Anthropic's 5 MB limit; "recommended": also 1568 px / 1.15 MP),
// mcp-tool-result's output sets the geometry and format that the standard library must produce:
// image.Decode, draw.CatmullRom.Scale into an image.NewRGBA of that size (only when it differs
// from the input's), then png.Encode (the default encoder) or jpeg.Encode (quality 85). Figures
// are CPU time of the process (getrusage user+sys: every thread, the GC's included; the machine
// is shared, so wall time would count other processes) and wall time, the median of ROUNDS
// rounds that time each job in turn, after one warm-up (which also compiles the module on
// wazero); the heap is collected before each timed run, so a job's leftovers do not land on the
// next one. Prints one JSON line per row for the Makefile's table (see ../table.py).
//
// The binding's backend is chosen at build time, so the program is built twice: with
// CGO_ENABLED=1 (backend cgo: the committed static library) and with CGO_ENABLED=0 (backend
// wazero: the committed .wasm); -peer adds the standard library's rows (once, in the cgo run).
//
// Usage: bench-fit [-peer] SCREENSHOT.png
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/image/draw"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// rounds is the number of timed runs of each job; the median is reported.
const rounds = 7

// shape describes an image: its size, format (PNG, JPEG) and encoded length.
type shape struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Format string `json:"format"`
	Bytes  int    `json:"bytes"`
}

type row struct {
	Language string  `json:"language"`
	Mode     string  `json:"mode"`
	Tool     string  `json:"tool"`
	CPUMs    float64 `json:"cpu_ms"`
	WallMs   float64 `json:"wall_ms"`
	Input    shape   `json:"input"`
	Output   shape   `json:"output"`
}

type job struct {
	name string
	run  func() (string, error)
}

// cpuTime is the CPU time (user + system) the process has used so far.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		fail(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// measure runs j once and returns its CPU and wall milliseconds.
func measure(j job) (cpu, wall float64) {
	runtime.GC()
	startCPU, start := cpuTime(), time.Now()
	if _, err := j.run(); err != nil {
		fail(err)
	}
	wall = float64(time.Since(start)) / 1e6
	return float64(cpuTime()-startCPU) / 1e6, wall
}

// ours converts result for Anthropic and returns the image's base64; it fails unless the image
// was fitted (an image_resized diagnostic).
func ours(result map[string]any, mode mcptoolresult.FitImages) (string, error) {
	opts := mcptoolresult.Options{FitImages: mode, ToolCallID: "call_1", Payload: mcptoolresult.PayloadWire}
	conv, err := mcptoolresult.Convert(result, mcptoolresult.TargetAnthropic, opts)
	if err != nil {
		return "", err
	}
	var codes []string
	for _, d := range conv.Diagnostics {
		codes = append(codes, d.Code)
	}
	if !slices.Contains(codes, "image_resized") {
		return "", fmt.Errorf("fit_images=%s: the image was not fitted (diagnostics %v)", mode, codes)
	}
	output, err := conv.OutputValue()
	if err != nil {
		return "", err
	}
	var data string
	content, _ := output.(map[string]any)["content"].([]any)
	if len(content) > 0 {
		block, _ := content[0].(map[string]any)
		source, _ := block["source"].(map[string]any)
		data, _ = source["data"].(string)
	}
	if data == "" {
		return "", fmt.Errorf("fit_images=%s: no base64 image in %.200s", mode, conv.Output)
	}
	return data, nil
}

// stdlib does the same job with the standard library: decode, scale to width×height with
// CatmullRom when that is not the input's size, encode as format.
func stdlib(data string, target shape) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return "", err
	}
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return "", err
	}
	if b := img.Bounds(); b.Dx() != target.Width || b.Dy() != target.Height {
		dst := image.NewRGBA(image.Rect(0, 0, target.Width, target.Height))
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
		img = dst
	}
	var out bytes.Buffer
	switch target.Format {
	case "JPEG":
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: 85})
	case "PNG":
		err = png.Encode(&out, img)
	default:
		err = fmt.Errorf("no encoder for %s", target.Format)
	}
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(out.Bytes()), nil
}

// describe reads the shape of a base64 image.
func describe(data string) shape {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		fail(err)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		fail(err)
	}
	return shape{Width: cfg.Width, Height: cfg.Height, Format: strings.ToUpper(format), Bytes: len(raw)}
}

// peerName names the standard library's job with the Go and x/image versions.
func peerName() string {
	name := "Go " + strings.TrimPrefix(runtime.Version(), "go") + " image/png, image/jpeg + x/image/draw CatmullRom"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "golang.org/x/image" {
				name += " (x/image " + dep.Version + ")"
			}
		}
	}
	return name
}

func median(values []float64) float64 {
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	return sorted[len(sorted)/2]
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench-fit:", err)
	os.Exit(1)
}

func main() {
	peer := flag.Bool("peer", false, "also time the standard library doing the same job")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: bench-fit [-peer] SCREENSHOT.png")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	file, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	data := base64.StdEncoding.EncodeToString(file)
	result := map[string]any{"content": []any{
		map[string]any{"type": "image", "data": data, "mimeType": "image/png"},
	}}
	input := describe(data)
	out := json.NewEncoder(os.Stdout)
	for _, mode := range []mcptoolresult.FitImages{mcptoolresult.FitImagesLimits, mcptoolresult.FitImagesRecommended} {
		fitted, err := ours(result, mode)
		if err != nil {
			fail(err)
		}
		target := describe(fitted)
		jobs := []job{{
			name: "mcp-tool-result (Go, " + mcptoolresult.Backend + ")",
			run:  func() (string, error) { return ours(result, mode) },
		}}
		if *peer {
			jobs = append(jobs, job{name: peerName(), run: func() (string, error) { return stdlib(data, target) }})
		}
		outputs := make([]shape, len(jobs))
		for i, j := range jobs {
			got, err := j.run()
			if err != nil {
				fail(err)
			}
			outputs[i] = describe(got)
		}
		cpu, wall := make([][]float64, len(jobs)), make([][]float64, len(jobs))
		for range rounds {
			for i, j := range jobs {
				c, w := measure(j)
				cpu[i], wall[i] = append(cpu[i], c), append(wall[i], w)
			}
		}
		for i, j := range jobs {
			r := row{Language: "Go", Mode: string(mode), Tool: j.name, CPUMs: median(cpu[i]), WallMs: median(wall[i]),
				Input: input, Output: outputs[i]}
			if err := out.Encode(r); err != nil {
				fail(err)
			}
		}
	}
}
