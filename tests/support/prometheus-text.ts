// A strict reader of the Prometheus text exposition format (version 0.0.4, what prom-client writes), for tests:
// every line must be a HELP, a TYPE or a sample of a declared family, or reading throws naming the line.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(,|$)/;
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', ''];

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const m = LABEL.exec(rest);
    if (!m) throw new Error(`bad labels in: ${line}`);
    if (Object.hasOwn(labels, m[1])) throw new Error(`label ${m[1]} twice in: ${line}`);
    labels[m[1]] = m[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    rest = rest.slice(m[0].length);
  }
  return labels;
}

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

/** The families and samples of an exposition; throws on the first line that is not valid. */
export function parsePrometheusText(text: string): { families: Map<string, Family>; samples: Sample[] } {
  const families = new Map<string, Family>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP (${NAME}) (.*)$`).exec(line);
    if (help) {
      families.set(help[1], { name: help[1], help: help[2], type: families.get(help[1])?.type ?? 'untyped' });
      continue;
    }
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      const family = families.get(type[1]);
      if (!family) throw new Error(`TYPE before HELP: ${line}`);
      family.type = type[2] as Family['type'];
      continue;
    }
    if (line.startsWith('#')) throw new Error(`unknown comment: ${line}`);
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const family = SUFFIXES.map((s) => (m[1].endsWith(s) ? m[1].slice(0, m[1].length - s.length) : null)).find((f) => f !== null && families.has(f));
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    samples.push({ name: m[1], labels: m[2] ? parseLabels(m[2], line) : {}, value: parseValue(m[3], line) });
  }
  return { families, samples };
}

/** The value of the one sample with this name and (at least) these labels; undefined when there is none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
