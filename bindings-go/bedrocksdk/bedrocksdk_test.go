package bedrocksdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// errCaptured stops the SDK's request once its body is captured.
var errCaptured = errors.New("captured")

// captured is an HTTP client that keeps the request body and sends nothing.
type captured struct{ body []byte }

func (c *captured) Do(r *http.Request) (*http.Response, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	c.body = body
	return nil, errCaptured
}

// sent is the JSON the SDK writes for a Converse request whose last user message holds blocks:
// that message's content, decoded.
func sent(t *testing.T, blocks []types.ContentBlock) []any {
	t.Helper()
	client := &captured{}
	_, err := bedrockruntime.New(bedrockruntime.Options{
		Region:           "us-east-1",
		Credentials:      credentials.NewStaticCredentialsProvider("test", "test", ""),
		HTTPClient:       client,
		RetryMaxAttempts: 1,
	}).Converse(context.Background(), &bedrockruntime.ConverseInput{
		ModelId:  aws.String("model"),
		Messages: []types.Message{{Role: types.ConversationRoleUser, Content: blocks}},
	})
	if !errors.Is(err, errCaptured) {
		t.Fatalf("the SDK did not send: %v", err)
	}
	var request struct {
		Messages []struct {
			Content []any `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(client.body, &request); err != nil {
		t.Fatalf("%v: %s", err, client.body)
	}
	return request.Messages[0].Content
}

// want is a Conversion's wire JSON as the content of the user message: the output, then the
// attachments.
func want(t *testing.T, output, attachments json.RawMessage) []any {
	t.Helper()
	var out []any
	var block any
	if err := json.Unmarshal(output, &block); err != nil {
		t.Fatal(err)
	}
	out = append(out, block)
	if attachments != nil {
		var list []any
		if err := json.Unmarshal(attachments, &list); err != nil {
			t.Fatal(err)
		}
		out = append(out, list...)
	}
	return out
}

type fixtureCase struct {
	ID       string `json:"id"`
	Expected *struct {
		Output      json.RawMessage `json:"output"`
		Attachments json.RawMessage `json:"attachments"`
	} `json:"expected"`
	Payloads map[string]any `json:"payloads"`
}

// Every bedrock conformance case's expected output (the wire form: base64 text), mapped to the
// SDK's types, is sent by the SDK as exactly that JSON: each field the target writes has its
// place in the SDK's types, and no block is dropped.
func TestTheSDKSendsEveryFixtureOutputAsWritten(t *testing.T) {
	files, err := filepath.Glob("../../conformance/fixtures/bedrock/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bedrock fixtures: %v", err)
	}
	mapped := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var fixture struct {
			Cases []fixtureCase `json:"cases"`
		}
		if err := json.Unmarshal(text, &fixture); err != nil {
			t.Fatal(err)
		}
		for _, c := range fixture.Cases {
			// Errors have no output; fitted images hold "$payload", not base64.
			if c.Expected == nil || c.Payloads != nil {
				continue
			}
			name := strings.TrimSuffix(filepath.Base(file), ".json") + "#" + c.ID
			output := withToolUseID(t, c.Expected.Output)
			conv := mcptoolresult.Conversion{Output: output, Attachments: c.Expected.Attachments}
			blocks, err := ContentBlocks(conv)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got, want := sent(t, blocks), want(t, output, c.Expected.Attachments); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: the SDK sent\n%v\nthe fixture's output is\n%v", name, got, want)
			}
			mapped++
		}
	}
	if mapped < 50 {
		t.Fatalf("only %d cases mapped", mapped)
	}
	t.Logf("%d bedrock cases", mapped)
}

// withToolUseID is a toolResult output with a toolUseId (the SDK requires one; the cases
// without tool_call_id have none, and a missing_tool_call_id diagnostic).
func withToolUseID(t *testing.T, output json.RawMessage) json.RawMessage {
	var block map[string]map[string]any
	if err := json.Unmarshal(output, &block); err != nil {
		t.Fatal(err)
	}
	if _, ok := block["toolResult"]["toolUseId"]; ok {
		return output
	}
	block["toolResult"]["toolUseId"] = "tooluse_test"
	out, err := json.Marshal(block)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII="

// Convert takes the binding's default (payload "sdk": Conversion.Bytes): the blocks hold the
// decoded bytes, and the SDK sends what the wire form says.
func TestConvertUsesTheDecodedBytes(t *testing.T) {
	result := map[string]any{"content": []any{
		map[string]any{"type": "text", "text": "shot"},
		map[string]any{"type": "image", "data": png, "mimeType": "image/png"},
	}, "isError": true}
	opts := mcptoolresult.Options{ToolCallID: "tooluse_1"}
	blocks, diagnostics, err := Convert(result, opts)
	if err != nil || diagnostics != nil {
		t.Fatalf("%v %v", diagnostics, err)
	}
	opts.Payload = mcptoolresult.PayloadWire
	wire, err := mcptoolresult.Convert(result, mcptoolresult.TargetBedrock, opts)
	if err != nil {
		t.Fatal(err)
	}
	if wire.Attachments == nil {
		t.Fatal("a failed bedrock result with an image has attachments")
	}
	if got, want := sent(t, blocks), want(t, wire.Output, wire.Attachments); !reflect.DeepEqual(got, want) {
		t.Fatalf("the SDK sent\n%v\nthe wire form is\n%v", got, want)
	}
	image := blocks[len(blocks)-1].(*types.ContentBlockMemberImage).Value
	if data := image.Source.(*types.ImageSourceMemberBytes).Value; !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Fatalf("the attachment's bytes are %q", data)
	}
}

// A block the package does not know is an error naming where it is, not a dropped block.
func TestUnknownBlocksAreErrors(t *testing.T) {
	for _, c := range []struct{ output, attachments, where string }{
		{`{"toolResult":{"content":[{"text":"a"},{"audio":{}}],"status":"success"}}`, "", "/output/toolResult/content/1"},
		{`{"toolResult":{"content":[{"image":{"format":"png","source":{}}}],"status":"success"}}`, "", "/output/toolResult/content/0"},
		{`{"toolResult":{"content":[],"status":"error"}}`, `[{"text":"a"},{"video":{}}]`, "/attachments/1"},
		{`{"role":"tool"}`, "", "not a toolResult"},
	} {
		conv := mcptoolresult.Conversion{Output: json.RawMessage(c.output)}
		if c.attachments != "" {
			conv.Attachments = json.RawMessage(c.attachments)
		}
		if _, err := ContentBlocks(conv); err == nil || !strings.Contains(err.Error(), c.where) {
			t.Fatalf("%s: got %v", c.output, err)
		}
	}
}
