// The event-store contract on EventStoreDB / KurrentDB. No such server can run on the project's machines,
// so this suite runs only when EVENTSTORE_URL points at one (e.g. esdb://127.0.0.1:2113?tls=false) and is
// otherwise reported as skipped: the only suite allowed to skip in CI (see tests/support/ci-reporter.ts).
import { describe, it } from 'vitest';
import { createEventStoreDbStore } from '../../infra/eventstore/eventstoredb.js';
import { eventStoreContract } from './contract.js';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describe('EventStoreDB', () => {
    eventStoreContract('EventStoreDB', async () => {
      const store = await createEventStoreDbStore(url);
      return { store, cleanup: () => store.close() };
    });
  });
} else {
  describe('EventStoreDB', () => {
    it.skip('EventStoreDB contract skipped: EVENTSTORE_URL is not set (no EventStoreDB server on this machine)', () => {});
  });
}
