import assert from "node:assert/strict";
import { liveBlock } from "../../lib/live/live_block.ts";
import { decodeVariants } from "../../lib/live/live_data.ts";
import { liveView } from "../../lib/live/live_view.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import { argminTrigger } from "../../lib/trigger/argmin_trigger.ts";
import type { ReplaySums } from "../../lib/trigger/replay.ts";
import { fixtureInputs, fixtureSums } from "../report/_fixture.ts";

/** The fixture with every cell scaled: a second "block size" with another optimum. */
function scaled(sums: ReplaySums, factor: (t: number) => number): ReplaySums {
  const nT = sums.triggers.length;
  const cell = (a: Float64Array) => a.map((x, i) => x * factor(i % nT));
  return {
    ...sums,
    contextTokens: cell(sums.contextTokens),
    cachedTokens: cell(sums.cachedTokens),
  };
}

const SCRIPT = "console.log('</script><!-- stand-in');";

async function block() {
  const sums = fixtureSums();
  const other = scaled(sums, (t) => 1 + 0.02 * t);
  return await liveBlock({
    variants: [{ label: "8", sums }, { label: "16", sums: other }],
    inputs: fixtureInputs(),
    steadyState: null,
    observedTrigger: 200_000,
    modelName: "Claude",
  }, { script: SCRIPT });
}

Deno.test("liveBlock: PNG first, controls hidden until the script runs, nothing from the network", async () => {
  const out = await block();
  const html = out.data["text/html"];
  assert.match(html, /^<div class="live-trigger" id="live-[0-9a-f]{8}">/);
  assert.match(html, /<img class="live-png" src="data:image\/png;base64,[A-Za-z0-9+/=]{1000,}"/);
  assert.match(html, /<div class="live-ui" hidden>/);
  for (const key of ["v", "alpha", "rho", "variant"]) {
    assert.match(
      html,
      new RegExp(`<input type="range" id="live-[0-9a-f]{8}-${key}" data-control="${key}"`),
    );
  }
  // Every src and href is inline data: no URL a viewer would fetch.
  const urls = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
  assert.ok(urls.length > 0 && urls.every((u) => u.startsWith("data:")), urls.join(" "));
  assert.doesNotMatch(html, /https?:\/\//);
  // The script cannot end its element early.
  assert.ok(html.includes("console.log('\\x3C/script>\\x3C!-- stand-in');"));
  assert.equal(html.match(/<\/script>/g)?.length, 2); // the data's and the script's own
  assert.equal(out.data["image/png"], undefined);
  assert.match(out.data["text/plain"], /Cost per 1M tokens and share of agent time/);
});

Deno.test("liveBlock: the embedded replays give the analysis' cheapest trigger for each variant", async () => {
  const out = await block();
  const decoded = await decodeVariants(out.blockData);
  const inputs = fixtureInputs();
  const exact = [fixtureSums(), scaled(fixtureSums(), (t) => 1 + 0.02 * t)];
  for (let i = 0; i < exact.length; i++) {
    // Independent of the block: priceCurves and argminTrigger on the exact sums.
    const curves = priceCurves(exact[i], inputs);
    const want = argminTrigger(curves.triggers, curves.costPerMillion.mean)!.trigger;
    const view = liveView(decoded[i], out.blockData, {
      v: inputs.v,
      alpha: inputs.prices.alpha,
      rho: inputs.prices.rho,
    });
    assert.equal(view.best?.trigger, want, `variant ${i}`);
    curves.costPerMillion.mean.forEach((x, t) => {
      assert.ok(Math.abs(view.curves.costPerMillion.mean[t] - x) <= 1e-4 * x, `cost at ${t}`);
    });
  }
  assert.deepEqual(out.blockData.variants.map((v) => v.label), ["8", "16"]);
  assert.equal(out.blockData.defaultVariant, 0);
});

Deno.test("liveBlock: deterministic, byte for byte", async () => {
  const a = await block(), b = await block();
  assert.equal(a.data["text/html"], b.data["text/html"]);
});

Deno.test("liveBlock: refuses no variants, other triggers, a default out of range", async () => {
  const base = { inputs: fixtureInputs(), steadyState: null, observedTrigger: null };
  await assert.rejects(() => liveBlock({ ...base, variants: [] }, { script: "" }), /no replay/);
  const sums = fixtureSums();
  const fewer = { ...sums, triggers: sums.triggers.map((t) => t + 1) };
  await assert.rejects(
    () => liveBlock({ ...base, variants: [{ label: "a", sums }, { label: "b", sums: fewer }] }),
    /variant b has other triggers than a/,
  );
  await assert.rejects(
    () => liveBlock({ ...base, variants: [{ label: "a", sums }], defaultVariant: 1 }),
    /defaultVariant 1 is not one of the 1 variants/,
  );
});

Deno.test("liveBlock: a rework control exactly when every variant stores its rework replay", async () => {
  const sums = fixtureSums();
  // "With rework": every cell's context 3% higher (a stand-in the packing cannot tell apart).
  const rework = scaled(sums, () => 1.03);
  const input = {
    inputs: fixtureInputs(),
    steadyState: null,
    observedTrigger: 200_000,
  };
  const withControl = await liveBlock({
    ...input,
    variants: [{ label: "8", sums, reworkSums: rework }],
  }, { script: SCRIPT });
  assert.match(
    withControl.data["text/html"],
    /data-control="rework" min="0" max="2" step="0.1" value="1"/,
  );
  const [decoded] = await decodeVariants(withControl.blockData);
  assert.ok(decoded.rework !== null);
  // Within the packing's rounding of the exact replay with rework (the acceptance rule, 1e-4).
  const inputs = fixtureInputs();
  const exact = priceCurves(rework, inputs).costPerMillion.mean;
  const view = liveView(decoded, withControl.blockData, {
    v: inputs.v,
    alpha: inputs.prices.alpha,
    rho: inputs.prices.rho,
    rework: 1,
  });
  exact.forEach((x, t) => assert.ok(Math.abs(view.curves.costPerMillion.mean[t] - x) <= 1e-4 * x));
  // Scale 0 is the replay without rework.
  const none = liveView(decoded, withControl.blockData, {
    ...view.inputs.prices,
    v: inputs.v,
    rework: 0,
  });
  const plain = priceCurves(sums, inputs).costPerMillion.mean;
  plain.forEach((x, t) => assert.ok(Math.abs(none.curves.costPerMillion.mean[t] - x) <= 1e-4 * x));
  const without = await liveBlock({
    ...input,
    variants: [{ label: "8", sums, reworkSums: rework }, { label: "16", sums }],
  }, { script: SCRIPT });
  assert.doesNotMatch(without.data["text/html"], /data-control="rework"/);
});
