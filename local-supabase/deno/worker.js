/* global Deno */
// Runs one edge function under Deno for the local stack (src/edge-runtime.ts): imports the function,
// whose `Deno.serve(handler)` serves it on DENO_SERVE_ADDRESS, and exits when the stack that started it
// goes away (its end of stdin closes), so a killed stack leaves no function processes behind.
const [entry] = Deno.args;

(async () => {
  const buffer = new Uint8Array(64);
  while ((await Deno.stdin.read(buffer)) !== null) {
    // The stack never writes; reading only waits for the end.
  }
  Deno.exit(0);
})();

await import(entry);
