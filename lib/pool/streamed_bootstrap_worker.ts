/**
 * Worker of {@linkcode StreamedSessionBootstrapWorker}: holds one streamed session bootstrap
 * (lib/pool/streamed_bootstrap.ts), feeds it each batch it is sent, and prices it at the end.
 *
 * @module
 */
import { StreamedSessionBootstrap } from "./streamed_bootstrap.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

let bootstrap: StreamedSessionBootstrap | null = null;

scope.onmessage = (event: MessageEvent) => {
  const m = event.data;
  if (m.kind === "init") {
    bootstrap = new StreamedSessionBootstrap(m.kinds, m.requests, m.options);
    scope.postMessage({ kind: "ready" });
  } else if (m.kind === "batch") {
    bootstrap!.addBatch(m.steps, m.firstSession);
    scope.postMessage({ kind: "added" });
  } else if (m.kind === "finish") {
    const result = bootstrap!.finish(m.inputs);
    scope.postMessage({ kind: "done", result }, [result.argmins.buffer]);
  }
};
