// The development mailbox, readable at GET /api/dev/mail (JSON) and /dev/mail (HTML). Mounted only
// when not in production and only when mail goes to the in-memory mailbox (no SMTP_URL), and answered
// only to the machine itself: it holds everyone's reset links (docs/decisions/0607).
import { isIP } from 'node:net';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Mailer } from '../../lib/mailer';
import { escapeHtml } from './email-templates';

export function devMailAvailable(production: boolean, mailer: Mailer): boolean {
  return !production && typeof mailer.list === 'function';
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * Decided by the socket's peer address, never X-Forwarded-For (anyone can send that header). Requests
 * from other addresses fall through to the 404, as if there were no mailbox.
 */
function fromThisMachine(req: Request, _res: Response, next: NextFunction) {
  if (isLoopbackAddress(req.socket.remoteAddress)) return next();
  next('router');
}

/** GET /dev/mail under /api: the JSON list, newest first. */
export function createDevMailApiRouter(mailer: Mailer): Router {
  const router = Router();
  router.get('/dev/mail', fromThisMachine, (_req, res) => {
    res.json(mailer.list!().map(({ to, subject, text, html, headers, createdAt }) => ({ to, subject, text, html, headers: headers ?? {}, createdAt })));
  });
  return router;
}

/** GET /dev/mail: a page listing the mailbox; each email's HTML is shown in a sandboxed frame. */
export function createDevMailPageRouter(mailer: Mailer): Router {
  const router = Router();
  router.get('/dev/mail', fromThisMachine, (_req, res) => {
    const emails = mailer.list!();
    const items = emails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p>` +
          `<details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>` +
          `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(m.html)}" title="${escapeHtml(m.subject)}"></iframe></article>`,
      )
      .join('');
    res
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development mailbox</title>` +
          `<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px;color:#17231c}h1{font-size:24px}article{border:1px solid #dfe6e1;border-radius:12px;padding:16px;margin:16px 0}h2{font-size:18px;margin:0}.meta{color:#4d5b53;font-size:14px}iframe{width:100%;height:420px;border:1px solid #dfe6e1;border-radius:8px}pre{white-space:pre-wrap}</style></head>` +
          `<body><h1>Development mailbox</h1><p>E-mails the product sent while no SMTP_URL is configured (newest first, kept in memory until restart). Also as JSON at <a href="/api/dev/mail">/api/dev/mail</a>.</p>` +
          (items || '<p>No e-mails yet.</p>') +
          `</body></html>`,
      );
  });
  return router;
}
