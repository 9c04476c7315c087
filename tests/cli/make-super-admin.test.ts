// `npm run make-super-admin -- <email>` on a real data folder (PGlite): the site's operator makes an account
// super_admin from the server's console. Unknown, blocked and malformed accounts are refused in one line with their
// exit code; the promotion is one event naming the operator, listed on the Audit page; the promoted account then
// outranks admins (gives and takes the admin role), while an admin still cannot give super_admin.
// Two runs are real `tsx` processes (the data folder in use, and the promotion: exit codes and output as a cron job
// sees them); the other refusals and the repeat call the same command (makeSuperAdmin) in this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import { startServer, type RunningServer } from '../../api/server';
import { EXIT } from '../../infra/cli/exit-codes';
import { makeSuperAdmin } from '../../api/make-super-admin';
import { copyPgliteTemplate } from '../support/pglite-template';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-super-admin-'));
const env = { PORT: '0', HOST: '127.0.0.1', FANCLUB_DATA_DIR: path.join(tmp, 'data'), FANCLUB_LIVE: 'off', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123', LOG_LEVEL: 'silent' };

/** Runs the CLI as `npm run make-super-admin` does (tsx), on the data folder. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'FANCLUB_DATA_DIR', 'EVENT_STORE'].includes(k))) as Record<string, string>;
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'api/make-super-admin.ts', ...args], {
    cwd: root, env: { ...base, FANCLUB_DATA_DIR: env.FANCLUB_DATA_DIR }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Runs the same command in this process, on the same data folder and environment, with its lines captured. */
async function inProcess(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'FANCLUB_DATA_DIR', 'EVENT_STORE'].includes(k)));
  const out: string[] = [];
  const err: string[] = [];
  const code = await makeSuperAdmin(args, { ...base, FANCLUB_DATA_DIR: env.FANCLUB_DATA_DIR }, { log: (l) => out.push(l), error: (l) => err.push(l) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const lines = (text: string) => text.trim().split('\n').filter((l) => l.trim() !== '');

describe('make-super-admin: the operator gives the highest role from the server console', () => {
  let server: RunningServer | null = null;
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const port = (server!.app.server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const login = async (email: string, password: string) => {
    const r = await call('POST', '/api/users/login', { email, password });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.token as string;
  };
  const start = async () => {
    server = await startServer(loadConfig(env), { serveApps: false, log: () => {}, deliverNotices: false });
    expect(await server.services.runner.waitFor((await server.services.store.headPosition())!, 60_000)).toBe(true);
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  const ids: Record<string, string> = {};
  const passwords: Record<string, string> = {};

  beforeAll(async () => {
    // A site with its first admin, a sub_admin, a fan and a blocked fan; the server keeps running for the first
    // test's data-folder-in-use check, then stops (PGlite: one owner). The folder starts from the run's migrated
    // PGlite template, as the other test servers' do.
    copyPgliteTemplate(env.FANCLUB_DATA_DIR);
    await start();
    const admin = await login('admin@fanclub.local', 'admin-password-123');
    ids.admin = (await call('GET', '/api/users/me', undefined, admin)).body.data._id;
    for (const [key, role] of [['sub', 'sub_admin'], ['other', 'admin']] as const) {
      const created = await call('POST', '/admin-api/users', { name: `Staff ${key}`, email: `${key}.staff@example.com`, role }, admin);
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      ids[key] = created.body.id;
      passwords[key] = created.body.generated_password;
    }
    for (const key of ['fan', 'blocked']) {
      const r = await call('POST', '/api/users/register', { name: `Fan ${key}`, email: `${key}@example.com`, password: 'fan password 1' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids[key] = r.body.data.userId;
    }
    expect((await call('POST', '/api/admin/update_user_block_status', { user_id: ids.blocked, is_blocked: true }, admin)).status).toBeLessThan(300);
  }, 120_000);
  afterAll(async () => {
    await stop().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses in one line: no email, a malformed one, an unknown account, a blocked account, a data folder in use', async () => {
    // The server from beforeAll still owns the data folder.
    if (!server) await start();
    try {
      const busy = await cli(['admin@fanclub.local']);
      expect(busy.code, busy.stderr).toBe(EXIT.dataFolderInUse);
      expect(lines(busy.stderr)).toHaveLength(1);
    } finally {
      await stop();
    }
    const none = await inProcess([]);
    expect([none.code, lines(none.stderr)]).toEqual([EXIT.usage, ['usage: npm run make-super-admin -- <email> [--by <your name>]']]);
    const malformed = await inProcess(['not-an-email']);
    expect([malformed.code, lines(malformed.stderr)]).toEqual([EXIT.usage, ["make-super-admin: 'not-an-email' is not an email address: give the email of the account to make super_admin."]]);
    const unknown = await inProcess(['Nobody@Example.com']);
    expect([unknown.code, lines(unknown.stderr)]).toEqual([EXIT.refused, ['make-super-admin: No account has the email nobody@example.com.']]);
    const blocked = await inProcess(['blocked@example.com']);
    expect([blocked.code, lines(blocked.stderr)]).toEqual([EXIT.refused, ['make-super-admin: This account is blocked: unblock it in the console first, then make it super_admin.']]);
  });

  it('promotes the first admin once, recorded as the operator\'s act; the Audit page lists it; the super_admin then gives and takes the admin role', async () => {
    await stop(); // (already stopped when the first test ran)
    const made = await cli(['Admin@Fanclub.local', '--by', 'Dana Ops']);
    expect(made.code, made.stderr).toBe(EXIT.ok);
    expect(lines(made.stdout)).toEqual([`admin@fanclub.local is now super_admin (was admin); recorded on the Audit page as given by Dana Ops on ${os.hostname()} (server console).`]);
    const again = await inProcess(['admin@fanclub.local']);
    expect([again.code, lines(again.stdout)]).toEqual([EXIT.ok, ['admin@fanclub.local is super_admin already: nothing changed.']]);

    await start();
    const events = (await server!.services.store.readStream(`member-${ids.admin}`)).filter((e) => e.type === 'MemberRoleChanged');
    expect(events).toHaveLength(1);
    expect(events[0].metadata).toMatchObject({ userId: null, role: 'system' });

    const top = await login('admin@fanclub.local', 'admin-password-123');
    expect((await call('GET', '/api/users/me', undefined, top)).body.data.role).toBe('super_admin');
    const audit = await call('GET', `/admin-api/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'MemberRoleChanged', subject_user_id: ids.admin }))}`, undefined, top);
    expect(audit.status).toBe(200);
    expect(audit.body).toHaveLength(1);
    expect(audit.body[0]).toMatchObject({
      action: 'MemberRoleChanged', actor_id: null, actor_role: 'system', subject_user_id: ids.admin,
      data: { userId: ids.admin, role: 'super_admin', operator: `Dana Ops on ${os.hostname()} (server console)` },
    });

    // Above admin now: gives the admin role, and changes another admin's role (an admin may not: equal rank).
    expect((await call('PUT', `/admin-api/users/${ids.sub}`, { role: 'admin' }, top)).status).toBe(200);
    const other = await login('other.staff@example.com', passwords.other);
    const refused = await call('PUT', `/admin-api/users/${ids.sub}`, { role: 'sub_admin' }, other);
    expect([refused.status, refused.body.message]).toEqual([403, 'You cannot change an account of a higher or equal rank.']);
    expect((await call('PUT', `/admin-api/users/${ids.other}`, { role: 'sub_admin' }, top)).status).toBe(200);
    expect((await call('PUT', `/admin-api/users/${ids.other}`, { role: 'admin' }, top)).status).toBe(200);
    // An admin still cannot give the role above its own.
    const tooHigh = await call('PUT', `/admin-api/users/${ids.fan}`, { role: 'super_admin' }, await login('other.staff@example.com', passwords.other));
    expect([tooHigh.status, tooHigh.body.message]).toEqual([403, 'You cannot give a role higher than your own.']);
    const audited = await call('GET', `/admin-api/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'MemberRoleChanged', actor_id: ids.admin }))}`, undefined, top);
    expect(audited.body.map((r: any) => [r.actor_role, r.subject_user_id, r.data.role])).toEqual([
      ['super_admin', ids.other, 'admin'], ['super_admin', ids.other, 'sub_admin'], ['super_admin', ids.sub, 'admin'],
    ]);
    await stop();
  }, 120_000);
});
