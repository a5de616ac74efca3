// Types for scripts/build-wasm.mjs (the unit test that checks anchorsWasm.ts is current imports it).
export function assemble(): Promise<string>;
