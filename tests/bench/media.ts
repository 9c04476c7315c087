// Media processing figures, same run: image rendering (sharp) in ms per megapixel for a 12 MP JPEG, and video
// rendering (ffmpeg: probe, H.264/AAC web MP4 at ≤1280 px, poster, blur) in seconds per minute of 720p, measured
// on a 10 s 720p clip and scaled. Times the same render functions the media worker runs (storage and events
// excluded). Prints; asserts nothing.
//
// Stand-alone: npx tsx tests/bench/media.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderImage } from '../../infra/media/images';
import { renderVideo, runFfmpeg } from '../../infra/media/video';

export interface MediaBenchResult {
  imageMegapixels: number;
  imageMs: number;
  imageMsPerMegapixel: number;
  videoSeconds: number;
  videoRenderSeconds: number;
  videoSecondsPerMinute: number;
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** A 12 MP (4000x3000) JPEG with noise over a gradient, so it compresses like a photo rather than a flat fill. */
async function photo12mp(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  const gradient = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c03"/><stop offset="1" stop-color="#03c"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.7"/></svg>`,
  );
  return sharp(noise).composite([{ input: gradient }]).jpeg({ quality: 90 }).toBuffer();
}

export async function benchMedia(options: { log?: (line: string) => void } = {}): Promise<MediaBenchResult> {
  const log = options.log ?? ((l: string) => console.log(l));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-bench-media-'));
  try {
    // Image: one warm-up (sharp/libvips start-up), then the median of three.
    const jpeg = await photo12mp();
    const meta = await sharp(jpeg).metadata();
    const megapixels = (meta.width! * meta.height!) / 1e6;
    await renderImage(jpeg);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = process.hrtime.bigint();
      await renderImage(jpeg);
      runs.push(ms(t0));
    }
    const imageMs = runs.sort((a, b) => a - b)[1];

    // Video: a 10 s 1280x720 25 fps H.264/AAC clip (what a phone sends, roughly), rendered once.
    const clipSeconds = 10;
    const clip = path.join(dir, 'clip.mp4');
    const made = await runFfmpeg([
      '-y', '-f', 'lavfi', '-i', `testsrc2=duration=${clipSeconds}:size=1280x720:rate=25`, '-f', 'lavfi', '-i', `sine=duration=${clipSeconds}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip,
    ]);
    if (made.code !== 0) throw new Error(`could not make the bench clip: ${made.stderr.slice(-300)}`);
    const t0 = process.hrtime.bigint();
    const v = await renderVideo(clip);
    const videoRenderSeconds = ms(t0) / 1000;

    const result: MediaBenchResult = {
      imageMegapixels: megapixels,
      imageMs,
      imageMsPerMegapixel: imageMs / megapixels,
      videoSeconds: v.durationSeconds,
      videoRenderSeconds,
      videoSecondsPerMinute: videoRenderSeconds * (60 / v.durationSeconds),
    };
    log(`media: image ${megapixels.toFixed(1)} MP JPEG rendered in ${imageMs.toFixed(0)} ms = ${result.imageMsPerMegapixel.toFixed(1)} ms/MP (median of 3)`);
    log(
      `media: video ${v.durationSeconds.toFixed(1)} s of 720p rendered in ${videoRenderSeconds.toFixed(2)} s = ${result.videoSecondsPerMinute.toFixed(1)} s per minute of 720p ` +
        `(${(v.durationSeconds / videoRenderSeconds).toFixed(1)}x real time; ${os.cpus().length} cores)`,
    );
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMedia();
}
