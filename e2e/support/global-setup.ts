import { API_URL } from './backend';
import { startAllAppServers } from './servers';

export default async function globalSetup() {
  const health = await fetch(`${API_URL}/health`).catch(() => null);
  if (!health?.ok) {
    throw new Error('The local Supabase stack is not running: use `pnpm test:e2e` or `pnpm test`.');
  }
  await startAllAppServers();
  // The pages must talk to the stack the set-up calls go to: on another port (an offset run), the
  // served shell's portal.config.json has to name it, or every journey would write to another stack.
  const config = (await (await fetch('http://127.0.0.1:3000/portal.config.json')).json()) as {
    supabaseUrl?: string;
  };
  if (config.supabaseUrl?.replace(/\/$/, '') !== API_URL) {
    throw new Error(
      `The served shell's portal.config.json names ${config.supabaseUrl}, not ${API_URL}: set its supabaseUrl to the stack the tests use.`,
    );
  }
}
