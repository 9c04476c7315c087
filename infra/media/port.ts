// The media renderer port: the pictures and videos commands record (upload renditions, rotations, blurred
// previews, demo pictures). ./renderer.ts implements it with sharp and ffmpeg; commands get it as a parameter,
// so they never load the native libraries themselves.
import type { Watermark } from '../../domain/media/watermark';

export interface ImageRenditions {
  original: Buffer;
  thumbnail: Buffer;
  blur: Buffer;
  width: number;
  height: number;
}

export interface ImageOptions {
  /** Clockwise degrees (0, 90, 180, 270) after honouring EXIF orientation: the creator's Rotate Image. */
  rotation?: number;
  watermark?: Watermark | null;
}

export interface VideoRenditions {
  /** H.264/AAC MP4, yuv420p, +faststart, at most 1280 px wide. */
  video: Buffer;
  /** Poster frame (JPEG, the size of the web video). */
  poster: Buffer;
  /** Poster thumbnail (JPEG, at most 720 px). */
  thumbnail: Buffer;
  /** Heavily blurred poster (JPEG). */
  blur: Buffer;
  width: number;
  height: number;
  durationSeconds: number;
}

export interface MediaRenderer {
  /** An upright web original (watermarked when asked), a thumbnail and a blurred preview of a photo. */
  renderImage(input: Buffer, options?: ImageOptions): Promise<ImageRenditions>;
  /** Only the blurred preview (Refresh Blur Image), turned like the original. */
  renderBlur(input: Buffer, options?: { rotation?: number }): Promise<Buffer>;
  /** The web video, poster, thumbnail and blur of a video file; rejects an unreadable video. */
  renderVideo(inputFile: string, options?: { timeoutMs?: number; signal?: AbortSignal; watermark?: Watermark | null }): Promise<VideoRenditions>;
  /** One frame of a video file at `atSeconds`, upright and web-sized, as JPEG (no watermark). */
  grabFrame(inputFile: string, atSeconds: number, options?: { signal?: AbortSignal }): Promise<Buffer>;
  /** A generated, clearly labelled demo picture (JPEG) for a fresh install's demo posts. */
  demoImage(index: number, title: string): Promise<Buffer>;
}
