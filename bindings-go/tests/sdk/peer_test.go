package sdk

import (
	"encoding/json"
	mtr "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
	"reflect"
	"testing"

	copilot "github.com/github/copilot-sdk/go"
)

// goSDKDivergences are the cases where only the Go SDK's converter differs from the other
// Copilot SDKs (and so from the fixtures' peer_difference notes), keyed by case key: it refuses
// a whole result when content is not an array or a block has no string type.
var goSDKDivergences = map[string]string{
	"copilot/block-types#type-missing-nothing-to-infer": "a block without a string type makes the Go SDK refuse the result",
	"copilot/block-types#type-missing-text-null":        "a block without a string type makes the Go SDK refuse the result",
	"copilot/content#content-empty-string":              "the Go SDK refuses a content that is not an array",
	"copilot/content#content-empty-object":              "the Go SDK refuses a content that is not an array",
	"copilot/peer-tests#row-12-content-empty-string":    "the Go SDK refuses a content that is not an array",
	"copilot/peer-tests#row-13-content-empty-object":    "the Go SDK refuses a content that is not an array",
}

// TestDifferentialCopilotSDK runs every copilot case given as a value, expecting a conversion
// and not marked peer_difference through the Copilot Go SDK's converter: both must give the
// same ToolResult JSON. Cases in goSDKDivergences must still diverge (the SDK refuses them).
// Cases expecting an error are not compared: the SDKs have no notion of our errors.
func TestDifferentialCopilotSDK(t *testing.T) {
	compared := 0
	for _, c := range loadCases(t) {
		if c.Target != mtr.TargetCopilot || c.PeerDifference != "" || len(c.ExpectedError) > 0 || c.InputJSON != nil ||
			len(c.Options) > 2 {
			continue
		}
		compared++
		t.Run(c.Key, func(t *testing.T) {
			input := decodeNumbers(t, c.Input)
			peer, ok := copilot.ConvertMCPCallToolResult(json.RawMessage(c.Input))
			if reason, listed := goSDKDivergences[c.Key]; listed {
				if ok {
					t.Fatalf("listed as a Go SDK divergence (%s) but the SDK converted it: %+v", reason, peer)
				}
				return
			}
			if !ok {
				t.Fatal("SDK refused the input")
			}
			ours, err := mtr.ToCopilot(input, mtr.Options{})
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(ours)
			b, _ := json.Marshal(peer)
			if !reflect.DeepEqual(decode(t, a), decode(t, b)) {
				t.Fatalf("\nours %s\nSDK  %s", a, b)
			}
		})
	}
	t.Logf("compared %d cases with the Copilot Go SDK", compared)
	if compared == 0 {
		t.Fatal("no case to compare")
	}
}
