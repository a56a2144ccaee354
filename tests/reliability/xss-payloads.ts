// Stored-markup payloads: classic vectors, attribute and context breakers (</script> for JSON-LD,
// </title>, </textarea>, quotes), encodings and polyglots. Every payload that would run calls
// window.__xss(n), and every element it would create carries data-xss: a test sees both.
const run = (n: number) => `__xss(${n})`;

const VECTORS: Array<(n: number) => string> = [
  (n) => `<script>${run(n)}</script>`,
  (n) => `<img src=x onerror="${run(n)}" data-xss>`,
  (n) => `<svg onload=${run(n)} data-xss>`,
  (n) => `<svg><script>${run(n)}</script></svg>`,
  (n) => `<iframe srcdoc="<script>parent.${run(n)}</script>" data-xss></iframe>`,
  (n) => `<a href="javascript:${run(n)}" data-xss>x</a>`,
  (n) => `<body onload=${run(n)} data-xss>`,
  (n) => `<details open ontoggle=${run(n)} data-xss>`,
  (n) => `<input autofocus onfocus=${run(n)} data-xss>`,
  (n) => `<video><source onerror="${run(n)}" data-xss></video>`,
  (n) => `<object data="javascript:${run(n)}" data-xss></object>`,
  (n) => `<embed src="javascript:${run(n)}" data-xss>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=${run(n)} data-xss>`,
  (n) => `<style>@import 'javascript:${run(n)}';</style><b data-xss>`,
  (n) => `<marquee onstart=${run(n)} data-xss>`,
  (n) => `<form action="javascript:${run(n)}" data-xss><button>x</button></form>`,
  (n) => `<base href="javascript:${run(n)}//" data-xss>`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:${run(n)}" data-xss>`,
  (n) => `<link rel=import href="data:text/html,<script>${run(n)}</script>" data-xss>`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=${run(n)} data-xss>">`,
  (n) => `<img src="x" onerror="&#x5f;&#x5f;xss(${n})" data-xss>`,
  (n) => `<IMG SRC=x OnErRoR=${run(n)} data-xss>`,
  (n) => `<img/src=x/onerror=${run(n)}/data-xss>`,
  (n) => `<scr<script>ipt>${run(n)}</scr</script>ipt>`,
  (n) => `<!--<img src="--><img src=x onerror=${run(n)} data-xss>">`,
  (n) => `<![CDATA[<img src=x onerror=${run(n)} data-xss>]]>`,
  (n) => `<template><img src=x onerror=${run(n)} data-xss></template><img src=y onerror=${run(n)} data-xss>`,
  (n) => `<select autofocus onfocus=${run(n)} data-xss></select>`,
  (n) => `<textarea autofocus onfocus=${run(n)} data-xss></textarea>`,
  (n) => `<div style="background:url(javascript:${run(n)})" data-xss>x</div>`,
];

const BREAKERS: Array<(p: string) => string> = [
  (p) => p,
  (p) => `"><${p.slice(1)}`,
  (p) => `'>${p}`,
  (p) => `"></script>${p}`,
  (p) => `</script><script>${p.replace(/<\/?script>/g, '')}</script>`,
  (p) => `</title>${p}`,
  (p) => `</textarea>${p}`,
  (p) => `--></style>${p}`,
];

export type Payload = { n: number; text: string };

/** 240 payloads (30 vectors × 8 breakers), each numbered. */
export function xssPayloads(): Payload[] {
  const payloads: Payload[] = [];
  let n = 0;
  for (const breaker of BREAKERS) for (const vector of VECTORS) payloads.push({ n: ++n, text: breaker(vector(n)) });
  return payloads;
}

/** Payloads short enough for a field of at most `max` characters. */
export function payloadsUpTo(max: number): Payload[] {
  return xssPayloads().filter((p) => p.text.length <= max);
}

/**
 * The quick depth's payloads (tests/setup/depth.ts): 32 of the 240, every vector and every breaker at least
 * once (breaker b takes vectors 4b…4b+3, round the 30), so each class still reaches every surface.
 */
export function xssPayloadSample(): Payload[] {
  return xssPayloads().filter((_, i) => (i % VECTORS.length - 4 * Math.floor(i / VECTORS.length) + 4 * VECTORS.length) % VECTORS.length < 4);
}
