// `pnpm dev`: the local backend plus the four apps' dev servers with hot reload.
import { APPS, DEMO_ACCOUNTS, DEMO_PASSWORD, ensureBackend, onExit, startLongRunning, stopAll } from './lib.mjs';

onExit(stopAll);
await ensureBackend();
for (const app of APPS) startLongRunning('pnpm', ['--filter', `./${app.name}`, 'dev']);
console.log(`
Development servers starting: shell http://localhost:3000 (remotes on 3001-3003, each also standalone).
Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map(([, email]) => email).join(', ')}
`);
