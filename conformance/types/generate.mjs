#!/usr/bin/env node
// Emits TypeScript that types every fixture output with the provider SDK types.
//
//   node generate.mjs [--fixtures DIR] [--out DIR]
//       generated/checks.ts: one typed constant per `expected.output` (and
//       per `expected.attachments`) of every case of a provider target;
//       generated/checks.index.json: line range -> case key, for --explain.
//   node generate.mjs --self-test [--fixtures DIR] [--out DIR]
//       also generated/selftest.ts: the hand-written samples (must compile) and
//       misspelled / wrong-valued variants of samples and fixture outputs
//       (each must fail to compile); generated/selftest.index.json.
//   node generate.mjs --explain TSC_LOG [--out DIR]
//       prints tsc's errors (from `tsc --pretty false`) per case key.
//   node generate.mjs --verify-self-test TSC_LOG [--out DIR]
//       exits 0 iff every must-fail constant has an error and no must-pass
//       constant has one.
//
// Only node's standard library is used.

import { readFileSync, writeFileSync, readdirSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve, relative } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

// target -> [output type, attachment type], names exported by provider-types.ts.
export const TARGETS = {
  copilot: ["CopilotOutput", "NoAttachment"],
  anthropic: ["AnthropicOutput", "AnthropicAttachment"],
  "anthropic-mcp": ["AnthropicMcpOutput", "NoAttachment"],
  "openai-chat": ["OpenAIChatOutput", "OpenAIChatAttachment"],
  "openai-responses": ["OpenAIResponsesOutput", "NoAttachment"],
  gemini: ["GeminiOutput", "NoAttachment"],
  "gemini-legacy": ["GeminiOutput", "GeminiAttachment"],
  bedrock: ["BedrockOutput", "BedrockAttachment"],
  text: ["TextOutput", "NoAttachment"],
};
// No provider type: `mcp` is our own normalized CallToolResult; `extract_images`
// returns {images, text}.
const SKIPPED = new Set(["mcp", "extract_images"]);

// Object keys whose values are free-form JSON in the provider type (any key is
// valid there), so a misspelling inside them cannot be detected: the self-test
// does not misspell keys under these paths (`*` = any array index).
const FREE_FORM = {
  copilot: [["toolTelemetry"]],
  gemini: [["functionResponse", "response"]],
  "gemini-legacy": [["functionResponse", "response"]],
  bedrock: [["toolResult", "content", "*", "json"]],
};
const FREE_FORM_ATTACHMENTS = { bedrock: [["*", "json"]] };
// Where the provider type is a recursive any-JSON type (Bedrock `json`:
// smithy's DocumentType); see MAX_FREE_FORM_DEPTH.
const JSON_VALUES = { bedrock: [["toolResult", "content", "*", "json"]] };
const JSON_VALUES_ATTACHMENTS = { bedrock: [["*", "json"]] };

function parseArgs(argv) {
  const args = { fixtures: join(HERE, "..", "fixtures"), out: join(HERE, "generated"), selfTest: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--fixtures") args.fixtures = resolve(next());
    else if (a === "--out") args.out = resolve(next());
    else if (a === "--self-test") args.selfTest = true;
    else if (a === "--explain") args.explain = next();
    else if (a === "--verify-self-test") args.verify = next();
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

/** Every fixture file under fixtures/<dir>/*.json, sorted. */
function fixtureFiles(root) {
  let dirs = [];
  try {
    dirs = readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory()).sort();
  } catch {
    return [];
  }
  const files = [];
  for (const d of dirs) {
    for (const f of readdirSync(join(root, d)).filter((f) => f.endsWith(".json")).sort()) {
      files.push(join(root, d, f));
    }
  }
  return files;
}

// Free-form JSON values (Bedrock `json`) nested deeper than
// this is emitted as `JSON.parse("...")` (type `any`): any JSON value is valid
// there, and comparing a very deep literal with a recursive JSON type makes tsc
// stop with "Excessive stack depth comparing types" (TS2321).
const MAX_FREE_FORM_DEPTH = 16;

function depth(v) {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depth));
  if (v && typeof v === "object") return 1 + Math.max(0, ...Object.values(v).map(depth));
  return 0;
}

function isFreeFormPath(path, freeForm) {
  return (freeForm ?? []).some(
    (ff) => ff.length === path.length && ff.every((s, i) => (s === "*" ? typeof path[i] === "number" : s === path[i])),
  );
}

/** TypeScript source of a JSON value (JSON is a TS expression), indented like JSON.stringify(v, null, 2). */
function literal(value, freeForm, path = [], indent = "") {
  if (path.length && isFreeFormPath(path, freeForm) && depth(value) > MAX_FREE_FORM_DEPTH) {
    return `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
  }
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    const items = value.map((v, i) => inner + literal(v, freeForm, [...path, i], inner));
    return `[\n${items.join(",\n")}\n${indent}]`;
  }
  if (value && typeof value === "object") {
    const keys = Object.keys(value);
    if (!keys.length) return "{}";
    const items = keys.map((k) => `${inner}${JSON.stringify(k)}: ${literal(value[k], freeForm, [...path, k], inner)}`);
    return `{\n${items.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** A file being emitted: constants with their line ranges. */
class Emitter {
  constructor(header) {
    this.lines = [...header];
    this.index = [];
    this.n = 0;
  }
  add(comment, type, value, meta, freeForm) {
    const name = `c${String(++this.n).padStart(4, "0")}`;
    const start = this.lines.length + 1; // 1-based line of the comment
    this.lines.push(`// ${comment}`);
    const body = `export const ${name}: ${type} = ${literal(value, freeForm)};`.split("\n");
    this.lines.push(...body);
    this.index.push({ name, start, end: this.lines.length, ...meta });
    return name;
  }
  write(path, indexPath) {
    writeFileSync(path, this.lines.join("\n") + "\n");
    writeFileSync(indexPath, JSON.stringify(this.index, null, 1) + "\n");
  }
}

const HEADER = [
  "// GENERATED by conformance/types/generate.mjs from conformance/fixtures: do not edit.",
  'import type * as P from "../provider-types.js";',
  "",
];

/** Cases with `expected` of provider targets, as {key, target, output, attachments?}. */
function collectCases(fixturesRoot) {
  const cases = [];
  const problems = [];
  const skipped = {};
  for (const file of fixtureFiles(fixturesRoot)) {
    let doc;
    try {
      doc = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      problems.push(`${relative(HERE, file)}: not JSON: ${e.message}`);
      continue;
    }
    for (const c of doc.cases ?? []) {
      const key = `${doc.target}/${doc.topic}#${c.id}`;
      if (!c.expected) continue;
      const target = c.target ?? doc.target;
      if (SKIPPED.has(target)) {
        skipped[target] = (skipped[target] ?? 0) + 1;
        continue;
      }
      if (!(target in TARGETS)) {
        problems.push(`${key}: target "${target}" has \`expected\` but no provider type mapping`);
        continue;
      }
      if (!("output" in c.expected)) {
        problems.push(`${key}: \`expected\` has no \`output\``);
        continue;
      }
      cases.push({ key, target, output: c.expected.output, attachments: c.expected.attachments });
    }
  }
  return { cases, problems, skipped };
}

function emitChecks(cases, out) {
  const e = new Emitter(HEADER);
  let outputs = 0;
  let attachmentLists = 0;
  const perTarget = {};
  for (const c of cases) {
    const [outType, attType] = TARGETS[c.target];
    e.add(`${c.key} (${c.target}) output`, `P.${outType}`, c.output, { key: c.key, target: c.target, part: "output" }, JSON_VALUES[c.target]);
    outputs++;
    perTarget[c.target] = (perTarget[c.target] ?? 0) + 1;
    if (c.attachments !== undefined) {
      e.add(`${c.key} (${c.target}) attachments`, `P.${attType}[]`, c.attachments, {
        key: c.key,
        target: c.target,
        part: "attachments",
      }, JSON_VALUES_ATTACHMENTS[c.target]);
      attachmentLists++;
    }
  }
  if (e.n === 0) e.lines.push("export {};");
  e.write(join(out, "checks.ts"), join(out, "checks.index.json"));
  return { outputs, attachmentLists, perTarget };
}

// ------------------------------------------------------------------ self-test

/** Every object-key path in `value` (arrays indexed by number), outside free-form values. */
function keyPaths(value, freeForm, path = [], acc = []) {
  if (path.length && isFreeFormPath(path, freeForm)) return acc;
  if (Array.isArray(value)) {
    value.forEach((v, i) => keyPaths(v, freeForm, [...path, i], acc));
  } else if (value && typeof value === "object") {
    for (const k of Object.keys(value)) {
      const p = [...path, k];
      acc.push(p);
      keyPaths(value[k], freeForm, p, acc);
    }
  }
  return acc;
}

/** A misspelling of a field name: swap its last two characters (or append one). */
function misspell(k) {
  const s = k.length >= 2 ? k.slice(0, -2) + k[k.length - 1] + k[k.length - 2] : k + "x";
  return s === k ? k + "x" : s;
}

/** `value` with the key at `path` renamed to its misspelling (key order kept). */
function renameAt(value, path) {
  const copy = structuredClone(value);
  let parent = copy;
  for (const seg of path.slice(0, -1)) parent = parent[seg];
  const old = path[path.length - 1];
  const renamed = {};
  for (const [k, v] of Object.entries(parent)) renamed[k === old ? misspell(k) : k] = v;
  for (const k of Object.keys(parent)) delete parent[k];
  Object.assign(parent, renamed);
  return copy;
}

function shownPath(p) {
  const r = relative(process.cwd(), p);
  return !r ? "." : r.startsWith("../..") ? p : r;
}

/** `v` with every string longer than 64 characters cut to 64. */
function shorten(v) {
  if (typeof v === "string") return v.length > 64 ? v.slice(0, 64) : v;
  if (Array.isArray(v)) return v.map(shorten);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shorten(x)]));
  return v;
}

function size(v) {
  return JSON.stringify(v).length;
}

function emitSelfTest(cases, out) {
  const samples = JSON.parse(readFileSync(join(HERE, "samples.json"), "utf8"));
  const e = new Emitter(HEADER);
  const add = (comment, target, part, value, mustFail, what) => {
    const [outType, attType] = TARGETS[target];
    const type = part === "output" ? `P.${outType}` : `P.${attType}[]`;
    const ff = part === "output" ? JSON_VALUES[target] : JSON_VALUES_ATTACHMENTS[target];
    e.add(`${mustFail ? "MUST FAIL" : "must pass"}: ${comment}`, type, value, { target, part, mustFail, what }, ff);
  };
  const misspellings = (label, target, part, value) => {
    const ff = part === "output" ? FREE_FORM[target] : FREE_FORM_ATTACHMENTS[target];
    for (const p of keyPaths(value, ff)) {
      const what = `${label} ${part} key /${p.join("/")} -> ${misspell(String(p[p.length - 1]))}`;
      add(what, target, part, renameAt(value, p), true, what);
    }
  };

  // 1. Samples compile as they are; each field name misspelled fails.
  for (const s of samples.samples) {
    const label = `sample ${s.target}:${s.name}`;
    add(label, s.target, "output", s.output, false, label);
    if (s.attachments) add(`${label} attachments`, s.target, "attachments", s.attachments, false, `${label} attachments`);
    misspellings(label, s.target, "output", s.output);
    if (s.attachments) misspellings(label, s.target, "attachments", s.attachments);
  }
  // 2. Wrong values / shapes the providers reject.
  for (const s of samples.wrong_values) {
    const label = `wrong value ${s.target}:${s.name}`;
    const part = s.attachments ? "attachments" : "output";
    if (s.attachments) add(`${label} (its output)`, s.target, "output", s.output, false, `${label} (its output)`);
    add(label, s.target, part, s.attachments ?? s.output, true, label);
  }
  // 3. Fixture outputs: for every distinct field path found in a target's
  //    fixture outputs (array indices folded, e.g. /content/*/source/media_type),
  //    the smallest output holding it, with that field misspelled. Long strings
  //    (payloads) are shortened first: no string over 64 characters is a
  //    literal type in any provider SDK, so validity does not change.
  const byPath = new Map();
  for (const c of cases) {
    for (const part of ["output", "attachments"]) {
      const v = c[part];
      if (v === undefined || typeof v !== "object" || v === null) continue;
      const ff = part === "output" ? FREE_FORM[c.target] : FREE_FORM_ATTACHMENTS[c.target];
      const short = shorten(v);
      const n = size(short);
      for (const p of keyPaths(v, ff)) {
        const folded = `${c.target} ${part} /${p.map((x) => (typeof x === "number" ? "*" : x)).join("/")}`;
        const best = byPath.get(folded);
        if (!best || n < best.n) byPath.set(folded, { key: c.key, target: c.target, part, value: short, path: p, n });
      }
    }
  }
  for (const [folded, b] of [...byPath].sort(([a], [z]) => (a < z ? -1 : a > z ? 1 : 0))) {
    const what = `fixture ${b.key}: ${folded} -> ${misspell(String(b.path[b.path.length - 1]))}`;
    add(what, b.target, b.part, renameAt(b.value, b.path), true, what);
  }

  e.write(join(out, "selftest.ts"), join(out, "selftest.index.json"));
  return e.index;
}

// ------------------------------------------------------------------ tsc logs

/** tsc --pretty false output -> [{file, line, text}] (continuation lines folded in). */
function parseTscLog(text) {
  const errs = [];
  for (const raw of text.split("\n")) {
    const m = /^(.+?)\((\d+),(\d+)\): (error .*)$/.exec(raw);
    if (m) errs.push({ file: m[1], line: Number(m[2]), col: Number(m[3]), text: m[4] });
    else if (raw.trim() && errs.length) errs[errs.length - 1].text += "\n    " + raw.trim();
    else if (raw.trim()) errs.push({ file: "", line: 0, col: 0, text: raw });
  }
  return errs;
}

function findEntry(index, line) {
  return index.find((x) => line >= x.start && line <= x.end);
}

function explain(logPath, out) {
  const errs = parseTscLog(readFileSync(logPath, "utf8"));
  const index = JSON.parse(readFileSync(join(out, "checks.index.json"), "utf8"));
  const byKey = new Map();
  for (const er of errs) {
    const entry = er.file.endsWith("checks.ts") ? findEntry(index, er.line) : undefined;
    const label = entry ? `${entry.key} [${entry.target} ${entry.part}]` : `(not a fixture case) ${er.file}`;
    if (!byKey.has(label)) byKey.set(label, []);
    byKey.get(label).push(`  line ${er.line}:${er.col}: ${er.text}`);
  }
  for (const [label, msgs] of byKey) {
    console.log(`FAIL ${label}`);
    for (const m of msgs) console.log(m);
  }
  const cases = [...byKey.keys()].filter((k) => !k.startsWith("(not")).length;
  console.log(`types: ${errs.length} type error(s) in ${cases} fixture case part(s)`);
}

function verifySelfTest(logPath, out) {
  const errs = parseTscLog(readFileSync(logPath, "utf8"));
  const index = JSON.parse(readFileSync(join(out, "selftest.index.json"), "utf8"));
  const hits = new Map();
  const stray = [];
  for (const er of errs) {
    const entry = er.file.endsWith("selftest.ts") ? findEntry(index, er.line) : undefined;
    if (!entry) stray.push(er);
    else hits.set(entry.name, [...(hits.get(entry.name) ?? []), er.text]);
  }
  const missed = index.filter((x) => x.mustFail && !hits.has(x.name));
  const wrongly = index.filter((x) => !x.mustFail && hits.has(x.name));
  const mustFail = index.filter((x) => x.mustFail).length;
  for (const x of missed) console.log(`self-test: NOT REJECTED (the check would miss this): ${x.what}`);
  for (const x of wrongly) console.log(`self-test: valid sample rejected: ${x.what}\n    ${hits.get(x.name).join("\n    ")}`);
  for (const er of stray) console.log(`self-test: error outside any constant: ${er.file}(${er.line}): ${er.text}`);
  const ok = missed.length === 0 && wrongly.length === 0 && stray.length === 0;
  console.log(
    `self-test: ${mustFail - missed.length}/${mustFail} deliberate errors rejected, ` +
      `${index.length - mustFail - wrongly.length}/${index.length - mustFail} valid samples accepted` +
      (ok ? "" : " -- FAILED"),
  );
  process.exit(ok ? 0 : 1);
}

// ------------------------------------------------------------------ main

const args = parseArgs(process.argv.slice(2));
mkdirSync(args.out, { recursive: true });
if (args.explain) {
  explain(args.explain, args.out);
} else if (args.verify) {
  verifySelfTest(args.verify, args.out);
} else {
  const { cases, problems, skipped } = collectCases(args.fixtures);
  const stats = emitChecks(cases, args.out);
  const per = Object.entries(stats.perTarget).map(([t, n]) => `${t} ${n}`).join(", ");
  const skip = Object.entries(skipped).map(([t, n]) => `${t} ${n}`).join(", ");
  console.log(
    `generate: ${stats.outputs} outputs, ${stats.attachmentLists} attachment lists from ${shownPath(args.fixtures)}` +
      (per ? ` (${per})` : "") +
      (skip ? `; no provider type, skipped: ${skip}` : ""),
  );
  writeFileSync(join(args.out, "stats.json"), JSON.stringify(stats) + "\n");
  if (args.selfTest) {
    const index = emitSelfTest(cases, args.out);
    const mustFail = index.filter((x) => x.mustFail).length;
    console.log(`generate: self-test with ${index.length - mustFail} valid samples and ${mustFail} deliberate errors`);
  }
  for (const p of problems) console.error(`generate: ${p}`);
  if (problems.length) process.exit(1);
}
