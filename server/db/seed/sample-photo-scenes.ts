/**
 * Sample project photos and logos drawn for this project as SVG (docs/decisions/0112-photos-on-the-public-site.md):
 * simple scenes (a house, a deck, a roof, a kitchen) in varied colours, and round logos with a
 * business's initials. Nothing here is copied from anywhere; sharp renders them and the upload's
 * processing makes their renditions, as it does for a contractor's own photos.
 */

/** Drawn on a 960 x 720 canvas and rendered at 640 x 480: two renditions per format keep the seed fast. */
export const SCENE_WIDTH = 640;
export const SCENE_HEIGHT = 480;

export type SceneKind = 'house' | 'deck' | 'roof' | 'kitchen';

export interface Palette {
  sky: string;
  wall: string;
  roof: string;
  trim: string;
  ground: string;
}

export const PALETTES: readonly Palette[] = [
  { sky: '#9fd3f2', wall: '#f1e4c8', roof: '#7a3b2e', trim: '#ffffff', ground: '#6aa84f' },
  { sky: '#c9e6f7', wall: '#8fb3c9', roof: '#37474f', trim: '#f5f5f5', ground: '#7cb342' },
  { sky: '#f7d9a8', wall: '#c0392b', roof: '#2f3640', trim: '#fdf6e3', ground: '#8bc34a' },
  { sky: '#b3e5fc', wall: '#e8eef2', roof: '#5d4037', trim: '#263238', ground: '#558b2f' },
  { sky: '#d1c4e9', wall: '#a1887f', roof: '#455a64', trim: '#fff8e1', ground: '#689f38' },
];

const frame = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 960 720">${body}</svg>`;

const trees = (p: Palette) =>
  [80, 860]
    .map(
      (x) =>
        `<rect x="${x - 8}" y="430" width="16" height="90" fill="#5d4037"/><circle cx="${x}" cy="400" r="60" fill="${p.ground}" stroke="#33691e" stroke-width="4"/>`,
    )
    .join('');

function house(p: Palette): string {
  return frame(`
    <rect width="960" height="720" fill="${p.sky}"/>
    <circle cx="820" cy="110" r="50" fill="#fff59d"/>
    <rect y="520" width="960" height="200" fill="${p.ground}"/>
    ${trees(p)}
    <rect x="250" y="300" width="460" height="240" fill="${p.wall}" stroke="${p.trim}" stroke-width="6"/>
    <polygon points="220,310 480,150 740,310" fill="${p.roof}"/>
    <rect x="440" y="400" width="80" height="140" fill="${p.roof}" stroke="${p.trim}" stroke-width="6"/>
    <rect x="300" y="350" width="90" height="80" fill="#bbdefb" stroke="${p.trim}" stroke-width="8"/>
    <rect x="570" y="350" width="90" height="80" fill="#bbdefb" stroke="${p.trim}" stroke-width="8"/>
    <rect x="600" y="190" width="40" height="80" fill="#8d6e63"/>
    <path d="M440 540 L420 720 L540 720 L520 540 Z" fill="#bcaaa4"/>`);
}

function deck(p: Palette): string {
  const boards = Array.from(
    { length: 9 },
    (_, i) => `<rect x="120" y="${430 + i * 22}" width="720" height="18" fill="${i % 2 ? '#a1673f' : '#b07848'}"/>`,
  ).join('');
  const rails = Array.from(
    { length: 13 },
    (_, i) => `<rect x="${130 + i * 58}" y="320" width="12" height="110" fill="${p.trim}"/>`,
  ).join('');
  return frame(`
    <rect width="960" height="720" fill="${p.sky}"/>
    <rect y="380" width="960" height="340" fill="${p.ground}"/>
    ${trees(p)}
    <rect x="0" y="120" width="960" height="300" fill="${p.wall}"/>
    <rect x="380" y="200" width="200" height="220" fill="#90caf9" stroke="${p.trim}" stroke-width="10"/>
    ${boards}
    <rect x="120" y="310" width="720" height="14" fill="${p.trim}"/>
    ${rails}
    <rect x="250" y="470" width="140" height="12" fill="${p.roof}"/><rect x="270" y="482" width="10" height="60" fill="${p.roof}"/><rect x="360" y="482" width="10" height="60" fill="${p.roof}"/>
    <circle cx="650" cy="470" r="40" fill="#ef9a9a"/><rect x="640" y="500" width="20" height="60" fill="${p.roof}"/>`);
}

function roof(p: Palette): string {
  const rows = Array.from({ length: 10 }, (_, r) =>
    Array.from(
      { length: 14 },
      (_, c) =>
        `<rect x="${40 + c * 64 + (r % 2) * 32}" y="${180 + r * 40}" width="60" height="36" rx="3" fill="${p.roof}" opacity="${0.75 + ((r * 7 + c * 3) % 5) * 0.05}"/>`,
    ).join(''),
  ).join('');
  return frame(`
    <rect width="960" height="720" fill="${p.sky}"/>
    <polygon points="0,600 480,120 960,600" fill="${p.wall}"/>
    <clipPath id="r"><polygon points="20,590 480,140 940,590"/></clipPath>
    <g clip-path="url(#r)">${rows}</g>
    <rect x="620" y="200" width="70" height="140" fill="#8d6e63"/>
    <rect y="600" width="960" height="120" fill="${p.ground}"/>
    <rect x="150" y="560" width="660" height="10" fill="${p.trim}"/>`);
}

function kitchen(p: Palette): string {
  const cabinets = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${90 + i * 130}" y="110" width="120" height="150" rx="6" fill="${p.wall}" stroke="${p.trim}" stroke-width="4"/>`,
  ).join('');
  const lower = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${90 + i * 130}" y="450" width="120" height="180" rx="6" fill="${p.wall}" stroke="${p.trim}" stroke-width="4"/><rect x="${140 + i * 130}" y="470" width="20" height="6" fill="${p.roof}"/>`,
  ).join('');
  return frame(`
    <rect width="960" height="720" fill="#f5f0e6"/>
    <rect y="640" width="960" height="80" fill="#8d6e63"/>
    ${cabinets}
    <rect x="60" y="300" width="840" height="130" fill="#eceff1"/>
    <rect x="60" y="420" width="840" height="30" fill="${p.roof}"/>
    ${lower}
    <rect x="380" y="300" width="200" height="110" fill="#90caf9" stroke="${p.trim}" stroke-width="8"/>
    <rect x="430" y="400" width="100" height="20" fill="#b0bec5"/>
    <circle cx="720" cy="385" r="28" fill="#455a64"/><circle cx="800" cy="385" r="28" fill="#455a64"/>
    <rect x="200" y="60" width="8" height="50" fill="#455a64"/><circle cx="204" cy="120" r="18" fill="#fff59d"/>
    <rect x="740" y="60" width="8" height="50" fill="#455a64"/><circle cx="744" cy="120" r="18" fill="#fff59d"/>`);
}

export const SCENES: Record<SceneKind, (p: Palette) => string> = { house, deck, roof, kitchen };

export const SCENE_CAPTIONS: Record<SceneKind, string[]> = {
  house: ['New two-story home', 'Farmhouse build, finished this fall', 'Cabin with a new front porch'],
  deck: ['Pressure-treated deck with railings', 'Back deck and patio set', 'Lakeside deck rebuilt'],
  roof: [
    'Architectural shingle roof replacement',
    'Standing-seam roof over the garage',
    'Storm repair, new ridge vent',
  ],
  kitchen: ['Kitchen remodel with new cabinets', 'Custom island and range wall', 'Cabinet refacing and countertops'],
};

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A round logo with the business's initials, in one of a few colour pairs. */
export function logoSvg(name: string, colour: { fill: string; ink: string }): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !['and', 'of', 'the'].includes(w.toLowerCase()))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  // Rendered at 256 pixels: the 128 and 256 renditions are what cards and profiles show.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 512 512">
    <rect width="512" height="512" fill="#ffffff"/>
    <circle cx="256" cy="256" r="240" fill="${colour.fill}"/>
    <circle cx="256" cy="256" r="205" fill="none" stroke="${colour.ink}" stroke-width="10"/>
    <polygon points="156,220 256,140 356,220" fill="${colour.ink}"/>
    <text x="256" y="350" font-family="DejaVu Sans, Arial, sans-serif" font-size="130" font-weight="bold" text-anchor="middle" fill="${colour.ink}">${escapeXml(initials)}</text>
  </svg>`;
}

export const LOGO_COLOURS: readonly { fill: string; ink: string }[] = [
  { fill: '#1e3a5f', ink: '#ffffff' },
  { fill: '#b23a48', ink: '#fff8e1' },
  { fill: '#2e7d32', ink: '#ffffff' },
  { fill: '#f9a825', ink: '#263238' },
  { fill: '#5d4037', ink: '#ffe0b2' },
];
