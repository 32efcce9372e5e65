// Command crosscheck is the cross-check's runner (conformance/crosscheck/README.md): each case
// read from stdin goes through ConvertJSON, or for the target extract_images through
// ExtractImagesJSON; one JSON line of outcomes per case goes to stdout. Built with
// CGO_ENABLED=0 it runs the core on wazero, else through cgo.
//
// The case's options go to the core as given, after "payload":"wire" and "host":null (a later
// key wins, so the case's own values stand), as the other runners pass them; the extraction
// gets them as given.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	mtr "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

type testCase struct {
	Target  string          `json:"target"`
	Options json.RawMessage `json:"options"`
	Input   string          `json:"input"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<24)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		var c testCase
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			fail(fmt.Errorf("reading a case: %w", err))
		}
		var result any
		var err error
		if c.Target == "extract_images" {
			result, err = mtr.ExtractImagesJSON([]byte(c.Input), c.Options)
		} else {
			result, err = mtr.ConvertJSON([]byte(c.Input), c.Target, withDefaults(c.Options))
		}
		line, err := json.Marshal(map[string]any{"json": outcome(result, err)})
		if err != nil {
			fail(err)
		}
		out.Write(append(line, '\n'))
	}
	if err := in.Err(); err != nil {
		fail(err)
	}
	if err := out.Flush(); err != nil {
		fail(err)
	}
}

// withDefaults puts "payload":"wire","host":null before the members of options (a JSON object).
func withDefaults(options json.RawMessage) []byte {
	members := bytes.TrimSpace(options)
	if !bytes.HasPrefix(members, []byte("{")) {
		fail(fmt.Errorf("options are not an object: %s", options))
	}
	members = bytes.TrimSpace(members[1:])
	if !bytes.HasPrefix(members, []byte("}")) {
		members = append([]byte(","), members...)
	}
	return append([]byte(`{"payload":"wire","host":null`), members...)
}

// outcome is {"ok": result} or {"error": [code, path]}.
func outcome(result any, err error) any {
	var ce *mtr.ConvertError
	switch {
	case err == nil:
		return map[string]any{"ok": result}
	case errors.As(err, &ce):
		return map[string]any{"error": []string{ce.Code, ce.Path}}
	default:
		fail(err)
		return nil
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "crosscheck:", err)
	os.Exit(1)
}
