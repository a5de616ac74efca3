// Restoring placeholders for a write. Kept apart so the rule is in one place: after restoring, the text
// must hold no placeholder at all — an unknown one (from another file, or made up) refuses the write.
import { secrets } from './env';
import { type ToolEnv, ToolRefusal } from './env';

export function restoreFor(env: ToolEnv, rel: string, newText: string, original: string): { text: string; restored: number } {
  const r = secrets().restorePlaceholders(newText, original, env.compiled().maskOptions, rel);
  if (!r.ok) throw new ToolRefusal(`nothing was written to ${rel}: ${r.reason}`);
  if (secrets().containsPlaceholder(r.text) && !secrets().containsPlaceholder(original)) {
    throw new ToolRefusal(
      `the new text for ${rel} holds a «secret:…» placeholder that does not stand for a secret in this file; nothing was written. Keep placeholders only where they were, or use an environment variable name instead of a secret`,
    );
  }
  return { text: r.text, restored: r.restored };
}
