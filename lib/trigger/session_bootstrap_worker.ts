/**
 * Worker of {@linkcode startSessionBootstrap}: takes session draws from the shared counter until
 * none is left (`takeSessionDraws`), writing each argmin into the shared slots, then posts that it
 * is done.
 *
 * @module
 */
import { takeSessionDraws } from "./session_bootstrap_parallel.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event: MessageEvent) => {
  const { steps, options, draws, next, argmins } = event.data;
  scope.postMessage({ taken: takeSessionDraws(steps, options, draws, next, argmins) });
};
