export * from './config';
export { startStack, rebuildDatabase, isStackHealthy, type StackHandle, type StartOptions } from './stack';
export { readOutbox, clearOutbox, type OutboxMessage } from './outbox-client';
