package e2e

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"google.golang.org/genai"
)

// The README snippets (snippets.go) run against the go-sdk server's "mixed" result.

func snippetContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func requireMedia(t *testing.T, target string) {
	t.Helper()
	v := check(t, target, results["go:mixed"], true)
	if len(v.Problems) > 0 {
		t.Fatalf("%s: %v", target, v.Problems)
	}
	if len(v.Media) == 0 {
		t.Fatalf("%s: no media arrived", target)
	}
}

func TestSnippetAnthropic(t *testing.T) {
	toolUse := anthropic.ToolUseBlock{ID: callID, Name: "mixed", Type: "tool_use"}
	message, err := AnswerToolUse(snippetContext(t), anthropicClient(), results["go:mixed"], toolUse, []anthropic.MessageParam{
		anthropic.NewUserMessage(anthropic.NewTextBlock("Run the tool.")),
		anthropic.NewAssistantMessage(anthropic.NewToolUseBlock(callID, map[string]any{}, "mixed")),
	})
	if err != nil {
		t.Fatal(err)
	}
	if message.StopReason != anthropic.StopReasonEndTurn {
		t.Fatalf("stop reason %q", message.StopReason)
	}
	requireMedia(t, "anthropic")
}

func TestSnippetGemini(t *testing.T) {
	ctx := snippetContext(t)
	client, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey: "e2e", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: captureURL},
	})
	if err != nil {
		t.Fatal(err)
	}
	call := &genai.FunctionCall{ID: callID, Name: "mixed", Args: map[string]any{}}
	response, err := AnswerFunctionCall(ctx, client, results["go:mixed"], call, []*genai.Content{
		{Role: genai.RoleUser, Parts: []*genai.Part{{Text: "Run the tool."}}},
		{Role: genai.RoleModel, Parts: []*genai.Part{{FunctionCall: call}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if response.Text() != "ok" {
		t.Fatalf("text %q", response.Text())
	}
	requireMedia(t, "gemini")
}

func TestSnippetBedrock(t *testing.T) {
	toolUse := types.ToolUseBlock{ToolUseId: aws.String(callID), Name: aws.String("mixed"), Input: document.NewLazyDocument(map[string]any{})}
	output, err := AnswerToolUseBedrock(snippetContext(t), bedrockClient(), results["go:mixed"], toolUse, []types.Message{
		{Role: types.ConversationRoleUser, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "Run the tool."}}},
		{Role: types.ConversationRoleAssistant, Content: []types.ContentBlock{&types.ContentBlockMemberToolUse{Value: toolUse}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if output.StopReason != types.StopReasonEndTurn {
		t.Fatalf("stop reason %q", output.StopReason)
	}
	requireMedia(t, "bedrock")
}

// TestReadmeShowsSnippets fails when bindings-go/README.md does not hold each Answer* function
// of snippets.go, doc comment included, as written.
func TestReadmeShowsSnippets(t *testing.T) {
	src, err := os.ReadFile("snippets.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	funcs := regexp.MustCompile(`(?ms)^// Answer\w+ is the README snippet.*?^func Answer\w+\(.*?^}\n`).FindAll(src, -1)
	if len(funcs) != 3 {
		t.Fatalf("found %d Answer* snippets in snippets.go, want 3", len(funcs))
	}
	for _, f := range funcs {
		if !strings.Contains(string(readme), "```go\n"+string(f)+"```\n") {
			t.Errorf("README.md does not show this snippet as written:\n%s", f)
		}
	}
}
