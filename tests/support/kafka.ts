// The real Kafka broker for the multi-node suites: FANCLUB_TEST_KAFKA_BROKERS when set, else the project's own
// single-node broker (infra/kafka/broker.mjs), started on first use and left running for the next suite (CI stops
// it). Not KAFKA_BROKERS: that would turn every process the tests start (CLIs included) into a Kafka node.
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const reachable = (hostPort: string) =>
  new Promise<boolean>((resolve) => {
    const [host, port] = hostPort.split(':');
    const s = net.connect({ host, port: Number(port) }, () => { s.destroy(); resolve(true); });
    s.on('error', () => resolve(false));
    s.setTimeout(2000, () => { s.destroy(); resolve(false); });
  });

/** The brokers to use, or null (then the suite skips; under CI=true that is an error instead). */
export async function requireKafka(): Promise<string | null> {
  let brokers = process.env.FANCLUB_TEST_KAFKA_BROKERS ?? null;
  let problem = '';
  if (brokers) {
    if (!(await reachable(brokers.split(',')[0]))) problem = `FANCLUB_TEST_KAFKA_BROKERS=${brokers} does not answer`;
  } else {
    try {
      const out = execFileSync('node', [path.join(root, 'infra/kafka/broker.mjs'), 'start'], { encoding: 'utf8', timeout: 180_000 });
      brokers = /KAFKA_BROKERS=(\S+)/.exec(out)?.[1] ?? null;
      if (!brokers) problem = `the broker script said: ${out.trim()}`;
    } catch (e) {
      problem = `the broker could not start: ${(e as Error).message.split('\n')[0]}`;
    }
  }
  if (!problem) return brokers;
  if (process.env.CI === 'true') throw new Error(`${problem}. CI=true: the Kafka suites must run, not skip.`);
  console.warn(`${problem}; skipping the Kafka suites.`);
  return null;
}
