// Draws the comet scene's picture and digitises it with the digitiser's own pipeline:
//
//   pnpm --filter viewer comet
//
// writes src/programs/assets/comet.png (src/programs/comet-image.ts draws it) and
// src/programs/assets/comet-contour.txt (traceImage -> normalizeContour -> formatContour with
// COMET_TRACE, src/programs/trace-image.ts). src/programs/trace-image.test.ts checks that the
// shipped contour is what a fresh trace of the shipped picture gives.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { COMET_HEIGHT, COMET_WIDTH, drawComet } from '../src/programs/comet-image.js';
import { cometContourText } from '../src/programs/trace-image.js';

const assets = join(dirname(dirname(fileURLToPath(import.meta.url))), 'src', 'programs', 'assets');
const data = drawComet();
const png = new PNG({ width: COMET_WIDTH, height: COMET_HEIGHT });
png.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
writeFileSync(join(assets, 'comet.png'), PNG.sync.write(png, { deflateLevel: 9 }));
// The contour is traced from the decoded file, exactly as the test and the page see the picture.
const decoded = PNG.sync.read(PNG.sync.write(png));
writeFileSync(
  join(assets, 'comet-contour.txt'),
  cometContourText({ width: decoded.width, height: decoded.height, data: decoded.data }),
);
console.log(`wrote ${join(assets, 'comet.png')} and comet-contour.txt`);
