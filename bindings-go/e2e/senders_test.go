package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	aoption "github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/openai/openai-go/v3"
	ooption "github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"google.golang.org/genai"
	ginteractions "google.golang.org/genai/interactions/models/interactions"
	"google.golang.org/genai/interactions/models/operations"

	"example.invalid/mcp-tool-result/bindings-go/bedrocksdk"
	mcptoolresult "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

const question = "Run the tool and describe what it returned."

// A sender puts a Conversion into a request of the official Go SDK the way its users do: the
// model's tool call, then our output as the SDK's own param type (unmarshalled from the
// output's JSON), then the attachments in the following user message.
var senders = map[string]func(context.Context, mcptoolresult.Conversion, string) error{
	"anthropic":           sendAnthropic,
	"anthropic-mcp":       sendAnthropicMCP,
	"openai-chat":         sendOpenAIChat,
	"openai-responses":    sendOpenAIResponses,
	"gemini":              sendGemini,
	"gemini-legacy":       sendGemini,
	"gemini-interactions": sendGeminiInteractions,
	"bedrock":             sendBedrock,
}

func anthropicClient() anthropic.Client {
	return anthropic.NewClient(aoption.WithBaseURL(captureURL), aoption.WithAPIKey("e2e"), aoption.WithMaxRetries(0))
}

func unmarshalAttachments[T any](raw json.RawMessage) ([]T, error) {
	var out []T
	if len(raw) == 0 {
		return out, nil
	}
	return out, json.Unmarshal(raw, &out)
}

func sendAnthropic(ctx context.Context, c mcptoolresult.Conversion, tool string) error {
	var toolResult anthropic.ToolResultBlockParam
	if err := json.Unmarshal(c.Output, &toolResult); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	attachments, err := unmarshalAttachments[anthropic.ContentBlockParamUnion](c.Attachments)
	if err != nil {
		return fmt.Errorf("attachments: %w", err)
	}
	client := anthropicClient()
	_, err = client.Messages.New(ctx, anthropic.MessageNewParams{
		Model:     "claude-sonnet-5-5",
		MaxTokens: 64,
		Messages: []anthropic.MessageParam{
			anthropic.NewUserMessage(anthropic.NewTextBlock(question)),
			anthropic.NewAssistantMessage(anthropic.NewToolUseBlock(callID, map[string]any{}, tool)),
			anthropic.NewUserMessage(append([]anthropic.ContentBlockParamUnion{{OfToolResult: &toolResult}}, attachments...)...),
		},
	})
	return err
}

func sendAnthropicMCP(ctx context.Context, c mcptoolresult.Conversion, tool string) error {
	var toolResult anthropic.BetaRequestMCPToolResultBlockParam
	if err := json.Unmarshal(c.Output, &toolResult); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	use := anthropic.BetaMCPToolUseBlockParam{ID: callID, Name: tool, ServerName: "e2e", Input: map[string]any{}}
	client := anthropicClient()
	_, err := client.Beta.Messages.New(ctx, anthropic.BetaMessageNewParams{
		Model:      "claude-sonnet-5-5",
		MaxTokens:  64,
		Betas:      []anthropic.AnthropicBeta{"mcp-client-2025-04-04"},
		MCPServers: []anthropic.BetaRequestMCPServerURLDefinitionParam{{Name: "e2e", URL: "https://mcp.example.invalid/mcp"}},
		Messages: []anthropic.BetaMessageParam{
			anthropic.NewBetaUserMessage(anthropic.NewBetaTextBlock(question)),
			{OfAssistant: &anthropic.BetaAssistantMessageParam{Content: []anthropic.BetaContentBlockParamUnion{
				{OfMCPToolUse: &use}, {OfMCPToolResult: &toolResult},
			}}},
		},
	})
	return err
}

func openaiClient() openai.Client {
	return openai.NewClient(ooption.WithBaseURL(captureURL+"/v1"), ooption.WithAPIKey("e2e"), ooption.WithMaxRetries(0))
}

func sendOpenAIChat(ctx context.Context, c mcptoolresult.Conversion, tool string) error {
	var toolMessage openai.ChatCompletionToolMessageParam
	if err := json.Unmarshal(c.Output, &toolMessage); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	attachments, err := unmarshalAttachments[openai.ChatCompletionContentPartUnionParam](c.Attachments)
	if err != nil {
		return fmt.Errorf("attachments: %w", err)
	}
	call := openai.ChatCompletionMessageFunctionToolCallParam{
		ID:       callID,
		Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: tool, Arguments: "{}"},
	}
	messages := []openai.ChatCompletionMessageParamUnion{
		openai.UserMessage(question),
		{OfAssistant: &openai.ChatCompletionAssistantMessageParam{
			ToolCalls: []openai.ChatCompletionMessageToolCallUnionParam{{OfFunction: &call}},
		}},
		{OfTool: &toolMessage},
	}
	if len(attachments) > 0 {
		messages = append(messages, openai.UserMessage(attachments))
	}
	client := openaiClient()
	_, err = client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "gpt-5", Messages: messages})
	return err
}

func sendOpenAIResponses(ctx context.Context, c mcptoolresult.Conversion, tool string) error {
	var output responses.ResponseInputItemFunctionCallOutputParam
	if err := json.Unmarshal(c.Output, &output); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	client := openaiClient()
	_, err := client.Responses.New(ctx, responses.ResponseNewParams{
		Model: "gpt-5",
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{
			responses.ResponseInputItemParamOfMessage(question, responses.EasyInputMessageRoleUser),
			responses.ResponseInputItemParamOfFunctionCall("{}", callID, tool),
			{OfFunctionCallOutput: &output},
		}},
	})
	return err
}

func sendGemini(ctx context.Context, c mcptoolresult.Conversion, tool string) error {
	var part genai.Part
	if err := json.Unmarshal(c.Output, &part); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	attachments, err := unmarshalAttachments[*genai.Part](c.Attachments)
	if err != nil {
		return fmt.Errorf("attachments: %w", err)
	}
	client, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey: "e2e", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: captureURL},
	})
	if err != nil {
		return err
	}
	_, err = client.Models.GenerateContent(ctx, "gemini-e2e", []*genai.Content{
		{Role: genai.RoleUser, Parts: []*genai.Part{{Text: question}}},
		{Role: genai.RoleModel, Parts: []*genai.Part{{FunctionCall: &genai.FunctionCall{ID: callID, Name: tool, Args: map[string]any{}}}}},
		{Role: genai.RoleUser, Parts: append([]*genai.Part{&part}, attachments...)},
	}, nil)
	return err
}

// sendGeminiInteractions sends the model's function_call step, then our function_result step,
// through the Interactions client of the Gemini SDK.
func sendGeminiInteractions(ctx context.Context, c mcptoolresult.Conversion, tool string) error {
	var step ginteractions.FunctionResultStep
	if err := json.Unmarshal(c.Output, &step); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	client, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey: "e2e", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: captureURL},
	})
	if err != nil {
		return err
	}
	input := ginteractions.NewInteractionsInput([]ginteractions.Step{
		ginteractions.NewStep(ginteractions.UserInputStep{Content: []ginteractions.Content{
			ginteractions.NewContent(ginteractions.TextContent{Text: question}),
		}}),
		ginteractions.NewStep(ginteractions.FunctionCallStep{ID: callID, Name: tool, Arguments: map[string]any{}}),
		ginteractions.NewStep(step),
	})
	_, err = client.Interactions.Create(ctx, operations.CreateInteractionRequest{
		Body: operations.NewCreateInteractionRequestBody(ginteractions.CreateModelInteraction{
			Model: ginteractions.Model("gemini-e2e"),
			Input: &input,
		}),
	})
	return err
}

// bedrockClient makes one attempt, and up to two more only after a known race
// (aws/aws-sdk-go-v2#1825): Go's transport may close the connection of an answer the capture
// server sent with `Connection: close` before the SDK has read its body ("use of closed network
// connection"). The capture server keeps the request of the last attempt, the same request.
func bedrockClient() *bedrockruntime.Client {
	return bedrockruntime.New(bedrockruntime.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(captureURL),
		Credentials:  credentials.NewStaticCredentialsProvider("e2e", "e2e", ""),
		Retryer: retry.NewStandard(func(o *retry.StandardOptions) {
			o.MaxAttempts = 3
			o.Retryables = []retry.IsErrorRetryable{retry.IsErrorRetryableFunc(func(err error) aws.Ternary {
				return aws.BoolTernary(errors.Is(err, net.ErrClosed))
			})}
			o.Backoff = retry.BackoffDelayerFunc(func(int, error) (time.Duration, error) { return 0, nil })
			o.RateLimiter = ratelimit.None
		}),
	})
}

func sendBedrock(ctx context.Context, c mcptoolresult.Conversion, tool string) error {
	content, err := bedrocksdk.ContentBlocks(c)
	if err != nil {
		return err
	}
	_, err = bedrockClient().Converse(ctx, &bedrockruntime.ConverseInput{
		ModelId: aws.String("anthropic.claude-e2e"),
		Messages: []types.Message{
			{Role: types.ConversationRoleUser, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: question}}},
			{Role: types.ConversationRoleAssistant, Content: []types.ContentBlock{&types.ContentBlockMemberToolUse{
				Value: types.ToolUseBlock{ToolUseId: aws.String(callID), Name: aws.String(tool), Input: document.NewLazyDocument(map[string]any{})},
			}}},
			{Role: types.ConversationRoleUser, Content: content},
		},
	})
	return err
}
