// A staff video sent in chat while it still renders: the fan does not see it yet, staff see it processing. When the
// media worker finishes, both open chats hear UPDATE_MESSAGE for that message (ChatMessageMediaChanged 'processed')
// and read it again — the fan now sees the video, without a reload. Real server, real ffmpeg, real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { chatMessageStream } from '../../domain/chat/chat-message';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { makeTestVideo, uploadOverHttp } from '../media/support';

describe('chat media that finish rendering after the message was sent', () => {
  let t: TestServer;
  let admin: string;
  const post = (url: string, body: unknown, token = admin) => t.call('POST', url, body, { token });
  const get = (url: string, token = admin) => t.call('GET', url, undefined, { token });

  beforeAll(async () => {
    t = await startTestServer('pglite');
    admin = (await post('/api/users/login', { email: t.adminEmail, password: t.adminPassword }, '')).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the fan sees the video message appear live once rendered; staff see it ready', async () => {
    const reg = await post('/api/users/register', { name: 'Video Fan', email: 'video.fan@example.com', password: 'fan password 1' }, '');
    const fan = { token: reg.body.data.token as string, id: reg.body.data.userId as string };
    expect((await post('/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, fan.token)).body.data.accepted).toBe(true);

    const frames: { type: string; data: any }[] = [];
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    ws.send(JSON.stringify({ type: 'AUTH', data: { token: fan.token } }));
    await expect.poll(() => frames.some((f) => f.type === 'AUTH_OK')).toBe(true);

    const video = await uploadOverHttp(t.base, admin, 'clip.mp4', 'video/mp4', await makeTestVideo({ seconds: 2, size: '320x240' }));
    expect(video.status).toBe('processing');
    const sent = await post('/api/chat/send_message', { receiver: fan.id, message: 'Behind the scenes', media: [video.id] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const messageId = sent.body.data.message._id as string;

    // While it renders: hidden from the fan, shown to staff as processing.
    const fanSees = async () => ((await get('/api/chat/get_messages?page_num=1', fan.token)).body.data.messages as any[]).some((m) => m._id === messageId);
    expect(await fanSees()).toBe(false);
    const staffView = async () => ((await get(`/api/chat/get_messages_admin?selected_user_id=${fan.id}`)).body.data.messages as any[]).find((m) => m._id === messageId);
    expect((await staffView())?.processing).toBe(true);

    // Rendered by the server's media worker: the fan's socket is told about this very message.
    await expect.poll(() => frames.some((f) => f.type === 'UPDATE_MESSAGE' && f.data._id === messageId && f.data.mediaChanged), { timeout: 120_000, interval: 250 }).toBe(true);
    expect(await fanSees()).toBe(true);
    expect((await staffView())?.processing).toBe(false);
    const types = (await t.server.services.store.readStream(chatMessageStream(messageId))).map((e) => e.type);
    expect(types).toEqual(['ChatMessageSent', 'ChatMessageMediaChanged']);
    ws.close();
  });
});
