// The capture server's control endpoints (conformance/e2e/capture.py).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

export const CAPTURE_URL = process.env.E2E_CAPTURE_URL ?? ''

export interface Verdict {
  problems: string[]
  /** `fitted`: an image the conversion fitted (with `fit`), with its type and size. */
  media: { path: string; from: string; size: number; asset?: string | null; fitted?: { type: string; width: number; height: number } }[]
}

/** The last provider request the capture server recorded. */
export async function last(): Promise<{ path: string; body: unknown }> {
  const response = await fetch(`${CAPTURE_URL}/__e2e/last`)
  if (!response.ok) throw new Error(`capture server: ${response.status} ${await response.text()}`)
  return response.json()
}

/**
 * check.py's verdict on the last request, made for `target` from `result` (with `fit`: converted
 * with that `fitImages`, so images may arrive fitted and must be within the target's limits).
 */
export async function check(target: string, result: CallToolResult, assets: boolean, fit?: string): Promise<Verdict> {
  const response = await fetch(`${CAPTURE_URL}/__e2e/check`, {
    method: 'POST',
    body: JSON.stringify({ target, result, assets, fit }),
  })
  if (!response.ok) throw new Error(`capture server: ${response.status} ${await response.text()}`)
  return response.json()
}
