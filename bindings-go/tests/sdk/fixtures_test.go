package sdk

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// fixtureCase is the part of a conformance case the SDK tests read.
type fixtureCase struct {
	Key            string
	Target         string
	ID             string          `json:"id"`
	CaseTarget     string          `json:"target"`
	Input          json.RawMessage `json:"input"`
	InputJSON      *string         `json:"input_json"`
	Options        json.RawMessage `json:"options"`
	ExpectedError  json.RawMessage `json:"expected_error"`
	PeerDifference string          `json:"peer_difference"`
}

// loadCases reads every case of conformance/fixtures, in path order.
func loadCases(t testing.TB) []fixtureCase {
	_, file, _, _ := runtime.Caller(0)
	files, err := filepath.Glob(filepath.Join(filepath.Dir(file), "..", "..", "..", "conformance", "fixtures", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures (%v)", err)
	}
	slices.Sort(files)
	var cases []fixtureCase
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Target string        `json:"target"`
			Topic  string        `json:"topic"`
			Cases  []fixtureCase `json:"cases"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		topic := doc.Topic
		if topic == "" {
			topic = filepath.Base(file[:len(file)-len(".json")])
		}
		for _, c := range doc.Cases {
			c.Key = fmt.Sprintf("%s/%s#%s", filepath.Base(filepath.Dir(file)), topic, c.ID)
			c.Target = doc.Target
			if c.CaseTarget != "" {
				c.Target = c.CaseTarget
			}
			cases = append(cases, c)
		}
	}
	return cases
}

func decode(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	return v
}

// decodeNumbers decodes a fixture input keeping number literals exact.
func decodeNumbers(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	return v
}
