package e2e

import (
	"context"
	"encoding/json"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/genai"

	"example.invalid/mcp-tool-result/bindings-go/bedrocksdk"
	mcptoolresult "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// AnswerToolUse is the README snippet for anthropic-sdk-go: result is what
// session.CallTool returned for the model's toolUse; messages end with the assistant turn
// that holds toolUse. The output and attachments are JSON the SDK's param types unmarshal.
func AnswerToolUse(ctx context.Context, client anthropic.Client, result *mcp.CallToolResult,
	toolUse anthropic.ToolUseBlock, messages []anthropic.MessageParam) (*anthropic.Message, error) {
	conversion, err := mcptoolresult.Convert(result, mcptoolresult.TargetAnthropic,
		mcptoolresult.Options{ToolCallID: toolUse.ID, ToolName: toolUse.Name})
	if err != nil {
		return nil, err
	}
	var toolResult anthropic.ToolResultBlockParam
	if err := json.Unmarshal(conversion.Output, &toolResult); err != nil {
		return nil, err
	}
	content := []anthropic.ContentBlockParamUnion{{OfToolResult: &toolResult}}
	if len(conversion.Attachments) > 0 {
		var attachments []anthropic.ContentBlockParamUnion
		if err := json.Unmarshal(conversion.Attachments, &attachments); err != nil {
			return nil, err
		}
		content = append(content, attachments...)
	}
	return client.Messages.New(ctx, anthropic.MessageNewParams{
		Model:     "claude-sonnet-5-5",
		MaxTokens: 1024,
		Messages:  append(messages, anthropic.NewUserMessage(content...)),
	})
}

// AnswerFunctionCall is the README snippet for google.golang.org/genai: result is what
// session.CallTool returned for the model's call; contents end with the model turn that holds
// it. genai.Part unmarshals the output; inlineData's base64 becomes Blob.Data's bytes.
func AnswerFunctionCall(ctx context.Context, client *genai.Client, result *mcp.CallToolResult,
	call *genai.FunctionCall, contents []*genai.Content) (*genai.GenerateContentResponse, error) {
	conversion, err := mcptoolresult.Convert(result, mcptoolresult.TargetGemini,
		mcptoolresult.Options{ToolCallID: call.ID, ToolName: call.Name})
	if err != nil {
		return nil, err
	}
	var part genai.Part
	if err := json.Unmarshal(conversion.Output, &part); err != nil {
		return nil, err
	}
	contents = append(contents, &genai.Content{Role: genai.RoleUser, Parts: []*genai.Part{&part}})
	return client.Models.GenerateContent(ctx, "gemini-3-pro-preview", contents, nil)
}

// AnswerToolUseBedrock is the README snippet for aws-sdk-go-v2 bedrockruntime: result is what
// session.CallTool returned for the model's toolUse; messages end with the assistant message
// that holds it. bedrocksdk.Convert gives the SDK's types (the toolResult block, then any
// attachments; payload bytes decoded once).
func AnswerToolUseBedrock(ctx context.Context, client *bedrockruntime.Client, result *mcp.CallToolResult,
	toolUse types.ToolUseBlock, messages []types.Message) (*bedrockruntime.ConverseOutput, error) {
	content, _, err := bedrocksdk.Convert(result,
		mcptoolresult.Options{ToolCallID: aws.ToString(toolUse.ToolUseId), ToolName: aws.ToString(toolUse.Name)})
	if err != nil {
		return nil, err
	}
	return client.Converse(ctx, &bedrockruntime.ConverseInput{
		ModelId:  aws.String("anthropic.claude-sonnet-5-5-v1:0"),
		Messages: append(messages, types.Message{Role: types.ConversationRoleUser, Content: content}),
	})
}
