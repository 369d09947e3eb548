/**
 * A worker for tests/transcript/file_pool_test.ts that fails while loading, before it serves any
 * file (as a worker module that cannot be loaded would).
 *
 * @module
 */

throw new Error("this worker fails on load");
