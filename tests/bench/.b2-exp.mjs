import { chromium } from 'playwright-core';
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { randomFillSync } from 'node:crypto';
const F = '/tmp/b2-200.bin';
if (!existsSync(F)) {
  const b = Buffer.alloc(200 << 20);
  randomFillSync(b);
  writeFileSync(F, b);
}
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.setContent('<input type=file id=f>');
await p.locator('#f').setInputFiles(F);
const rss = () => {
  let m = 0;
  for (const n of readdirSync('/proc')) {
    if (!/^\d+$/.test(n)) continue;
    try {
      const c = readFileSync(`/proc/${n}/cmdline`, 'utf8');
      if (c.includes('--type=renderer') && !c.includes('webui')) {
        const r = Number(/RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${n}/status`, 'utf8'))[1]);
        m = Math.max(m, r);
      }
    } catch {}
  }
  return Math.round(m / 1024);
};
const variant = process.argv[2];
const threads = () => {
  const out = {};
  for (const n of readdirSync('/proc')) {
    if (!/^\d+$/.test(n)) continue;
    try {
      const c = readFileSync(`/proc/${n}/cmdline`, 'utf8');
      if (!c.includes('--type=renderer') || c.includes('webui')) continue;
      for (const t of readdirSync(`/proc/${n}/task`)) {
        const st = readFileSync(`/proc/${n}/task/${t}/stat`, 'utf8');
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        out[st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')) + ':' + t] = Number(f[11]) + Number(f[12]);
      }
    } catch {}
  }
  return out;
};
const before = threads();
let peak = 0;
const base = rss();
const timer = setInterval(() => {
  peak = Math.max(peak, rss());
}, 50);
const ms = await p.evaluate(async (variant) => {
  const src = `
    const release = (b) => b.transfer(0);
    onmessage = async (e) => {
      if (e.data.serve) { e.data.port.onmessage = (m) => { if (${variant === 'xfer-release' ? 'true' : 'false'}) release(m.data); e.data.port.postMessage(1); }; return; }
      const { file, port } = e.data; const t = performance.now();
      let inflight = 0; let wake;
      if (port) port.onmessage = () => { inflight--; wake?.(); };
      const reader = '${variant}' === 'byob' ? file.stream().getReader({ mode: 'byob' }) : null;
      let spare = new ArrayBuffer(4 << 20); let reads = 0;
      for (let pos = 0; pos < file.size; pos += 4 << 20) {
        let buf;
        if (reader) { let at = 0; let b = spare; while (at < b.byteLength) { const { value, done } = await reader.read(new Uint8Array(b, at)); reads++; if (done) break; b = value.buffer; at += value.byteLength; } spare = b; buf = null; }
        else buf = await file.slice(pos, pos + (4 << 20)).arrayBuffer();
        if ('${variant}' === 'release') release(buf);
        if (port && buf) { inflight++; port.postMessage(buf, [buf]); while (inflight >= 2) await new Promise((r) => (wake = r)); }
      }
      postMessage([performance.now() - t, reads]);
    };`;
  const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  const w = new Worker(url);
  const h = new Worker(url);
  const file = document.getElementById('f').files[0];
  let port;
  if (variant.startsWith('xfer')) {
    const c = new MessageChannel();
    h.postMessage({ serve: true, port: c.port2 }, [c.port2]);
    port = c.port1;
  }
  return new Promise((r) => {
    w.onmessage = (e) => r(e.data);
    w.postMessage({ file, port }, port ? [port] : []);
  });
}, variant);
clearInterval(timer);
const after = threads();
console.log(
  Object.entries(after)
    .map(([k, v]) => [k, v - (before[k] ?? 0)])
    .filter(([, v]) => v > 2),
);
console.log(variant, 'ms', ms, 'base anon', base, 'peak anon', peak, 'growth', peak - base);
await b.close();
