// The corpus' line model and checks (test/fixtures/corpus/README.md §3), shared by the secret tests.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ALL_RULES, maskText } from '../../../src/core/secrets';

/** Split on \n; a final \n does not start a line; \r stays with its line. */
export function linesOf(text: string): string[] {
  const l = text.split('\n');
  if (text.endsWith('\n')) l.pop();
  return l;
}

/**
 * Masks `text` whole: the lines (1-based) in `keep` come back byte-identical, no secret in `secrets` survives
 * anywhere, and the line count is kept.
 */
export function checkKeptAndHidden(text: string, keep: number[], secrets: string[] = []): void {
  const out = maskText(text).text;
  const a = text.split('\n');
  const b = out.split('\n');
  assert.equal(b.length, a.length);
  for (const k of keep) assert.equal(b[k - 1], a[k - 1], `line ${k} changed: ${JSON.stringify(b[k - 1])}`);
  for (const s of secrets) assert.ok(!leaks(out, s), `left visible ${s}: ${JSON.stringify(out)}`);
}

/** True when `line` still holds an 8-char window of `secret` (the whole secret if shorter). */
export function leaks(line: string, secret: string): boolean {
  if (secret.length === 0) return false;
  if (secret.length < 8) return line.includes(secret);
  for (let i = 0; i + 8 <= secret.length; i++) if (line.includes(secret.slice(i, i + 8))) return true;
  return false;
}

export interface Case {
  name: string;
  text: string;
  /** 1-based line → secret substrings that must not survive (may be empty: the line must just differ). */
  secretLines: Map<number, string[]>;
  /** 1-based lines that must be byte-identical. */
  mustKeep: number[];
}

/** Asserts the corpus checks for one file; returns the problems instead of throwing when `collect`. */
export function checkMasked(c: Case, masked: string): string[] {
  const problems: string[] = [];
  const a = linesOf(c.text);
  const b = linesOf(masked);
  if (a.length !== b.length) problems.push(`${c.name}: line count ${a.length} → ${b.length}`);
  for (const n of c.mustKeep)
    if (a[n - 1] !== b[n - 1]) problems.push(`${c.name}:${n} must be kept: ${JSON.stringify(a[n - 1])} → ${JSON.stringify(b[n - 1])}`);
  for (const [n, secrets] of c.secretLines) {
    const line = b[n - 1] ?? '';
    if (line === a[n - 1]) problems.push(`${c.name}:${n} secret line not masked: ${JSON.stringify(a[n - 1]).slice(0, 160)}`);
    else for (const s of secrets) if (leaks(line, s)) problems.push(`${c.name}:${n} leaks part of a secret: ${JSON.stringify(line).slice(0, 160)}`);
  }
  return problems;
}

export function assertMasked(c: Case, masked: string): void {
  const p = checkMasked(c, masked);
  assert.deepEqual(p, [], p.join('\n'));
}

/** Build a case from lines tagged S (secret, with its values), K (keep) or U (unconstrained). */
export function buildCase(name: string, rows: ([string, 'K'] | [string, 'S', ...string[]] | [string, 'U'])[], eol = '\n', finalEol = true): Case {
  const secretLines = new Map<number, string[]>();
  const mustKeep: number[] = [];
  rows.forEach((r, i) => {
    if (r[1] === 'K') mustKeep.push(i + 1);
    else if (r[1] === 'S') secretLines.set(i + 1, r.slice(2) as string[]);
  });
  const text = rows.map((r) => r[0]).join(eol) + (finalEol ? eol : '');
  return { name, text, secretLines, mustKeep };
}

/** Every line of every rule sample (true and false positives) and of the corpus sample's files. */
export function sampleAndCorpusLines(): string[] {
  const lines: string[] = [];
  for (const r of ALL_RULES) {
    const s = r.samples();
    for (const t of [...s.truePositives.map((x) => x.text), ...s.falsePositives]) lines.push(...t.split('\n'));
  }
  const corpus = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/corpus/secrets.json'), 'utf8')) as { content_b64: string }[];
  for (const f of corpus) lines.push(...Buffer.from(f.content_b64, 'base64').toString('utf8').split('\n'));
  return lines;
}

/** Every line holding a secret changes and none of the secrets survives; every other line is byte-identical. */
export function masks(text: string, secrets: string[]): void {
  const r = maskText(text);
  for (const s of secrets) assert.ok(!leaks(r.text, s), `left visible ${s} in ${JSON.stringify(r.text.slice(0, 300))}`);
  const a = text.split('\n');
  const b = r.text.split('\n');
  assert.equal(b.length, a.length);
  a.forEach((l, i) => {
    if (!secrets.some((s) => l.includes(s))) assert.equal(b[i], l, `benign line changed: ${l}`);
  });
}
/** The masked view is the text itself. */
export function keeps(text: string): void {
  assert.equal(maskText(text).text, text);
}
