// The uploading side of bench/photos.ts, in its own process so that sending 20 × 8 MB bodies never delays
// the browse load generator's clock (autocannon runs in the parent). Told the drafts and the photo files,
// it says `ready`; on `go` it uploads 20 at once, round after round, until the phase ends, deleting each
// photo after (a listing keeps at most 12), then answers with the upload times and when each one that was
// stored finished (ms after `go`), so the benchmark can count those processed inside the browse phase.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { UPLOAD_HEADER } from '#contracts/photos';

export type UploaderSetup = { port: number; drafts: Array<{ id: number; cookie: string }>; photoFiles: string[] };
export type UploaderReport = { uploadTimes: number[]; doneAtMs: number[]; failed: number; refusals: string[]; elapsedMs: number };

/**
 * One multipart upload over node:http (fetch gives up after 300 s without answer headers, and an upload
 * that waits its turn behind 19 others may take longer on a busy 2-core machine).
 */
function upload(port: number, pathname: string, file: Buffer, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="phone.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let setup: UploaderSetup | undefined;
let photos: Buffer[] = [];
process.on('message', async (message: { setup?: UploaderSetup; go?: { durationMs: number } }) => {
  if (message.setup) {
    setup = message.setup;
    photos = setup.photoFiles.map((file) => readFileSync(file));
    process.send?.('ready');
    return;
  }
  if (!message.go || !setup) return;
  const { port, drafts } = setup;
  const base = `http://127.0.0.1:${port}`;
  const report: UploaderReport = { uploadTimes: [], doneAtMs: [], failed: 0, refusals: [], elapsedMs: 0 };
  const started = Date.now();
  const stopAt = started + message.go.durationMs;
  let rounds = 0;
  while (Date.now() < stopAt) {
    rounds++;
    await Promise.all(
      drafts.map(async ({ id, cookie }, i) => {
        const from = { cookie, origin: base, 'x-forwarded-for': `10.0.${i}.1` };
        const t0 = performance.now();
        const res = await upload(port, `/api/spaces/${id}/photos`, photos[(i + rounds) % photos.length]!, { ...from, [UPLOAD_HEADER]: '1' });
        report.uploadTimes.push(performance.now() - t0);
        const body = JSON.parse(res.text) as { id?: string; message?: string };
        if (res.status !== 201) {
          report.failed++;
          if (report.refusals.length < 3) report.refusals.push(`${res.status} ${body.message}`);
        } else {
          report.doneAtMs.push(Date.now() - started);
          await fetch(`${base}/api/spaces/${id}/photos/${body.id}`, { method: 'DELETE', headers: from });
        }
      }),
    );
  }
  report.elapsedMs = Date.now() - started;
  process.send?.(report);
});
