/**
 * Session keys of an export: HMAC-SHA-256 of a session's identity with a secret that stays on
 * the contributor's machine (docs/pool.md, Threat model). The same secret gives the same keys on
 * every re-export, so exports of one person line up; without the secret a key cannot be matched
 * to any session id in other logs.
 *
 * @module
 */
import { createHmac, randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { grantedEnv } from "../transcript/default_roots.ts";

/** Bytes of a new secret. */
const SECRET_BYTES = 32;

/**
 * Where the secret lives by default: `$XDG_CONFIG_HOME/agent-session-cost/pool-secret`, else
 * `~/.config/agent-session-cost/pool-secret` (`HOME`, else `USERPROFILE`).
 *
 * @param env Environment look-up. @default {grantedEnv}
 * @returns The path, or undefined when neither variable is set.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultSecretPath } from "./session_key.ts";
 * const env = (n: string) => (n === "HOME" ? "/home/me" : undefined);
 * assert.equal(defaultSecretPath(env), "/home/me/.config/agent-session-cost/pool-secret");
 * ```
 */
export function defaultSecretPath(
  env: (name: string) => string | undefined = grantedEnv,
): string | undefined {
  const config = env("XDG_CONFIG_HOME");
  const home = env("HOME") ?? env("USERPROFILE");
  const base = config ? config : home ? join(home, ".config") : undefined;
  return base === undefined ? undefined : join(base, "agent-session-cost", "pool-secret");
}

/**
 * Reads the secret at `path`, or creates it (32 random bytes, hex, file mode 0600) when the file
 * does not exist.
 *
 * @param path The secret's file.
 * @returns The secret's bytes and whether it was created now.
 * @throws {RangeError} When the file exists but does not hold 64 hex digits.
 */
export async function loadOrCreateSecret(
  path: string,
): Promise<{ secret: Uint8Array; created: boolean }> {
  let text: string | undefined;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  if (text !== undefined) {
    const hex = text.trim();
    if (!/^[0-9a-f]{64}$/.test(hex)) {
      throw new RangeError(
        `The pool secret ${path} is not 64 hex digits; remove it to make a new one`,
      );
    }
    return { secret: _fromHex(hex), created: false };
  }
  const secret = new Uint8Array(randomBytes(SECRET_BYTES));
  await Deno.mkdir(dirname(path), { recursive: true });
  await Deno.writeTextFile(path, _toHex(secret) + "\n", { mode: 0o600, createNew: true });
  return { secret, created: true };
}

/**
 * A function that keys a session identity: HMAC-SHA-256(secret, identity) as 64 hex digits.
 *
 * @param secret The contributor's secret.
 * @returns The keying function.
 *
 * @example Deterministic per secret, different across secrets
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionKeyer } from "./session_key.ts";
 * const a = sessionKeyer(new Uint8Array(32));
 * const b = sessionKeyer(new Uint8Array(32).fill(1));
 * assert.equal(a("s1"), a("s1"));
 * assert.notEqual(a("s1"), b("s1"));
 * assert.match(a("s1"), /^[0-9a-f]{64}$/);
 * ```
 */
export function sessionKeyer(secret: Uint8Array): (identity: string) => string {
  return (identity) => createHmac("sha256", secret).update(identity, "utf8").digest("hex");
}

/**
 * A random contributor id for one export (16 hex digits): not derived from the user, the
 * machine or the secret.
 *
 * @returns The id.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { randomContributorId } from "./session_key.ts";
 * assert.match(randomContributorId(), /^[0-9a-f]{16}$/);
 * assert.notEqual(randomContributorId(), randomContributorId());
 * ```
 */
export function randomContributorId(): string {
  return _toHex(new Uint8Array(randomBytes(8)));
}

function _toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function _fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
