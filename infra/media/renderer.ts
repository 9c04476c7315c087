// The media renderer port (./port.ts) as the API hands it to commands: sharp for pictures, ffmpeg for videos.
import type { MediaRenderer } from './port';
import { renderBlur, renderImage } from './images';
import { grabFrame, renderVideo } from './video';
import { demoImage } from './demo-images';

export const mediaRenderer: MediaRenderer = { renderImage, renderBlur, renderVideo, grabFrame, demoImage };
