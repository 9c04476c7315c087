// Which media server live streaming runs on: FANCLUB_LIVE=off → none; JANUS_URL → that Janus (or those);
// else the `janus` binary on PATH → a Janus the API starts with a config folder under the data dir; else none.
// "None" is a media server whose status() says why (the apps show it) and whose calls throw.
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../infra/config';
import { createJanusLiveMedia, spawnJanusLiveMedia } from '../infra/live/janus';
import { findJanusBinary } from '../infra/live/janus-process';
import { createJanusPool } from '../infra/live/janus-pool';
import { JANUS_MISSING_REASON, type LiveMediaServer } from '../infra/live/port';
import { unavailableLiveMedia } from '../infra/live/unavailable';
import { signingSecret } from './media-storage';
import { JANUS_RELAY_PATH } from './live/janus-relay';

export async function openLiveMedia(cfg: Config, log: (m: string) => void = () => {}): Promise<LiveMediaServer> {
  if (cfg.FANCLUB_LIVE === 'off') return unavailableLiveMedia('Live streaming is turned off on this server (FANCLUB_LIVE=off).');
  if (cfg.JANUS_URL) {
    // One Janus, or several (a comma-separated list): rooms are spread over them (infra/live/janus-pool.ts).
    const urls = cfg.JANUS_URL.split(',');
    const instances = urls.map((url, instanceIndex) => createJanusLiveMedia({
      url, instanceIndex, adminKey: cfg.FANCLUB_JANUS_ADMIN_KEY!, apiSecret: cfg.FANCLUB_JANUS_API_SECRET,
      recordingsDir: cfg.liveRecordingsDir, log, statusUrl: JANUS_RELAY_PATH,
    }));
    return instances.length === 1 ? instances[0] : createJanusPool(instances, { statusUrl: JANUS_RELAY_PATH });
  }
  if (!findJanusBinary()) return unavailableLiveMedia(JANUS_MISSING_REASON);
  try {
    return await spawnJanusLiveMedia({
      configDir: path.join(cfg.dataDir, 'janus'),
      recordingsDir: cfg.liveRecordingsDir,
      wsPort: cfg.FANCLUB_JANUS_WS_PORT,
      httpPort: cfg.FANCLUB_JANUS_HTTP_PORT,
      rtpPortRange: cfg.FANCLUB_JANUS_RTP_PORTS,
      // The admin key only this server knows (stable across restarts); the api_secret is new on every start.
      adminKey: cfg.FANCLUB_JANUS_ADMIN_KEY ?? createHmac('sha256', signingSecret(cfg)).update('janus-admin-key').digest('base64url'),
      apiSecret: randomBytes(24).toString('base64url'),
      log,
      // What the apps are told: browsers reach Janus only through the API's relay.
      statusUrl: JANUS_RELAY_PATH,
    });
  } catch (e) {
    const reason = `Live streaming is unavailable: the Janus media server could not start (${(e as Error).message}).`;
    log(`[live] ${reason}`);
    return unavailableLiveMedia(reason);
  }
}
