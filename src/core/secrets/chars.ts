// Character classes the secret checks read by code unit, shared by the pre-scan and the rules.

/** ECMAScript `\s` (WhiteSpace and LineTerminator), the class the regexes' `\s` takes. NaN (past the end of a string) is not one. */
export function isSpace(c: number): boolean {
  return c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c >= 0xa0 && isWideSpace(c);
}

/** `\s` beyond ASCII. */
export function isWideSpace(c: number): boolean {
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}
