// The API's edges: unknown routes, malformed and oversized bodies, unexpected errors, security headers.
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../fixtures/test-app';
import { createApp, errorHandler } from '#api/app';
import { createLogger } from '#api/lib/logger';

describe('createApp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'No API route for GET /does-not-exist', code: 'not_found' });
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    const res = await t.request('/api/health', { method: 'POST', body: '{"broken": ' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: 'Request body is not valid JSON.', code: 'bad_request' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.request('/api/health', { method: 'POST', body: JSON.stringify({ text: 'x'.repeat(200_000) }) });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'payload_too_large' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.request('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('writes one line per request at its level, with the X-Request-Id, and builds nothing per request for lines it drops', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (l: string) => void lines.push(l) });
    // A per-request child logger (pino-http's way) serialised and redacted every request even at warn,
    // where the line is dropped: the Express path's largest per-request cost (docs/decisions/0703).
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof logger.child>) => (children++, child(...args))) as typeof logger.child;
    const { app } = createApp({ ...t.context, logger });
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    try {
      for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/api/spaces`)).status).toBe(200);
      const missing = await fetch(`http://127.0.0.1:${port}/api/nothing-here?token=secret-value`);
      expect(missing.status).toBe(404);
      // The line is written on 'close', just after the answer.
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      expect(children).toBe(0);
      const written = lines.map((l) => JSON.parse(l) as { level: number; msg: string; req: { id: string; method: string; url: string }; res: { statusCode: number } });
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({ level: 40, msg: 'request completed', req: { id: missing.headers.get('x-request-id'), method: 'GET', url: '/api/nothing-here?token=[redacted]' }, res: { statusCode: 404 } });
    } finally {
      server.close();
    }
  });
});

describe('errorHandler', () => {
  it('answers an unexpected error with 500 "Internal error", logs it, and never leaks the stack', async () => {
    const logs: string[] = [];
    const app = express();
    app.get('/api/boom', () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    app.use(errorHandler({ logger: createLogger('error', { write: (l: string) => void logs.push(l) }) }));
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/boom`);
    const body = await res.text();
    server.close();
    expect(res.status).toBe(500);
    expect(JSON.parse(body)).toEqual({ message: 'Internal error', code: 'internal' });
    expect(body).not.toContain('secret internals');
    expect(logs.join('\n')).toContain('secret internals');
  });
});
