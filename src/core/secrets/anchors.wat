;; The secret pre-scan's first pass, in WebAssembly with 128-bit SIMD. JavaScript has no primitive that
;; finds several characters in one pass: `indexOf` costs a full pass over the text per anchor (~0.3 ns a
;; character, eleven anchors), and a JavaScript loop over the characters costs ten times that.
;; Here one pass finds every anchor character 16 bytes at a time, and each anchor found gets the cheap
;; first-level check of its kind (the last characters before it against the same tables prefilter.ts
;; reads). Only anchors that pass are reported; prefilter.ts then runs the full check of that kind on
;; the original string, except where the module's check was the whole check (a key name before = : >,
;; `keyName`: reported with the EXACT bit). So the checks here may only ever let more through, never
;; fewer, and an EXACT answer must be JavaScript's own (the tests compare them):
;;   - one byte per character: the character itself up to 0xFF (a Latin-1 copy), or, for text with wider
;;     characters, `narrow`'s saturation of each UTF-16 unit: 0x100–0xFFFF become 0xFF. Every check here
;;     reads a character only to compare it with ASCII anchors, blanks,
;;     quotes, `/`, `@` or table entries (all ASCII, none 0x00), and JavaScript sees a character above 0xFF
;;     as non-ASCII: the same answers. Where a check needs more (a walk that meets a byte above 0x7F, which
;;     may be a Unicode blank) it reports the anchor unchecked.
;;   - near the ends of the chunk in memory, where neighbours may lie outside it, an anchor is reported
;;     unchecked.
;;
;; Memory (pages are 64 KiB): the text at IN, 16 zero bytes after it; u32 positions out at OUT; tables at
;; TBL, written by anchors.ts (TABLE_LAYOUT) from prefilter.ts's tables before the first scan:
;;   TBL+0 / +32768 / +65536   tail tables' first level (`two`) for key words (before = : >), vendor
;;                              prefixes before `_`, before `-` (u16 row numbers, 32768 bytes each, index
;;                              ((c2 << 7) | c1) * 2)
;;   TBL+265824 / +396896 / +527968   their second levels (`third`, rows of 128, row = two[pair], 1024 rows)
;;   TBL+98304 + k*33280, letter anchor k = A J K . G: before1 (128) before2 (16384) after1 (128)
;;              after2 (16384)
;;   TBL+264704 u32 per character code: the offset (from TBL) of that letter anchor's tables
;;   TBL+265728 six 16-byte nibble tables (see `anchors` below): anchor class by low / high nibble, the
;;              neighbour before by low / high nibble, the neighbour after by low / high nibble
;; UTF-16 text to narrow at UCS (2 * CHUNK bytes, then 32 spare).
;; The keyword selector's tables at SEL (anchors.ts SELECT_LAYOUT, packed by keywords.ts packKeywordTables).
;; The key-name tries at TRIE (anchors.ts TRIE_LAYOUT, from prefilter.ts's ReverseTries): key words at
;; +0, key tails at +263168; each is `next` (u16 child + 1 by node * 128 + code, 1024 nodes at most)
;; then a u8 per node (+262144), 1 where a word ends.
;; The blocks at FLAGS (u32 each, the offset of a 32-byte block holding a byte beyond ASCII next to a
;; character of a key or a token: text a decoded view may change, see `anchors` below).
;; Literal sets at LIT, LIT2 = LIT + 2816 and LIT3 = LIT + 5632 (anchors.ts LITERAL_LAYOUT, packed by literals.ts; see `literals` at the end).
;; Anchors: = : > _ - @ A J K G . and `d` when `dapi` starts there or `password` ends there, `D` when
;; `PASSWORD` or `IDENTIFIED` ends there (the only anchors that are words).
;; After editing, rebuild anchorsWasm.ts: `node scripts/build-wasm.mjs` (a unit test compares them).
(module
  (memory (export "memory") 134)
  (global $IN i32 (i32.const 1024))
  (global $OUT i32 (i32.const 1049664)) ;; IN + CHUNK (1 MiB) + 64
  (global $TBL i32 (i32.const 5244032)) ;; OUT + 4 * CHUNK + 64 (room for `anchors`' spare writes)
  (global $UCS i32 (i32.const 5903104)) ;; TBL + 659072
  (global $SEL i32 (i32.const 8000320)) ;; UCS + 2 * CHUNK + 64: the keyword selector (`select`)
  (global $TRIE i32 (i32.const 8092496)) ;; SEL + 92176: the key-name tries (`keyName`)
  (global $FLAGS i32 (i32.const 8618832)) ;; TRIE + 526336: the flagged blocks (`flagged`)
  (global $LIT i32 (i32.const 8749904)) ;; FLAGS + 4 * (CHUNK >> 5): the literal sets (`literals` is given LIT, LIT + 2816 or LIT + 5632)
  ;; How many blocks the last `anchors` call flagged (at FLAGS).
  (global $flagged (mut i32) (i32.const 0))
  (func (export "flagged") (result i32) (global.get $flagged))
  ;; Gate literals seen by the last `anchors` call: 1 `kind:`, 2 `-BEGIN `, 4 `ENV `, 8 `_auth`, 16 `npmAuth`
  ;; (whole within the chunk).
  (global $gates (mut i32) (i32.const 0))
  (func (export "gates") (result i32) (global.get $gates))

  ;; UTF-16 units at UCS to bytes at IN, 16 at a time, saturating (see above). Writes up to 15 bytes past
  ;; $len (the caller zeroes the padding afterwards).
  (func (export "narrow") (param $len i32)
    (local $i i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (v128.store (i32.add (global.get $IN) (local.get $i))
          (i8x16.narrow_i16x8_u
            (i16x8.min_u (v128.load (i32.add (global.get $UCS) (i32.shl (local.get $i) (i32.const 1)))) (i16x8.splat (i32.const 0xff)))
            (i16x8.min_u (v128.load offset=16 (i32.add (global.get $UCS) (i32.shl (local.get $i) (i32.const 1)))) (i16x8.splat (i32.const 0xff)))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $next))))

  (func $byte (param $p i32) (result i32)
    (i32.load8_u (i32.add (global.get $IN) (local.get $p))))

  ;; tails.ts endsAt on bytes: does the text ending at $i end like one of the table's words? The caller
  ;; guarantees $i >= 2. 0 when a character it needs is not ASCII.
  (func $tail (param $two i32) (param $third i32) (param $i i32) (result i32)
    (local $c1 i32) (local $c2 i32) (local $c3 i32) (local $v i32)
    (local.set $c1 (call $byte (local.get $i)))
    (local.set $c2 (call $byte (i32.sub (local.get $i) (i32.const 1))))
    (if (i32.or (i32.ge_u (local.get $c1) (i32.const 128)) (i32.ge_u (local.get $c2) (i32.const 128))) (then (return (i32.const 0))))
    (local.set $v (i32.load16_u (i32.add (i32.add (global.get $TBL) (local.get $two)) (i32.shl (i32.or (i32.shl (local.get $c2) (i32.const 7)) (local.get $c1)) (i32.const 1)))))
    (if (i32.le_u (local.get $v) (i32.const 1)) (then (return (local.get $v))))
    (local.set $c3 (call $byte (i32.sub (local.get $i) (i32.const 2))))
    (if (i32.ge_u (local.get $c3) (i32.const 128)) (then (return (i32.const 0))))
    (i32.load8_u (i32.add (i32.add (global.get $TBL) (local.get $third)) (i32.or (i32.shl (local.get $v) (i32.const 7)) (local.get $c3)))))

  ;; prefilter.ts tokenFollows: the 16 characters after $p are [A-Za-z0-9_+/=-]. The caller guarantees
  ;; they are in the chunk.
  (func $tokenFollows (param $p i32) (result i32)
    (local $v v128) (local $lower v128)
    (local.set $v (v128.load (i32.add (i32.add (global.get $IN) (local.get $p)) (i32.const 1))))
    (local.set $lower (v128.or (local.get $v) (i8x16.splat (i32.const 32))))
    (i8x16.all_true
      (v128.or
        (v128.or
          (v128.and (i8x16.ge_u (local.get $lower) (i8x16.splat (i32.const 97))) (i8x16.le_u (local.get $lower) (i8x16.splat (i32.const 122))))
          (v128.and (i8x16.ge_u (local.get $v) (i8x16.splat (i32.const 48))) (i8x16.le_u (local.get $v) (i8x16.splat (i32.const 57)))))
        (v128.or
          (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 95))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 43))))
          (v128.or (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 47))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 61))))
                   (i8x16.eq (local.get $v) (i8x16.splat (i32.const 45))))))))

  ;; `=` `:` `>`: back over blanks and up to two of " ' ` ], then the key-word tail table. A `:` after sixteen
  ;; digits and a `/` (an Asana token, prefilter.ts ASANA_SRC) is reported unchecked.
  (func $generic (param $p i32) (result i32)
    (local $i i32) (local $c i32)
    (local.set $i (i32.sub (local.get $p) (i32.const 1)))
    (if (i32.lt_s (local.get $i) (i32.const 2)) (then (return (i32.const 1))))
    (local.set $c (call $byte (local.get $i)))
    ;; Make's `?=` `+=` `!=` (prefilter.ts genericAt): the operator's first character is skipped.
    (if (i32.and (i32.eq (call $byte (local.get $p)) (i32.const 61))
                 (i32.or (i32.or (i32.eq (local.get $c) (i32.const 63)) (i32.eq (local.get $c) (i32.const 43)))
                         (i32.eq (local.get $c) (i32.const 33))))
      (then
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (if (i32.lt_s (local.get $i) (i32.const 2)) (then (return (i32.const 1))))
        (local.set $c (call $byte (local.get $i)))))
    (if (i32.and (i32.eq (call $byte (local.get $p)) (i32.const 58)) (i32.lt_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 10)))
      (then (if (call $digits16 (local.get $p)) (then (return (i32.const 1))))))
    (block $blanks
      (loop $back
        (br_if $blanks (i32.and (i32.ne (local.get $c) (i32.const 32)) (i32.ne (local.get $c) (i32.const 9))))
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (if (i32.lt_s (local.get $i) (i32.const 2)) (then (return (i32.const 1))))
        (local.set $c (call $byte (local.get $i)))
        (br $back)))
    (if (call $quote (local.get $c))
      (then
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (if (i32.lt_s (local.get $i) (i32.const 2)) (then (return (i32.const 1))))
        (local.set $c (call $byte (local.get $i)))
        (if (call $quote (local.get $c))
          (then
            (local.set $i (i32.sub (local.get $i) (i32.const 1)))
            (if (i32.lt_s (local.get $i) (i32.const 2)) (then (return (i32.const 1))))
            (local.set $c (call $byte (local.get $i)))))))
    ;; A name ending beyond ASCII (`密码=`, `contraseña:`, `ＫＥＹ=`): a foreign word or a compatibility form a
    ;; decoded view may read as a key word (decode.ts), left to JavaScript.
    (if (i32.ge_u (i32.or (i32.or (local.get $c) (call $byte (i32.sub (local.get $i) (i32.const 1))))
                          (call $byte (i32.sub (local.get $i) (i32.const 2))))
                  (i32.const 128))
      (then (return (i32.const 1))))
    ;; No key word ends there; but a `=` may pad a base64 blob (`$padding`), which JavaScript decodes.
    (if (i32.eqz (call $tail (i32.const 0) (i32.const 265824) (local.get $i))) (then (return (call $padding (local.get $p)))))
    ;; The whole check (prefilter.ts keyNameEndsAt): 3 confirmed, 0 not, 1 left to JavaScript (the walk
    ;; reached the start of the chunk).
    (local.set $c (call $keyName (local.get $i)))
    ;; None ends there either: an escape or an invisible character inside the name (`"pass\u0077ord":`,
    ;; `PASS` U+200B `WORD=`) may still hide one (`$maybeDecoded`).
    (if (i32.eqz (local.get $c)) (then (return (call $maybeDecoded (local.get $p)))))
    (if (result i32) (i32.eq (local.get $c) (i32.const 2)) (then (i32.const 1)) (else (i32.mul (local.get $c) (i32.const 3)))))

  ;; The `=` at $p ends a run of 16 base64 characters (both alphabets, without `=`: prefilter.ts base64Char)
  ;; and is followed by no base64 letter, digit, `+` or `/`: a blob's padding (prefilter.ts paddingAt decides).
  ;; Or the 16 characters are a token's with a `=` among them, and a letter ends them (a foreign key word,
  ;; decode.ts foreignWordBefore) or a `\` stands before them (an escape, hasEscapeBefore): JavaScript looks
  ;; for those on every anchor it sees, and these are the ones it can find after a token. A rule of `=` in a
  ;; comment or a Markdown heading (`=====`) is neither: rejected here, not in JavaScript. Within 16 bytes of
  ;; the chunk's start the run may lie in the chunk before: reported unchecked.
  (func $padding (param $p i32) (result i32)
    (local $n i32) (local $v v128) (local $b v128)
    (if (i32.ne (call $byte (local.get $p)) (i32.const 61)) (then (return (i32.const 0))))
    (if (i32.lt_u (local.get $p) (i32.const 16)) (then (return (i32.const 1))))
    (local.set $n (call $byte (i32.add (local.get $p) (i32.const 1))))
    (if (i32.or (i32.or (i32.lt_u (i32.sub (i32.or (local.get $n) (i32.const 0x20)) (i32.const 97)) (i32.const 26))
                        (i32.lt_u (i32.sub (local.get $n) (i32.const 48)) (i32.const 10)))
                (i32.or (i32.eq (local.get $n) (i32.const 43)) (i32.eq (local.get $n) (i32.const 47))))
      (then (return (i32.const 0))))
    (local.set $v (v128.load (i32.sub (i32.add (global.get $IN) (local.get $p)) (i32.const 16))))
    (local.set $b (v128.or (call $wordBytes (local.get $v))
                           (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 43))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 47))))))
    (if (i8x16.all_true (local.get $b)) (then (return (i32.const 1))))
    (i32.and
      (i8x16.all_true (v128.or (local.get $b) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 61)))))
      (i32.or (i32.lt_u (i32.sub (i32.or (call $byte (i32.sub (local.get $p) (i32.const 1))) (i32.const 0x20)) (i32.const 97)) (i32.const 26))
              (i32.eq (call $byte (i32.sub (local.get $p) (i32.const 17))) (i32.const 92)))))

  ;; The bytes (all ones) of ASCII letters, digits, `_` and `-`: the characters of keys and tokens.
  (func $wordBytes (param $v v128) (result v128)
    (v128.or
      (v128.or (i8x16.lt_u (i8x16.sub (v128.or (local.get $v) (i8x16.splat (i32.const 0x20))) (i8x16.splat (i32.const 97))) (i8x16.splat (i32.const 26)))
               (i8x16.lt_u (i8x16.sub (local.get $v) (i8x16.splat (i32.const 48))) (i8x16.splat (i32.const 10))))
      (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 95))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 45))))))

  ;; A `\u` or `\x`, or a byte beyond ASCII (or a NUL), among the 16 bytes before $p: 1 (near
  ;; the chunk's start, 1 too). No key word ends before the anchor, but an escape in the name
  ;; (`"pass\u0077ord":`) or a word beyond ASCII (`密码=`, `contraseña:`) may be one once decoded (decode.ts).
  (func $maybeDecoded (param $p i32) (result i32)
    (local $v v128) (local $w v128)
    (if (i32.lt_u (local.get $p) (i32.const 16)) (then (return (i32.const 1))))
    (local.set $v (v128.load (i32.sub (i32.add (global.get $IN) (local.get $p)) (i32.const 16))))
    (local.set $w (v128.load (i32.sub (i32.add (global.get $IN) (local.get $p)) (i32.const 15))))
    (v128.any_true (v128.or
      (v128.and (i8x16.eq (local.get $v) (i8x16.splat (i32.const 92)))
                (v128.or (i8x16.eq (local.get $w) (i8x16.splat (i32.const 117))) (i8x16.eq (local.get $w) (i8x16.splat (i32.const 120)))))
      (v128.or (i8x16.lt_s (local.get $v) (v128.const i64x2 0 0)) (i8x16.eq (local.get $v) (v128.const i64x2 0 0))))))

  ;; Sixteen digits before $p and a `/` before them (an Asana token's `:` at $p); near the chunk's start, reported.
  (func $digits16 (param $p i32) (result i32)
    (local $i i32) (local $c i32)
    (if (i32.lt_u (local.get $p) (i32.const 17)) (then (return (i32.const 1))))
    (local.set $i (i32.sub (local.get $p) (i32.const 16)))
    (loop $d
      (if (i32.ge_u (i32.sub (call $byte (local.get $i)) (i32.const 48)) (i32.const 10)) (then (return (i32.const 0))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $d (i32.lt_u (local.get $i) (local.get $p))))
    (i32.eq (call $byte (i32.sub (local.get $p) (i32.const 17))) (i32.const 47)))

  ;; prefilter.ts ReverseTrie.endsAt on bytes, the trie at $t: 1 a word ends at $i, 0 none, 2 the walk
  ;; ran off the start of the chunk (JavaScript then decides on the whole text). ASCII capitals fold to
  ;; lower case; a byte above 0x7F (a wide character's 0xFF among them), or a NUL, has no child.
  (func $trieEndsAt (param $t i32) (param $i i32) (result i32)
    (local $node i32) (local $c i32) (local $n i32)
    (loop $back
      (if (i32.lt_s (local.get $i) (i32.const 0)) (then (return (i32.const 2))))
      (local.set $c (call $byte (local.get $i)))
      (if (i32.lt_u (i32.sub (local.get $c) (i32.const 65)) (i32.const 26)) (then (local.set $c (i32.add (local.get $c) (i32.const 32)))))
      (if (i32.ge_u (local.get $c) (i32.const 128)) (then (return (i32.const 0))))
      (local.set $n (i32.load16_u (i32.add (local.get $t) (i32.shl (i32.or (i32.shl (local.get $node) (i32.const 7)) (local.get $c)) (i32.const 1)))))
      (if (i32.eqz (local.get $n)) (then (return (i32.const 0))))
      (local.set $node (i32.sub (local.get $n) (i32.const 1)))
      (if (i32.load8_u offset=262144 (i32.add (local.get $t) (local.get $node))) (then (return (i32.const 1))))
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      (br $back))
    (unreachable))

  ;; prefilter.ts keyWordBefore: a key word ends right before $start, or before a `_` `.` `-` there (0/1/2 as above).
  (func $keyWordBefore (param $start i32) (result i32)
    (local $r i32) (local $c i32)
    (local.set $r (call $trieEndsAt (global.get $TRIE) (i32.sub (local.get $start) (i32.const 1))))
    (if (i32.eq (local.get $r) (i32.const 1)) (then (return (i32.const 1))))
    (if (i32.lt_s (i32.sub (local.get $start) (i32.const 1)) (i32.const 0)) (then (return (i32.const 2))))
    (local.set $c (call $byte (i32.sub (local.get $start) (i32.const 1))))
    (if (i32.or (i32.eq (local.get $c) (i32.const 95)) (i32.or (i32.eq (local.get $c) (i32.const 46)) (i32.eq (local.get $c) (i32.const 45))))
      (then
        (local.set $c (call $trieEndsAt (global.get $TRIE) (i32.sub (local.get $start) (i32.const 2))))
        (if (i32.eq (local.get $c) (i32.const 1)) (then (return (i32.const 1))))
        (if (i32.eq (local.get $c) (i32.const 2)) (then (local.set $r (i32.const 2))))))
    (local.get $r))

  ;; prefilter.ts keyNameEndsAt: a key word, or a key word, an optional `_` `.` `-` and a key tail, ends at
  ;; $i. The tail trie's walk (ReverseTrie.anyEndingAt) asks keyWordBefore at each tail that ends.
  (func $keyName (param $i i32) (result i32)
    (local $r i32) (local $node i32) (local $c i32) (local $n i32) (local $j i32) (local $t i32)
    (local.set $r (call $trieEndsAt (global.get $TRIE) (local.get $i)))
    (if (i32.eq (local.get $r) (i32.const 1)) (then (return (i32.const 1))))
    (local.set $t (i32.add (global.get $TRIE) (i32.const 263168)))
    (local.set $j (local.get $i))
    (block $end
      (loop $back
        (if (i32.lt_s (local.get $j) (i32.const 0)) (then (local.set $r (i32.const 2)) (br $end)))
        (local.set $c (call $byte (local.get $j)))
        (if (i32.lt_u (i32.sub (local.get $c) (i32.const 65)) (i32.const 26)) (then (local.set $c (i32.add (local.get $c) (i32.const 32)))))
        (br_if $end (i32.ge_u (local.get $c) (i32.const 128)))
        (local.set $n (i32.load16_u (i32.add (local.get $t) (i32.shl (i32.or (i32.shl (local.get $node) (i32.const 7)) (local.get $c)) (i32.const 1)))))
        (br_if $end (i32.eqz (local.get $n)))
        (local.set $node (i32.sub (local.get $n) (i32.const 1)))
        (if (i32.load8_u offset=262144 (i32.add (local.get $t) (local.get $node)))
          (then
            (local.set $c (call $keyWordBefore (local.get $j)))
            (if (i32.eq (local.get $c) (i32.const 1)) (then (return (i32.const 1))))
            (if (i32.eq (local.get $c) (i32.const 2)) (then (local.set $r (i32.const 2))))))
        (local.set $j (i32.sub (local.get $j) (i32.const 1)))
        (br $back)))
    (local.get $r))

  (func $quote (param $c i32) (result i32)
    (i32.or (i32.or (i32.eq (local.get $c) (i32.const 34)) (i32.eq (local.get $c) (i32.const 39)))
            (i32.or (i32.eq (local.get $c) (i32.const 96)) (i32.eq (local.get $c) (i32.const 93)))))

  ;; `-`: a vendor prefix before it and a token after, or a letter after it that a flag could start with
  ;; (-p, -u, redis-cli's -a, fish's set -x -g -U -l, --password, --token, --api-key, --secret, --client-secret,
  ;; --user, --requirepass, --with-token): a superset of the blank-before forms; or `"-p` / `'-p` (an argument list's item). The caller
  ;; guarantees $p >= 3 and 17 characters after it.
  (func $dash (param $p i32) (result i32)
    (local $n i32) (local $b1 i32) (local $b2 i32)
    (if (i32.and (call $tail (i32.const 65536) (i32.const 527968) (i32.sub (local.get $p) (i32.const 1))) (call $tokenFollows (local.get $p)))
      (then (return (i32.const 1))))
    ;; The command-line flag branches, as prefilter.ts's dashAt reads them (its DASH_NEXT and
    ;; DASH_DASH_NEXT, as bit masks over a-z and A-Z): a blank, then one of `puaxgUlskdwPbcnmBi`; a quote
    ;; then `p`; or a blank or a quote, `-`, then one of `ptascurwbegfl` (fish's `set --export`, `--global`, …). A blank here is an ASCII one or any
    ;; byte a wider blank may have become (above 0x7F: see the top of this file), or 0x00.
    (local.set $n (call $byte (i32.add (local.get $p) (i32.const 1))))
    (local.set $b1 (call $byte (i32.sub (local.get $p) (i32.const 1))))
    (if (i32.and (call $blank (local.get $b1)) (call $letterIn (local.get $n) (i32.const 0xd4bd4f) (i32.const 0x108002)))
      (then (return (i32.const 1))))
    (if (i32.and (i32.or (i32.eq (local.get $b1) (i32.const 34)) (i32.eq (local.get $b1) (i32.const 39))) (i32.eq (local.get $n) (i32.const 112)))
      (then (return (i32.const 1))))
    (local.set $b2 (call $byte (i32.sub (local.get $p) (i32.const 2))))
    (i32.and
      (i32.and (i32.eq (local.get $b1) (i32.const 45))
               (i32.or (call $blank (local.get $b2)) (i32.or (i32.eq (local.get $b2) (i32.const 34)) (i32.eq (local.get $b2) (i32.const 39)))))
      (call $letterIn (local.get $n) (i32.const 0x5e8877) (i32.const 0))))

  ;; Whether $c is a lower-case letter whose bit (a = bit 0) is set in $lower, or a capital whose bit is set in $upper.
  (func $letterIn (param $c i32) (param $lower i32) (param $upper i32) (result i32)
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 97)) (i32.const 26))
      (then (return (i32.and (i32.shr_u (local.get $lower) (i32.sub (local.get $c) (i32.const 97))) (i32.const 1)))))
    (if (i32.lt_u (i32.sub (local.get $c) (i32.const 65)) (i32.const 26))
      (then (return (i32.and (i32.shr_u (local.get $upper) (i32.sub (local.get $c) (i32.const 65))) (i32.const 1)))))
    (i32.const 0))

  (func $blank (param $c i32) (result i32)
    (i32.or (i32.or (i32.eq (local.get $c) (i32.const 32)) (i32.and (i32.ge_u (local.get $c) (i32.const 9)) (i32.le_u (local.get $c) (i32.const 13))))
            (i32.or (i32.ge_u (local.get $c) (i32.const 128)) (i32.eqz (local.get $c)))))

  (func $userinfo (param $p i32) (result i32)
    (local $i i32) (local $c i32)
    (local.set $i (local.get $p))
    (block $stop
      (loop $back
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (if (i32.lt_s (local.get $i) (i32.const 2)) (then (return (i32.const 1))))
        (local.set $c (call $byte (local.get $i)))
        (if (i32.ge_u (local.get $c) (i32.const 128)) (then (return (i32.const 1))))
        (br_if $stop (i32.or (i32.or (i32.eq (local.get $c) (i32.const 47)) (i32.eq (local.get $c) (i32.const 64)))
                             (i32.or (i32.eq (local.get $c) (i32.const 32)) (i32.and (i32.ge_u (local.get $c) (i32.const 9)) (i32.le_u (local.get $c) (i32.const 13))))))
        (br $back)))
    ;; A `/` where the walk stopped (`://user:pw@`, Oracle's `user/pw@`), or `tcp(` / `unix` after the `@`
    ;; (a Go DSN): JavaScript's userinfoAt decides on the rest.
    (i32.or (i32.eq (local.get $c) (i32.const 47))
      (i32.or (i32.eq (i32.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i32.const 0x28706374)) ;; tcp(
              (i32.eq (i32.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i32.const 0x78696e75))))) ;; unix

  ;; A letter anchor's neighbour tables (the JavaScript LetterAnchor.near, on bytes).
  (func $letter (param $p i32) (param $t i32) (result i32)
    (local $b1 i32) (local $v i32) (local $n1 i32) (local $w i32) (local $x i32)
    (local.set $b1 (call $byte (i32.sub (local.get $p) (i32.const 1))))
    (if (i32.lt_u (local.get $b1) (i32.const 128))
      (then
        (local.set $v (i32.load8_u (i32.add (local.get $t) (local.get $b1))))
        (if (i32.and (local.get $v) (i32.const 1)) (then (return (i32.const 1))))
        (if (local.get $v)
          (then
            (local.set $x (call $byte (i32.sub (local.get $p) (i32.const 2))))
            (if (i32.lt_u (local.get $x) (i32.const 128))
              (then
                (if (i32.load8_u (i32.add (i32.add (local.get $t) (i32.const 128)) (i32.or (i32.shl (local.get $x) (i32.const 7)) (local.get $b1))))
                  (then (return (i32.const 1))))))))))
    (local.set $n1 (call $byte (i32.add (local.get $p) (i32.const 1))))
    (if (i32.ge_u (local.get $n1) (i32.const 128)) (then (return (i32.const 0))))
    (local.set $w (i32.load8_u (i32.add (i32.add (local.get $t) (i32.const 16512)) (local.get $n1))))
    (if (i32.eqz (local.get $w)) (then (return (i32.const 0))))
    (if (i32.and (local.get $w) (i32.const 1)) (then (return (i32.const 1))))
    (local.set $x (call $byte (i32.add (local.get $p) (i32.const 2))))
    (if (i32.ge_u (local.get $x) (i32.const 128)) (then (return (i32.const 0))))
    (i32.load8_u (i32.add (i32.add (local.get $t) (i32.const 16640)) (i32.or (i32.shl (local.get $n1) (i32.const 7)) (local.get $x)))))

;; keywords.ts keywordSelector on the bytes [$from, $to) of the chunk: the rules woken by the keywords
;; wholly inside the range (ASCII capitals folded), as a 96-bit mask (bit r: rule r) stored at SEL+0 as
;; three u32 (and a hash of the range at SEL+12: see the end). The same walk as the JavaScript one, on the same tables: a pair of characters gives a slot,
;; the third character must be one its words allow, then each of its words is compared. A byte above
;; 0x7F never matches (keywords are ASCII); a wide character narrowed to 0xFF matches no keyword
;; character either, and where JavaScript lets a non-ASCII third character through to the words, their
;; third character then fails, as 0xFF does here (a slot with a two-character word allows every third
;; character in both).
  (func (export "select") (param $from i32) (param $to i32)
    (local $i i32) (local $a i32) (local $b i32) (local $slot i32) (local $c i32) (local $e i32)
    (local $w i32) (local $wend i32) (local $len i32) (local $k i32) (local $t i32) (local $x i32)
    (local $lo i32) (local $hi i32) (local $m2 i32)
    (local.set $i (local.get $from))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (i32.add (local.get $i) (i32.const 1)) (local.get $to)))
        (block $skip
          (local.set $a (call $byte (local.get $i)))
          (local.set $b (call $byte (i32.add (local.get $i) (i32.const 1))))
          (br_if $skip (i32.ge_u (i32.or (local.get $a) (local.get $b)) (i32.const 128)))
          (local.set $slot (i32.load16_u offset=16
            (i32.add (global.get $SEL) (i32.shl (i32.or (i32.shl (local.get $a) (i32.const 7)) (local.get $b)) (i32.const 1)))))
          (br_if $skip (i32.eqz (local.get $slot)))
          (local.set $slot (i32.sub (local.get $slot) (i32.const 1)))
          (local.set $c (if (result i32) (i32.lt_s (i32.add (local.get $i) (i32.const 2)) (local.get $to))
            (then (call $byte (i32.add (local.get $i) (i32.const 2)))) (else (i32.const 0))))
          (if (i32.lt_u (local.get $c) (i32.const 128))
            (then (br_if $skip (i32.eqz (i32.and (i32.const 1)
              (i32.shr_u
                (i32.load offset=32784 (i32.add (global.get $SEL)
                  (i32.add (i32.shl (local.get $slot) (i32.const 4)) (i32.shl (i32.shr_u (local.get $c) (i32.const 5)) (i32.const 2)))))
                (i32.and (local.get $c) (i32.const 31))))))))
          (local.set $e (i32.load offset=40976 (i32.add (global.get $SEL) (i32.shl (local.get $slot) (i32.const 2)))))
          (local.set $w (i32.and (local.get $e) (i32.const 0xffff)))
          (local.set $wend (i32.add (local.get $w) (i32.shr_u (local.get $e) (i32.const 16))))
          (block $words
            (loop $word
              (br_if $words (i32.ge_u (local.get $w) (local.get $wend)))
              (local.set $t (i32.add (global.get $SEL) (i32.shl (local.get $w) (i32.const 5))))
              (local.set $len (i32.load offset=43028 (local.get $t)))
              (block $nomatch
                (br_if $nomatch (i32.gt_s (i32.add (local.get $i) (local.get $len)) (local.get $to)))
                (local.set $k (i32.const 2))
                (block $same
                  (loop $char
                    (br_if $same (i32.ge_u (local.get $k) (local.get $len)))
                    (local.set $x (call $byte (i32.add (local.get $i) (local.get $k))))
                    (br_if $nomatch (i32.ge_u (local.get $x) (i32.const 128)))
                    (if (i32.lt_u (i32.sub (local.get $x) (i32.const 65)) (i32.const 26))
                      (then (local.set $x (i32.add (local.get $x) (i32.const 32)))))
                    (br_if $nomatch (i32.ne (local.get $x)
                      (i32.load8_u (i32.add (i32.add (global.get $SEL) (i32.load offset=43024 (local.get $t))) (local.get $k)))))
                    (local.set $k (i32.add (local.get $k) (i32.const 1)))
                    (br $char)))
                (local.set $lo (i32.or (local.get $lo) (i32.load offset=43032 (local.get $t))))
                (local.set $hi (i32.or (local.get $hi) (i32.load offset=43036 (local.get $t))))
                (local.set $m2 (i32.or (local.get $m2) (i32.load offset=43040 (local.get $t)))))
              (local.set $w (i32.add (local.get $w) (i32.const 1)))
              (br $word))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.store (global.get $SEL) (local.get $lo))
    (i32.store offset=4 (global.get $SEL) (local.get $hi))
    (i32.store offset=8 (global.get $SEL) (local.get $m2))
    ;; And a hash of the range's bytes (with its length) at SEL+12, for the masker's memo of lines that
    ;; held no secret: it compares the line itself on a hit, so a collision costs only a compare.
    (local.set $lo (i32.sub (local.get $to) (local.get $from)))
    (local.set $i (local.get $from))
    (block $words
      (loop $word
        (br_if $words (i32.gt_s (i32.add (local.get $i) (i32.const 4)) (local.get $to)))
        (local.set $lo (i32.mul (i32.xor (i32.rotl (local.get $lo) (i32.const 5)) (i32.load (i32.add (global.get $IN) (local.get $i))))
                                (i32.const 0x9e3779b1)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $word)))
    (block $bytes
      (loop $rest
        (br_if $bytes (i32.ge_s (local.get $i) (local.get $to)))
        (local.set $lo (i32.mul (i32.xor (i32.rotl (local.get $lo) (i32.const 5)) (call $byte (local.get $i))) (i32.const 0x9e3779b1)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rest)))
    (i32.store offset=12 (global.get $SEL) (local.get $lo)))

  ;; Neighbours may lie outside the chunk: such an anchor is reported unchecked (JavaScript checks it on
  ;; the whole string).
  (func $edge (param $p i32) (param $len i32) (result i32)
    (i32.or (i32.lt_u (local.get $p) (i32.const 2)) (i32.gt_u (i32.add (local.get $p) (i32.const 3)) (local.get $len))))

  (func $checkGeneric (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge (local.get $p) (local.get $len)) (then (i32.const 1)) (else (call $generic (local.get $p)))))

  ;; `_` and `-` read 16 characters after the anchor (tokenFollows).
  (func $edge17 (param $p i32) (param $len i32) (result i32)
    (i32.or (i32.lt_u (local.get $p) (i32.const 3)) (i32.gt_u (i32.add (local.get $p) (i32.const 17)) (local.get $len))))

  ;; Or (prefilter.ts AWS_SRC) `s` before it and `key` after: `aws_secret_access_key X`; or `authToken` after it
  ;; (AUTHTOKEN_SRC); or (DEFINE_SRC) a constant's name around it inside `define('…`, or after a blank.
  (func $checkUnderscore (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge17 (local.get $p) (local.get $len)) (then (i32.const 1))
      (else (i32.or (i32.or
        (i32.and (call $tail (i32.const 32768) (i32.const 396896) (i32.sub (local.get $p) (i32.const 1))) (call $tokenFollows (local.get $p)))
        (i32.or
          (i32.and (i32.eq (call $byte (i32.sub (local.get $p) (i32.const 1))) (i32.const 115))
                   (i32.eq (i32.and (i32.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i32.const 0xffffff)) (i32.const 0x79656b))) ;; key
          ;; npm's `_authToken` handed over as a command's argument (`npm config set //host/:_authToken X`), and
          ;; Braintree's `access_token$production$…` / `$sandbox$…`
          (i32.or (i64.eq (i64.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i64.const 0x656b6f5468747561)) ;; authToke
                  (i32.or (i64.eq (i64.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i64.const 0x7270246e656b6f74)) ;; token$pr
                          (i64.eq (i64.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i64.const 0x6173246e656b6f74)))))) ;; token$sa
        (call $define (local.get $p))))))

  ;; A capital or a digit, or `_` (the walk over a constant's name).
  (func $constChar (param $c i32) (result i32)
    (i32.or (i32.or (i32.lt_u (i32.sub (local.get $c) (i32.const 65)) (i32.const 26)) (i32.lt_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 10)))
            (i32.eq (local.get $c) (i32.const 95))))

  ;; prefilter.ts underscoreAt's DEFINE_SRC case before its regex: a capital or a digit before the `_` at $p,
  ;; the name ([A-Z0-9_]) back to a quote, blanks, `(`, `define`. A walk that reaches the first 7 bytes
  ;; of the chunk reports the anchor unchecked.
  (func $define (param $p i32) (result i32)
    (local $i i32) (local $c i32)
    (local.set $i (i32.sub (local.get $p) (i32.const 1)))
    (local.set $c (call $byte (local.get $i)))
    (if (i32.or (i32.eq (local.get $c) (i32.const 95)) (i32.eqz (call $constChar (local.get $c)))) (then (return (i32.const 0))))
    (loop $name
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      (if (i32.lt_s (local.get $i) (i32.const 7)) (then (return (i32.const 1))))
      (local.set $c (call $byte (local.get $i)))
      (br_if $name (call $constChar (local.get $c))))
    ;; A blank before the name: C's `#define NAME "…"`, csh's `setenv NAME …`, cmd's `setx NAME …` (the word
    ;; before the blanks ends in `fine`, `tenv` or `setx`); JavaScript reads the rest.
    (if (i32.or (i32.eq (local.get $c) (i32.const 32)) (i32.eq (local.get $c) (i32.const 9)))
      (then
        (loop $wblanks
          (local.set $i (i32.sub (local.get $i) (i32.const 1)))
          (if (i32.lt_s (local.get $i) (i32.const 7)) (then (return (i32.const 1))))
          (local.set $c (call $byte (local.get $i)))
          (br_if $wblanks (i32.or (i32.eq (local.get $c) (i32.const 32)) (i32.eq (local.get $c) (i32.const 9)))))
        (local.set $c (i32.load (i32.sub (i32.add (global.get $IN) (local.get $i)) (i32.const 3))))
        (return (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x656e6966)) ;; fine
                                (i32.eq (local.get $c) (i32.const 0x766e6574))) ;; tenv
                        (i32.eq (local.get $c) (i32.const 0x78746573)))))) ;; setx
    (if (i32.and (i32.ne (local.get $c) (i32.const 34)) (i32.ne (local.get $c) (i32.const 39))) (then (return (i32.const 0))))
    (loop $blanks
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      (if (i32.lt_s (local.get $i) (i32.const 7)) (then (return (i32.const 1))))
      (local.set $c (call $byte (local.get $i)))
      (br_if $blanks (i32.or (i32.eq (local.get $c) (i32.const 32)) (i32.eq (local.get $c) (i32.const 9)))))
    (if (i32.ne (local.get $c) (i32.const 40)) (then (return (i32.const 0))))
    (i32.and (i32.eq (i32.load (i32.sub (i32.add (global.get $IN) (local.get $i)) (i32.const 6))) (i32.const 0x69666564)) ;; defi
             (i32.eq (i32.load16_u (i32.sub (i32.add (global.get $IN) (local.get $i)) (i32.const 2))) (i32.const 0x656e)))) ;; ne

  (func $checkDash (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge17 (local.get $p) (local.get $len)) (then (i32.const 1)) (else (call $dash (local.get $p)))))

  ;; A J K G . : the anchor's table, found without a branch (a per-character offset table at TBL+LETTER_INDEX).
  (func $checkLetter (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge (local.get $p) (local.get $len)) (then (i32.const 1))
      (else (call $letter (local.get $p)
        (i32.add (global.get $TBL) (i32.load (i32.add (i32.add (global.get $TBL) (i32.const 264704)) (i32.shl (call $byte (local.get $p)) (i32.const 2)))))))))

  ;; @ (URL userinfo) and `d` / `D` (only where `dapi` starts: little-endian u32 0x69706164; or where
  ;; `password` or `identified` ends, prefilter.ts wordAt).
  (func $checkRare (param $p i32) (param $len i32) (result i32)
    (if (result i32) (i32.eq (call $byte (local.get $p)) (i32.const 64)) (then (call $userinfo (local.get $p)))
      (else (i32.or (i32.or (i32.gt_u (i32.add (local.get $p) (i32.const 4)) (local.get $len))
                            (i32.eq (i32.load (i32.add (global.get $IN) (local.get $p))) (i32.const 0x69706164)))
                    (call $word (local.get $p) (local.get $len))))))

  ;; prefilter.ts wordAt's first part: a blank or `(` follows the `d` / `D` at $p, and `password` or
  ;; `identified` ends there, every byte folded by or-ing 0x20 (which maps a capital onto its letter, and
  ;; only the capitals among letters: a superset of the three casings WORD_SRC allows). Neighbours outside
  ;; the chunk: reported unchecked.
  (func $word (param $p i32) (param $len i32) (result i32)
    (local $n i32) (local $w i64)
    (if (i32.or (i32.lt_u (local.get $p) (i32.const 9)) (i32.ge_u (i32.add (local.get $p) (i32.const 1)) (local.get $len)))
      (then (return (i32.const 1))))
    (local.set $n (call $byte (i32.add (local.get $p) (i32.const 1))))
    (if (i32.eqz (i32.or (i32.or (i32.eq (local.get $n) (i32.const 32)) (i32.eq (local.get $n) (i32.const 9))) (i32.eq (local.get $n) (i32.const 40))))
      (then (return (i32.const 0))))
    (local.set $w (i64.or (i64.load (i32.sub (i32.add (global.get $IN) (local.get $p)) (i32.const 7))) (i64.const 0x2020202020202020)))
    (i32.or (i64.eq (local.get $w) (i64.const 0x64726f7773736170)) ;; password
            (i32.and (i64.eq (local.get $w) (i64.const 0x6465696669746e65)) ;; entified
                     (i32.eq (i32.or (i32.load16_u (i32.sub (i32.add (global.get $IN) (local.get $p)) (i32.const 9))) (i32.const 0x2020))
                             (i32.const 0x6469))))) ;; id

  ;; Reports the set bits of $m (positions $i + bit) that $kind's check lets through; returns the new count.
  ;; One loop per kind of anchor: the branches in it are the same kind's (a shared loop dispatching on the
  ;; character mispredicted on every anchor; measured twice as slow). After inlining (scripts/build-wasm.mjs
  ;; runs binaryen) there are no calls: a call spilled the loop's vectors.
;; One check for an anchor at $p, by its character (the class tables below let only these through).
  ;; On the way, three literals rules are gated on are noted in $gates (see `gates` below): `kind:` at
  ;; a `:`, `-BEGIN ` at a `-`, `ENV ` at an `E` (prefilter.ts lets these neighbours through the filters).
  (func $check (param $p i32) (param $len i32) (result i32)
    (local $c i32)
    (local.set $c (call $byte (local.get $p)))
    (if (i32.and (i32.eq (local.get $c) (i32.const 58)) (i32.ge_u (local.get $p) (i32.const 4)))
      (then (if (i32.eq (i32.load (i32.sub (i32.add (global.get $IN) (local.get $p)) (i32.const 4))) (i32.const 0x646e696b)) ;; kind
        (then (global.set $gates (i32.or (global.get $gates) (i32.const 1)))))))
    (if (i32.and (i32.eq (local.get $c) (i32.const 45)) (i32.le_u (i32.add (local.get $p) (i32.const 7)) (local.get $len)))
      (then (if (i32.and (i32.eq (i32.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i32.const 0x49474542)) ;; BEGI
                         (i32.eq (i32.load16_u offset=5 (i32.add (global.get $IN) (local.get $p))) (i32.const 0x204e))) ;; N + blank
        (then (global.set $gates (i32.or (global.get $gates) (i32.const 2)))))))
    (if (i32.or (i32.or (i32.eq (local.get $c) (i32.const 61)) (i32.eq (local.get $c) (i32.const 58))) (i32.eq (local.get $c) (i32.const 62)))
      (then (return (call $checkGeneric (local.get $p) (local.get $len)))))
    (if (i32.eq (local.get $c) (i32.const 95))
      (then
        ;; `_auth` (an npm registry credential's key: the assigned-value rule reads such a text whatever its kind)
        (if (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 5)) (local.get $len))
                     (i32.eq (i32.load offset=1 (i32.add (global.get $IN) (local.get $p))) (i32.const 0x68747561))) ;; auth
          (then (global.set $gates (i32.or (global.get $gates) (i32.const 8)))))
        (return (call $checkUnderscore (local.get $p) (local.get $len)))))
    ;; `npmAuth` (yarn's npmAuthToken, npmAuthIdent), at its `A` (A's class also passes on a `u` after it).
    (if (i32.and (i32.eq (local.get $c) (i32.const 65))
                 (i32.and (i32.ge_u (local.get $p) (i32.const 3)) (i32.le_u (i32.add (local.get $p) (i32.const 4)) (local.get $len))))
      (then
        (if (i32.and (i32.eq (i32.load (i32.sub (i32.add (global.get $IN) (local.get $p)) (i32.const 3))) (i32.const 0x416d706e)) ;; npmA
                     (i32.eq (i32.load (i32.add (global.get $IN) (local.get $p))) (i32.const 0x68747541))) ;; Auth
          (then (global.set $gates (i32.or (global.get $gates) (i32.const 16)))))))
    (if (i32.eq (local.get $c) (i32.const 45)) (then (return (call $checkDash (local.get $p) (local.get $len)))))
    (if (i32.or (i32.eq (local.get $c) (i32.const 64)) (i32.eq (i32.or (local.get $c) (i32.const 32)) (i32.const 100)))
      (then (return (call $checkRare (local.get $p) (local.get $len)))))
    ;; `E` is only there for the gate `ENV ` (it shares A's class): noted, never a candidate itself.
    (if (i32.eq (local.get $c) (i32.const 69))
      (then
        (if (i32.and (i32.le_u (i32.add (local.get $p) (i32.const 4)) (local.get $len))
                     (i32.eq (i32.load (i32.add (global.get $IN) (local.get $p))) (i32.const 0x20564e45))) ;; ENV + blank
          (then (global.set $gates (i32.or (global.get $gates) (i32.const 4)))))
        (return (i32.const 0))))
    (call $checkLetter (local.get $p) (local.get $len)))

  ;; Every anchor of the chunk, 16 characters at a time (two blocks to a 32-bit mask), and one bit loop:
  ;;   - the anchor characters are classified with two table lookups (i8x16.swizzle by low and by high
  ;;     nibble, and-ed): one bit per kind, = : > / _ / - / @ / A / J K / d D / . (exact: the tables are
  ;;     built so that no other byte gets a bit, and bytes above 0x7F get none);
  ;;   - the characters before and after each position are classified the same way, against what may
  ;;     stand there for each kind (the first-level tables' characters: a key word's last letter, a blank
  ;;     or a quote before = : >, a vendor prefix's last character before _ and -, a head's neighbour
  ;;     around a letter anchor). A nibble table can only over-approximate a set, and a neighbour above
  ;;     0x7F passes every kind, so an anchor the checks would accept always gets through;
  ;;   - `d` and `D` (one class) pass when `a` follows (dapi), and (the end of `password`, `IDENTIFIED`)
  ;;     when `r` `R` `E` precede; their check compares the words (folded: a superset);
  ;;   - `_` also passes on the character after it (AWS_SRC's `k`, DEFINE_SRC's P K S T).
  ;; Measured: eleven compares and five bit loops per block cost ~110 ms per 64 MB, mostly loop exits
  ;; mispredicted on every block; this is one loop over about a third of the anchors. The first and
  ;; last blocks of a chunk, whose neighbours may lie outside it, take every anchor unfiltered.
  ;; A block past the end reads stale bytes (the input region has room for them); its bits are past
  ;; $len, where the bit loop stops.
  (; the anchors of the 16-byte block at $i that pass the filters, as a 16-bit mask ;)
  (func $blockMask (param $i i32) (param $len i32) (param $vlo v128) (param $vhi v128) (param $plo v128) (param $phi v128)
      (param $nlo v128) (param $nhi v128) (result i32)
    (local $v v128) (local $p1 v128) (local $n1 v128) (local $vc v128) (local $low v128) (local $zero v128)
    (local.set $low (i8x16.splat (i32.const 15)))
    (local.set $v (v128.load (i32.add (global.get $IN) (local.get $i))))
    (local.set $vc (v128.and (i8x16.swizzle (local.get $vlo) (v128.and (local.get $v) (local.get $low)))
                             (i8x16.swizzle (local.get $vhi) (i8x16.shr_u (local.get $v) (i32.const 4)))))
    (if (result i32) (i32.or (i32.lt_u (local.get $i) (i32.const 16)) (i32.gt_u (i32.add (local.get $i) (i32.const 32)) (local.get $len)))
      (then
        (i32.xor (i8x16.bitmask (i8x16.eq (local.get $vc) (local.get $zero))) (i32.const 0xffff)))
      (else
        (local.set $p1 (v128.load (i32.sub (i32.add (global.get $IN) (local.get $i)) (i32.const 1))))
        (local.set $n1 (v128.load offset=1 (i32.add (global.get $IN) (local.get $i))))
        (i32.xor (i32.const 0xffff)
          (i8x16.bitmask (i8x16.eq (local.get $zero)
            (v128.and (local.get $vc)
              (v128.or
                (v128.or (v128.and (i8x16.swizzle (local.get $plo) (v128.and (local.get $p1) (local.get $low)))
                                   (i8x16.swizzle (local.get $phi) (i8x16.shr_u (local.get $p1) (i32.const 4))))
                         (i8x16.lt_s (local.get $p1) (local.get $zero)))
                (v128.or (v128.and (i8x16.swizzle (local.get $nlo) (v128.and (local.get $n1) (local.get $low)))
                                   (i8x16.swizzle (local.get $nhi) (i8x16.shr_u (local.get $n1) (i32.const 4))))
                         (i8x16.lt_s (local.get $n1) (local.get $zero)))))))))))

  (func (export "anchors") (param $len i32) (result i32)
    (local $i i32) (local $k i32) (local $n i32) (local $m i32) (local $c i32) (local $p i32) (local $r i32) (local $o i32) (local $f i32)
    (local $hi i32) (local $wc i32)
    (local $vlo v128) (local $vhi v128) (local $plo v128) (local $phi v128) (local $nlo v128) (local $nhi v128)
    (local.set $vlo (v128.load (i32.add (global.get $TBL) (i32.const 265728))))
    (local.set $vhi (v128.load (i32.add (global.get $TBL) (i32.const 265744))))
    (local.set $plo (v128.load (i32.add (global.get $TBL) (i32.const 265760))))
    (local.set $phi (v128.load (i32.add (global.get $TBL) (i32.const 265776))))
    (local.set $nlo (v128.load (i32.add (global.get $TBL) (i32.const 265792))))
    (local.set $nhi (v128.load (i32.add (global.get $TBL) (i32.const 265808))))
    (global.set $gates (i32.const 0))
    ;; Pass 1: the positions of the anchors that pass the filters, in order, at OUT. Four are written
    ;; every round whatever the mask holds (ctz of an empty mask gives a position past the round), and
    ;; the count moves by the mask's popcount: no branch on the mask's bits but the rare round with more
    ;; than four (a loop exit per round with an anchor, mispredicted, was half of this pass's time).
    ;; Up to three entries past the count may be written: OUT has room for them.
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $m (i32.or
          (call $blockMask (local.get $i) (local.get $len) (local.get $vlo) (local.get $vhi) (local.get $plo) (local.get $phi) (local.get $nlo) (local.get $nhi))
          (i32.shl (call $blockMask (i32.add (local.get $i) (i32.const 16)) (local.get $len) (local.get $vlo) (local.get $vhi) (local.get $plo) (local.get $phi) (local.get $nlo) (local.get $nhi))
                   (i32.const 16))))
        ;; A byte beyond ASCII (a wide character, Latin-1 beyond ASCII) next to a character of a key or a token:
        ;; a decoded view may change what the rules read there (decode.ts: an invisible character inside a
        ;; token, a full-width separator after a key). Text beyond ASCII elsewhere (prose, emoji, box
        ;; drawing) is not flagged: the branch is taken only in such text, never in ASCII.
        (local.set $hi (i32.or (i8x16.bitmask (v128.load (i32.add (global.get $IN) (local.get $i))))
                               (i32.shl (i8x16.bitmask (v128.load offset=16 (i32.add (global.get $IN) (local.get $i)))) (i32.const 16))))
        (if (local.get $hi)
          (then
            (local.set $wc (i32.or (i8x16.bitmask (call $wordBytes (v128.load (i32.add (global.get $IN) (local.get $i)))))
                                   (i32.shl (i8x16.bitmask (call $wordBytes (v128.load offset=16 (i32.add (global.get $IN) (local.get $i))))) (i32.const 16))))
            (if (i32.and (local.get $hi) (i32.or (i32.shl (local.get $wc) (i32.const 1)) (i32.shr_u (local.get $wc) (i32.const 1))))
              (then
                (i32.store (i32.add (global.get $FLAGS) (i32.shl (local.get $f) (i32.const 2))) (local.get $i))
                (local.set $f (i32.add (local.get $f) (i32.const 1)))))))
        (local.set $c (i32.popcnt (local.get $m)))
        (local.set $o (i32.add (global.get $OUT) (i32.shl (local.get $k) (i32.const 2))))
        (i32.store (local.get $o) (i32.add (local.get $i) (i32.ctz (local.get $m))))
        (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
        (i32.store offset=4 (local.get $o) (i32.add (local.get $i) (i32.ctz (local.get $m))))
        (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
        (i32.store offset=8 (local.get $o) (i32.add (local.get $i) (i32.ctz (local.get $m))))
        (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
        (i32.store offset=12 (local.get $o) (i32.add (local.get $i) (i32.ctz (local.get $m))))
        (if (i32.gt_u (local.get $c) (i32.const 4))
          (then
            (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
            (local.set $o (i32.add (local.get $o) (i32.const 16)))
            (block $more
              (loop $bit
                (br_if $more (i32.eqz (local.get $m)))
                (i32.store (local.get $o) (i32.add (local.get $i) (i32.ctz (local.get $m))))
                (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
                (local.set $o (i32.add (local.get $o) (i32.const 4)))
                (br $bit)))))
        (local.set $k (i32.add (local.get $k) (local.get $c)))
        (local.set $i (i32.add (local.get $i) (i32.const 32)))
        (br $block)))
    (global.set $flagged (local.get $f))
    ;; Pass 2: each anchor's check, in order; the ones that pass are kept at OUT (in place: never ahead
    ;; of the one being read). Positions ascend, so the first one past the end ends the pass.
    (local.set $o (global.get $OUT))
    (local.set $k (i32.add (global.get $OUT) (i32.shl (local.get $k) (i32.const 2))))
    (block $checked
      (loop $each
        (br_if $checked (i32.ge_u (local.get $o) (local.get $k)))
        (local.set $p (i32.load (local.get $o)))
        (br_if $checked (i32.ge_u (local.get $p) (local.get $len)))
        (local.set $r (call $check (local.get $p) (local.get $len)))
        (if (local.get $r)
          (then
            ;; bit 28: the check was the whole check (anchors.ts EXACT)
            (i32.store (i32.add (global.get $OUT) (i32.shl (local.get $n) (i32.const 2)))
              (i32.or (local.get $p) (i32.shl (i32.eq (local.get $r) (i32.const 3)) (i32.const 28))))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $o (i32.add (local.get $o) (i32.const 4)))
        (br $each)))
    (local.get $n))
;; Literals of a set (up to 32, ASCII, 1 to 32 bytes each) that occur in the chunk, as bits: the masker's
;; gates (a block rule runs only on a text holding its literal; a search of every text for each literal
;; cost a pass over it per literal, a third of masking a source tree). Teddy's filter (as in Hyperscan and
;; Rust's aho-corasick): each literal has a window of up to three of its bytes (the rarest) and a bucket
;; (one of 8 bits); a byte's bucket bits at each window position come from two 16-entry tables, by its low
;; and by its high nibble, and-ed. A 16-byte block is then three lookups and two ands; a lane left with a
;; bucket bit starts a window that may be one of the bucket's literals, which is compared whole (under its
;; mask, from its start: the window's position less its offset in the literal). So a bit is set exactly
;; when the literal lies wholly in the chunk: the filter only lets more through, the compare decides. A
;; byte above 0x7F (a wide character's 0xFF among them) has no bucket bit at any position: literals are
;; ASCII. A bucket whose literals are all found is dropped from the filter; with none left the pass ends.
;; Tables at $lit: LIT, LIT2 or LIT3, one set each (anchors.ts LITERAL_LAYOUT, packed by literals.ts): six 16-byte nibble tables (window
;; position 0 low, 0 high, 1 low, 1 high, 2 low, 2 high), at +96 each bucket's literals (u32 bit sets),
;; at +256 each literal in 80 bytes: its bytes (32), a mask (32: 0xff where it has a byte), its length
;; and its window's offset in it (u32 each). A window shorter than three bytes has every bit at the
;; positions past it.
  (func $nibbles (param $v v128) (param $lo v128) (param $hi v128) (result v128)
    (v128.and (i8x16.swizzle (local.get $lo) (v128.and (local.get $v) (i8x16.splat (i32.const 15))))
              (i8x16.swizzle (local.get $hi) (i8x16.shr_u (local.get $v) (i32.const 4)))))

  ;; Literal $l at $p, wholly before $len.
  (func $literalAt (param $lit i32) (param $l i32) (param $p i32) (param $len i32) (result i32)
    (local $e i32) (local $n i32)
    (local.set $e (i32.add (local.get $lit) (i32.add (i32.const 256) (i32.mul (local.get $l) (i32.const 80)))))
    (local.set $n (i32.load offset=64 (local.get $e)))
    (if (i32.or (i32.lt_s (local.get $p) (i32.const 0)) (i32.gt_s (i32.add (local.get $p) (local.get $n)) (local.get $len)))
      (then (return (i32.const 0))))
    (if (i32.eqz (i8x16.all_true (i8x16.eq (v128.and (v128.load (i32.add (global.get $IN) (local.get $p))) (v128.load offset=32 (local.get $e)))
                                            (v128.load (local.get $e)))))
      (then (return (i32.const 0))))
    (if (i32.le_u (local.get $n) (i32.const 16)) (then (return (i32.const 1))))
    (i8x16.all_true (i8x16.eq (v128.and (v128.load offset=16 (i32.add (global.get $IN) (local.get $p))) (v128.load offset=48 (local.get $e)))
                              (v128.load offset=16 (local.get $e)))))

  (func (export "literals") (param $len i32) (param $lit i32) (result i32)
    (local $i i32) (local $found i32) (local $live i32) (local $m i32) (local $q i32) (local $bb i32) (local $b i32)
    (local $ls i32) (local $l i32) (local $e i32)
    (local $lo0 v128) (local $hi0 v128) (local $lo1 v128) (local $hi1 v128) (local $lo2 v128) (local $hi2 v128) (local $c v128) (local $livev v128)
    (local.set $lo0 (v128.load (local.get $lit)))
    (local.set $hi0 (v128.load offset=16 (local.get $lit)))
    (local.set $lo1 (v128.load offset=32 (local.get $lit)))
    (local.set $hi1 (v128.load offset=48 (local.get $lit)))
    (local.set $lo2 (v128.load offset=64 (local.get $lit)))
    (local.set $hi2 (v128.load offset=80 (local.get $lit)))
    ;; The buckets holding a literal.
    (local.set $b (i32.const 0))
    (loop $bucket
      (if (i32.load offset=96 (i32.add (local.get $lit) (i32.shl (local.get $b) (i32.const 2))))
        (then (local.set $live (i32.or (local.get $live) (i32.shl (i32.const 1) (local.get $b))))))
      (local.set $b (i32.add (local.get $b) (i32.const 1)))
      (br_if $bucket (i32.lt_u (local.get $b) (i32.const 8))))
    (local.set $livev (i8x16.splat (local.get $live)))
    (block $done
      (loop $block
        (br_if $done (i32.or (i32.ge_u (local.get $i) (local.get $len)) (i32.eqz (local.get $live))))
        (local.set $c (v128.and
          (v128.and (call $nibbles (v128.load (i32.add (global.get $IN) (local.get $i))) (local.get $lo0) (local.get $hi0))
                    (call $nibbles (v128.load offset=1 (i32.add (global.get $IN) (local.get $i))) (local.get $lo1) (local.get $hi1)))
          (v128.and (call $nibbles (v128.load offset=2 (i32.add (global.get $IN) (local.get $i))) (local.get $lo2) (local.get $hi2))
                    (local.get $livev))))
        (if (v128.any_true (local.get $c))
          (then
            ;; Each lane with a bucket bit: its bits from a copy in scratch memory (a lane is read by a constant only).
            (v128.store offset=240 (local.get $lit) (local.get $c))
            (local.set $m (i32.xor (i8x16.bitmask (i8x16.eq (local.get $c) (v128.const i64x2 0 0))) (i32.const 0xffff)))
            (block $lanes
              (loop $lane
                (br_if $lanes (i32.eqz (local.get $m)))
                (local.set $q (i32.add (local.get $i) (i32.ctz (local.get $m))))
                (br_if $lanes (i32.ge_u (local.get $q) (local.get $len)))
                (local.set $bb (i32.and (local.get $live) (i32.load8_u offset=240 (i32.add (local.get $lit) (i32.ctz (local.get $m))))))
                (block $buckets
                  (loop $bucketBit
                    (br_if $buckets (i32.eqz (local.get $bb)))
                    (local.set $b (i32.ctz (local.get $bb)))
                    (local.set $ls (i32.and (i32.load offset=96 (i32.add (local.get $lit) (i32.shl (local.get $b) (i32.const 2))))
                                            (i32.xor (local.get $found) (i32.const -1))))
                    (block $lits
                      (loop $lit
                        (br_if $lits (i32.eqz (local.get $ls)))
                        (local.set $l (i32.ctz (local.get $ls)))
                        (local.set $e (i32.add (local.get $lit) (i32.add (i32.const 256) (i32.mul (local.get $l) (i32.const 80)))))
                        (if (call $literalAt (local.get $lit) (local.get $l) (i32.sub (local.get $q) (i32.load offset=68 (local.get $e))) (local.get $len))
                          (then (local.set $found (i32.or (local.get $found) (i32.shl (i32.const 1) (local.get $l))))))
                        (local.set $ls (i32.and (local.get $ls) (i32.sub (local.get $ls) (i32.const 1))))
                        (br $lit)))
                    ;; Every literal of the bucket found: the filter drops it.
                    (if (i32.eqz (i32.and (i32.load offset=96 (i32.add (local.get $lit) (i32.shl (local.get $b) (i32.const 2))))
                                          (i32.xor (local.get $found) (i32.const -1))))
                      (then
                        (local.set $live (i32.and (local.get $live) (i32.xor (i32.shl (i32.const 1) (local.get $b)) (i32.const -1))))
                        (local.set $livev (i8x16.splat (local.get $live)))))
                    (local.set $bb (i32.and (local.get $bb) (i32.sub (local.get $bb) (i32.const 1))))
                    (br $bucketBit)))
                (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
                (br $lane)))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $block)))
    (local.get $found))
)
