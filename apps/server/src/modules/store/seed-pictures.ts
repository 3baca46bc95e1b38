import type { Font } from 'fontkit';
import {
  blob, circle, ellipse, hex, linear, mix, Picture, polygon, radial, randomOf, roundRect, textShape, textWidth, type Paint, type Rgb, type Shape,
} from './seed-raster.js';

/**
 * The demo menu's pictures, drawn at seed time: a flat illustration per dish (a plate, a bowl,
 * a cup, a coffee, a glass, or a tray for a combo) on its category's soft gradient, with the
 * name in large bold type on a label and a 招牌/新品 badge. 400×400, readable from a 100 px
 * thumbnail to a 300 px card.
 */

export const PICTURE_SIZE = 400;

/** What a dish looks like: the vessel, the food's colours and what lies on top. */
export interface Look {
  vessel: 'plate' | 'bowl' | 'cup' | 'coffee' | 'glass';
  /** Light and dark of the food or the drink. */
  food: readonly [string, string];
  /** What is scattered on it: chilli, scallion, sesame, cubes (tofu), pearls, fruit slices… */
  bits?: ReadonlyArray<{ kind: 'dot' | 'cube' | 'strip' | 'slice' | 'ball'; color: string; count: number; size?: number }>;
  /** A cup's or bowl's colour (default white porcelain). */
  ware?: string;
  /** A cream or foam layer on a drink (milk foam, cheese cap, beer head). */
  cap?: string;
}

/** A category's background: light and dark of its gradient, and the ink of its label. */
export interface Palette { light: string; dark: string; ink: string }

export interface DishPicture {
  name: string;
  palette: Palette;
  badge?: string;
  /** One look (a dish) or several (a combo, drawn on a tray). */
  looks: readonly Look[];
}

const WHITE: Rgb = [255, 255, 255];
const SHADOW: Rgb = [60, 35, 20];

type Random = () => number;

/** The band between two circles (the inner one runs the other way, so it stays empty). */
const ring = (cx: number, cy: number, outer: number, inner: number): Shape => [...circle(cx, cy, outer), ...circle(cx, cy, inner).map((c) => [...c].reverse())];

function shadow(pic: Picture, cx: number, cy: number, rx: number, ry: number): void {
  pic.fill(ring(cx, cy, rx * 1.06, rx).map((c) => c.map((p) => ({ x: p.x, y: cy + ((p.y - cy) * ry) / rx }))), SHADOW, 0.07);
  pic.fill(ellipse(cx, cy, rx, ry), SHADOW, 0.15);
}

/** Scatters bits over a round area of radius r around (cx, cy). */
function scatter(pic: Picture, cx: number, cy: number, r: number, scale: number, look: Look, random: Random): void {
  for (const bit of look.bits ?? []) {
    const color = hex(bit.color);
    for (let i = 0; i < bit.count; i++) {
      const a = random() * Math.PI * 2;
      const d = Math.sqrt(random()) * r;
      const x = cx + Math.cos(a) * d;
      const y = cy + Math.sin(a) * d;
      const size = (bit.size ?? 1) * scale;
      const turn = random() * Math.PI;
      if (bit.kind === 'dot') pic.fill(ellipse(x, y, 4 * size, 2.6 * size, turn), color, 0.95);
      else if (bit.kind === 'cube') {
        pic.fill(roundRect(x - 9 * size, y - 9 * size, 18 * size, 18 * size, 4 * size, turn), color);
        pic.fill(roundRect(x - 8 * size, y - 8 * size, 9 * size, 7 * size, 3 * size, turn), WHITE, 0.35);
      } else if (bit.kind === 'strip') pic.fill(roundRect(x - 16 * size, y - 3 * size, 32 * size, 6 * size, 3 * size, turn), color, 0.95);
      else if (bit.kind === 'slice') {
        pic.fill(circle(x, y, 11 * size), color);
        pic.fill(circle(x, y, 8 * size), mix(color, WHITE, 0.45), 0.9);
      } else {
        pic.fill(circle(x, y, 7 * size), color);
        pic.fill(circle(x - 2 * size, y - 2 * size, 2.4 * size), WHITE, 0.5);
      }
    }
  }
}

function plate(pic: Picture, cx: number, cy: number, r: number, look: Look, random: Random): void {
  shadow(pic, cx + r * 0.05, cy + r * 0.1, r * 1.02, r * 1.0);
  pic.fill(circle(cx, cy, r), radial(cx - r * 0.3, cy - r * 0.3, r * 1.5, [WHITE, hex('#e9e4dc')]));
  pic.fill(ring(cx, cy, r * 0.8, r * 0.77), hex('#d9d2c7'), 0.5);
  pic.fill(circle(cx, cy + r * 0.01, r * 0.78), radial(cx, cy, r * 0.8, [hex('#fbf9f6'), hex('#eee9e1')]));
  const [light, dark] = [hex(look.food[0]), hex(look.food[1])];
  const foodR = r * 0.6;
  pic.fill(blob(cx + r * 0.02, cy + r * 0.04, foodR, 0.12, random), dark, 0.35);
  pic.fill(blob(cx, cy, foodR, 0.1, random), radial(cx - foodR * 0.35, cy - foodR * 0.4, foodR * 1.6, [light, dark]));
  scatter(pic, cx, cy, foodR * 0.82, r / 120, look, random);
  pic.fill(ellipse(cx - foodR * 0.35, cy - foodR * 0.42, foodR * 0.32, foodR * 0.12, -0.6), WHITE, 0.28);
}

function bowl(pic: Picture, cx: number, cy: number, r: number, look: Look, random: Random): void {
  const ware = hex(look.ware ?? '#f7f4ee');
  shadow(pic, cx + r * 0.05, cy + r * 0.1, r * 1.02, r * 1.0);
  pic.fill(circle(cx, cy, r), radial(cx - r * 0.3, cy - r * 0.35, r * 1.6, [mix(ware, WHITE, 0.6), mix(ware, SHADOW, 0.12)]));
  pic.fill(ring(cx, cy, r * 0.86, r * 0.8), mix(ware, SHADOW, 0.15), 0.6);
  const [light, dark] = [hex(look.food[0]), hex(look.food[1])];
  const soupR = r * 0.82;
  pic.fill(circle(cx, cy + r * 0.015, soupR), radial(cx + soupR * 0.2, cy + soupR * 0.25, soupR * 1.2, [light, dark]));
  scatter(pic, cx, cy, soupR * 0.78, r / 120, look, random);
  pic.fill(ellipse(cx - soupR * 0.3, cy - soupR * 0.45, soupR * 0.42, soupR * 0.1, -0.35), WHITE, 0.3);
  // blue-and-white ware: a painted line and small dots on the rim
  if (look.ware) {
    const paint = mix(ware, SHADOW, 0.4);
    pic.fill(ring(cx, cy, r * 0.965, r * 0.945), paint, 0.6);
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      pic.fill(circle(cx + Math.cos(a) * r * 0.905, cy + Math.sin(a) * r * 0.905, r * 0.014), paint, 0.5);
    }
  }
}

/** A takeaway cup seen from the side: drink, toppings at the bottom, a cap, a lid and a straw. */
function cup(pic: Picture, cx: number, cy: number, r: number, look: Look, random: Random): void {
  const top = cy - r * 0.82;
  const bottom = cy + r * 0.95;
  const halfTop = r * 0.56;
  const halfBottom = r * 0.42;
  shadow(pic, cx, bottom, r * 0.62, r * 0.13);
  const [light, dark] = [hex(look.food[0]), hex(look.food[1])];
  const body = polygon([[cx - halfTop, top], [cx + halfTop, top], [cx + halfBottom, bottom], [cx - halfBottom, bottom]]);
  // the straw behind the lid, leaning right
  pic.fill(polygon([[cx + r * 0.1, top + r * 0.1], [cx + r * 0.22, top + r * 0.1], [cx + r * 0.42, top - r * 0.62], [cx + r * 0.3, top - r * 0.62]]), hex('#3b3b3b'));
  pic.fill(body, linear(cx, top, cx, bottom, [light, dark]));
  const widthAt = (y: number) => halfTop + ((halfBottom - halfTop) * (y - top)) / (bottom - top);
  if (look.cap) {
    const capBottom = top + r * 0.32;
    pic.fill(polygon([[cx - halfTop, top], [cx + halfTop, top], [cx + widthAt(capBottom), capBottom], [cx - widthAt(capBottom), capBottom]]), hex(look.cap));
    for (let i = 0; i < 5; i++) {
      const x = cx - widthAt(capBottom) + ((i + 0.5) / 5) * widthAt(capBottom) * 2;
      pic.fill(circle(x, capBottom, r * 0.075), hex(look.cap));
    }
  }
  // toppings settle in the lower part
  for (const bit of look.bits ?? []) {
    const color = hex(bit.color);
    for (let i = 0; i < bit.count; i++) {
      const y = bottom - r * 0.12 - random() * r * (bit.kind === 'ball' ? 0.45 : 1.2);
      const half = widthAt(y) - r * 0.12;
      const x = cx + (random() * 2 - 1) * half;
      const size = (bit.size ?? 1) * (r / 120);
      if (bit.kind === 'slice') {
        pic.fill(circle(x, y, 16 * size), color, 0.9);
        pic.fill(circle(x, y, 12 * size), mix(color, WHITE, 0.5), 0.8);
      } else if (bit.kind === 'cube') pic.fill(roundRect(x - 8 * size, y - 8 * size, 16 * size, 16 * size, 3 * size, random()), color, 0.9);
      else pic.fill(circle(x, y, 8 * size), color, 0.95);
    }
  }
  // glassy highlight and the lid
  pic.fill(polygon([[cx - halfTop + r * 0.1, top + r * 0.05], [cx - halfTop + r * 0.2, top + r * 0.05], [cx - halfBottom + r * 0.16, bottom - r * 0.08], [cx - halfBottom + r * 0.08, bottom - r * 0.08]]), WHITE, 0.3);
  pic.fill(roundRect(cx - halfTop - r * 0.06, top - r * 0.12, (halfTop + r * 0.06) * 2, r * 0.16, r * 0.06), hex('#f4f4f4'));
  pic.fill(roundRect(cx - halfTop - r * 0.06, top - r * 0.12, (halfTop + r * 0.06) * 2, r * 0.05, r * 0.03), WHITE, 0.8);
}

/** A hot drink from above: saucer, cup with handle, the drink and its crema or leaves. */
function coffee(pic: Picture, cx: number, cy: number, r: number, look: Look, random: Random): void {
  shadow(pic, cx + r * 0.05, cy + r * 0.1, r * 1.02, r * 1.0);
  pic.fill(circle(cx, cy, r), radial(cx - r * 0.3, cy - r * 0.3, r * 1.5, [WHITE, hex('#e6e0d6')]));
  pic.fill(roundRect(cx + r * 0.5, cy - r * 0.13, r * 0.42, r * 0.26, r * 0.12), hex(look.ware ?? '#fdfcf9'));
  pic.fill(circle(cx, cy, r * 0.66), hex(look.ware ?? '#fdfcf9'));
  pic.fill(ring(cx, cy, r * 0.66, r * 0.6), SHADOW, 0.08);
  const [light, dark] = [hex(look.food[0]), hex(look.food[1])];
  pic.fill(circle(cx, cy, r * 0.52), radial(cx, cy, r * 0.52, [light, dark]));
  if (look.cap) {
    // a latte heart: two lobes and a point
    const cap = hex(look.cap);
    const s = r * 0.2;
    pic.fill(circle(cx - s * 0.55, cy - s * 0.25, s * 0.62), cap);
    pic.fill(circle(cx + s * 0.55, cy - s * 0.25, s * 0.62), cap);
    pic.fill(polygon([[cx - s * 1.12, cy - s * 0.1], [cx + s * 1.12, cy - s * 0.1], [cx, cy + s * 1.05]]), cap);
  }
  scatter(pic, cx, cy, r * 0.4, r / 120, look, random);
  pic.fill(ellipse(cx - r * 0.2, cy - r * 0.3, r * 0.2, r * 0.06, -0.5), WHITE, 0.25);
}

/** A tall glass (beer, plum drink, juice): liquid with bubbles and an optional head. */
function glass(pic: Picture, cx: number, cy: number, r: number, look: Look, random: Random): void {
  const top = cy - r * 0.95;
  const bottom = cy + r * 0.95;
  const half = r * 0.45;
  shadow(pic, cx, bottom, r * 0.55, r * 0.12);
  pic.fill(roundRect(cx - half, top, half * 2, bottom - top, r * 0.08), hex('#eef5f8'), 0.55);
  const liquidTop = top + r * 0.22;
  const [light, dark] = [hex(look.food[0]), hex(look.food[1])];
  pic.fill(roundRect(cx - half + r * 0.05, liquidTop, (half - r * 0.05) * 2, bottom - liquidTop - r * 0.05, r * 0.06), linear(cx, liquidTop, cx, bottom, [light, dark]));
  if (look.cap) pic.fill(roundRect(cx - half + r * 0.05, liquidTop - r * 0.1, (half - r * 0.05) * 2, r * 0.24, r * 0.08), hex(look.cap));
  for (let i = 0; i < 14; i++) {
    const x = cx + (random() * 2 - 1) * (half - r * 0.15);
    const y = liquidTop + r * 0.25 + random() * (bottom - liquidTop - r * 0.4);
    pic.fill(circle(x, y, r * (0.012 + random() * 0.02)), WHITE, 0.55);
  }
  for (const bit of look.bits ?? []) {
    for (let i = 0; i < bit.count; i++) {
      const x = cx + (random() * 2 - 1) * (half - r * 0.2);
      const y = liquidTop + r * 0.2 + random() * r * 0.6;
      pic.fill(circle(x, y, r * 0.12 * (bit.size ?? 1)), hex(bit.color), 0.9);
      pic.fill(circle(x, y, r * 0.09 * (bit.size ?? 1)), mix(hex(bit.color), WHITE, 0.5), 0.8);
    }
  }
  pic.fill(roundRect(cx - half + r * 0.1, top + r * 0.08, r * 0.08, bottom - top - r * 0.25, r * 0.04), WHITE, 0.45);
}

const VESSELS = { plate, bowl, cup, coffee, glass } as const;

function background(palette: Palette, random: Random): Picture {
  const light = hex(palette.light);
  const dark = hex(palette.dark);
  const pic = new Picture(PICTURE_SIZE, PICTURE_SIZE, linear(0, 0, PICTURE_SIZE, PICTURE_SIZE, [light, mix(light, dark, 0.45), dark]));
  // two soft discs off the corners
  pic.fill(circle(PICTURE_SIZE - 40 + random() * 40, 30 + random() * 40, 90 + random() * 40), WHITE, 0.14);
  pic.fill(circle(random() * 60, PICTURE_SIZE - 120 + random() * 60, 70 + random() * 40), WHITE, 0.12);
  return pic;
}

/** A name on its label at the bottom: as large as fits (52 px down to 30 px). */
function label(pic: Picture, font: Font, name: string, palette: Palette): void {
  const maxWidth = PICTURE_SIZE - 72;
  const size = Math.max(30, Math.min(52, Math.floor((52 * maxWidth) / textWidth(font, name, 52))));
  const bandTop = 312;
  const bandHeight = 68;
  pic.fill(roundRect(22, bandTop + bandHeight - 30, PICTURE_SIZE - 44, 34, 22), SHADOW, 0.12);
  pic.fill(roundRect(22, bandTop, PICTURE_SIZE - 44, bandHeight, 22), WHITE, 0.92);
  pic.fill(textShape(font, name, size, PICTURE_SIZE / 2, bandTop + bandHeight / 2), hex(palette.ink));
}

function badge(pic: Picture, font: Font, text: string): void {
  const color = hex(text === '新品' ? '#1f9d63' : '#d93a1f');
  pic.fill(roundRect(20, 22, 88, 40, 20), SHADOW, 0.15);
  pic.fill(roundRect(20, 18, 88, 40, 20), color);
  pic.fill(textShape(font, text, 24, 64, 38), WHITE);
}

/** A dish's or combo's picture as a PNG file. */
export function drawDish(font: Font, picture: DishPicture): Buffer {
  const random = randomOf(picture.name);
  const pic = background(picture.palette, random);
  const [first, ...rest] = picture.looks;
  if (!first) throw new Error(`${picture.name}: no look to draw`);
  if (!rest.length) VESSELS[first.vessel](pic, 200, 162, 124, first, random);
  else {
    // a combo: a wooden tray with up to three of its items
    pic.fill(roundRect(34, 54, 344, 248, 36), SHADOW, 0.16);
    const tray: Paint = linear(30, 50, 370, 290, [hex('#d9a86c'), hex('#b07a3f')]);
    pic.fill(roundRect(28, 44, 344, 248, 36), tray);
    pic.fill(roundRect(40, 56, 320, 224, 28), hex('#e6bb82'), 0.6);
    const spots = [[128, 130, 74], [272, 130, 74], [200, 222, 58]] as const;
    picture.looks.slice(0, 3).forEach((look, i) => {
      const [x, y, r] = spots[i]!;
      VESSELS[look.vessel](pic, x, y, r, look, random);
    });
  }
  if (picture.badge) badge(pic, font, picture.badge);
  label(pic, font, picture.name, picture.palette);
  return pic.png();
}

/** A store's logo: one large character in a ring on the brand's colour. */
export function drawLogo(font: Font, character: string, colors: readonly [string, string]): Buffer {
  const [light, dark] = [hex(colors[0]), hex(colors[1])];
  const size = 240;
  const pic = new Picture(size, size, radial(size * 0.35, size * 0.3, size * 0.95, [light, dark]));
  pic.fill(ring(size / 2, size / 2, 100, 92), WHITE, 0.85);
  pic.fill(textShape(font, character, 118, size / 2, size / 2), WHITE);
  return pic.png();
}
