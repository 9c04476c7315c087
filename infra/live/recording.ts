// A live session's recording: Janus writes one .mjr file per publisher stream (audio, video) into the room's
// folder; janus-pp-rec turns each into a media file (VP8/VP9/AV1 video → .webm, H.264 → .mkv, Opus → .opus),
// and ffmpeg makes one web-playable MP4 (H.264/AAC, +faststart). A publisher who reconnected leaves several
// segments (one per join): they are rendered one after the other at the first segment's size.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { probeVideo, runFfmpeg } from '../media/video';

export const RECORDING_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

export function assertRecordingName(name: string): void {
  if (!RECORDING_NAME.test(name) || name.includes('..')) throw new Error(`Invalid recording name "${name}": letters, digits, . _ - only.`);
}

interface Track {
  file: string;
  kind: 'audio' | 'video';
  codec: string;
  /** When Janus created the file (µs since the epoch), from the .mjr header. */
  startedUs: number;
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const add = (c: Buffer) => {
      out += c.toString('utf8');
      if (out.length > 100_000) out = out.slice(-50_000);
    };
    child.stdout.on('data', add);
    child.stderr.on('data', add);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

async function readHeader(file: string, ppRec: string): Promise<Track | null> {
  const { code, out } = await run(ppRec, ['-j', file], 30_000);
  if (code !== 0) return null;
  const line = out.split('\n').find((l) => l.trim().startsWith('{'));
  if (!line) return null;
  try {
    const h = JSON.parse(line) as { t?: string; c?: string; s?: number };
    if (h.t !== 'a' && h.t !== 'v') return null;
    return { file, kind: h.t === 'a' ? 'audio' : 'video', codec: String(h.c ?? ''), startedUs: Number(h.s ?? 0) };
  } catch {
    return null;
  }
}

const extensionFor = (t: Track) => (t.kind === 'audio' ? (t.codec === 'opus' ? 'opus' : 'mka') : t.codec === 'h264' || t.codec === 'h265' ? 'mkv' : 'webm');

/** Janus' default names: videoroom-<room>-user-<id>-<time µs>-<audio|video>-<mid>.mjr (each stream has its
 *  own time). The publisher's streams: files of one participant, or of one file each when named otherwise. */
function publisherKey(file: string): string {
  const base = path.basename(file, '.mjr');
  const m = /^(.*-user-[^-]+)-\d+-(audio|video|data)(-\d+)?$/.exec(base);
  return m ? m[1] : base;
}

/** A segment is one publishing: a publisher's tracks in time order, a new segment when a kind comes again. */
function segmentsOf(tracks: Track[]): Array<{ video?: Track; audio?: Track; startedUs: number }> {
  const byPublisher = new Map<string, Track[]>();
  for (const t of tracks) byPublisher.set(publisherKey(t.file), [...(byPublisher.get(publisherKey(t.file)) ?? []), t]);
  const segments: Array<{ video?: Track; audio?: Track; startedUs: number }> = [];
  for (const list of byPublisher.values()) {
    let current: { video?: Track; audio?: Track; startedUs: number } | null = null;
    for (const t of list.sort((a, b) => a.startedUs - b.startedUs)) {
      if (!current || current[t.kind]) segments.push((current = { startedUs: t.startedUs }));
      current[t.kind] = t;
    }
  }
  return segments.sort((a, b) => a.startedUs - b.startedUs);
}

export interface FinishedRecording {
  path: string;
  bytes: number;
  durationSeconds: number;
}

/**
 * Converts the .mjr files in `folder` into `output` (an MP4). Resolves null when there is nothing to convert
 * (no folder, no file with media). Intermediate files are written next to the .mjr files and removed after.
 */
export async function convertRecording(folder: string, output: string, opts: { ppRec?: string; timeoutMs?: number } = {}): Promise<FinishedRecording | null> {
  const ppRec = opts.ppRec ?? 'janus-pp-rec';
  const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
  let files: string[];
  try {
    files = fs.readdirSync(folder).filter((f) => f.endsWith('.mjr')).map((f) => path.join(folder, f));
  } catch {
    return null;
  }
  const tracks = (await Promise.all(files.map((f) => readHeader(f, ppRec)))).filter((t): t is Track => !!t);
  const segments = segmentsOf(tracks);
  const work = path.join(folder, '.convert');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  try {
    // 1. janus-pp-rec: each track to a playable file; a track with no usable packets is left out.
    const decoded: Array<{ video?: string; audio?: string }> = [];
    for (const [i, s] of segments.entries()) {
      const out: { video?: string; audio?: string } = {};
      for (const t of [s.video, s.audio]) {
        if (!t) continue;
        const target = path.join(work, `${i}-${t.kind}.${extensionFor(t)}`);
        const r = await run(ppRec, ['-o', t.file, target], timeoutMs);
        if (r.code === 0 && fs.existsSync(target) && fs.statSync(target).size > 0) out[t.kind] = target;
      }
      if (out.video || out.audio) decoded.push(out);
    }
    const withVideo = decoded.filter((d) => d.video);
    // Only audio: an audio-only MP4; else the segments with video (a segment without it adds nothing to watch).
    const parts = withVideo.length ? withVideo : decoded;
    if (!parts.length) return null;
    let size: { width: number; height: number } | null = null;
    if (withVideo.length) {
      const info = await probeVideo(withVideo[0].video!);
      size = info ? { width: even(Math.min(info.width, 1280)), height: even(Math.round((Math.min(info.width, 1280) * info.height) / info.width)) } : { width: 640, height: 480 };
    }
    // 2. ffmpeg: each segment to H.264/AAC at one size, then one file.
    const rendered: string[] = [];
    for (const [i, p] of parts.entries()) {
      const target = path.join(work, `part-${i}.mp4`);
      const args: string[] = [];
      if (p.video) args.push('-i', p.video);
      if (p.audio) args.push('-i', p.audio);
      else if (size) args.push('-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000');
      if (size) {
        args.push(
          '-map', '0:v:0', '-map', '1:a:0',
          '-vf', `scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30`,
          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
          ...(p.audio ? [] : ['-shortest']),
        );
      } else {
        args.push('-map', '0:a:0', '-vn');
      }
      args.push('-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-movflags', '+faststart', '-y', target);
      const r = await runFfmpeg(args, { timeoutMs });
      if (r.code !== 0 || !fs.existsSync(target)) throw new Error(`ffmpeg could not render the recording: ${r.stderr.split('\n').filter(Boolean).slice(-2).join(' ')}`);
      rendered.push(target);
    }
    fs.mkdirSync(path.dirname(output), { recursive: true });
    const partial = `${output}.partial.mp4`;
    if (rendered.length === 1) fs.copyFileSync(rendered[0], partial);
    else {
      const list = path.join(work, 'parts.txt');
      fs.writeFileSync(list, rendered.map((r) => `file '${r.replace(/'/g, "'\\''")}'`).join('\n'));
      const r = await runFfmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', '-y', partial], { timeoutMs });
      if (r.code !== 0) throw new Error(`ffmpeg could not join the recording's parts: ${r.stderr.split('\n').filter(Boolean).slice(-2).join(' ')}`);
    }
    fs.renameSync(partial, output);
    const { stderr } = await runFfmpeg(['-i', output], { timeoutMs: 60_000 });
    const d = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
    const durationSeconds = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : 0;
    return { path: output, bytes: fs.statSync(output).size, durationSeconds };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
