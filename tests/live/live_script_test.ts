import assert from "node:assert/strict";
import { freshLiveScriptModule, LIVE_SCRIPT_PATHS } from "../../lib/live/build_live_script.ts";
import { LIVE_SCRIPT } from "../../lib/live/live_script.generated.ts";

Deno.test("live_script.generated.ts is the bundle of lib/live/live_main.ts (deno task build-live)", async () => {
  const committed = await Deno.readTextFile(LIVE_SCRIPT_PATHS.module);
  const fresh = await freshLiveScriptModule();
  assert.ok(
    committed === fresh,
    "lib/live/live_script.generated.ts is out of date: run `deno task build-live`",
  );
});

Deno.test("LIVE_SCRIPT: one wrapped function, no import, export or network URL", () => {
  assert.ok(LIVE_SCRIPT.startsWith("(function(){") && LIVE_SCRIPT.endsWith("})();"));
  assert.doesNotMatch(LIVE_SCRIPT, /\bimport\.meta\b|(^|[;}])\s*(import|export)[\s{*]/);
  // Plot and d3 carry no URL they fetch; the only "http" strings are XML namespaces.
  const urls = [...LIVE_SCRIPT.matchAll(/https?:\/\/[^"'`\s)]+/g)].map((m) => m[0]);
  assert.ok(urls.every((u) => u.startsWith("http://www.w3.org/")), [...new Set(urls)].join(" "));
});
