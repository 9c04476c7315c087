// First start: the creator's admin account (credentials printed once) and, unless switched off, a few demo
// posts clearly marked as demo. Everything goes through commands, so a rebuild reproduces it.
import { randomUUID } from 'node:crypto';
import { emailClaimDecider, emailClaimStream, userDecider, userStream } from '../domain/user/user';
import { settingsDecider, SETTINGS_STREAM, DEFAULT_SETTINGS } from '../domain/settings/settings';
import type { PostVisibility } from '../domain/post/wire';
import { normaliseEmail } from '../domain/shared/validation';
import type { EventStore } from '../infra/eventstore/port';
import type { AppStorage as FileStorage } from '../infra/storage/port';
import type { MediaRenderer } from '../infra/media/port';
import type { Secrets } from '../infra/auth/port';
import { commandContext, handle, loadStream, type CommandContext } from './handle';
import { registerUser } from './accounts';
import { createPost, registerUpload, stagingKey } from './content';

export interface BootstrapResult {
  created: boolean;
  adminEmail: string;
  /** Only when this start created the account and generated the password. */
  generatedPassword: string | null;
  demoPosts: number;
  ctx: CommandContext;
}

const DEMO_POSTS: { caption: string; visibility: PostVisibility; amount?: number; images: string[] }[] = [
  { caption: 'Welcome to my page! This is a demo post anyone can see.', visibility: 'public', images: ['Hello'] },
  { caption: 'Behind the scenes of today\'s shoot — members only.', visibility: 'private', images: ['Backstage'] },
  { caption: 'Golden hour set. Unlock the full-resolution photo.', visibility: 'locked', amount: 9, images: ['Golden Hour'] },
  { caption: 'A little gallery from the beach weekend.', visibility: 'locked', amount: 15, images: ['Beach 1', 'Beach 2', 'Beach 3'] },
  { caption: 'Thanks for being here. New posts every week.', visibility: 'public', images: ['Thank You'] },
  { caption: 'Members-only: my favourite outfit this month.', visibility: 'private', images: ['Outfit'] },
  { caption: 'Exclusive: the studio session, uncut.', visibility: 'locked', amount: 25, images: ['Studio'] },
];

/** The adapters the first start uses (the API's services): where demo pictures go, password hashing, and the renderer that draws the demo pictures and their renditions. */
export interface BootstrapDeps {
  storage: FileStorage;
  secrets: Secrets;
  renderer: Pick<MediaRenderer, 'demoImage' | 'renderImage' | 'renderVideo'>;
}

export async function bootstrap(
  store: EventStore,
  { storage, secrets, renderer }: BootstrapDeps,
  options: { adminEmail: string; adminPassword?: string; demo: boolean; modelName?: string },
): Promise<BootstrapResult> {
  const ctx = commandContext(store, { userId: null, role: 'system', ip: null });
  const adminEmail = normaliseEmail(options.adminEmail);
  const claim = await loadStream(store, emailClaimStream(adminEmail), emailClaimDecider);
  // An account ever registered on the address means the site was set up (the admin may since have moved to
  // another email). A claim whose registration never completed (a crash on the first start) does not count.
  const holders = [...new Set(claim.events.map((e) => e.data.userId as string))];
  for (const holder of holders)
    if ((await loadStream(store, userStream(holder), userDecider)).state.userId) return { created: false, adminEmail, generatedPassword: null, demoPosts: 0, ctx };
  if (claim.state.userId) {
    // The first start died between claiming the address and writing the admin: close that registration and
    // free the address now (nothing else registers while the site starts), rather than wait for the lease.
    const stale = claim.state.userId;
    await handle(ctx, userStream(stale), userDecider, { type: 'AbandonRegistration', userId: stale, email: adminEmail, at: ctx.now() });
    await handle(ctx, emailClaimStream(adminEmail), emailClaimDecider, { type: 'ReleaseEmail', email: adminEmail, userId: stale, abandoned: true });
  }

  const password = options.adminPassword ?? secrets.randomPassword();
  const { userId } = await registerUser(ctx, secrets, { name: options.modelName ?? DEFAULT_SETTINGS.model_name, email: adminEmail, password, role: 'admin' });
  const asAdmin: CommandContext = { ...ctx, metadata: { ...ctx.metadata, userId, role: 'admin' } };
  if (options.modelName) await handle(asAdmin, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes: { model_name: options.modelName } });

  let demoPosts = 0;
  if (options.demo) {
    const base = Date.parse(asAdmin.now());
    let imageIndex = 0;
    for (const [i, post] of DEMO_POSTS.entries()) {
      const mediaIds: string[] = [];
      for (const title of post.images) {
        const key = stagingKey(randomUUID(), `demo-${imageIndex}.jpg`);
        await storage.put(key, await renderer.demoImage(imageIndex++, title));
        const { mediaId } = await registerUpload(asAdmin, storage, { stagingKey: key, fileName: `demo-${imageIndex}.jpg`, contentType: 'image/jpeg', uploadedBy: userId, isDemo: true }, { renderer });
        mediaIds.push(mediaId);
      }
      // Spread the demo posts over the past week so the feed reads like a real one, newest first.
      const publishAt = new Date(base - (DEMO_POSTS.length - i) * 20 * 3600_000).toISOString();
      await createPost(asAdmin, DEFAULT_SETTINGS, {
        authorId: userId, caption: `[Demo] ${post.caption}`, visibility: post.visibility, amountDollars: post.amount ?? null, mediaIds, publishAt, isDemo: true,
      });
      demoPosts++;
    }
  }
  ctx.lastPosition = asAdmin.lastPosition ?? ctx.lastPosition;
  return { created: true, adminEmail, generatedPassword: options.adminPassword ? null : password, demoPosts, ctx };
}
