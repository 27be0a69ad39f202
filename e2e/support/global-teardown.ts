import { stopAllAppServers } from './servers';

export default async function globalTeardown() {
  await stopAllAppServers();
}
