// Makes the demo home page's hero video, its poster (the first frame) and welcome sound (assets/demo/), committed so that no start needs ffmpeg.
// Run once by a developer with ffmpeg installed: `npx tsx scripts/make-demo-media.ts`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

const OUT = path.join(import.meta.dirname, "..", "assets", "demo");
const W = 960;
const H = 540;
const FPS = 24;
const SECONDS = 8;

/** One frame at time t in [0, 1): the hero's dusk scene with turning sun rays, drifting clouds and a glint on the panels. */
function frame(t: number): string {
  const tau = Math.PI * 2;
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * tau + t * (tau / 12);
    const [x1, y1] = [720 + Math.cos(a) * 120, 200 + Math.sin(a) * 120];
    const [x2, y2] = [720 + Math.cos(a) * 260, 200 + Math.sin(a) * 260];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#f6c79f" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round"/>`;
  }).join("");
  const clouds = [0, 0.37, 0.71]
    .map((offset, i) => {
      const x = ((t + offset) % 1) * (W + 400) - 200;
      const y = 70 + i * 55;
      return `<g opacity="0.25" fill="#e2e8f0"><ellipse cx="${x}" cy="${y}" rx="110" ry="22"/><ellipse cx="${x + 60}" cy="${y - 14}" rx="60" ry="20"/></g>`;
    })
    .join("");
  const glint = ((t * 1.25) % 1.25) * (W + 600) - 300;
  const panels = Array.from({ length: 3 }, (_, row) =>
    Array.from({ length: 6 }, (_, col) => {
      const x = 20 + col * 160 + row * 30;
      const y = 340 + row * 56;
      return `<g transform="translate(${x} ${y}) skewX(-24)"><rect width="136" height="42" rx="3" fill="#1d3a6b" stroke="#64748b" stroke-width="2"/><path d="M45 0 V42 M90 0 V42 M0 21 H136" stroke="#334155" stroke-width="2"/></g>`;
    }).join(""),
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="0.55" stop-color="#1e293b"/><stop offset="1" stop-color="#a34f22"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fae6d6"/><stop offset="0.45" stop-color="#eca574"/><stop offset="1" stop-color="#de7a37" stop-opacity="0"/></radialGradient>
    <linearGradient id="glint" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0f172a" stop-opacity="0.85"/><stop offset="0.7" stop-color="#0f172a" stop-opacity="0.2"/></linearGradient>
    <clipPath id="field"><rect x="0" y="330" width="${W}" height="${H - 330}"/></clipPath>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${rays}
  <circle cx="720" cy="200" r="170" fill="url(#sun)"/>
  ${clouds}
  <path d="M0 310 Q 240 255 480 300 T ${W} 280 V ${H} H 0z" fill="#1f2937"/>
  ${panels}
  <g clip-path="url(#field)"><rect x="${glint}" y="330" width="220" height="${H - 330}" fill="url(#glint)" transform="skewX(-24)"/></g>
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
</svg>`;
}

/** A soft three-note chime (E5, G♯5, B5) with a bell-like decay, 16-bit mono PCM WAV. */
function chimeWav(): Buffer {
  const rate = 44_100;
  const length = Math.round(rate * 2.6);
  const notes = [
    { f: 659.25, at: 0 },
    { f: 830.61, at: 0.22 },
    { f: 987.77, at: 0.44 },
  ];
  const pcm = Buffer.alloc(length * 2);
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    let v = 0;
    for (const n of notes) {
      const dt = t - n.at;
      if (dt < 0) continue;
      const env = Math.min(1, dt / 0.01) * Math.exp(-dt * 2.4);
      v += env * (Math.sin(2 * Math.PI * n.f * dt) + 0.3 * Math.sin(4 * Math.PI * n.f * dt) + 0.1 * Math.sin(6 * Math.PI * n.f * dt));
    }
    pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v * 0.28)) * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

const work = mkdtempSync(path.join(tmpdir(), "demo-media-"));
try {
  const frames = FPS * SECONDS;
  for (let i = 0; i < frames; i++) {
    await sharp(Buffer.from(frame(i / frames)))
      .png({ compressionLevel: 1 })
      .toFile(path.join(work, `f${String(i).padStart(4, "0")}.png`));
  }
  const ffmpeg = (...args: string[]) => execFileSync("ffmpeg", ["-y", "-loglevel", "error", ...args], { stdio: "inherit" });
  ffmpeg(
    "-framerate",
    String(FPS),
    "-i",
    path.join(work, "f%04d.png"),
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "42",
    "-row-mt",
    "1",
    "-pix_fmt",
    "yuv420p",
    "-an",
    path.join(OUT, "hero.webm"),
  );
  await sharp(Buffer.from(frame(0)))
    .webp({ quality: 72 })
    .toFile(path.join(OUT, "hero-poster.webp"));
  writeFileSync(path.join(work, "chime.wav"), chimeWav());
  ffmpeg("-i", path.join(work, "chime.wav"), "-c:a", "libmp3lame", "-b:a", "64k", "-ac", "1", path.join(OUT, "welcome.mp3"));
  console.log(`wrote ${OUT}/hero.webm, hero-poster.webp and welcome.mp3`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
