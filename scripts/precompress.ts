// Writes foo.br (brotli 11) and foo.gz (gzip 9) beside every text file of the site build, once, at build
// time, so the server sends compressed files without compressing per request (docs/decisions/0701).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const TEXT_FILES = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest|map)$/;
/** Smaller files gain less than the bytes of the headers that would announce the encoding. */
const MIN_BYTES = 1024;

export function precompressDir(dir: string): { files: number; bytes: number; brBytes: number } {
  const totals = { files: 0, bytes: 0, brBytes: 0 };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const full = path.join(folder, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (TEXT_FILES.test(entry) && stat.size >= MIN_BYTES) {
        const data = readFileSync(full);
        const br = brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } });
        const gz = gzipSync(data, { level: 9 });
        // A variant no smaller than the original is not written: the plain file is then served.
        if (br.length < data.length) writeFileSync(`${full}.br`, br);
        if (gz.length < data.length) writeFileSync(`${full}.gz`, gz);
        totals.files++;
        totals.bytes += data.length;
        totals.brBytes += Math.min(br.length, data.length);
      }
    }
  };
  walk(dir);
  return totals;
}
