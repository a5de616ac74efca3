// The text of a new `.agentguard.yaml` written from the shipped default ("Create Policy from Default"): the
// default's own text, with an `extends:` line naming the ecosystem packs detected in the folder and a comment
// saying what revealed each, so the person sees which packs protect what, and can change the list.
import { PACK_NAMES, type PackUse, shippedPack } from './packs';

/**
 * `defaultText` is policies/default.yaml as shipped; `detected` what `detectEcosystems` found in the folder.
 * The result is a valid policy whose `extends:` names exactly the detected packs (none: the default alone).
 */
export function renderPolicyFromDefault(defaultText: string, detected: readonly PackUse[]): string {
  const names = PACK_NAMES.filter((n) => detected.some((d) => d.name === n));
  const width = Math.max(0, ...names.map((n) => n.length));
  const lines: string[] = [''];
  if (names.length) {
    lines.push(
      '# Ecosystems AgentGuard found in this folder when this file was created. Their packs protect what each',
      '# ecosystem calls its tests, snapshots and fixtures (never written by an agent), its test and lint',
      '# configuration (a person confirms each change) and its secret files (policies/packs/ in AgentGuard).',
      '# Remove a name to drop its pack; add `auto` to also apply the packs of ecosystems added to the folder later.',
    );
    for (const n of names) {
      const d = detected.find((x) => x.name === n)!;
      lines.push(`#   ${n.padEnd(width)}  ${shippedPack(n).meta.title}, found by ${d.evidence.join(', ') || 'name'}`);
    }
  } else {
    lines.push(
      '# No ecosystem manifest was found at this folder’s root when this file was created. Name packs to protect',
      "# an ecosystem's tests, test configuration and secret files, or add `auto` to apply the packs of the",
      `# ecosystems found in the folder. Packs: ${PACK_NAMES.join(', ')}.`,
    );
  }
  lines.push(`extends: [${['default', ...names].join(', ')}]`);
  const block = lines.join('\n') + '\n';

  // After the `version:` line when there is one (the shipped default has it), else at the top.
  const m = /^version:.*\n/m.exec(defaultText);
  if (!m) return block.slice(1) + '\n' + defaultText;
  const at = m.index + m[0].length;
  return defaultText.slice(0, at) + block + defaultText.slice(at);
}
