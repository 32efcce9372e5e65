// The providers' published SDK types that each target's output must satisfy.
//
// Every type here is derived from the installed SDK's own .d.ts (versions pinned
// in package.json). Only three kinds of adjustment are made, each documented at
// its use:
//   1. the id field a caller fills (`tool_use_id`, `tool_call_id`, `call_id`,
//      `toolUseId`, Gemini `name`) is optional: we leave it out when the
//      `tool_call_id` / `tool_name` option is not given (conformance/README.md,
//      "Provider targets (shared rules)", Ids);
//   2. Bedrock's `Uint8Array` payloads are base64 strings on the JSON wire;
//   3. SDK-only representations that never appear on the wire are removed
//      (Bedrock's `$unknown` union members), and Gemini's "exactly one field per
//      Part" rule, stated in the SDK's doc comment, is enforced;
//   4. a union member our output never takes and that would accept anything is
//      left out (the Interactions `result`'s structured-data member `{}`).
// Everything else (field names, literal `type` tags, enums such as Bedrock's
// image format or Anthropic's media types, required fields) comes from the SDKs
// unchanged, and object literals get excess-property checks, so a misspelled
// field fails to compile.

import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { FunctionResponse, Interactions, Part } from "@google/genai";
import type { ContentBlock, ToolResultBlock } from "@aws-sdk/client-bedrock-runtime";
import type { ToolResultObject } from "@github/copilot-sdk";

/** `T` with key `K` made optional (the caller fills it; we omit it without the option). */
export type OptionalKey<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

// ---------------------------------------------------------------- copilot
/** `@github/copilot-sdk` `ToolResultObject`, unchanged. */
export type CopilotOutput = ToolResultObject;

// ---------------------------------------------------------------- anthropic
/** `Anthropic.Messages.ToolResultBlockParam` (a Messages `tool_result` block); `tool_use_id` optional. */
export type AnthropicOutput = OptionalKey<Anthropic.Messages.ToolResultBlockParam, "tool_use_id">;
/**
 * Lifted media of an error result: Messages user-content blocks. A subset of
 * `Anthropic.Messages.ContentBlockParam`: only the caption text and the media
 * block kinds may appear, so e.g. a stray `tool_result` in attachments fails.
 */
export type AnthropicAttachment =
  | Anthropic.Messages.TextBlockParam
  | Anthropic.Messages.ImageBlockParam
  | Anthropic.Messages.DocumentBlockParam;

// ---------------------------------------------------------------- anthropic-mcp
/**
 * The request-side (param) form of the beta MCP connector result block:
 * `Anthropic.Beta.Messages.BetaRequestMCPToolResultBlockParam`
 * (`{type: "mcp_tool_result", tool_use_id, content?: string | BetaTextBlockParam[], is_error?, cache_control?}`).
 * `BetaMCPToolResultBlock` is the response form; the param form is what a client sends back.
 */
export type AnthropicMcpOutput = OptionalKey<
  Anthropic.Beta.Messages.BetaRequestMCPToolResultBlockParam,
  "tool_use_id"
>;

// ---------------------------------------------------------------- openai-chat
/** `OpenAI.Chat.Completions.ChatCompletionToolMessageParam` (`role: "tool"`); `tool_call_id` optional. */
export type OpenAIChatOutput = OptionalKey<
  OpenAI.Chat.Completions.ChatCompletionToolMessageParam,
  "tool_call_id"
>;
/** Lifted media: Chat Completions user-message content parts. */
export type OpenAIChatAttachment = OpenAI.Chat.Completions.ChatCompletionContentPart;

// ---------------------------------------------------------------- openai-responses
/** `OpenAI.Responses.ResponseInputItem.FunctionCallOutput`; `call_id` optional. */
export type OpenAIResponsesOutput = OptionalKey<
  OpenAI.Responses.ResponseInputItem.FunctionCallOutput,
  "call_id"
>;

// ---------------------------------------------------------------- gemini, gemini-legacy
/**
 * Exactly one field of a `Part` set: the SDK doc comment on `Part` says "Exactly
 * one field within a Part should be set ... Using multiple fields within the
 * same Part instance is considered invalid". `OneOf<Part>` is the union over
 * Part's keys K of "K required, every other key absent".
 */
type OneOf<T> = {
  [K in keyof T]-?: { [P in K]-?: T[P] } & { [P in Exclude<keyof T, K>]?: never };
}[keyof T];

/**
 * `@google/genai` `FunctionResponse`. The SDK marks every field optional; its doc
 * comments call `name` and `response` "Required". `name` stays optional (the
 * caller fills it); `response` is made required, as the API requires it.
 */
export type GeminiFunctionResponse = Omit<FunctionResponse, "response"> & {
  response: NonNullable<FunctionResponse["response"]>;
};
/** A `Part` whose one field is `functionResponse`. */
export type GeminiOutput = Extract<OneOf<Part>, { functionResponse: unknown }> & {
  functionResponse: GeminiFunctionResponse;
};
/** Target `gemini-legacy`: the same part as `gemini`. */
export type GeminiLegacyOutput = GeminiOutput;
/** Lifted media (`gemini-legacy`): user-turn `Part`s, one field each. */
export type GeminiLegacyAttachment = OneOf<Part>;

// ---------------------------------------------------------------- gemini-interactions
/**
 * `@google/genai` `Interactions.FunctionResultStep` (an Interactions API `input` step:
 * `{type: "function_result", call_id, name?, is_error?, result}`); `call_id` optional. Its
 * `result` is `string | FunctionResultSubcontent[] | {}`, where `{}` (structured data, which
 * our output never uses: structuredContent is given as text) accepts any value and would hide
 * every error inside the list; `result` keeps the string and list members.
 */
export type GeminiInteractionsOutput = Omit<
  OptionalKey<Interactions.FunctionResultStep, "call_id">,
  "result"
> & {
  result: Extract<Interactions.FunctionResultStep["result"], string | readonly unknown[]>;
};

// ---------------------------------------------------------------- bedrock
/**
 * The Bedrock SDK types payloads (`ImageSource.bytes`, `DocumentSource.bytes`,
 * `VideoSource.bytes`) as `Uint8Array`: the SDK base64-encodes them when it
 * serialises the request. Our output is the HTTP JSON wire form, where the
 * same field holds the base64 string (Bedrock Converse API reference,
 * "ImageSource": bytes is base64-encoded on the wire). `Wire<T>` replaces every
 * `Uint8Array` in `T` by `string`, recursively, and drops the SDK's
 * `$UnknownMember` union members (a client-side catch-all for members added
 * after the SDK was generated; the wire never has a `$unknown` key).
 */
export type Wire<T> = T extends Uint8Array
  ? string
  : T extends string | number | boolean | bigint | null | undefined
    ? T
    : T extends { $unknown: [string, any] }
      ? never
      : T extends readonly (infer U)[]
        ? Wire<U>[]
        : { [K in keyof T]: Wire<T[K]> };

/** `ToolResultBlock` in wire form; `toolUseId` optional. */
export type BedrockToolResultBlock = OptionalKey<Wire<ToolResultBlock>, "toolUseId">;
/** The `ContentBlock` member `{toolResult: ToolResultBlock}` (`ContentBlock.ToolResultMember`). */
export type BedrockOutput = Omit<Wire<ContentBlock.ToolResultMember>, "toolResult"> & {
  toolResult: BedrockToolResultBlock;
};
/** Lifted media of an error result: Converse user `ContentBlock`s in wire form. */
export type BedrockAttachment = Wire<ContentBlock>;

// ---------------------------------------------------------------- text
/** The `text` target gives one string. */
export type TextOutput = string;

/**
 * Targets whose spec defines no attachments. A fixture that pins attachments
 * for them fails here (`not assignable to type 'never'`).
 */
export type NoAttachment = never;
