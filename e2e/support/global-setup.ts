import { startAllAppServers } from './servers';

const API_URL = 'http://127.0.0.1:54321';

export default async function globalSetup() {
  const health = await fetch(`${API_URL}/health`).catch(() => null);
  if (!health?.ok) {
    throw new Error('The local Supabase stack is not running: use `pnpm test:e2e` or `pnpm test`.');
  }
  await startAllAppServers();
}
