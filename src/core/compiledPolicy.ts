// One policy, compiled once each time it loads and shared by every channel: the engine (the path guard with
// its compiled globs, the command rules), the maskers, and the protected-path test. Nothing downstream keeps
// a cache of its own keyed by policy: a reload makes a new CompiledPolicy and everything reads it from the
// GuardService. Pure: the I/O (reading files to mask them) stays with the caller.
import { Minimatch } from 'minimatch';
import type { Engine } from './engine';
import type { PathGuard } from './paths/guard';
import type { Policy } from './policy/types';
import type { CanonicalCall } from './types';
import type { createMasker, MaskOptions } from './secrets';
import { engineModule as engine, secretsModule as secrets } from './lazyModules';

/** What the masker takes from a policy: its own patterns and the values it never masks. */
export function maskOptionsOf(policy: Policy): MaskOptions {
  return { extraPatterns: policy.masking.patterns, allowValues: policy.masking.allowValues };
}

export class CompiledPolicy {
  readonly engine: Engine;
  readonly maskOptions: MaskOptions;
  private readonly fileMasker: ReturnType<typeof createMasker>;
  private readonly unmaskedPaths: Minimatch[];

  constructor(readonly policy: Policy) {
    this.engine = new (engine().Engine)(policy);
    this.maskOptions = maskOptionsOf(policy);
    this.fileMasker = secrets().createMasker(this.maskOptions);
    this.unmaskedPaths = policy.masking.allowPaths.map((g) => new Minimatch(g, { dot: true, nocase: true }));
  }

  get hash(): string {
    return this.policy.hash;
  }

  /** The path rules, compiled (the engine's own guard: the same globs decide before and re-check at the I/O). */
  get paths(): PathGuard {
    return this.engine.paths;
  }

  /**
   * The policy as one call's context sees it (rules narrowed to another agent, channel or tool left out): what
   * a handler re-checks a path against right before its I/O. The same object when no rule is narrowed.
   */
  forCall(call: Pick<CanonicalCall, 'agent' | 'channel' | 'tool'>): CompiledPolicy {
    if (!this.engine.views.contextual) return this;
    const paths = this.engine.views.of(call).paths;
    // Everything else (maskers, the engine) is this policy's own, reached through the prototype.
    return Object.create(this, { paths: { value: paths } }) as CompiledPolicy;
  }

  /**
   * The masking choke point for everything that leaves the guard as a value: tool results, audit arguments,
   * reasons, the panel, the log. Identity only when the policy switched masking off.
   */
  readonly maskValue = <T>(v: T): T => (this.policy.masking.enabled ? secrets().maskValue(v, this.maskOptions) : v);

  /** A file's text as the model may read it, unless the policy allow-lists the path. */
  maskFile(relPath: string, text: string): { text: string; masked: number } {
    if (!this.policy.masking.enabled || this.unmaskedPaths.some((m) => m.match(relPath))) return { text, masked: 0 };
    // The path may say more than the text (a Docker secret, Rails' master key): secrets/pathed.ts.
    const r = secrets().maskByPath(relPath, text, this.fileMasker.mask(text));
    return { text: r.text, masked: r.findings.length };
  }

  /**
   * The secrets of a file an edit would leave readable where its masked view hid them (a renamed key, a value moved
   * into a comment): empty when masking is off for the path or the edit unmasks nothing (secrets/restore.ts).
   */
  secretsUnmaskedBy(relPath: string, original: string, after: string): string[] {
    if (!this.policy.masking.enabled || this.unmaskedPaths.some((m) => m.match(relPath))) return [];
    return secrets().secretsUnmaskedBy(original, after, this.maskOptions, relPath);
  }

  /** Whether text the model wrote carries a «secret:…» placeholder (it came from a masked view). */
  hasPlaceholder(text: string): boolean {
    return secrets().containsPlaceholder(text);
  }

  /**
   * The placeholders in `text` put back from the file's text on disk, or why they cannot be. `relPath`: the file's
   * path, for the placeholders maskFile gave by it (a Docker secret, Rails' master key).
   */
  restorePlaceholders(text: string, original: string, relPath?: string): ReturnType<typeof import('./secrets').restorePlaceholders> {
    return secrets().restorePlaceholders(text, original, this.maskOptions, relPath);
  }

  /** Whether a bare value is shaped like a credential (output of a command that prints one: credentialOutput.ts). */
  readonly looksLikeSecret = (v: string): boolean => secrets().valueLooksSecret(v, 'strong', true);

  /** The values of a secret file (each line's value), for the hook bridge's known-secrets matcher. */
  secretFileValues(text: string): string[] {
    return secrets().valuesOfSecretFile(text);
  }

  /** A matcher for these secret values in any encoding (secrets/known.ts); loads with the masker, not with the bridge. */
  knownSecrets(values: Iterable<string>): import('./secrets').KnownSecrets {
    return new (secrets().KnownSecrets)(values);
  }

  /**
   * A path agents may not read (secrets) or that belongs to the guard's floor (its policy, hook configs):
   * flagged in change summaries so the model does not go and read it, and kept out of the panel's previews
   * and the snapshot's baseline copies.
   */
  isProtected(rel: string): boolean {
    const g = this.engine.paths;
    return g.matchRelative(rel, 'read')?.decision === 'deny' || (g.matchRelative(rel, 'write')?.rule.startsWith('path:floor') ?? false);
  }
}
