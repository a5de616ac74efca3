// Memo keys that outlive a call must not keep the file they came from alive. A substring in V8 is
// usually a view on its parent string, so a memo of 4,096 line views could hold on to thousands of
// whole files: each then survives the young-generation collections that would have freed it, is
// copied into the old generation and later swept (measured on the bench tree: most of the masker's
// garbage-collection time). The copy below is a string of its own, the length of the key.

/** `s` as a string that shares no storage with a longer one (same value). */
export function detached(s: string): string {
  // Concatenation makes a rope; slicing it flattens the rope into a new string of s.length + 1
  // characters, and the result is a view on that one, not on the file.
  return (s + ' ').slice(0, s.length);
}
