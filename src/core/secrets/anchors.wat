;; The secret pre-scan's first pass, in WebAssembly with 128-bit SIMD. JavaScript has no primitive that
;; finds several characters in one pass: `indexOf` costs a full pass over the text per anchor (~0.3 ns a
;; character, eleven anchors), and a JavaScript loop over the characters costs ten times that.
;; Here one pass finds every anchor character 16 bytes at a time, and each anchor found gets the cheap
;; first-level check of its kind (the last characters before it against the same tables prefilter.ts
;; reads). Only anchors that pass are reported; prefilter.ts then runs the full check of that kind on
;; the original string. So the checks here may only ever let more through, never fewer:
;;   - one byte per character: the character itself up to 0xFF (a Latin-1 copy), or, for text with wider
;;     characters, `narrow`'s saturation of each UTF-16 unit: 0x100–0x7FFF become 0xFF, 0x8000–0xFFFF
;;     become 0x00. Every check here reads a character only to compare it with ASCII anchors, blanks,
;;     quotes, `/`, `@` or table entries (all ASCII, none 0x00), and JavaScript sees a character above 0xFF
;;     as non-ASCII: the same answers. Where a check needs more (a walk that meets a byte above 0x7F, which
;;     may be a Unicode blank) it reports the anchor unchecked.
;;   - near the ends of the chunk in memory, where neighbours may lie outside it, an anchor is reported
;;     unchecked.
;;
;; Memory (pages are 64 KiB): the text at IN, 16 zero bytes after it; u32 positions out at OUT; tables at
;; TBL, written by anchors.ts (TABLE_LAYOUT) from prefilter.ts's tables before the first scan:
;;   TBL+0 / +16384 / +32768   tail tables' first level (`two`) for key words (before = : >), vendor
;;                              prefixes before `_`, before `-` (16384 each, index (c2 << 7) | c1)
;;   TBL+183296 / +216064 / +248832   their second levels (`third`, rows of 128, row = two[pair])
;;   TBL+49152 + k*33280, letter anchor k = A J K . : before1 (128) before2 (16384) after1 (128) after2 (16384)
;;   TBL+182272 u32 per character code: the offset (from TBL) of that letter anchor's tables
;; UTF-16 text to narrow at UCS (2 * CHUNK bytes, then 32 spare).
;; Anchors: = : > _ - @ A J K . and `d` when `dapi` starts there (the only anchor that is a word).
;; After editing, rebuild anchorsWasm.ts: `node scripts/build-wasm.mjs` (a unit test compares them).
(module
  (memory (export "memory") 117)
  (global $IN i32 (i32.const 1024))
  (global $OUT i32 (i32.const 1049664)) ;; IN + CHUNK (1 MiB) + 64
  (global $TBL i32 (i32.const 5243968)) ;; OUT + 4 * CHUNK
  (global $UCS i32 (i32.const 5525568)) ;; TBL + 281600

  ;; UTF-16 units at UCS to bytes at IN, 16 at a time, saturating (see above). Writes up to 15 bytes past
  ;; $len (the caller zeroes the padding afterwards).
  (func (export "narrow") (param $len i32)
    (local $i i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (v128.store (i32.add (global.get $IN) (local.get $i))
          (i8x16.narrow_i16x8_u
            (v128.load (i32.add (global.get $UCS) (i32.shl (local.get $i) (i32.const 1))))
            (v128.load offset=16 (i32.add (global.get $UCS) (i32.shl (local.get $i) (i32.const 1))))))
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
    (local.set $v (i32.load8_u (i32.add (i32.add (global.get $TBL) (local.get $two)) (i32.or (i32.shl (local.get $c2) (i32.const 7)) (local.get $c1)))))
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

  ;; `=` `:` `>`: back over blanks and up to two of " ' ` ], then the key-word tail table.
  (func $generic (param $p i32) (result i32)
    (local $i i32) (local $c i32)
    (local.set $i (i32.sub (local.get $p) (i32.const 1)))
    (if (i32.lt_s (local.get $i) (i32.const 2)) (then (return (i32.const 1))))
    (local.set $c (call $byte (local.get $i)))
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
    (call $tail (i32.const 0) (i32.const 183296) (local.get $i)))

  (func $quote (param $c i32) (result i32)
    (i32.or (i32.or (i32.eq (local.get $c) (i32.const 34)) (i32.eq (local.get $c) (i32.const 39)))
            (i32.or (i32.eq (local.get $c) (i32.const 96)) (i32.eq (local.get $c) (i32.const 93)))))

  ;; `-`: a vendor prefix before it and a token after, or a letter after it that a flag could start with
  ;; (-p, -u, --password, --token, --api-key, --secret, --client-secret, --user): a superset of the
  ;; blank-before forms. The caller guarantees $p >= 3 and 17 characters after it.
  (func $dash (param $p i32) (result i32)
    (local $n i32)
    (if (i32.and (call $tail (i32.const 32768) (i32.const 248832) (i32.sub (local.get $p) (i32.const 1))) (call $tokenFollows (local.get $p)))
      (then (return (i32.const 1))))
    (local.set $n (call $byte (i32.add (local.get $p) (i32.const 1))))
    (i32.or (i32.or (i32.or (i32.eq (local.get $n) (i32.const 112)) (i32.eq (local.get $n) (i32.const 117)))
                    (i32.or (i32.eq (local.get $n) (i32.const 116)) (i32.eq (local.get $n) (i32.const 97))))
            (i32.or (i32.eq (local.get $n) (i32.const 115)) (i32.eq (local.get $n) (i32.const 99)))))

  ;; `@`: URL userinfo needs `://` before it with no blank, `/` or `@` between (prefilter.ts userinfoAt).
  ;; A non-ASCII byte on the way may be a Unicode blank: reported unchecked, as is a walk out of the chunk.
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
    (i32.and (i32.eq (local.get $c) (i32.const 47))
      (i32.and (i32.eq (call $byte (i32.sub (local.get $i) (i32.const 1))) (i32.const 47))
               (i32.eq (call $byte (i32.sub (local.get $i) (i32.const 2))) (i32.const 58)))))

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

  ;; Neighbours may lie outside the chunk: such an anchor is reported unchecked (JavaScript checks it on
  ;; the whole string).
  (func $edge (param $p i32) (param $len i32) (result i32)
    (i32.or (i32.lt_u (local.get $p) (i32.const 2)) (i32.gt_u (i32.add (local.get $p) (i32.const 3)) (local.get $len))))

  (func $checkGeneric (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge (local.get $p) (local.get $len)) (then (i32.const 1)) (else (call $generic (local.get $p)))))

  ;; `_` and `-` read 16 characters after the anchor (tokenFollows).
  (func $edge17 (param $p i32) (param $len i32) (result i32)
    (i32.or (i32.lt_u (local.get $p) (i32.const 3)) (i32.gt_u (i32.add (local.get $p) (i32.const 17)) (local.get $len))))

  (func $checkUnderscore (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge17 (local.get $p) (local.get $len)) (then (i32.const 1))
      (else (i32.and (call $tail (i32.const 16384) (i32.const 216064) (i32.sub (local.get $p) (i32.const 1))) (call $tokenFollows (local.get $p))))))

  (func $checkDash (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge17 (local.get $p) (local.get $len)) (then (i32.const 1)) (else (call $dash (local.get $p)))))

  ;; A J K . : the anchor's table, found without a branch (a per-character offset table at TBL+LETTER_INDEX).
  (func $checkLetter (param $p i32) (param $len i32) (result i32)
    (if (result i32) (call $edge (local.get $p) (local.get $len)) (then (i32.const 1))
      (else (call $letter (local.get $p)
        (i32.add (global.get $TBL) (i32.load (i32.add (i32.add (global.get $TBL) (i32.const 182272)) (i32.shl (call $byte (local.get $p)) (i32.const 2)))))))))

  ;; @ (URL userinfo) and `d` (only where `dapi` starts: little-endian u32 0x69706164).
  (func $checkRare (param $p i32) (param $len i32) (result i32)
    (if (result i32) (i32.eq (call $byte (local.get $p)) (i32.const 64)) (then (call $userinfo (local.get $p)))
      (else (i32.or (i32.gt_u (i32.add (local.get $p) (i32.const 4)) (local.get $len))
                    (i32.eq (i32.load (i32.add (global.get $IN) (local.get $p))) (i32.const 0x69706164))))))

  ;; Reports the set bits of $m (positions $i + bit) that $kind's check lets through; returns the new count.
  ;; One loop per kind of anchor: the branches in it are the same kind's (a shared loop dispatching on the
  ;; character mispredicted on every anchor; measured twice as slow). After inlining (scripts/build-wasm.mjs
  ;; runs binaryen) there are no calls: a call spilled the loop's vectors.
  (func $emit (param $m i32) (param $i i32) (param $len i32) (param $n i32) (param $kind i32) (result i32)
    (local $p i32) (local $ok i32)
    (block $bits
      (loop $bit
        (br_if $bits (i32.eqz (local.get $m)))
        (local.set $p (i32.add (local.get $i) (i32.ctz (local.get $m))))
        (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
        ;; Past the end: the block's remaining bits are too.
        (br_if $bits (i32.ge_u (local.get $p) (local.get $len)))
        (block $kinds
          (if (i32.eq (local.get $kind) (i32.const 0)) (then (local.set $ok (call $checkGeneric (local.get $p) (local.get $len))) (br $kinds)))
          (if (i32.eq (local.get $kind) (i32.const 1)) (then (local.set $ok (call $checkUnderscore (local.get $p) (local.get $len))) (br $kinds)))
          (if (i32.eq (local.get $kind) (i32.const 2)) (then (local.set $ok (call $checkDash (local.get $p) (local.get $len))) (br $kinds)))
          (if (i32.eq (local.get $kind) (i32.const 3)) (then (local.set $ok (call $checkLetter (local.get $p) (local.get $len))) (br $kinds)))
          (local.set $ok (call $checkRare (local.get $p) (local.get $len))))
        (if (local.get $ok)
          (then
            (i32.store (i32.add (global.get $OUT) (i32.shl (local.get $n) (i32.const 2))) (local.get $p))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (br $bit)))
    (local.get $n))

  (func (export "anchors") (param $len i32) (result i32)
    (local $i i32) (local $n i32) (local $v v128)
    (local $eq v128) (local $colon v128) (local $gt v128) (local $under v128) (local $dash v128) (local $at v128)
    (local $A v128) (local $J v128) (local $K v128) (local $dot v128) (local $d v128)
    (local.set $eq (i8x16.splat (i32.const 61)))
    (local.set $colon (i8x16.splat (i32.const 58)))
    (local.set $gt (i8x16.splat (i32.const 62)))
    (local.set $under (i8x16.splat (i32.const 95)))
    (local.set $dash (i8x16.splat (i32.const 45)))
    (local.set $at (i8x16.splat (i32.const 64)))
    (local.set $A (i8x16.splat (i32.const 65)))
    (local.set $J (i8x16.splat (i32.const 74)))
    (local.set $K (i8x16.splat (i32.const 75)))
    (local.set $dot (i8x16.splat (i32.const 46)))
    (local.set $d (i8x16.splat (i32.const 100)))
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $v (v128.load (i32.add (global.get $IN) (local.get $i))))
        ;; Positions of one 16-byte block, by kind; each kind's loop sorts nothing (JavaScript merges).
        (local.set $n (call $emit (i8x16.bitmask (v128.or (v128.or (i8x16.eq (local.get $v) (local.get $eq)) (i8x16.eq (local.get $v) (local.get $colon)))
                                                          (i8x16.eq (local.get $v) (local.get $gt))))
          (local.get $i) (local.get $len) (local.get $n) (i32.const 0)))
        (local.set $n (call $emit (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $under))) (local.get $i) (local.get $len) (local.get $n) (i32.const 1)))
        (local.set $n (call $emit (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $dash))) (local.get $i) (local.get $len) (local.get $n) (i32.const 2)))
        (local.set $n (call $emit (i8x16.bitmask (v128.or (v128.or (i8x16.eq (local.get $v) (local.get $A)) (i8x16.eq (local.get $v) (local.get $J)))
                                                          (v128.or (i8x16.eq (local.get $v) (local.get $K)) (i8x16.eq (local.get $v) (local.get $dot)))))
          (local.get $i) (local.get $len) (local.get $n) (i32.const 3)))
        (local.set $n (call $emit (i8x16.bitmask (v128.or (i8x16.eq (local.get $v) (local.get $at)) (i8x16.eq (local.get $v) (local.get $d))))
          (local.get $i) (local.get $len) (local.get $n) (i32.const 4)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $block)))
    (local.get $n))
)
