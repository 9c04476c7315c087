// Video renditions with ffmpeg (the static build from @ffmpeg-installer/ffmpeg; there is no ffprobe, so facts
// about a file are read from `ffmpeg -i` stderr): a web-playable H.264/AAC MP4 at most 1280 px wide with the
// index at the front (+faststart), a poster frame, and, through sharp, a thumbnail and a heavily blurred poster
// that is safe to show to anyone. The creator's watermark, when on, is overlaid on the web MP4 (a PNG drawn by
// sharp), so the poster and thumbnail taken from it carry it too; the blur is made from a clean frame.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Watermark } from '../../domain/media/watermark';
import { posterTime } from '../../domain/media/media';
import type { VideoRenditions } from './port';
import { renderBlur, renderImage } from './images';
import { overlayPosition, renderWatermark } from './watermark';

const require = createRequire(import.meta.url);

/** Path of the ffmpeg binary: FFMPEG_PATH if set, else the bundled static build. */
export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Thrown when the input cannot be read as a video (a permanent failure, shown as the processing reason). */
export class UnreadableVideoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableVideoError';
  }
}

export interface FfmpegResult {
  code: number | null;
  stderr: string;
}

/** Thrown when a render is stopped through its AbortSignal (the worker is stopping). */
export class RenderAbortedError extends Error {
  constructor() {
    super('Rendering was stopped.');
    this.name = 'RenderAbortedError';
  }
}

/**
 * Runs ffmpeg with `args`; resolves with its exit code and (the tail of) stderr; kills it after timeoutMs, or
 * when `signal` aborts (then rejects with RenderAbortedError).
 */
export function runFfmpeg(args: string[], options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new RenderAbortedError());
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > 200_000) stderr = stderr.slice(-100_000); // progress lines on long files
    });
    let timedOut = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, options.timeoutMs)
      : null;
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanUp = () => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (e) => {
      cleanUp();
      reject(e);
    });
    child.on('close', (code) => {
      cleanUp();
      if (options.signal?.aborted) reject(new RenderAbortedError());
      else if (timedOut) reject(new Error(`ffmpeg took longer than ${Math.round(options.timeoutMs! / 1000)} s and was stopped.`));
      else resolve({ code, stderr });
    });
  });
}

export interface VideoInfo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  videoCodec: string;
  audioCodec: string | null;
}

/** Parses `ffmpeg -i` stderr. Returns null when there is no video stream or no duration. */
export function parseFfmpegInfo(stderr: string): VideoInfo | null {
  const d = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\d+:\d+[^:\n]*: Video: ([^\s,]+)[^\n]*?,\s*(\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!d || !video) return null;
  const durationSeconds = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]);
  if (!(durationSeconds > 0)) return null;
  const audio = /Stream #\d+:\d+[^:\n]*: Audio: ([^\s,]+)/.exec(stderr);
  let width = Number(video[2]);
  let height = Number(video[3]);
  // Phone clips store a rotation; ffmpeg rotates while transcoding, so report the upright size.
  const rotate = /^\s*rotate\s*:\s*(-?\d+)/m.exec(stderr);
  if (rotate && Math.abs(Number(rotate[1])) % 180 === 90) [width, height] = [height, width];
  return { durationSeconds, width, height, hasAudio: !!audio, videoCodec: video[1], audioCodec: audio ? audio[1] : null };
}

/** Reads duration, size and codecs of a file with `ffmpeg -i`. */
export async function probeVideo(file: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<VideoInfo | null> {
  const { stderr } = await runFfmpeg(['-i', file], { timeoutMs: options.timeoutMs ?? 60_000, signal: options.signal });
  return parseFfmpegInfo(stderr);
}

export const MAX_VIDEO_WIDTH = 1280;

/** Even width (yuv420p needs it), never wider than MAX_VIDEO_WIDTH, never upscaled; height follows (-2: even). */
const WEB_SCALE = `scale='trunc(min(${MAX_VIDEO_WIDTH},iw)/2)*2':-2`;

/** The width of the web MP4 made from an upright video `width` wide (what WEB_SCALE computes). */
export const webVideoWidth = (width: number) => Math.floor(Math.min(MAX_VIDEO_WIDTH, width) / 2) * 2;

/** One frame of `inputFile` at `atSeconds`, upright and web-sized, as JPEG (no watermark: the source of blurs). */
export async function grabFrame(inputFile: string, atSeconds: number, options: { signal?: AbortSignal } = {}): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fanclub-frame-'));
  try {
    const out = path.join(dir, 'frame.jpg');
    const grab = await runFfmpeg(['-y', '-ss', atSeconds.toFixed(3), '-i', inputFile, '-frames:v', '1', '-vf', WEB_SCALE, '-q:v', '3', out], { timeoutMs: 120_000, signal: options.signal });
    if (grab.code !== 0 || !fs.existsSync(out)) throw new UnreadableVideoError(`No frame could be taken: ${lastLines(grab.stderr)}`);
    return await fs.promises.readFile(out);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

const lastLines = (stderr: string, n = 3) =>
  stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-n)
    .join(' | ')
    .slice(0, 300);

/**
 * Renders a video file. Throws UnreadableVideoError when the input is not a readable video; other errors
 * (a killed process, a full disk) are plain Errors. Works in a temp folder that is removed afterwards.
 */
export async function renderVideo(inputFile: string, options: { timeoutMs?: number; signal?: AbortSignal; watermark?: Watermark | null } = {}): Promise<VideoRenditions> {
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const { signal } = options;
  const input = await probeVideo(inputFile, { timeoutMs: 60_000, signal });
  if (!input) throw new UnreadableVideoError('The file is not a readable video.');
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fanclub-video-'));
  try {
    const out = path.join(dir, 'web.mp4');
    let picture = ['-map', '0:v:0', '-vf', WEB_SCALE];
    let markInput: string[] = [];
    if (options.watermark) {
      // The mark is drawn for the web video's size (the upright input's size, scaled like WEB_SCALE).
      const width = webVideoWidth(input.width);
      const mark = await renderWatermark(options.watermark, width, Math.round((input.height * width) / input.width));
      const markFile = path.join(dir, 'watermark.png');
      await fs.promises.writeFile(markFile, mark.png);
      markInput = ['-i', markFile];
      picture = ['-filter_complex', `[0:v:0]${WEB_SCALE}[web];[web][1:v]overlay=${overlayPosition(options.watermark.position, mark.margin)}[out]`, '-map', '[out]'];
    }
    const encode = await runFfmpeg(
      [
        '-y', '-i', inputFile, ...markInput,
        ...picture, '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1',
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
        '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
        '-movflags', '+faststart', '-max_muxing_queue_size', '1024',
        out,
      ],
      { timeoutMs, signal },
    );
    if (encode.code !== 0) throw new UnreadableVideoError(`The video could not be converted: ${lastLines(encode.stderr)}`);
    const web = await probeVideo(out, { signal });
    if (!web) throw new UnreadableVideoError('The converted video could not be read back.');

    // The poster: taken from the web MP4, so it is already upright and scaled.
    const posterFile = path.join(dir, 'poster.jpg');
    const at = posterTime(web.durationSeconds);
    const grab = await runFfmpeg(['-y', '-ss', at.toFixed(3), '-i', out, '-frames:v', '1', '-q:v', '3', posterFile], { timeoutMs: 120_000, signal });
    if (grab.code !== 0 || !fs.existsSync(posterFile)) throw new UnreadableVideoError(`No poster frame could be taken: ${lastLines(grab.stderr)}`);
    const poster = await fs.promises.readFile(posterFile);
    const stills = await renderImage(poster);
    // With a watermark the poster carries it: blur a clean frame of the upload instead.
    const blur = options.watermark ? await renderBlur(await grabFrame(inputFile, at, { signal })) : stills.blur;

    return {
      video: await fs.promises.readFile(out),
      poster,
      thumbnail: stills.thumbnail,
      blur,
      width: web.width,
      height: web.height,
      durationSeconds: Math.round(web.durationSeconds * 1000) / 1000,
    };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
