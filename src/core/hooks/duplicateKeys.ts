// A hook payload whose object repeats a key is ambiguous: JSON.parse keeps the last value, another parser the
// first. Threat: `{"command": "rm -rf build", "command": "ls"}` judged as `ls` while a host (or a proxy
// between the model and the host) that keeps the first value runs the delete. No host writes such a payload
// itself (each serialises an object), so one that does is refused rather than read one way.

/**
 * The first key that appears twice in one object of this JSON text, or undefined. Only meaningful for text
 * JSON.parse accepted (strings and nesting are assumed well formed). Keys are compared decoded, so
 * `"\u0063ommand"` and `"command"` are the same key. One pass; string bodies are skipped with indexOf.
 */
export function duplicateKey(text: string): string | undefined {
  const stack: (Set<string> | null)[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Find the closing quote: one not preceded by an odd run of backslashes.
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return undefined;
        let k = q - 1;
        while (k > i && text.charCodeAt(k) === 0x5c /* \ */) k--;
        j = q;
        if ((q - 1 - k) % 2 === 0) break;
        j = q + 1;
      }
      const top = stack[stack.length - 1];
      if (top) {
        // A key is a string followed by ':'.
        let k = j + 1;
        while (k < n && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x0a || text.charCodeAt(k) === 0x0d || text.charCodeAt(k) === 0x09)) k++;
        if (text.charCodeAt(k) === 0x3a /* : */) {
          const raw = text.slice(i + 1, j);
          let key = raw;
          if (raw.includes('\\')) {
            try {
              key = JSON.parse(`"${raw}"`) as string;
            } catch {
              key = raw;
            }
          }
          if (top.has(key)) return key;
          top.add(key);
        }
      }
      i = j + 1;
      continue;
    }
    if (c === 0x7b /* { */) stack.push(new Set());
    else if (c === 0x5b /* [ */) stack.push(null);
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) stack.pop();
    i++;
  }
  return undefined;
}
