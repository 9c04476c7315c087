// A chat message sent while the read models lag behind the event store (a long batch, a peer node restarting):
// the send is stored, so it answers success with the message's id (message null: its view is not there yet), never
// a 500; once the projections catch up the message is in the conversation and reaches the open socket whole.
// The lag is real: the test server's projection runner is stopped, then started again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { chatMessageStream } from '../../domain/chat/chat-message';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';
import { isPostgresServerAvailable } from '../support/postgres';

const backends: Backend[] = ['pglite', ...((await isPostgresServerAvailable()) ? (['postgres'] as const) : [])];

describe.each(backends)('sending while the read models lag (%s)', (backend) => {
  let t: TestServer;
  let admin: string;
  const fan = { id: '', token: '' };
  const post = (url: string, body: unknown, token: string) => t.call('POST', url, body, { token });

  beforeAll(async () => {
    t = await startTestServer(backend);
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const r = await t.call('POST', '/api/users/register', { name: 'Lagging Lena', email: 'lena.lag@example.com', password: 'fan password 1' });
    fan.id = r.body.data.userId;
    fan.token = r.body.data.token;
    const sub = await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token);
    expect(sub.body.data?.accepted, JSON.stringify(sub.body)).toBe(true);
  });
  afterAll(async () => {
    if (t && !t.server.services.runner.running) await t.server.services.runner.start();
    await t?.close();
  });

  it('a fan\'s and a staff member\'s text answer 200 with the stored id; the message follows once the read models catch up', async () => {
    const { runner, store } = t.server.services;
    // The fan's chat is open: its socket gets the message when the read models have it.
    const frames: { type: string; data: any }[] = [];
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'AUTH', data: { token: fan.token } }));
    await expect.poll(() => frames.some((f) => f.type === 'AUTH_OK')).toBe(true);

    await runner.stop();
    const fanSend = await post('/api/chat/send_message', { message: 'Sent while the read models lag', uniqueId: 'lag-fan-1' }, fan.token);
    expect(fanSend.status, JSON.stringify(fanSend.body)).toBe(200);
    expect(fanSend.body).toMatchObject({ success: 1, data: { message: null, transactionId: null, is_pay_per_message: false } });
    const fanMessageId = fanSend.body.data.messageId as string;
    expect(fanMessageId).toMatch(/^[0-9a-f-]{36}$/);
    const staffSend = await post('/api/chat/send_message', { receiver: fan.id, message: 'Staff answer while lagging' }, admin);
    expect(staffSend.status, JSON.stringify(staffSend.body)).toBe(200);
    expect(staffSend.body.data.message).toBeNull();
    const staffMessageId = staffSend.body.data.messageId as string;
    // Both are stored.
    for (const id of [fanMessageId, staffMessageId]) {
      const events = await store.readStream(chatMessageStream(id));
      expect(events.map((e) => e.type)).toContain('ChatMessageSent');
    }

    await runner.start();
    const head = await store.headPosition();
    expect(await runner.waitFor(head!, 30_000)).toBe(true);
    const page = (await t.call('GET', '/api/chat/get_messages?page_num=1', undefined, { token: fan.token })).body.data.messages as any[];
    expect(page.map((m) => [m._id, m.message])).toEqual([
      [fanMessageId, 'Sent while the read models lag'],
      [staffMessageId, 'Staff answer while lagging'],
    ]);
    // The open chat gets each message whole (the fan's own from another tab too), its uniqueId naming the pending bubble.
    await expect.poll(() => frames.filter((f) => f.type === 'MESSAGE_RECEIVE').map((f) => [f.data._id, f.data.message, f.data.uniqueId])).toEqual([
      [fanMessageId, 'Sent while the read models lag', 'lag-fan-1'],
      [staffMessageId, 'Staff answer while lagging', null],
    ]);
    ws.close();

    // Caught up, a send answers the message itself again.
    const again = await post('/api/chat/send_message', { message: 'And now in step' }, fan.token);
    expect(again.body.data).toMatchObject({ messageId: again.body.data.message._id, message: { message: 'And now in step' } });
  });
});
