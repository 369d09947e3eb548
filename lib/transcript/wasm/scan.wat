;; The byte scanner's hot loops in WebAssembly with 128-bit SIMD: the end of a JSON string, the
;; end of a whole JSON value, and the next occurrence of one byte. Same semantics, byte for byte,
;; as the JavaScript reference in ../json_scan.ts (tests compare the two); only faster, because a
;; string is crossed 16 bytes per step instead of one.
;;
;; Memory: page 0 holds the bracket stack of skip_value (one byte per open bracket, so 65,536
;; levels); data lives from byte 65,536 on, managed by ../wasm_scanner.ts. Positions are absolute
;; byte addresses; "end" is exclusive. Build: `deno task build-wasm` (needs wat2wasm from wabt).
(module
  (memory (export "memory") 2)

  ;; Position after the closing quote of a string, scanning from $p, which must not sit inside an
  ;; escape; -1 when the string does not close before $end.
  (func $string_end (export "string_end") (param $p i32) (param $end i32) (result i32)
    (local $chunk v128)
    (local $mask i32)
    (local $byte i32)
    (block $narrow
      (loop $wide
        (br_if $narrow (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $end)))
        (local.set $chunk (v128.load align=1 (local.get $p)))
        (local.set $mask
          (i8x16.bitmask
            (v128.or
              (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x22)))
              (i8x16.eq (local.get $chunk) (i8x16.splat (i32.const 0x5c))))))
        (if (i32.eqz (local.get $mask))
          (then
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (br $wide)))
        (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $mask))))
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 0x22))
          (then (return (i32.add (local.get $p) (i32.const 1)))))
        ;; A backslash: step over it and the byte it escapes.
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
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
  ;; -3 when brackets nest deeper than the stack (the caller then falls back to JavaScript).
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
          (if (i32.ge_u (local.get $depth) (i32.const 65536)) (then (return (i32.const -3))))
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
)
