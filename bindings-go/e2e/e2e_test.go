package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	copilot "github.com/github/copilot-sdk/go"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.invalid/mcp-tool-result/bindings-go/copilotsdk"
	mcptoolresult "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

const callID = "toolu_e2e_01"

var (
	// e2eDir is conformance/e2e (the harness names its assets/ directory).
	e2eDir     = filepath.Dir(os.Getenv("E2E_ASSETS"))
	captureURL = os.Getenv("E2E_CAPTURE_URL")
	// results holds every "server:tool" -> its CallToolResult, read once by TestMain.
	results = map[string]*mcp.CallToolResult{}
	keys    []string
)

// everythingCalls are the server-everything tools the suite calls, with their arguments.
var everythingCalls = map[string]map[string]any{
	"echo":                   {"message": "hello from the e2e suite"},
	"get-tiny-image":         {},
	"get-structured-content": {"location": "Chicago"},
	"get-resource-links":     {"count": 2},
	"get-resource-reference": {"resourceType": "Blob", "resourceId": 2},
	"get-annotated-message":  {"messageType": "error", "includeImage": true},
}

func TestMain(m *testing.M) {
	if captureURL == "" {
		fmt.Fprintln(os.Stderr, "e2e: run through conformance/e2e/harness.py (make e2e): E2E_CAPTURE_URL is not set")
		os.Exit(2)
	}
	if err := collect(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func collect() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	bin := filepath.Join(os.TempDir(), fmt.Sprintf("mcp-tool-result-e2e-server-%d", os.Getpid()))
	defer os.Remove(bin)
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "./mcpserver").CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./mcpserver: %v\n%s", err, out)
	}
	var own struct {
		Tools map[string]any `json:"tools"`
	}
	raw, err := os.ReadFile(filepath.Join(e2eDir, "tools.json"))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &own); err != nil {
		return err
	}
	ownCalls := map[string]map[string]any{}
	for name := range own.Tools {
		ownCalls[name] = map[string]any{}
	}
	everything := filepath.Join(e2eDir, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	for _, s := range []struct {
		name  string
		cmd   *exec.Cmd
		calls map[string]map[string]any
	}{
		{"everything", exec.CommandContext(ctx, "node", everything, "stdio"), everythingCalls},
		{"go", exec.CommandContext(ctx, bin, e2eDir), ownCalls},
	} {
		client := mcp.NewClient(&mcp.Implementation{Name: "mcp-tool-result-e2e", Version: "0.0.0"}, nil)
		session, err := client.Connect(ctx, &mcp.CommandTransport{Command: s.cmd}, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		for tool, args := range s.calls {
			result, err := session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
			if err != nil {
				session.Close()
				return fmt.Errorf("%s %s: %w", s.name, tool, err)
			}
			results[s.name+":"+tool] = result
			keys = append(keys, s.name+":"+tool)
		}
		// Closing ends the server: stdin closes, then the transport signals it if it lingers
		// (server-everything does), so an *exec.ExitError here is that signal, not a failure.
		var exit *exec.ExitError
		if err := session.Close(); err != nil && !errors.As(err, &exit) {
			return fmt.Errorf("%s: close: %w", s.name, err)
		}
	}
	sort.Strings(keys)
	return nil
}

// convert is the one call of the binding's Convert in the suite (a tool call id always given).
func convert(t *testing.T, result *mcp.CallToolResult, target mcptoolresult.Target, tool string) mcptoolresult.Conversion {
	t.Helper()
	conversion, err := mcptoolresult.Convert(result, target, mcptoolresult.Options{ToolCallID: callID, ToolName: tool})
	if err != nil {
		t.Fatalf("Convert(%s): %v", target, err)
	}
	for _, d := range conversion.Diagnostics {
		if d.Code == "missing_tool_call_id" {
			t.Fatalf("missing_tool_call_id although a tool call id was given")
		}
	}
	return conversion
}

type verdict struct {
	Problems []string `json:"problems"`
	Media    []any    `json:"media"`
}

// check asks the capture server (check.py) about the last request, made for target from result.
func check(t *testing.T, target string, result *mcp.CallToolResult, assets bool) verdict {
	t.Helper()
	return askCheck[verdict](t, map[string]any{"target": target, "result": result, "assets": assets})
}

// askCheck posts query to check.py's endpoint and decodes its verdict into V.
func askCheck[V any](t *testing.T, query map[string]any) V {
	t.Helper()
	body, err := json.Marshal(query)
	if err != nil {
		t.Fatal(err)
	}
	response, err := http.Post(captureURL+"/__e2e/check", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	var v V
	if err := json.NewDecoder(response.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func lastBody(t *testing.T) string {
	t.Helper()
	response, err := http.Get(captureURL + "/__e2e/last")
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	var last struct {
		Body json.RawMessage `json:"body"`
	}
	if err := json.NewDecoder(response.Body).Decode(&last); err != nil {
		t.Fatal(err)
	}
	return string(last.Body)
}

func TestSDKsTakeTheConversion(t *testing.T) {
	targets := make([]string, 0, len(senders))
	for target := range senders {
		targets = append(targets, target)
	}
	sort.Strings(targets)
	for _, key := range keys {
		server, tool, _ := strings.Cut(key, ":")
		for _, target := range targets {
			t.Run(key+"->"+target, func(t *testing.T) {
				result := results[key]
				conversion := convert(t, result, mcptoolresult.Target(target), tool)
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				if err := senders[target](ctx, conversion, tool); err != nil {
					t.Fatalf("the %s SDK: %v", target, err)
				}
				if !strings.Contains(lastBody(t), callID) {
					t.Errorf("the tool call id did not reach the %s request", target)
				}
				if v := check(t, target, result, server == "go"); len(v.Problems) > 0 {
					t.Errorf("%s:\n  %s", target, strings.Join(v.Problems, "\n  "))
				}
			})
		}
	}
}

// TestCopilotToolResult: the copilot-sdk/go ToolResult from the binding's copilotsdk module (the
// documented way for a handler), its binaries decoding to the result's payloads (or to one as
// validate_images repaired it).
func TestCopilotToolResult(t *testing.T) {
	for _, key := range keys {
		t.Run(key, func(t *testing.T) {
			result := results[key]
			var tr copilot.ToolResult
			tr, err := copilotsdk.ToolResult(result, mcptoolresult.Options{})
			if err != nil {
				t.Fatal(err)
			}
			payloads := map[string]bool{}
			for _, c := range result.Content {
				switch c := c.(type) {
				case *mcp.ImageContent:
					payloads[string(c.Data)] = true
				case *mcp.EmbeddedResource:
					if c.Resource != nil && c.Resource.Blob != nil {
						payloads[string(c.Resource.Blob)] = true
					}
				}
			}
			for _, b := range tr.BinaryResultsForLLM {
				data, err := base64.StdEncoding.DecodeString(b.Data)
				if err != nil || !payloads[string(data)] && !repairsOne(data, payloads) {
					t.Errorf("binary %s: not one of the result's payloads (%v)", b.MIMEType, err)
				}
			}
			for payload := range payloads {
				if probe := base64.StdEncoding.EncodeToString([]byte(payload)); strings.Contains(tr.TextResultForLLM, probe[:min(40, len(probe))]) {
					t.Errorf("base64 in textResultForLlm")
				}
			}
		})
	}
}

// repairsOne tells whether sent is one of payloads as validate_images repairs an image: the
// bytes after its end cut, or a PNG's chunk CRCs recomputed (the same chunk types and data).
func repairsOne(sent []byte, payloads map[string]bool) bool {
	for payload := range payloads {
		original := []byte(payload)
		if len(sent) < len(original) && bytes.HasPrefix(original, sent) {
			return true
		}
		if a, b := pngChunks(sent), pngChunks(original); a != nil && slices.Equal(a, b) {
			return true
		}
	}
	return false
}

// pngChunks lists each chunk of a PNG up to IEND as its type and data, CRCs left out; nil if
// data is not a PNG.
func pngChunks(data []byte) []string {
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		return nil
	}
	var chunks []string
	for at := 8; at+8 <= len(data); {
		length := int(binary.BigEndian.Uint32(data[at:]))
		end := min(at+8+length, len(data))
		chunks = append(chunks, string(data[at+4:end]))
		if string(data[at+4:at+8]) == "IEND" {
			break
		}
		at = end + 4
	}
	return chunks
}
