// `npm start`: one process serving the API, the fan site at / and the console at /admin.
import { loadConfig, ConfigError } from '../infra/config';
import { DataDirLockedError } from '../infra/db/data-dir-lock';
import { startServer } from './server';
import { CHANGE_PASSWORD_HINT, mailDeliveryNote } from './startup-notes';

async function main() {
  let cfg;
  try {
    cfg = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  let server;
  try {
    server = await startServer(cfg);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(75);
    }
    throw e;
  }
  const { firstStart, url } = server;
  if (firstStart.created) {
    const lines = [
      'Fanclub is set up. The creator\'s admin account:',
      `  email:    ${firstStart.adminEmail}`,
      firstStart.generatedPassword ? `  password: ${firstStart.generatedPassword}   (${CHANGE_PASSWORD_HINT})` : '  password: the one in FANCLUB_ADMIN_PASSWORD',
      firstStart.demoPosts ? `  ${firstStart.demoPosts} demo posts were added (marked [Demo]); start with FANCLUB_DEMO=false for an empty site.` : '',
    ].filter(Boolean);
    console.log(`\n${lines.join('\n')}\n`);
  }
  console.log(`Fanclub is running: fan site ${url}/  ·  console ${url}/admin  ·  store ${server.services.store.kind}`);
  const mailNote = mailDeliveryNote(cfg.SMTP_URL, url);
  if (mailNote) console.log(mailNote);
  const stop = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error('Fanclub could not start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
