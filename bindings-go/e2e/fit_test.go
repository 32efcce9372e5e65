package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	mcptoolresult "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// fitVerdict is check.py's verdict with the fields the fitting test reads.
type fitVerdict struct {
	Problems []string `json:"problems"`
	Media    []struct {
		From   string         `json:"from"`
		Fitted map[string]any `json:"fitted"`
	} `json:"media"`
}

// TestLargeScreenshotArrivesFitted (issue 10): a 4K browser screenshot (about 9 MB, made by
// make e2e) reaches every target that carries images as one image within the provider's limits,
// its media type matching its bytes; with FitImages "recommended" it is always downscaled.
func TestLargeScreenshotArrivesFitted(t *testing.T) {
	file := os.Getenv("E2E_SCREENSHOT")
	if file == "" {
		t.Fatal("E2E_SCREENSHOT names the screenshot made by conformance/e2e/make_screenshot.py")
	}
	png, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	expect, err := os.ReadFile(filepath.Join(e2eDir, "expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	var carries struct {
		Carries map[string]struct{ Image bool } `json:"carries"`
	}
	if err := json.Unmarshal(expect, &carries); err != nil {
		t.Fatal(err)
	}
	result := map[string]any{"content": []any{
		map[string]any{"type": "text", "text": "Screenshot of the page:"},
		map[string]any{"type": "image", "data": base64.StdEncoding.EncodeToString(png), "mimeType": "image/png"},
	}}
	var targets []string
	for target := range senders {
		if carries.Carries[target].Image {
			targets = append(targets, target)
		}
	}
	sort.Strings(targets)
	for _, fit := range []mcptoolresult.FitImages{mcptoolresult.FitImagesLimits, mcptoolresult.FitImagesRecommended} {
		for _, target := range targets {
			t.Run(target+"/"+string(fit), func(t *testing.T) {
				opts := mcptoolresult.Options{ToolCallID: callID, ToolName: "screenshot", FitImages: fit}
				conversion, err := mcptoolresult.Convert(result, mcptoolresult.Target(target), opts)
				if err != nil {
					t.Fatalf("Convert: %v", err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				if err := senders[target](ctx, conversion, "screenshot"); err != nil {
					t.Fatalf("the %s SDK: %v", target, err)
				}
				v := checkFit(t, target, result, fit)
				if len(v.Problems) > 0 {
					t.Fatalf("%s:\n  %s", target, strings.Join(v.Problems, "\n  "))
				}
				if len(v.Media) != 1 || v.Media[0].From != "/content/1/data" {
					t.Fatalf("want the screenshot as one media item, got %+v", v.Media)
				}
				if fit == "recommended" && v.Media[0].Fitted == nil {
					t.Fatalf("%s: the screenshot was sent at full size", target)
				}
			})
		}
	}
}

// checkFit asks check.py about the last request, made for target from result with FitImages fit.
func checkFit(t *testing.T, target string, result map[string]any, fit mcptoolresult.FitImages) fitVerdict {
	t.Helper()
	return askCheck[fitVerdict](t, map[string]any{"target": target, "result": result, "fit": fit})
}
