;; The byte scanner's hot loops in WebAssembly with 128-bit SIMD: the end of a JSON string, the
;; end of a whole JSON value, and the next occurrence of one byte, with the same semantics, byte for
;; byte, as the JavaScript reference in ../_json_scan.ts (tests compare the two), only faster: a
;; string is crossed 16 to 64 bytes per step instead of one. And the record scan used by the reader:
;; the members of a line's object and of its "message" into tables, validating the whole line as
;; JSON.parse would (valid_value), in the same pass.
;;
;; Memory layout: the globals between "BEGIN layout" and "END layout" below, absolute byte
;; addresses ("end" exclusive). build.ts generates ./_scan_layout.ts from them, so the JavaScript
;; side reads the same numbers (a test checks the generated file against this one). Literal uses
;; that cannot name a global (the data segment's offset, load offsets, the bracket stack's
;; limit) are checked against the globals by build.ts.
;; Build: `deno task build-wasm` (needs wat2wasm from Debian's wabt).
(module
  (memory (export "memory") 2)
;; BEGIN layout (build.ts reads these; one per line: name, value, what lies there)
  ;; [0, BRACKET_STACK_BYTES): the bracket stack of skip_value, one byte per open bracket.
  (global $BRACKET_STACK_BYTES i32 (i32.const 32768))
  ;; Member counts written by scan_record (record; message, -1 when none) and scan_members, i32.
  (global $RECORD_COUNT i32 (i32.const 32768))
  (global $MESSAGE_COUNT i32 (i32.const 32772))
  (global $OBJECT_COUNT i32 (i32.const 32776))
  ;; i32, 1 when the last scan_record or scan_members met a key that key_id does not name and
  ;; that holds an escape (a known key may be spelled so: the reader then reads the line in
  ;; JavaScript, decoding keys as JSON.parse does), else 0.
  (global $ESCAPED_KEY i32 (i32.const 32780))
  ;; i32, the position after the closing quote of the string the last string_units measured
  ;; (-1 when it returned -1), so one pass both measures a string and finds its end.
  (global $UNITS_END i32 (i32.const 32784))
  ;; Escape lengths by escaped byte, 256 bytes (the data segment read by escape_length).
  (global $ESCAPE_LENGTHS i32 (i32.const 33024))
  ;; Key ids of the members of the record, message and object tables, one byte per member.
  (global $RECORD_KEY_IDS i32 (i32.const 33280))
  (global $MESSAGE_KEY_IDS i32 (i32.const 35328))
  (global $OBJECT_KEY_IDS i32 (i32.const 37376))
  ;; Slots: per key id, (valueStart, valueEnd) as i32 of its last member, relative to the $p
  ;; given to scan_record or scan_members (so the reader uses them in place), -1 when absent; 26
  ;; slots of 8 bytes for the record, its "message" object, and scan_members' object.
  (global $RECORD_SLOTS i32 (i32.const 38400))
  (global $MESSAGE_SLOTS i32 (i32.const 38656))
  (global $OBJECT_SLOTS i32 (i32.const 38912))
  ;; Member tables: per member (keyStart, keyEnd, valueStart, valueEnd) as i32.
  (global $OBJECT_TABLE i32 (i32.const 40960))
  (global $RECORD_TABLE i32 (i32.const 65536))
  (global $MESSAGE_TABLE i32 (i32.const 98304))
  ;; Members the tables hold: the record's and the message's, scan_members' object's.
  (global $RECORD_MEMBERS_MAX i32 (i32.const 2048))
  (global $OBJECT_MEMBERS_MAX i32 (i32.const 1024))
  ;; [DATA_START, ...): data, managed by ../_wasm_scanner.ts.
  (global $DATA_START i32 (i32.const 131072))
;; END layout
  ;; The $p of the running scan_record or scan_members: slots hold positions relative to it.
  (global $slot_base (mut i32) (i32.const 0))
  ;; Bytes an escape takes, by the byte after its backslash: 2 for \" \\ \/ \b \f \n \r \t, 6 for
  ;; \u (its four hex digits are checked apart), 0 for anything else (not JSON).
  (data (i32.const 33024) "\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\02\00\00\00\00\00\00\00\00\00\00\00\00\02\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\02\00\00\00\00\00\02\00\00\00\02\00\00\00\00\00\00\00\02\00\00\00\02\00\02\06\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00")

  ;; Position after the closing quote of a string, scanning from $p, which must not sit inside an
  ;; escape; -1 when the string does not close before $end. 32 bytes per step: one mask of quotes
  ;; and backslashes, walked bit by bit, so dense escapes (code, JSON text) cost no reloads.
  (func $string_end (export "string_end") (param $p i32) (param $end i32) (result i32)
    (local $a v128)
    (local $b v128)
    (local $quotes i32)
    (local $specials i32)
    (local $bit i32)
    (local $byte i32)
    (block $narrow
      (loop $wide
        (br_if $narrow (i32.gt_u (i32.add (local.get $p) (i32.const 32)) (local.get $end)))
        (local.set $a (v128.load align=1 (local.get $p)))
        (local.set $b (v128.load offset=16 align=1 (local.get $p)))
        (local.set $quotes
          (i32.or
            (i8x16.bitmask (i8x16.eq (local.get $a) (i8x16.splat (i32.const 0x22))))
            (i32.shl (i8x16.bitmask (i8x16.eq (local.get $b) (i8x16.splat (i32.const 0x22))))
              (i32.const 16))))
        (local.set $specials
          (i32.or (local.get $quotes)
            (i32.or
              (i8x16.bitmask (i8x16.eq (local.get $a) (i8x16.splat (i32.const 0x5c))))
              (i32.shl (i8x16.bitmask (i8x16.eq (local.get $b) (i8x16.splat (i32.const 0x5c))))
                (i32.const 16)))))
        (block $next
          (loop $bits
            (br_if $next (i32.eqz (local.get $specials)))
            (local.set $bit (i32.ctz (local.get $specials)))
            (if (i32.and (i32.shr_u (local.get $quotes) (local.get $bit)) (i32.const 1))
              (then (return (i32.add (i32.add (local.get $p) (local.get $bit)) (i32.const 1)))))
            ;; A backslash: it and the byte it escapes are done.
            (if (i32.eq (local.get $bit) (i32.const 31))
              (then
                ;; The escaped byte opens the next block: start that block one byte later.
                (local.set $p (i32.add (local.get $p) (i32.const 33)))
                (br $wide)))
            (local.set $specials
              (i32.and (local.get $specials)
                (i32.xor (i32.shl (i32.const 3) (local.get $bit)) (i32.const -1))))
            (br $bits)))
        (local.set $p (i32.add (local.get $p) (i32.const 32)))
        (br $wide)))
    (loop $tail
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (local.set $byte (i32.load8_u (local.get $p)))
      (if (i32.eq (local.get $byte) (i32.const 0x22))
        (then (return (i32.add (local.get $p) (i32.const 1)))))
      (local.set $p
        (i32.add (local.get $p)
          (select (i32.const 2) (i32.const 1) (i32.eq (local.get $byte) (i32.const 0x5c)))))
      (br $tail))
    (i32.const -1))

  ;; Position of the first $byte in [$p, $end), or -1.
  (func $index_of (export "index_of") (param $byte i32) (param $p i32) (param $end i32) (result i32)
    (local $needle v128)
    (local $mask i32)
    (local.set $needle (i8x16.splat (local.get $byte)))
    (block $narrow
      (loop $wide
        (br_if $narrow (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $end)))
        (local.set $mask
          (i8x16.bitmask (i8x16.eq (v128.load align=1 (local.get $p)) (local.get $needle))))
        (if (local.get $mask)
          (then (return (i32.add (local.get $p) (i32.ctz (local.get $mask))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $wide)))
    (loop $tail
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (if (i32.eq (i32.load8_u (local.get $p)) (local.get $byte)) (then (return (local.get $p))))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br $tail))
    (i32.const -1))

  ;; Digits, sign, dot, exponent and the letters of true/false/null (any ASCII letter, as in JS).
  (func $is_primitive_byte (param $b i32) (result i32)
    (i32.or
      (i32.or
        (i32.le_u (i32.sub (local.get $b) (i32.const 0x30)) (i32.const 9))
        (i32.le_u (i32.sub (i32.or (local.get $b) (i32.const 0x20)) (i32.const 0x61)) (i32.const 25)))
      (i32.or
        (i32.eq (local.get $b) (i32.const 0x2d))
        (i32.or (i32.eq (local.get $b) (i32.const 0x2b)) (i32.eq (local.get $b) (i32.const 0x2e))))))

  (func $is_number_byte (param $b i32) (result i32)
    (i32.or
      (i32.or
        (i32.le_u (i32.sub (local.get $b) (i32.const 0x30)) (i32.const 9))
        (i32.eq (i32.or (local.get $b) (i32.const 0x20)) (i32.const 0x65)))
      (i32.or
        (i32.eq (local.get $b) (i32.const 0x2d))
        (i32.or (i32.eq (local.get $b) (i32.const 0x2b)) (i32.eq (local.get $b) (i32.const 0x2e))))))

  ;; End of the true/false/null/number at $p, or -1.
  (func $primitive_end (param $p i32) (param $end i32) (result i32)
    (local $q i32)
    (local $length i32)
    (local $first i32)
    (local.set $q (local.get $p))
    (block $stop
      (loop $more
        (br_if $stop (i32.ge_u (local.get $q) (local.get $end)))
        (br_if $stop (i32.eqz (call $is_primitive_byte (i32.load8_u (local.get $q)))))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br $more)))
    (local.set $length (i32.sub (local.get $q) (local.get $p)))
    (if (i32.eqz (local.get $length)) (then (return (i32.const -1))))
    (local.set $first (i32.load8_u (local.get $p)))
    ;; Keywords compared as little-endian words: "true" 0x65757274, "null" 0x6c6c756e,
    ;; "fals" 0x736c6166.
    (if (i32.eq (local.get $first) (i32.const 0x74))
      (then
        (return (select (local.get $q) (i32.const -1)
          (i32.and (i32.eq (local.get $length) (i32.const 4))
            (i32.eq (i32.load align=1 (local.get $p)) (i32.const 0x65757274)))))))
    (if (i32.eq (local.get $first) (i32.const 0x6e))
      (then
        (return (select (local.get $q) (i32.const -1)
          (i32.and (i32.eq (local.get $length) (i32.const 4))
            (i32.eq (i32.load align=1 (local.get $p)) (i32.const 0x6c6c756e)))))))
    (if (i32.eq (local.get $first) (i32.const 0x66))
      (then
        (if (i32.ne (local.get $length) (i32.const 5)) (then (return (i32.const -1))))
        (return (select (local.get $q) (i32.const -1)
          (i32.and (i32.eq (i32.load align=1 (local.get $p)) (i32.const 0x736c6166))
            (i32.eq (i32.load8_u offset=4 (local.get $p)) (i32.const 0x65)))))))
    (block $bad
      (loop $check
        (if (i32.ge_u (local.get $p) (local.get $q)) (then (return (local.get $q))))
        (br_if $bad (i32.eqz (call $is_number_byte (i32.load8_u (local.get $p)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $check)))
    (i32.const -1))

  (func $is_space (param $b i32) (result i32)
    (i32.or
      (i32.or (i32.eq (local.get $b) (i32.const 0x20)) (i32.eq (local.get $b) (i32.const 0x0a)))
      (i32.or (i32.eq (local.get $b) (i32.const 0x0d)) (i32.eq (local.get $b) (i32.const 0x09)))))

  ;; End of the JSON value at $p (whitespace before it skipped), -1 when truncated or broken,
  ;; -3 when brackets nest deeper than 32,768 levels (the caller then falls back to JavaScript).
  (func $skip_value (export "skip_value") (param $p i32) (param $end i32) (result i32)
    (local $byte i32)
    (local $depth i32)
    (block $start
      (loop $space
        (br_if $start (i32.ge_u (local.get $p) (local.get $end)))
        (br_if $start (i32.eqz (call $is_space (i32.load8_u (local.get $p)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $space)))
    (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
    (local.set $byte (i32.load8_u (local.get $p)))
    (if (i32.eq (local.get $byte) (i32.const 0x22))
      (then (return (call $string_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))))
    (if (i32.and (i32.ne (local.get $byte) (i32.const 0x7b)) (i32.ne (local.get $byte) (i32.const 0x5b)))
      (then (return (call $primitive_end (local.get $p) (local.get $end)))))
    (loop $walk
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (local.set $byte (i32.load8_u (local.get $p)))
      (if (i32.eq (local.get $byte) (i32.const 0x22))
        (then
          (local.set $p (call $string_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
          (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
          (br $walk)))
      ;; '{' 0x7b and '[' 0x5b differ only in bit 0x20; so do '}' 0x7d and ']' 0x5d.
      (if (i32.eq (i32.and (local.get $byte) (i32.const 0xdf)) (i32.const 0x5b))
        (then
          (if (i32.ge_u (local.get $depth) (i32.const 32768)) (then (return (i32.const -3))))
          (i32.store8 (local.get $depth) (local.get $byte))
          (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (br $walk)))
      (if (i32.eq (i32.and (local.get $byte) (i32.const 0xdf)) (i32.const 0x5d))
        (then
          (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
          ;; The opener is the closer minus 2: '{' = '}' - 2, '[' = ']' - 2.
          (if (i32.ne (i32.load8_u (local.get $depth)) (i32.sub (local.get $byte) (i32.const 2)))
            (then (return (i32.const -1))))
          (if (i32.eqz (local.get $depth)) (then (return (i32.add (local.get $p) (i32.const 1)))))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (br $walk)))
      (if (call $is_primitive_byte (local.get $byte))
        (then
          (local.set $p (call $primitive_end (local.get $p) (local.get $end)))
          (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
          (br $walk)))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br $walk))
    (i32.const -1))

;; ---- Validation: what JSON.parse accepts, checked in the same pass as the scan. ----

  (func $is_hex (param $b i32) (result i32)
    (i32.or
      (i32.le_u (i32.sub (local.get $b) (i32.const 0x30)) (i32.const 9))
      (i32.le_u (i32.sub (i32.or (local.get $b) (i32.const 0x20)) (i32.const 0x61)) (i32.const 5))))

  ;; Bytes taken by the escape whose backslash is at $at: 2, 6 for \uXXXX, 0 when invalid.
  (func $escape_length (param $at i32) (param $end i32) (result i32)
    (local $skip i32)
    (if (i32.ge_u (i32.add (local.get $at) (i32.const 1)) (local.get $end)) (then (return (i32.const 0))))
    (local.set $skip (i32.load8_u offset=33024 (i32.load8_u offset=1 (local.get $at))))
    (if (i32.ne (local.get $skip) (i32.const 6)) (then (return (local.get $skip))))
    (if (i32.gt_u (i32.add (local.get $at) (i32.const 6)) (local.get $end))
      (then (return (i32.const 0))))
    (select (i32.const 6) (i32.const 0)
      (i32.and
        (i32.and (call $is_hex (i32.load8_u offset=2 (local.get $at)))
          (call $is_hex (i32.load8_u offset=3 (local.get $at))))
        (i32.and (call $is_hex (i32.load8_u offset=4 (local.get $at)))
          (call $is_hex (i32.load8_u offset=5 (local.get $at)))))))

  ;; As string_end, and the string must be valid JSON: no raw control byte (< 0x20), every escape
  ;; one of \" \\ \/ \b \f \n \r \t \uXXXX. -1 when it does not close or is invalid. (Bytes of
  ;; 0x80 and above are not checked: invalid UTF-8 decodes to U+FFFD, which JSON accepts.)
  ;; Most strings (keys above all) end within 16 bytes with nothing special before the quote:
  ;; this small front checks that and is inlined by V8 at each call site, sparing the call.
  ;; Anything else goes on in valid_string_end_long. (A 48-byte front, which ids and timestamps
  ;; pass too, made the reader slower on token-dense lines: three loads for every key.)
  (func $valid_string_end (export "valid_string_end") (param $p i32) (param $end i32) (result i32)
    (local $at i32)
    ;; The first quote, backslash or control byte within 16 bytes (or the byte after them, which
    ;; no backslash precedes) is the closing quote.
    (if (i32.le_u (local.get $p) (i32.sub (i32.shl (memory.size) (i32.const 16)) (i32.const 16)))
      (then
        (local.set $at
          (i32.add (local.get $p)
            (i32.ctz
              (i32.or (call $specials16 (v128.load align=1 (local.get $p))) (i32.const 0x10000)))))
        (if (i32.lt_u (local.get $at) (local.get $end))
          (then
            (if (i32.eq (i32.load8_u (local.get $at)) (i32.const 0x22))
              (then (return (i32.add (local.get $at) (i32.const 1)))))))))
    (call $valid_string_end_long (local.get $p) (local.get $end)))

  ;; valid_string_end from $p, which must not sit inside an escape: 32 bytes per step up to the
  ;; first backslash or control byte, then 64 bytes per step without a branch per escape. A block
  ;; takes three masks (quotes or control bytes; backslashes; bytes an escape may hold without a
  ;; second look, " \ n), its escaped positions from the backslash mask (escaped_bits), and the
  ;; first unescaped quote or control byte ends the string. Only an escaped byte other than
  ;; " \ n before it needs a scalar look (escapes_valid). A block may load bytes past $end (never
  ;; past the memory): their bits are cleared.
  (func $valid_string_end_long (param $p i32) (param $end i32) (result i32)
    (local $a v128)
    (local $b v128)
    (local $c v128)
    (local $d v128)
    (local $specials i32)
    (local $at i32)
    (local $last i32)
    (local $carry i64)
    (local $backslashes i64)
    (local $escaped i64)
    (local $stops i64)
    (local $suspect i64)
    (local $skip i32)
    (local $byte i32)
    (local $vq v128)
    (local $vbs v128)
    (local $v1f v128)
    (local $vn v128)
    ;; Blocks start at or before $last: 64 bytes from there stay inside the memory. (At 65,536
    ;; pages the shift wraps to 0 and $last to 2^32 - 64, still the right bound.)
    (local.set $last (i32.sub (i32.shl (memory.size) (i32.const 16)) (i32.const 64)))
    ;; 32 bytes per step while no backslash or control byte is met: most strings end here.
    (block $blocks
      (loop $clean
        (br_if $blocks (i32.gt_u (local.get $p) (local.get $last)))
        (local.set $specials
          (i32.or (call $specials16 (v128.load align=1 (local.get $p)))
            (i32.shl (call $specials16 (v128.load offset=16 align=1 (local.get $p))) (i32.const 16))))
        ;; The first special byte, or the byte after the 32 when none is.
        (local.set $at (i32.add (local.get $p) (i32.ctz (local.get $specials))))
        (if (i32.ge_u (local.get $at) (local.get $end)) (then (return (i32.const -1))))
        (if (i32.eq (i32.load8_u (local.get $at)) (i32.const 0x22))
          (then (return (i32.add (local.get $at) (i32.const 1)))))
        ;; A backslash or control byte at $at is not escaped (none before it): blocks start there.
        (local.set $p (local.get $at))
        (br_if $clean (i32.eqz (local.get $specials)))))
    (local.set $vq (i8x16.splat (i32.const 0x22)))
    (local.set $vbs (i8x16.splat (i32.const 0x5c)))
    (local.set $v1f (i8x16.splat (i32.const 0x1f)))
    (local.set $vn (i8x16.splat (i32.const 0x6e)))
    (block $narrow
      (loop $wide
        (br_if $narrow (i32.gt_u (local.get $p) (local.get $last)))
        (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
        (local.set $a (v128.load align=1 (local.get $p)))
        (local.set $b (v128.load offset=16 align=1 (local.get $p)))
        (local.set $c (v128.load offset=32 align=1 (local.get $p)))
        (local.set $d (v128.load offset=48 align=1 (local.get $p)))
        (local.set $backslashes
          (call $mask64
            (i8x16.eq (local.get $a) (local.get $vbs))
            (i8x16.eq (local.get $b) (local.get $vbs))
            (i8x16.eq (local.get $c) (local.get $vbs))
            (i8x16.eq (local.get $d) (local.get $vbs))))
        (local.set $escaped (call $escaped_bits (local.get $backslashes) (local.get $carry)))
        ;; The next block's first byte is escaped when this one ends in an escaping backslash.
        (local.set $carry
          (i64.shr_u
            (i64.and (local.get $backslashes)
              (i64.xor (local.get $escaped) (i64.or (local.get $backslashes) (local.get $carry))))
            (i64.const 63)))
        (local.set $stops
          (i64.and
            (call $mask64
              (call $quote_or_control (local.get $a) (local.get $vq) (local.get $v1f)) (call $quote_or_control (local.get $b) (local.get $vq) (local.get $v1f))
              (call $quote_or_control (local.get $c) (local.get $vq) (local.get $v1f)) (call $quote_or_control (local.get $d) (local.get $vq) (local.get $v1f)))
            (i64.xor (local.get $escaped) (i64.const -1))))
        (local.set $suspect
          (i64.and (local.get $escaped)
            (i64.xor
              (call $mask64
                (call $plain_escape (local.get $a) (local.get $vq) (local.get $vbs) (local.get $vn)) (call $plain_escape (local.get $b) (local.get $vq) (local.get $vbs) (local.get $vn))
                (call $plain_escape (local.get $c) (local.get $vq) (local.get $vbs) (local.get $vn)) (call $plain_escape (local.get $d) (local.get $vq) (local.get $vbs) (local.get $vn)))
              (i64.const -1))))
        ;; The last block: bytes from $end on are not the string's.
        (if (i32.gt_u (i32.add (local.get $p) (i32.const 64)) (local.get $end))
          (then
            (local.set $stops
              (i64.and (local.get $stops)
                (i64.sub
                  (i64.shl (i64.const 1) (i64.extend_i32_u (i32.sub (local.get $end) (local.get $p))))
                  (i64.const 1))))
            (if (i64.eqz (local.get $stops)) (then (return (i32.const -1))))))
        (if (i64.ne (local.get $stops) (i64.const 0))
          (then
            (local.set $at (i32.add (local.get $p) (i32.wrap_i64 (i64.ctz (local.get $stops)))))
            ;; A control byte, or escapes before the quote that are not JSON's.
            (if (i32.ne (i32.load8_u (local.get $at)) (i32.const 0x22)) (then (return (i32.const -1))))
            (local.set $suspect
              (i64.and (local.get $suspect)
                (i64.sub (i64.and (local.get $stops) (i64.sub (i64.const 0) (local.get $stops)))
                  (i64.const 1))))
            (if (i64.ne (local.get $suspect) (i64.const 0))
              (then
                (if (i32.eqz (call $escapes_valid (local.get $p) (local.get $suspect) (local.get $end)))
                  (then (return (i32.const -1))))))
            (return (i32.add (local.get $at) (i32.const 1)))))
        (if (i64.ne (local.get $suspect) (i64.const 0))
          (then
            (if (i32.eqz (call $escapes_valid (local.get $p) (local.get $suspect) (local.get $end)))
              (then (return (i32.const -1))))))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $wide)))
    ;; Within 64 bytes of the memory's end: byte by byte, first the escape a block left open.
    (if (i64.ne (local.get $carry) (i64.const 0))
      (then
        (local.set $skip (call $escape_length (i32.sub (local.get $p) (i32.const 1)) (local.get $end)))
        (if (i32.eqz (local.get $skip)) (then (return (i32.const -1))))
        (local.set $p (i32.add (local.get $p) (i32.sub (local.get $skip) (i32.const 1))))))
    (loop $tail
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (local.set $byte (i32.load8_u (local.get $p)))
      (if (i32.eq (local.get $byte) (i32.const 0x22))
        (then (return (i32.add (local.get $p) (i32.const 1)))))
      (if (i32.lt_u (local.get $byte) (i32.const 0x20)) (then (return (i32.const -1))))
      (if (i32.eq (local.get $byte) (i32.const 0x5c))
        (then
          (local.set $skip (call $escape_length (local.get $p) (local.get $end)))
          (if (i32.eqz (local.get $skip)) (then (return (i32.const -1))))
          (local.set $p (i32.add (local.get $p) (local.get $skip)))
          (br $tail)))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br $tail))
    (i32.const -1))

  ;; Bit i set when byte i of the 16 is a quote, a backslash or a control byte (< 0x20).
  (func $specials16 (param $a v128) (result i32)
    (i8x16.bitmask
      (v128.or
        (v128.or (i8x16.eq (local.get $a) (i8x16.splat (i32.const 0x22)))
          (i8x16.eq (local.get $a) (i8x16.splat (i32.const 0x5c))))
        (call $control (local.get $a)))))

  ;; Lanes of bytes below 0x20 (equal to their minimum with 0x1f: two instructions, where a
  ;; lt_u takes more on x64).
  (func $control (param $a v128) (result v128)
    (i8x16.eq (local.get $a) (i8x16.min_u (local.get $a) (i8x16.splat (i32.const 0x1f)))))

  (func $quote_or_control (param $a v128) (param $vq v128) (param $v1f v128) (result v128)
    (v128.or (i8x16.eq (local.get $a) (local.get $vq))
      (i8x16.eq (local.get $a) (i8x16.min_u (local.get $a) (local.get $v1f)))))

  ;; Lanes of the bytes an escape may hold that need no further look: " \ n (newlines are by far
  ;; the commonest escape in transcripts).
  (func $plain_escape (param $a v128) (param $vq v128) (param $vbs v128) (param $vn v128)
    (result v128)
    (v128.or
      (v128.or (i8x16.eq (local.get $a) (local.get $vq)) (i8x16.eq (local.get $a) (local.get $vbs)))
      (i8x16.eq (local.get $a) (local.get $vn))))

  ;; The 64 lanes of four compare results as bits, lane i of $a at bit i.
  (func $mask64 (param $a v128) (param $b v128) (param $c v128) (param $d v128) (result i64)
    (i64.or
      (i64.extend_i32_u
        (i32.or (i8x16.bitmask (local.get $a)) (i32.shl (i8x16.bitmask (local.get $b)) (i32.const 16))))
      (i64.shl
        (i64.extend_i32_u
          (i32.or (i8x16.bitmask (local.get $c)) (i32.shl (i8x16.bitmask (local.get $d)) (i32.const 16))))
        (i64.const 32))))

  ;; The escaped bytes of a 64-byte block: those after an odd run of backslashes, from its
  ;; backslash mask and $carry (1 when its first byte is escaped by the previous block). The
  ;; branch-free method of simdjson: subtracting the run starts from the odd bits leaves the
  ;; escaped code of each run set, whatever the run's length and parity.
  (func $escaped_bits (param $backslashes i64) (param $carry i64) (result i64)
    (local $starts i64)
    (local.set $starts
      (i64.and (local.get $backslashes) (i64.xor (local.get $carry) (i64.const -1))))
    (i64.xor
      (i64.xor
        (i64.sub
          (i64.or (i64.shl (local.get $starts) (i64.const 1)) (i64.const 0xaaaaaaaaaaaaaaaa))
          (local.get $starts))
        (i64.const 0xaaaaaaaaaaaaaaaa))
      (i64.or (local.get $backslashes) (local.get $carry))))

  ;; Whether each escaped byte marked in $bits (bit i: the byte at $p + i) makes a JSON escape
  ;; with the backslash before it (escape_length).
  (func $escapes_valid (param $p i32) (param $bits i64) (param $end i32) (result i32)
    (loop $next
      (if (i32.eqz
            (call $escape_length
              (i32.add (local.get $p) (i32.sub (i32.wrap_i64 (i64.ctz (local.get $bits))) (i32.const 1)))
              (local.get $end)))
        (then (return (i32.const 0))))
      (local.set $bits (i64.and (local.get $bits) (i64.sub (local.get $bits) (i64.const 1))))
      (br_if $next (i64.ne (local.get $bits) (i64.const 0))))
    (i32.const 1))

  (func $is_digit (param $b i32) (result i32)
    (i32.le_u (i32.sub (local.get $b) (i32.const 0x30)) (i32.const 9)))

  ;; End of the JSON number at $p (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?), or -1.
  (func $number_end (param $p i32) (param $end i32) (result i32)
    (if (i32.lt_u (local.get $p) (local.get $end))
      (then
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x2d))
          (then (local.set $p (i32.add (local.get $p) (i32.const 1)))))))
    (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
    (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x30))
      (then (local.set $p (i32.add (local.get $p) (i32.const 1))))
      (else
        (if (i32.eqz (call $is_digit (i32.load8_u (local.get $p)))) (then (return (i32.const -1))))
        (local.set $p (call $digits_end (local.get $p) (local.get $end)))))
    (if (i32.lt_u (local.get $p) (local.get $end))
      (then
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x2e))
          (then
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
            (if (i32.eqz (call $is_digit (i32.load8_u (local.get $p))))
              (then (return (i32.const -1))))
            (local.set $p (call $digits_end (local.get $p) (local.get $end)))))))
    (if (i32.lt_u (local.get $p) (local.get $end))
      (then
        (if (i32.eq (i32.or (i32.load8_u (local.get $p)) (i32.const 0x20)) (i32.const 0x65))
          (then
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (if (i32.lt_u (local.get $p) (local.get $end))
              (then
                (if (i32.or (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x2b))
                      (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x2d)))
                  (then (local.set $p (i32.add (local.get $p) (i32.const 1)))))))
            (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
            (if (i32.eqz (call $is_digit (i32.load8_u (local.get $p))))
              (then (return (i32.const -1))))
            (local.set $p (call $digits_end (local.get $p) (local.get $end)))))))
    (local.get $p))

  (func $digits_end (param $p i32) (param $end i32) (result i32)
    (block $done
      (loop $more
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (br_if $done (i32.eqz (call $is_digit (i32.load8_u (local.get $p)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $more)))
    (local.get $p))

  ;; End of true, false or null at $p, or -1.
  (func $literal_end (param $p i32) (param $end i32) (result i32)
    (local $first i32)
    (local.set $first (i32.load8_u (local.get $p)))
    (if (i32.eq (local.get $first) (i32.const 0x66))
      (then
        (if (i32.gt_u (i32.add (local.get $p) (i32.const 5)) (local.get $end))
          (then (return (i32.const -1))))
        (return (select (i32.add (local.get $p) (i32.const 5)) (i32.const -1)
          (i32.and (i32.eq (i32.load align=1 (local.get $p)) (i32.const 0x736c6166))
            (i32.eq (i32.load8_u offset=4 (local.get $p)) (i32.const 0x65)))))))
    (if (i32.gt_u (i32.add (local.get $p) (i32.const 4)) (local.get $end))
      (then (return (i32.const -1))))
    (select (i32.add (local.get $p) (i32.const 4)) (i32.const -1)
      (i32.or
        (i32.and (i32.eq (local.get $first) (i32.const 0x74))
          (i32.eq (i32.load align=1 (local.get $p)) (i32.const 0x65757274)))
        (i32.and (i32.eq (local.get $first) (i32.const 0x6e))
          (i32.eq (i32.load align=1 (local.get $p)) (i32.const 0x6c6c756e))))))

  ;; End of the JSON value at $p (whitespace before it skipped) when it is valid JSON, -1 when
  ;; not, -3 when nested deeper than 32,768 levels. A state machine over one bracket stack:
  ;; state 0 expects a value, 1 has just ended one, 2 expects an object key and its colon.
  ;; Kept under 500 bytes of code: V8 inlines no larger function into scan_object, and the call
  ;; per value would cost more than the checks any addition here saves.
  (func $valid_value (export "valid_value") (param $p i32) (param $end i32) (result i32)
    (local $state i32)
    (local $depth i32)
    (local $byte i32)
    (local $top i32)
    (loop $step
      (if (i32.eqz (local.get $state))
        (then
          (if (i32.le_u (i32.load8_u (local.get $p)) (i32.const 0x20))
            (then (local.set $p (call $skip_space (local.get $p) (local.get $end)))))
          (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
          (local.set $byte (i32.load8_u (local.get $p)))
          (local.set $state (i32.const 1))
          (if (i32.eq (local.get $byte) (i32.const 0x22))
            (then
              (local.set $p
                (call $valid_string_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
              (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
              (br $step)))
          (if (i32.eq (i32.and (local.get $byte) (i32.const 0xdf)) (i32.const 0x5b))
            (then
              (if (i32.ge_u (local.get $depth) (i32.const 32768)) (then (return (i32.const -3))))
              (i32.store8 (local.get $depth) (local.get $byte))
              (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
              (local.set $p (call $space_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
              (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
              ;; An empty container closes at once; otherwise a key (object) or a value (array).
              (if (i32.eq (i32.load8_u (local.get $p)) (i32.add (local.get $byte) (i32.const 2)))
                (then
                  (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
                  (local.set $p (i32.add (local.get $p) (i32.const 1)))
                  (br $step)))
              (local.set $state
                (select (i32.const 2) (i32.const 0) (i32.eq (local.get $byte) (i32.const 0x7b))))
              (br $step)))
          (if (i32.or (i32.eq (local.get $byte) (i32.const 0x2d)) (call $is_digit (local.get $byte)))
            (then
              (local.set $p (call $number_end (local.get $p) (local.get $end)))
              (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
              (br $step)))
          (local.set $p (call $literal_end (local.get $p) (local.get $end)))
          (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
          (br $step)))
      (if (i32.eq (local.get $state) (i32.const 2))
        (then
          (if (i32.le_u (i32.load8_u (local.get $p)) (i32.const 0x20))
            (then (local.set $p (call $skip_space (local.get $p) (local.get $end)))))
          (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
          (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x22)) (then (return (i32.const -1))))
          (local.set $p
            (call $valid_string_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
          (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
          (if (i32.le_u (i32.load8_u (local.get $p)) (i32.const 0x20))
            (then (local.set $p (call $skip_space (local.get $p) (local.get $end)))))
          (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
          (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x3a)) (then (return (i32.const -1))))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (local.set $state (i32.const 0))
          (br $step)))
      ;; State 1: a value just ended.
      (if (i32.eqz (local.get $depth)) (then (return (local.get $p))))
      (if (i32.le_u (i32.load8_u (local.get $p)) (i32.const 0x20))
            (then (local.set $p (call $skip_space (local.get $p) (local.get $end)))))
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (local.set $byte (i32.load8_u (local.get $p)))
      (local.set $top (i32.load8_u (i32.sub (local.get $depth) (i32.const 1))))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (if (i32.eq (local.get $byte) (i32.const 0x2c))
        (then
          (local.set $state
            (select (i32.const 2) (i32.const 0) (i32.eq (local.get $top) (i32.const 0x7b))))
          (br $step)))
      ;; A closer must match the open bracket: '}' = '{' + 2, ']' = '[' + 2.
      (if (i32.eq (local.get $byte) (i32.add (local.get $top) (i32.const 2)))
        (then
          (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
          (br $step))))
    (i32.const -1))

  ;; Bytes of the well-formed UTF-8 sequence whose lead byte is at $at (2, 3 or 4, as the
  ;; WHATWG decoder accepts them: no overlong forms, no surrogates, nothing above U+10FFFF), or 0.
  (func $utf8_length (param $at i32) (param $end i32) (result i32)
    (local $lead i32)
    (local $low i32)
    (local $high i32)
    (local.set $lead (i32.load8_u (local.get $at)))
    (if (i32.lt_u (local.get $lead) (i32.const 0xc2)) (then (return (i32.const 0))))
    (if (i32.lt_u (local.get $lead) (i32.const 0xe0))
      (then
        (if (i32.gt_u (i32.add (local.get $at) (i32.const 2)) (local.get $end))
          (then (return (i32.const 0))))
        (return (select (i32.const 2) (i32.const 0)
          (call $is_continuation (i32.load8_u offset=1 (local.get $at)))))))
    (local.set $low (i32.const 0x80))
    (local.set $high (i32.const 0xbf))
    (if (i32.lt_u (local.get $lead) (i32.const 0xf0))
      (then
        (if (i32.gt_u (i32.add (local.get $at) (i32.const 3)) (local.get $end))
          (then (return (i32.const 0))))
        (if (i32.eq (local.get $lead) (i32.const 0xe0)) (then (local.set $low (i32.const 0xa0))))
        (if (i32.eq (local.get $lead) (i32.const 0xed)) (then (local.set $high (i32.const 0x9f))))
        (return (select (i32.const 3) (i32.const 0)
          (i32.and
            (i32.le_u (i32.sub (i32.load8_u offset=1 (local.get $at)) (local.get $low))
              (i32.sub (local.get $high) (local.get $low)))
            (call $is_continuation (i32.load8_u offset=2 (local.get $at))))))))
    (if (i32.gt_u (local.get $lead) (i32.const 0xf4)) (then (return (i32.const 0))))
    (if (i32.gt_u (i32.add (local.get $at) (i32.const 4)) (local.get $end))
      (then (return (i32.const 0))))
    (if (i32.eq (local.get $lead) (i32.const 0xf0)) (then (local.set $low (i32.const 0x90))))
    (if (i32.eq (local.get $lead) (i32.const 0xf4)) (then (local.set $high (i32.const 0x8f))))
    (select (i32.const 4) (i32.const 0)
      (i32.and
        (i32.le_u (i32.sub (i32.load8_u offset=1 (local.get $at)) (local.get $low))
          (i32.sub (local.get $high) (local.get $low)))
        (i32.and (call $is_continuation (i32.load8_u offset=2 (local.get $at)))
          (call $is_continuation (i32.load8_u offset=3 (local.get $at)))))))

  (func $is_continuation (param $b i32) (result i32)
    (i32.eq (i32.and (local.get $b) (i32.const 0xc0)) (i32.const 0x80)))

  ;; UTF-16 length of the valid JSON string continuing at $p (after its opening quote), counted
  ;; from its bytes: an escape is one unit (\uXXXX too), a UTF-8 sequence of up to 3 bytes one,
  ;; of 4 bytes two; -1 when it holds a byte that is not well-formed UTF-8 (the caller decodes it
  ;; then, as TextDecoder would) or does not close. The position after its closing quote goes to
  ;; $UNITS_END (-1 with a result of -1).
  (func $string_units (export "string_units") (param $p i32) (param $end i32) (result i32)
    (local $start i32)
    (local $extra i32)
    (local $a v128)
    (local $b v128)
    (local $quotes i32)
    (local $high i32)
    (local $specials i32)
    (local $bit i32)
    (local $at i32)
    (local $skip i32)
    (local $byte i32)
    (local.set $start (local.get $p))
    (i32.store (global.get $UNITS_END) (i32.const -1))
    (block $narrow
      (loop $wide
        (br_if $narrow (i32.gt_u (i32.add (local.get $p) (i32.const 32)) (local.get $end)))
        (local.set $a (v128.load align=1 (local.get $p)))
        (local.set $b (v128.load offset=16 align=1 (local.get $p)))
        (local.set $quotes
          (i32.or
            (i8x16.bitmask (i8x16.eq (local.get $a) (i8x16.splat (i32.const 0x22))))
            (i32.shl (i8x16.bitmask (i8x16.eq (local.get $b) (i8x16.splat (i32.const 0x22))))
              (i32.const 16))))
        (local.set $high
          (i32.or (i8x16.bitmask (local.get $a))
            (i32.shl (i8x16.bitmask (local.get $b)) (i32.const 16))))
        (local.set $specials
          (i32.or (i32.or (local.get $quotes) (local.get $high))
            (i32.or
              (i8x16.bitmask (i8x16.eq (local.get $a) (i8x16.splat (i32.const 0x5c))))
              (i32.shl (i8x16.bitmask (i8x16.eq (local.get $b) (i8x16.splat (i32.const 0x5c))))
                (i32.const 16)))))
        (loop $bits
          (if (i32.eqz (local.get $specials))
            (then
              (local.set $p (i32.add (local.get $p) (i32.const 32)))
              (br $wide)))
          (local.set $bit (i32.ctz (local.get $specials)))
          (local.set $at (i32.add (local.get $p) (local.get $bit)))
          (if (i32.and (i32.shr_u (local.get $quotes) (local.get $bit)) (i32.const 1))
            (then
              (i32.store (global.get $UNITS_END) (i32.add (local.get $at) (i32.const 1)))
              (return (i32.sub (i32.sub (local.get $at) (local.get $start)) (local.get $extra)))))
          (if (i32.and (i32.shr_u (local.get $high) (local.get $bit)) (i32.const 1))
            (then
              ;; A UTF-8 sequence: 2 or 3 bytes are one unit, 4 bytes two.
              (local.set $skip (call $utf8_length (local.get $at) (local.get $end)))
              (if (i32.eqz (local.get $skip)) (then (return (i32.const -1))))
              (local.set $extra
                (i32.add (local.get $extra)
                  (i32.sub (local.get $skip)
                    (select (i32.const 2) (i32.const 1) (i32.eq (local.get $skip) (i32.const 4)))))))
            (else
              (local.set $skip
                (select (i32.const 6) (i32.const 2)
                  (i32.eq (i32.load8_u offset=1 (local.get $at)) (i32.const 0x75))))
              (local.set $extra
                (i32.add (local.get $extra) (i32.sub (local.get $skip) (i32.const 1))))))
          (if (i32.gt_u (i32.add (local.get $bit) (local.get $skip)) (i32.const 31))
            (then
              (local.set $p (i32.add (local.get $at) (local.get $skip)))
              (br $wide)))
          (local.set $specials
            (i32.and (local.get $specials)
              (i32.sub (i32.const 0)
                (i32.shl (i32.const 1) (i32.add (local.get $bit) (local.get $skip))))))
          (br $bits))))
    (loop $tail
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (local.set $byte (i32.load8_u (local.get $p)))
      (if (i32.ge_u (local.get $byte) (i32.const 0x80))
        (then
          (local.set $skip (call $utf8_length (local.get $p) (local.get $end)))
          (if (i32.eqz (local.get $skip)) (then (return (i32.const -1))))
          (local.set $extra
            (i32.add (local.get $extra)
              (i32.sub (local.get $skip)
                (select (i32.const 2) (i32.const 1) (i32.eq (local.get $skip) (i32.const 4))))))
          (local.set $p (i32.add (local.get $p) (local.get $skip)))
          (br $tail)))
      (if (i32.eq (local.get $byte) (i32.const 0x22))
        (then
          (i32.store (global.get $UNITS_END) (i32.add (local.get $p) (i32.const 1)))
          (return (i32.sub (i32.sub (local.get $p) (local.get $start)) (local.get $extra)))))
      (if (i32.eq (local.get $byte) (i32.const 0x5c))
        (then
          (local.set $skip
            (select (i32.const 6) (i32.const 2)
              (i32.eq (i32.load8_u offset=1 (local.get $p)) (i32.const 0x75))))
          (local.set $extra (i32.add (local.get $extra) (i32.sub (local.get $skip) (i32.const 1))))
          (local.set $p (i32.add (local.get $p) (local.get $skip)))
          (br $tail)))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br $tail))
    (i32.const -1))

  ;; skip_space with its common case first (no whitespace: return at once), for the call sites
  ;; between tokens. (The byte at $end, when read, lies in the scanner's slack and changes nothing:
  ;; skip_space returns $p there either way.)
  (func $space_end (param $p i32) (param $end i32) (result i32)
    (if (i32.gt_u (i32.load8_u (local.get $p)) (i32.const 0x20)) (then (return (local.get $p))))
    (call $skip_space (local.get $p) (local.get $end)))

  (func $skip_space (param $p i32) (param $end i32) (result i32)
    (block $done
      (loop $more
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (br_if $done (i32.eqz (call $is_space (i32.load8_u (local.get $p)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $more)))
    (local.get $p))

;; ---- Timestamps ----

  ;; The two (or $n) ASCII digits at $at as a number, or -1 when one is not a digit.
  (func $digits (param $at i32) (param $n i32) (result i32)
    (local $value i32)
    (local $d i32)
    (block $done
      (loop $next
        (br_if $done (i32.eqz (local.get $n)))
        (local.set $d (i32.sub (i32.load8_u (local.get $at)) (i32.const 0x30)))
        (if (i32.gt_u (local.get $d) (i32.const 9)) (then (return (i32.const -1))))
        (local.set $value (i32.add (i32.mul (local.get $value) (i32.const 10)) (local.get $d)))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (local.set $n (i32.sub (local.get $n) (i32.const 1)))
        (br $next)))
    (local.get $value))

  ;; Milliseconds since 1970 of the JSON string at [$p, $end) (quotes included) when it is exactly
  ;; "YYYY-MM-DDTHH:MM:SS.mmmZ" or "YYYY-MM-DDTHH:MM:SSZ" with year >= 1, day <= 28 and fields in
  ;; range: the fast path of ../iso_time.ts, the same numbers. NaN for anything else (the caller
  ;; then asks Date.parse).
  (func $iso_time_ms (export "iso_time_ms") (param $p i32) (param $end i32) (result f64)
    (local $length i32)
    (local $s i32)
    (local $year i32)
    (local $month i32)
    (local $day i32)
    (local $hour i32)
    (local $minute i32)
    (local $second i32)
    (local $millis i32)
    (local $y i32)
    (local $era i32)
    (local $yoe i32)
    (local $doy i32)
    (local $days i64)
    (local.set $length (i32.sub (i32.sub (local.get $end) (local.get $p)) (i32.const 2)))
    (local.set $s (i32.add (local.get $p) (i32.const 1)))
    (if (i32.or
          (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x22))
          (i32.and (i32.ne (local.get $length) (i32.const 24))
            (i32.ne (local.get $length) (i32.const 20))))
      (then (return (f64.const nan))))
    (if (i32.or
          (i32.or
            (i32.or (i32.ne (i32.load8_u offset=4 (local.get $s)) (i32.const 0x2d))
              (i32.ne (i32.load8_u offset=7 (local.get $s)) (i32.const 0x2d)))
            (i32.or (i32.ne (i32.load8_u offset=10 (local.get $s)) (i32.const 0x54))
              (i32.ne (i32.load8_u offset=13 (local.get $s)) (i32.const 0x3a))))
          (i32.or
            (i32.ne (i32.load8_u offset=16 (local.get $s)) (i32.const 0x3a))
            (i32.ne
              (i32.load8_u (i32.sub (i32.add (local.get $s) (local.get $length)) (i32.const 1)))
              (i32.const 0x5a))))
      (then (return (f64.const nan))))
    (if (i32.and (i32.eq (local.get $length) (i32.const 24))
          (i32.ne (i32.load8_u offset=19 (local.get $s)) (i32.const 0x2e)))
      (then (return (f64.const nan))))
    (local.set $year (call $digits (local.get $s) (i32.const 4)))
    (local.set $month (call $digits (i32.add (local.get $s) (i32.const 5)) (i32.const 2)))
    (local.set $day (call $digits (i32.add (local.get $s) (i32.const 8)) (i32.const 2)))
    (local.set $hour (call $digits (i32.add (local.get $s) (i32.const 11)) (i32.const 2)))
    (local.set $minute (call $digits (i32.add (local.get $s) (i32.const 14)) (i32.const 2)))
    (local.set $second (call $digits (i32.add (local.get $s) (i32.const 17)) (i32.const 2)))
    (local.set $millis
      (select (call $digits (i32.add (local.get $s) (i32.const 20)) (i32.const 3)) (i32.const 0)
        (i32.eq (local.get $length) (i32.const 24))))
    ;; Every field a number in range (a failed digit read is -1, out of every range).
    (if (i32.or
          (i32.or
            (i32.or (i32.lt_s (local.get $year) (i32.const 1))
              (i32.gt_u (i32.sub (local.get $month) (i32.const 1)) (i32.const 11)))
            (i32.or (i32.gt_u (i32.sub (local.get $day) (i32.const 1)) (i32.const 27))
              (i32.gt_u (local.get $hour) (i32.const 23))))
          (i32.or
            (i32.or (i32.gt_u (local.get $minute) (i32.const 59))
              (i32.gt_u (local.get $second) (i32.const 59)))
            (i32.lt_s (local.get $millis) (i32.const 0))))
      (then (return (f64.const nan))))
    ;; Days since 1970-01-01 (Howard Hinnant's days_from_civil; the year is at least 1, so every
    ;; division here is of non-negative numbers).
    (local.set $y
      (i32.sub (local.get $year) (i32.le_u (local.get $month) (i32.const 2))))
    (local.set $era (i32.div_u (local.get $y) (i32.const 400)))
    (local.set $yoe (i32.sub (local.get $y) (i32.mul (local.get $era) (i32.const 400))))
    (local.set $doy
      (i32.sub
        (i32.add
          (i32.div_u
            (i32.add
              (i32.mul (i32.const 153)
                (i32.add (local.get $month)
                  (select (i32.const -3) (i32.const 9) (i32.gt_u (local.get $month) (i32.const 2)))))
              (i32.const 2))
            (i32.const 5))
          (local.get $day))
        (i32.const 1)))
    (local.set $days
      (i64.sub
        (i64.add
          (i64.mul (i64.extend_i32_u (local.get $era)) (i64.const 146097))
          (i64.extend_i32_u
            (i32.add
              (i32.sub
                (i32.add (i32.mul (local.get $yoe) (i32.const 365))
                  (i32.div_u (local.get $yoe) (i32.const 4)))
                (i32.div_u (local.get $yoe) (i32.const 100)))
              (local.get $doy))))
        (i64.const 719468)))
    (f64.convert_i64_s
      (i64.add
        (i64.mul
          (i64.add
            (i64.mul
              (i64.add (i64.mul (local.get $days) (i64.const 24)) (i64.extend_i32_u (local.get $hour)))
              (i64.const 60))
            (i64.extend_i32_u (local.get $minute)))
          (i64.const 60000))
        (i64.add (i64.mul (i64.extend_i32_u (local.get $second)) (i64.const 1000))
          (i64.extend_i32_u (local.get $millis))))))

;; BEGIN key_id (generated by build.ts from key_ids.ts; do not edit)
;; The id of "message", whose object scan_record walks into the message table.
  (global $MESSAGE_KEY_ID i32 (i32.const 13))
;; The id of the raw key [$ks, $ke) in key_ids.ts (position + 1), 0 for any other key.
  (func $key_id (param $ks i32) (param $ke i32) (result i32)
    (local $length i32)
    (local.set $length (i32.sub (local.get $ke) (local.get $ks)))
    (if (i32.gt_u (local.get $length) (i32.const 27))
      (then (return (i32.const 0))))
    (block $none
    (block $len27
    (block $len25
    (block $len23
    (block $len17
    (block $len16
    (block $len15
    (block $len14
    (block $len13
    (block $len12
    (block $len11
    (block $len10
    (block $len9
    (block $len7
    (block $len5
    (block $len4
    (block $len2
      (br_table $none $none $len2 $none $len4 $len5 $none $len7 $none $len9 $len10 $len11 $len12 $len13 $len14 $len15 $len16 $len17 $none $none $none $none $none $len23 $none $len25 $none $len27 $none (local.get $length)))
    ;; length 2
    ;; id
    (if (i32.eq (i32.load16_u align=1 (local.get $ks)) (i32.const 25705)) (then (return (i32.const 14))))
    (return (i32.const 0)))
    ;; length 4
    ;; type
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1701869940)) (i32.eq (i32.load offset=0 align=1 (local.get $ks)) (i32.const 1701869940))) (then (return (i32.const 1))))
    ;; uuid
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1684632949)) (i32.eq (i32.load offset=0 align=1 (local.get $ks)) (i32.const 1684632949))) (then (return (i32.const 2))))
    (return (i32.const 0)))
    ;; length 5
    ;; model
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1701080941)) (i32.eq (i32.load offset=1 align=1 (local.get $ks)) (i32.const 1818584175))) (then (return (i32.const 15))))
    ;; usage
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1734439797)) (i32.eq (i32.load offset=1 align=1 (local.get $ks)) (i32.const 1701273971))) (then (return (i32.const 16))))
    (return (i32.const 0)))
    ;; length 7
    ;; subtype
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1952609651)) (i32.eq (i32.load offset=3 align=1 (local.get $ks)) (i32.const 1701869940))) (then (return (i32.const 3))))
    ;; agentId
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1852139361)) (i32.eq (i32.load offset=3 align=1 (local.get $ks)) (i32.const 1682535534))) (then (return (i32.const 4))))
    ;; message
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1936942445)) (i32.eq (i32.load offset=3 align=1 (local.get $ks)) (i32.const 1701273971))) (then (return (i32.const 13))))
    ;; content
    (if (i32.and (i32.eq (i32.load align=1 (local.get $ks)) (i32.const 1953394531)) (i32.eq (i32.load offset=3 align=1 (local.get $ks)) (i32.const 1953391988))) (then (return (i32.const 17))))
    (return (i32.const 0)))
    ;; length 9
    ;; timestamp
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 7881708861846808948)) (i64.eq (i64.load offset=1 align=1 (local.get $ks)) (i64.const 8101238457489517929))) (then (return (i32.const 5))))
    ;; requestId
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 5292982341666432370)) (i64.eq (i64.load offset=1 align=1 (local.get $ks)) (i64.const 7226435116064928101))) (then (return (i32.const 6))))
    (return (i32.const 0)))
    ;; length 10
    ;; parentUuid
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 8454791892955193712)) (i64.eq (i64.load offset=2 align=1 (local.get $ks)) (i64.const 7235443286233474418))) (then (return (i32.const 7))))
    ;; iterations
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 8028075772644521065)) (i64.eq (i64.load offset=2 align=1 (local.get $ks)) (i64.const 8317708060514677349))) (then (return (i32.const 25))))
    (return (i32.const 0)))
    ;; length 11
    ;; isSidechain
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 7521967284577071977)) (i64.eq (i64.load offset=3 align=1 (local.get $ks)) (i64.const 7955997317698774121))) (then (return (i32.const 8))))
    (return (i32.const 0)))
    ;; length 12
    ;; input_tokens
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 8031148989299584617)) (i64.eq (i64.load offset=4 align=1 (local.get $ks)) (i64.const 8317697073905688436))) (then (return (i32.const 18))))
    (return (i32.const 0)))
    ;; length 13
    ;; output_tokens
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 8385549078933828975)) (i64.eq (i64.load offset=5 align=1 (local.get $ks)) (i64.const 8317697073905688436))) (then (return (i32.const 19))))
    (return (i32.const 0)))
    ;; length 14
    ;; cache_creation
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 8242536632165818723)) (i64.eq (i64.load offset=6 align=1 (local.get $ks)) (i64.const 7957695015158116963))) (then (return (i32.const 20))))
    (return (i32.const 0)))
    ;; length 15
    ;; compactMetadata
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 5581195108368084835)) (i64.eq (i64.load offset=7 align=1 (local.get $ks)) (i64.const 7022344802737087821))) (then (return (i32.const 9))))
    (return (i32.const 0)))
    ;; length 16
    ;; isCompactSummary
    (if (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 7161128497816236905)) (i64.eq (i64.load offset=8 align=1 (local.get $ks)) (i64.const 8751164148550030196))) (then (return (i32.const 10))))
    (return (i32.const 0)))
    ;; length 17
    ;; logicalParentUuid
    (if (i32.and (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 5795113900117028716)) (i64.eq (i64.load offset=8 align=1 (local.get $ks)) (i64.const 7599073904814289505))) (i64.eq (i64.load offset=9 align=1 (local.get $ks)) (i64.const 7235443286233474418))) (then (return (i32.const 11))))
    ;; isApiErrorMessage
    (if (i32.and (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 8246730186826019689)) (i64.eq (i64.load offset=8 align=1 (local.get $ks)) (i64.const 7449362198105518703))) (i64.eq (i64.load offset=9 align=1 (local.get $ks)) (i64.const 7306916068917071218))) (then (return (i32.const 12))))
    (return (i32.const 0)))
    ;; length 23
    ;; cache_read_input_tokens
    (if (i32.and (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 7310010034323415395)) (i64.eq (i64.load offset=8 align=1 (local.get $ks)) (i64.const 8391737100191360097))) (i64.eq (i64.load offset=15 align=1 (local.get $ks)) (i64.const 8317697073905688436))) (then (return (i32.const 21))))
    (return (i32.const 0)))
    ;; length 25
    ;; ephemeral_5m_input_tokens
    (if (i32.and (i32.and (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 7021786289551208549)) (i64.eq (i64.load offset=8 align=1 (local.get $ks)) (i64.const 8101528638261124972))) (i64.eq (i64.load offset=16 align=1 (local.get $ks)) (i64.const 7954882443257803893))) (i64.eq (i64.load offset=17 align=1 (local.get $ks)) (i64.const 8317697073905688436))) (then (return (i32.const 23))))
    ;; ephemeral_1h_input_tokens
    (if (i32.and (i32.and (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 7021786289551208549)) (i64.eq (i64.load offset=8 align=1 (local.get $ks)) (i64.const 8101528638176976748))) (i64.eq (i64.load offset=16 align=1 (local.get $ks)) (i64.const 7954882443257803893))) (i64.eq (i64.load offset=17 align=1 (local.get $ks)) (i64.const 8317697073905688436))) (then (return (i32.const 24))))
    (return (i32.const 0)))
    ;; length 27
    ;; cache_creation_input_tokens
    (if (i32.and (i32.and (i32.and (i64.eq (i64.load offset=0 align=1 (local.get $ks)) (i64.const 8242536632165818723)) (i64.eq (i64.load offset=8 align=1 (local.get $ks)) (i64.const 7592908921559605605))) (i64.eq (i64.load offset=16 align=1 (local.get $ks)) (i64.const 7741534237797740654))) (i64.eq (i64.load offset=19 align=1 (local.get $ks)) (i64.const 8317697073905688436))) (then (return (i32.const 22))))
    (return (i32.const 0)))
    (i32.const 0))
;; END key_id

  ;; Whether [$p, $end) holds a backslash. A key is short: one masked 16-byte compare, where
  ;; index_of would go byte by byte below 16.
  (func $has_backslash (param $p i32) (param $end i32) (result i32)
    (if (i32.and
          (i32.le_u (i32.sub (local.get $end) (local.get $p)) (i32.const 16))
          (i32.le_u (local.get $p) (i32.sub (i32.shl (memory.size) (i32.const 16)) (i32.const 16))))
      (then
        (return
          (i32.ne
            (i32.and
              (i8x16.bitmask
                (i8x16.eq (v128.load align=1 (local.get $p)) (i8x16.splat (i32.const 0x5c))))
              (i32.sub (i32.shl (i32.const 1) (i32.sub (local.get $end) (local.get $p))) (i32.const 1)))
            (i32.const 0)))))
    (i32.ge_s (call $index_of (i32.const 0x5c) (local.get $p) (local.get $end)) (i32.const 0)))

  ;; Sets the 26 slots (208 bytes) at $at to -1: thirteen 16-byte stores, cheaper
  ;; per record than a memory.fill call.
  (func $clear_slots (param $at i32)
    (local $ones v128)
    (local.set $ones (v128.const i64x2 -1 -1))
    (v128.store offset=0 (local.get $at) (local.get $ones))
    (v128.store offset=16 (local.get $at) (local.get $ones))
    (v128.store offset=32 (local.get $at) (local.get $ones))
    (v128.store offset=48 (local.get $at) (local.get $ones))
    (v128.store offset=64 (local.get $at) (local.get $ones))
    (v128.store offset=80 (local.get $at) (local.get $ones))
    (v128.store offset=96 (local.get $at) (local.get $ones))
    (v128.store offset=112 (local.get $at) (local.get $ones))
    (v128.store offset=128 (local.get $at) (local.get $ones))
    (v128.store offset=144 (local.get $at) (local.get $ones))
    (v128.store offset=160 (local.get $at) (local.get $ones))
    (v128.store offset=176 (local.get $at) (local.get $ones))
    (v128.store offset=192 (local.get $at) (local.get $ones)))

    ;; Walks the object at $p (no leading whitespace), writing each member to the table at $table
  ;; and their number to $count_at; with $descend, the value of a member named "message" that is
  ;; an object is walked the same way into the message table (and message slots). Each named key's
  ;; value range also goes to its slot at $slots + 8 × id (the last member of that name wins; a
  ;; "message" of the record only when it is an object: a last one that is not clears the message
  ;; slot, slots and table, as JSON.parse reads the record as without a message object). Validates as JSON.parse would
  ;; (valid_string_end, valid_value). Returns the position after the object, -1 when it is not a
  ;; valid JSON object, -3 when a table or the bracket stack overflows.
  (func $scan_object (param $p i32) (param $end i32) (param $table i32) (param $count_at i32)
    (param $ids i32) (param $limit i32) (param $descend i32) (param $slots i32) (result i32)
    (local $id i32)
    (local $n i32)
    (local $key_start i32)
    (local $key_end i32)
    (local $value_start i32)
    (local $value_end i32)
    (local $byte i32)
    (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
    (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x7b)) (then (return (i32.const -1))))
    (i32.store (local.get $count_at) (i32.const 0))
    (local.set $p (call $space_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
    (if (i32.lt_u (local.get $p) (local.get $end))
      (then
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x7d))
          (then (return (i32.add (local.get $p) (i32.const 1)))))))
    (loop $member
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x22)) (then (return (i32.const -1))))
      (local.set $key_start (i32.add (local.get $p) (i32.const 1)))
      (local.set $p (call $valid_string_end (local.get $key_start) (local.get $end)))
      (if (i32.lt_s (local.get $p) (i32.const 0)) (then (return (i32.const -1))))
      (local.set $key_end (i32.sub (local.get $p) (i32.const 1)))
      (if (i32.le_u (i32.load8_u (local.get $p)) (i32.const 0x20))
            (then (local.set $p (call $skip_space (local.get $p) (local.get $end)))))
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (if (i32.ne (i32.load8_u (local.get $p)) (i32.const 0x3a)) (then (return (i32.const -1))))
      (local.set $value_start
        (call $space_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
      (if (i32.ge_u (local.get $n) (local.get $limit)) (then (return (i32.const -3))))
      (local.set $id (call $key_id (local.get $key_start) (local.get $key_end)))
      (if (i32.eqz (local.get $id))
        (then
          (if (call $has_backslash (local.get $key_start) (local.get $key_end))
            (then (i32.store (global.get $ESCAPED_KEY) (i32.const 1))))))
      (i32.store8 (i32.add (local.get $ids) (local.get $n)) (local.get $id))
      (if (i32.and
            (i32.and (local.get $descend) (i32.eq (local.get $id) (global.get $MESSAGE_KEY_ID)))
            (i32.lt_u (local.get $value_start) (local.get $end)))
        (then
          (if (i32.eq (i32.load8_u (local.get $value_start)) (i32.const 0x7b))
            (then
              ;; The slots describe the last message object only.
              (call $clear_slots (global.get $MESSAGE_SLOTS))
              (local.set $value_end
                (call $scan_object (local.get $value_start) (local.get $end)
                  (global.get $MESSAGE_TABLE) (global.get $MESSAGE_COUNT)
                  (global.get $MESSAGE_KEY_IDS) (global.get $RECORD_MEMBERS_MAX) (i32.const 0)
                  (global.get $MESSAGE_SLOTS))))
            (else
              ;; JSON.parse's rule: the last "message" wins whatever its type, so a later
              ;; non-object one leaves the record without a message.
              (call $clear_slots (global.get $MESSAGE_SLOTS))
              (i32.store (global.get $MESSAGE_COUNT) (i32.const -1))
              (i32.store (i32.add (local.get $slots) (i32.shl (local.get $id) (i32.const 3)))
                (i32.const -1))
              (i32.store offset=4 (i32.add (local.get $slots) (i32.shl (local.get $id) (i32.const 3)))
                (i32.const -1))
              (local.set $value_end (call $valid_value (local.get $value_start) (local.get $end))))))
        (else
          (local.set $value_end (call $valid_value (local.get $value_start) (local.get $end)))))
      (if (i32.lt_s (local.get $value_end) (i32.const 0)) (then (return (local.get $value_end))))
      (if (i32.and (i32.ne (local.get $id) (i32.const 0))
            (i32.or
              (i32.or (i32.eqz (local.get $descend)) (i32.ne (local.get $id) (global.get $MESSAGE_KEY_ID)))
              (i32.eq (i32.load8_u (local.get $value_start)) (i32.const 0x7b))))
        (then
          (i32.store (i32.add (local.get $slots) (i32.shl (local.get $id) (i32.const 3)))
            (i32.sub (local.get $value_start) (global.get $slot_base)))
          (i32.store offset=4 (i32.add (local.get $slots) (i32.shl (local.get $id) (i32.const 3)))
            (i32.sub (local.get $value_end) (global.get $slot_base)))))
      (i32.store (i32.add (local.get $table) (i32.shl (local.get $n) (i32.const 4)))
        (local.get $key_start))
      (i32.store offset=4 (i32.add (local.get $table) (i32.shl (local.get $n) (i32.const 4)))
        (local.get $key_end))
      (i32.store offset=8 (i32.add (local.get $table) (i32.shl (local.get $n) (i32.const 4)))
        (local.get $value_start))
      (i32.store offset=12 (i32.add (local.get $table) (i32.shl (local.get $n) (i32.const 4)))
        (local.get $value_end))
      (local.set $n (i32.add (local.get $n) (i32.const 1)))
      (i32.store (local.get $count_at) (local.get $n))
      (local.set $p (call $space_end (local.get $value_end) (local.get $end)))
      (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
      (local.set $byte (i32.load8_u (local.get $p)))
      (if (i32.eq (local.get $byte) (i32.const 0x7d))
        (then (return (i32.add (local.get $p) (i32.const 1)))))
      (if (i32.ne (local.get $byte) (i32.const 0x2c)) (then (return (i32.const -1))))
      (local.set $p (call $space_end (i32.add (local.get $p) (i32.const 1)) (local.get $end)))
      (br $member))
    (i32.const -1))

  ;; One transcript record: the members of the object at $p (whitespace before it skipped) into
  ;; the record table, and those of its "message" object into the message table (count -1 when
  ;; there is none). Returns as scan_object.
  (func $scan_record (export "scan_record") (param $p i32) (param $end i32) (result i32)
    (global.set $slot_base (local.get $p))
    (i32.store (global.get $MESSAGE_COUNT) (i32.const -1))
    (i32.store (global.get $ESCAPED_KEY) (i32.const 0))
    (call $clear_slots (global.get $RECORD_SLOTS))
    (call $clear_slots (global.get $MESSAGE_SLOTS))
    (call $scan_object (call $skip_space (local.get $p) (local.get $end)) (local.get $end)
      (global.get $RECORD_TABLE) (global.get $RECORD_COUNT) (global.get $RECORD_KEY_IDS)
      (global.get $RECORD_MEMBERS_MAX) (i32.const 1) (global.get $RECORD_SLOTS)))

  ;; The members of any object at $p (whitespace before it skipped) into the object table (up to
  ;; 1,024 members, their key ids beside), for values read after the record scan, such as usage.
  ;; Returns as scan_object.
  (func $scan_members (export "scan_members") (param $p i32) (param $end i32) (result i32)
    (global.set $slot_base (local.get $p))
    (i32.store (global.get $OBJECT_COUNT) (i32.const 0))
    (i32.store (global.get $ESCAPED_KEY) (i32.const 0))
    (call $clear_slots (global.get $OBJECT_SLOTS))
    (call $scan_object (call $skip_space (local.get $p) (local.get $end)) (local.get $end)
      (global.get $OBJECT_TABLE) (global.get $OBJECT_COUNT) (global.get $OBJECT_KEY_IDS)
      (global.get $OBJECT_MEMBERS_MAX) (i32.const 0) (global.get $OBJECT_SLOTS)))
)
