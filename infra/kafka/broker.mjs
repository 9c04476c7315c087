#!/usr/bin/env node
// A real single-node Kafka broker (KRaft, no ZooKeeper, no Docker) for developers and CI:
//   node infra/kafka/broker.mjs start    fetch the jars once (Maven Central), format once, start, wait until ready
//   node infra/kafka/broker.mjs stop     SIGTERM, then SIGKILL after 20 s
//   node infra/kafka/broker.mjs status   exit 0 when it answers on its port
// Prints KAFKA_BROKERS=127.0.0.1:<port> when ready. Files live in KAFKA_HOME (default .kafka/ in the project,
// git-ignored): libs/ (the jars), data/ (the log), broker.log, broker.pid.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const home = path.resolve(process.env.KAFKA_HOME ?? path.join(here, '..', '..', '.kafka'));
const port = Number(process.env.KAFKA_PORT ?? 19092);
const controllerPort = port + 1;
const libs = path.join(home, 'libs');
const data = path.join(home, 'data');
const logFile = path.join(home, 'broker.log');
const pidFile = path.join(home, 'broker.pid');
const READY = 'Kafka Server started';

const say = (line) => process.stdout.write(`kafka: ${line}\n`);
const fail = (line) => {
  process.stderr.write(`kafka: ${line}\n`);
  process.exit(1);
};

function portOpen() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => { socket.destroy(); resolve(true); });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => { socket.destroy(); resolve(false); });
  });
}

function runningPid() {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function fetchJars() {
  if (fs.existsSync(libs) && fs.readdirSync(libs).some((f) => f.startsWith('kafka_2.13-'))) return;
  say('fetching the broker jars from Maven Central (once; ~45 MB)');
  const r = spawnSync('mvn', ['-q', '-B', '-f', path.join(here, 'pom.xml'), 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${libs}`], { stdio: 'inherit' });
  if (r.status !== 0) fail(`mvn could not fetch the jars (exit ${r.status ?? r.signal}); is Maven installed and Maven Central reachable?`);
}

function writeConfig() {
  // Replication factor 1 everywhere and no initial rebalance delay: one broker, and a first consumer joins at once.
  const props = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name': 'PLAINTEXT',
    'log.dirs': data,
    'num.partitions': '1',
    'offsets.topic.replication.factor': '1',
    'offsets.topic.num.partitions': '1',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'share.coordinator.state.topic.replication.factor': '1',
    'share.coordinator.state.topic.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    'auto.create.topics.enable': 'true',
  };
  fs.writeFileSync(path.join(home, 'server.properties'), Object.entries(props).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
  // INFO from the broker itself (the ready line), warnings only from the chatty client and state loggers.
  fs.writeFileSync(path.join(home, 'log4j2.properties'), [
    'status = warn',
    'appender.out.type = Console',
    'appender.out.name = OUT',
    'appender.out.layout.type = PatternLayout',
    'appender.out.layout.pattern = [%d] %p %m (%c)%n',
    'rootLogger.level = warn',
    'rootLogger.appenderRef.out.ref = OUT',
    'logger.server.name = kafka.server',
    'logger.server.level = info',
    '',
  ].join('\n'));
}

const java = (mainClass, args, options) => spawn('java', [
  '-Xms64m', '-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1',
  `-Dlog4j2.configurationFile=${path.join(home, 'log4j2.properties')}`,
  '-cp', `${libs}/*`, mainClass, ...args,
], options);

function format() {
  if (fs.existsSync(path.join(data, 'meta.properties'))) return;
  // A Kafka cluster id is 16 bytes in base64url. One that begins with '-' reads as an option to StorageTool's
  // argument parser (1 start in 64 failed): clearing bit 3 of the first byte keeps its top six bits (the first
  // character) below 62, so it is never '-' or '_'.
  const id = randomBytes(16);
  id[0] &= 0xf7;
  const clusterId = id.toString('base64url').slice(0, 22);
  const r = spawnSync('java', ['-cp', `${libs}/*`, `-Dlog4j2.configurationFile=${path.join(home, 'log4j2.properties')}`, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', path.join(home, 'server.properties'), '--ignore-formatted'], { encoding: 'utf8' });
  if (r.status !== 0) fail(`formatting the log folder failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
}

/** True when the program on the port is a Kafka broker (asked through kafkajs, when it is installed). */
async function answersAsKafka() {
  let kafkajs;
  try {
    kafkajs = await import('kafkajs');
  } catch {
    return false;
  }
  const { Kafka, logLevel } = kafkajs.default ?? kafkajs;
  const admin = new Kafka({ brokers: [`127.0.0.1:${port}`], clientId: 'broker-check', logLevel: logLevel.NOTHING, retry: { retries: 1 }, connectionTimeout: 3000 }).admin();
  try {
    await admin.connect();
    await admin.describeCluster();
    return true;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function start() {
  if (runningPid() && await portOpen()) {
    say(`already running (pid ${runningPid()})`);
    say(`KAFKA_BROKERS=127.0.0.1:${port}`);
    return;
  }
  if (await portOpen()) {
    // Another broker already listens there (e.g. one started from another checkout): use it if it is Kafka.
    if (await answersAsKafka()) {
      say(`a Kafka broker already answers on 127.0.0.1:${port}: using it`);
      say(`KAFKA_BROKERS=127.0.0.1:${port}`);
      return;
    }
    fail(`port ${port} is taken by another program; set KAFKA_PORT`);
  }
  fs.mkdirSync(home, { recursive: true });
  fetchJars();
  writeConfig();
  format();
  const log = fs.openSync(logFile, 'a');
  const child = java('kafka.Kafka', [path.join(home, 'server.properties')], { detached: true, stdio: ['ignore', log, log] });
  child.unref();
  fs.writeFileSync(pidFile, String(child.pid));
  const startedAt = Date.now();
  const offset = fs.statSync(logFile).size;
  while (Date.now() - startedAt < 90_000) {
    await new Promise((r) => setTimeout(r, 250));
    if (!runningPid()) fail(`the broker exited during start; see ${logFile}`);
    const fresh = fs.readFileSync(logFile, 'utf8').slice(offset);
    if (fresh.includes(READY) && await portOpen()) {
      say(`ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (pid ${child.pid}, log ${logFile})`);
      say(`KAFKA_BROKERS=127.0.0.1:${port}`);
      return;
    }
  }
  fail(`not ready after 90 s; see ${logFile}`);
}

async function stop() {
  const pid = runningPid();
  if (!pid) return say('not running');
  process.kill(pid, 'SIGTERM');
  const t0 = Date.now();
  while (runningPid() && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 200));
  if (runningPid()) process.kill(pid, 'SIGKILL');
  fs.rmSync(pidFile, { force: true });
  say(`stopped (pid ${pid})`);
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'stop') await stop();
else if (command === 'status') process.exit((await portOpen()) ? 0 : 1);
else fail('usage: node infra/kafka/broker.mjs start|stop|status');
