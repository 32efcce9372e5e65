// Package bedrocksdk turns the bedrock target's Conversion into aws-sdk-go-v2's Bedrock
// Runtime types (github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types), whose content
// unions have no JSON form. It is a module of its own, so that the AWS SDK enters the module
// graph of programs that use it, never that of the binding.
//
// Every block the bedrock target writes has its member type: text, json, image, document and
// video in a toolResult; text, image and document in the attachments (media a failed tool
// result sends in the user message instead). Payloads are taken as []byte from
// Conversion.Bytes (the binding's default, payload "sdk") or decoded from base64 text
// (payload "wire").
package bedrocksdk

import (
	"encoding/base64"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	smithydocument "github.com/aws/smithy-go/document"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// Convert converts result (any form mcptoolresult.Convert accepts) for the bedrock target with
// opts and returns the blocks of the user message that answers the tool use: the toolResult
// block, then the attachments' blocks. Errors are *mcptoolresult.ConvertError, or an error
// naming a block this package does not know.
func Convert(result any, opts mcptoolresult.Options) ([]types.ContentBlock, []mcptoolresult.Diagnostic, error) {
	conv, err := mcptoolresult.Convert(result, mcptoolresult.TargetBedrock, opts)
	if err != nil {
		return nil, nil, err
	}
	blocks, err := ContentBlocks(conv)
	return blocks, conv.Diagnostics, err
}

// ContentBlocks returns the blocks of a bedrock Conversion for the user message: the
// toolResult block, then the attachments' blocks.
func ContentBlocks(conv mcptoolresult.Conversion) ([]types.ContentBlock, error) {
	result, err := ToolResultBlock(conv)
	if err != nil {
		return nil, err
	}
	attachments, err := conv.AttachmentsValue()
	if err != nil {
		return nil, err
	}
	out := make([]types.ContentBlock, 0, 1+len(attachments))
	out = append(out, &types.ContentBlockMemberToolResult{Value: result})
	for i, a := range attachments {
		block, err := contentBlock(a)
		if err != nil {
			return nil, fmt.Errorf("bedrocksdk: /attachments/%d: %w", i, err)
		}
		out = append(out, block)
	}
	return out, nil
}

// ToolResultBlock returns the toolResult of a bedrock Conversion's output.
func ToolResultBlock(conv mcptoolresult.Conversion) (types.ToolResultBlock, error) {
	output, err := conv.OutputValue()
	if err != nil {
		return types.ToolResultBlock{}, err
	}
	object, _ := output.(map[string]any)
	result, ok := object["toolResult"].(map[string]any)
	if !ok {
		return types.ToolResultBlock{}, fmt.Errorf("bedrocksdk: the output is not a toolResult block (a bedrock Conversion?)")
	}
	content, _ := result["content"].([]any)
	out := types.ToolResultBlock{Content: make([]types.ToolResultContentBlock, 0, len(content))}
	if id, ok := result["toolUseId"].(string); ok {
		out.ToolUseId = &id
	}
	if status, ok := result["status"].(string); ok {
		out.Status = types.ToolResultStatus(status)
	}
	for i, c := range content {
		block, err := ToolResultContentBlock(c)
		if err != nil {
			return types.ToolResultBlock{}, fmt.Errorf("bedrocksdk: /output/toolResult/content/%d: %w", i, err)
		}
		out.Content = append(out.Content, block)
	}
	return out, nil
}

// ToolResultContentBlock maps one block of a toolResult's content, as OutputValue gives it
// (a map with one of text, json, image, document, video), to its member type.
func ToolResultContentBlock(block any) (types.ToolResultContentBlock, error) {
	b, _ := block.(map[string]any)
	if text, ok := b["text"].(string); ok {
		return &types.ToolResultContentBlockMemberText{Value: text}, nil
	}
	if value, ok := b["json"]; ok {
		return &types.ToolResultContentBlockMemberJson{Value: document.NewLazyDocument(documentValue(value))}, nil
	}
	if m, ok := b["image"].(map[string]any); ok {
		image, err := imageBlock(m)
		if err != nil {
			return nil, err
		}
		return &types.ToolResultContentBlockMemberImage{Value: image}, nil
	}
	if m, ok := b["document"].(map[string]any); ok {
		doc, err := documentBlock(m)
		if err != nil {
			return nil, err
		}
		return &types.ToolResultContentBlockMemberDocument{Value: doc}, nil
	}
	if m, ok := b["video"].(map[string]any); ok {
		data, err := sourceBytes(m)
		if err != nil {
			return nil, err
		}
		video := types.VideoBlock{Format: types.VideoFormat(str(m, "format")), Source: &types.VideoSourceMemberBytes{Value: data}}
		return &types.ToolResultContentBlockMemberVideo{Value: video}, nil
	}
	return nil, fmt.Errorf("a block with no field this package knows: %v", keys(b))
}

// contentBlock maps one attachment block (text, image or document) to its member type.
func contentBlock(block any) (types.ContentBlock, error) {
	b, _ := block.(map[string]any)
	if text, ok := b["text"].(string); ok {
		return &types.ContentBlockMemberText{Value: text}, nil
	}
	if m, ok := b["image"].(map[string]any); ok {
		image, err := imageBlock(m)
		if err != nil {
			return nil, err
		}
		return &types.ContentBlockMemberImage{Value: image}, nil
	}
	if m, ok := b["document"].(map[string]any); ok {
		doc, err := documentBlock(m)
		if err != nil {
			return nil, err
		}
		return &types.ContentBlockMemberDocument{Value: doc}, nil
	}
	return nil, fmt.Errorf("a block with no field this package knows: %v", keys(b))
}

func imageBlock(m map[string]any) (types.ImageBlock, error) {
	data, err := sourceBytes(m)
	return types.ImageBlock{Format: types.ImageFormat(str(m, "format")), Source: &types.ImageSourceMemberBytes{Value: data}}, err
}

func documentBlock(m map[string]any) (types.DocumentBlock, error) {
	data, err := sourceBytes(m)
	doc := types.DocumentBlock{Format: types.DocumentFormat(str(m, "format")), Source: &types.DocumentSourceMemberBytes{Value: data}}
	if name, ok := m["name"].(string); ok {
		doc.Name = &name
	}
	return doc, err
}

// documentValue is a JSON value of OutputValue with its numbers as smithy document.Number, which the
// SDK writes as numbers (a json.Number would be a string).
func documentValue(v any) any {
	switch v := v.(type) {
	case json.Number:
		return smithydocument.Number(v)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = documentValue(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = documentValue(x)
		}
		return out
	}
	return v
}

// sourceBytes is a media block's source.bytes: the []byte of payload "sdk", or the base64
// text of payload "wire" decoded.
func sourceBytes(m map[string]any) ([]byte, error) {
	source, _ := m["source"].(map[string]any)
	switch data := source["bytes"].(type) {
	case []byte:
		return data, nil
	case string:
		return base64.StdEncoding.DecodeString(data)
	}
	return nil, fmt.Errorf("a media block without source.bytes")
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
