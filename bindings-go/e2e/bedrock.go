package e2e

import (
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
)

// bedrockBlock is one Converse content block as the bedrock target writes it. encoding/json
// decodes the base64 of source.bytes into the []byte once; the AWS SDK encodes it once again
// on the wire, so the model gets the original bytes.
type bedrockBlock struct {
	Text     *string `json:"text"`
	JSON     any     `json:"json"`
	Image    *media  `json:"image"`
	Document *media  `json:"document"`
	Video    *media  `json:"video"`
	Result   *struct {
		ToolUseID string         `json:"toolUseId"`
		Content   []bedrockBlock `json:"content"`
		Status    string         `json:"status"`
	} `json:"toolResult"`
}

type media struct {
	Format string `json:"format"`
	Name   string `json:"name"`
	Source struct {
		Bytes []byte `json:"bytes"`
	} `json:"source"`
}

// BedrockContent is the README recipe for aws-sdk-go-v2: the bedrock target's output (one
// toolResult block) or attachments (a list of blocks) as the SDK's types.ContentBlock values.
// The SDK's union interfaces have no JSON form, so this small mapping is the user's side.
func BedrockContent(raw json.RawMessage) ([]types.ContentBlock, error) {
	var blocks []bedrockBlock
	if len(raw) > 0 && raw[0] == '{' {
		blocks = make([]bedrockBlock, 1)
		if err := json.Unmarshal(raw, &blocks[0]); err != nil {
			return nil, err
		}
	} else if err := json.Unmarshal(raw, &blocks); err != nil {
		return nil, err
	}
	out := make([]types.ContentBlock, 0, len(blocks))
	for _, b := range blocks {
		switch {
		case b.Result != nil:
			content := make([]types.ToolResultContentBlock, 0, len(b.Result.Content))
			for _, c := range b.Result.Content {
				block, err := toolResultBlock(c)
				if err != nil {
					return nil, err
				}
				content = append(content, block)
			}
			out = append(out, &types.ContentBlockMemberToolResult{Value: types.ToolResultBlock{
				ToolUseId: aws.String(b.Result.ToolUseID),
				Content:   content,
				Status:    types.ToolResultStatus(b.Result.Status),
			}})
		case b.Text != nil:
			out = append(out, &types.ContentBlockMemberText{Value: *b.Text})
		case b.Image != nil:
			out = append(out, &types.ContentBlockMemberImage{Value: image(b.Image)})
		case b.Document != nil:
			out = append(out, &types.ContentBlockMemberDocument{Value: doc(b.Document)})
		default:
			return nil, fmt.Errorf("bedrock: a message block with no field this mapping knows")
		}
	}
	return out, nil
}

func toolResultBlock(b bedrockBlock) (types.ToolResultContentBlock, error) {
	switch {
	case b.Text != nil:
		return &types.ToolResultContentBlockMemberText{Value: *b.Text}, nil
	case b.JSON != nil:
		return &types.ToolResultContentBlockMemberJson{Value: document.NewLazyDocument(b.JSON)}, nil
	case b.Image != nil:
		return &types.ToolResultContentBlockMemberImage{Value: image(b.Image)}, nil
	case b.Document != nil:
		return &types.ToolResultContentBlockMemberDocument{Value: doc(b.Document)}, nil
	case b.Video != nil:
		return &types.ToolResultContentBlockMemberVideo{Value: types.VideoBlock{
			Format: types.VideoFormat(b.Video.Format),
			Source: &types.VideoSourceMemberBytes{Value: b.Video.Source.Bytes},
		}}, nil
	}
	return nil, fmt.Errorf("bedrock: a toolResult block with no field this mapping knows")
}

func image(m *media) types.ImageBlock {
	return types.ImageBlock{Format: types.ImageFormat(m.Format), Source: &types.ImageSourceMemberBytes{Value: m.Source.Bytes}}
}

func doc(m *media) types.DocumentBlock {
	return types.DocumentBlock{
		Format: types.DocumentFormat(m.Format),
		Name:   aws.String(m.Name),
		Source: &types.DocumentSourceMemberBytes{Value: m.Source.Bytes},
	}
}
