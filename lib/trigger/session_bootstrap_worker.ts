/**
 * Worker of {@linkcode sessionBootstrapArgminParallel}: computes one range of session draws
 * (`sessionBootstrapDraws`) and posts their argmins back.
 *
 * @module
 */
import { sessionBootstrapDraws } from "./session_bootstrap.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (event: MessageEvent) => {
  const { steps, options, from, to } = event.data;
  const argmins = sessionBootstrapDraws(steps, options, from, to);
  scope.postMessage({ argmins }, [argmins.buffer]);
};
