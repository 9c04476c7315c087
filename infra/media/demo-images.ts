// Generated pictures for the demo posts a fresh install shows (clearly labelled DEMO), so a newcomer sees
// a real-looking site without shipping anyone's photos.
import sharp from 'sharp';

const PALETTES: [string, string, string][] = [
  ['#ff6a88', '#ff99ac', '#6a11cb'],
  ['#43cea2', '#185a9d', '#f8ffae'],
  ['#f7971e', '#ffd200', '#c31432'],
  ['#8e2de2', '#4a00e0', '#00d2ff'],
  ['#ee0979', '#ff6a00', '#2b5876'],
  ['#00b09b', '#96c93d', '#1d2b64'],
  ['#fc5c7d', '#6a82fb', '#fffbd5'],
];

export async function demoImage(index: number, title: string, width = 1200, height = 1500): Promise<Buffer> {
  const [a, b, c] = PALETTES[index % PALETTES.length];
  const circles = Array.from({ length: 6 }, (_, i) => {
    const cx = ((index * 37 + i * 173) % 100) / 100;
    const cy = ((index * 53 + i * 97) % 100) / 100;
    const r = 80 + ((index + i) * 41) % 260;
    return `<circle cx="${Math.round(cx * width)}" cy="${Math.round(cy * height)}" r="${r}" fill="${i % 2 ? c : '#ffffff'}" fill-opacity="${0.12 + (i % 3) * 0.08}"/>`;
  }).join('');
  const esc = (s: string) => s.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}
    <text x="50%" y="46%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(width / 9)}" font-weight="bold" fill="#ffffff" fill-opacity="0.92">${esc(title)}</text>
    <text x="50%" y="56%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(width / 22)}" fill="#ffffff" fill-opacity="0.85">DEMO CONTENT</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
