// Plain-text tables and the number formats the benchmark prints.

/** Milliseconds with about three significant digits. */
export function fmtMs(ms) {
  if (ms == null || !Number.isFinite(ms)) return '—';
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return Math.round(ms).toString();
}

/** Throughput in MB/s (10^6 bytes per second) of `bytes` done in `ms`. */
export function mbps(bytes, ms) {
  return ms > 0 ? bytes / 1e6 / (ms / 1e3) : Infinity;
}

export function fmtRate(mbPerS) {
  if (mbPerS == null || !Number.isFinite(mbPerS)) return '—';
  return mbPerS >= 100 ? Math.round(mbPerS).toString() : mbPerS.toFixed(1);
}

/** Peak resident memory, KiB in, MiB out. */
export function fmtMiB(kib) {
  return kib == null ? '—' : Math.round(kib / 1024).toString();
}

export function fmtRatio(x, digits = 2) {
  return x == null || !Number.isFinite(x) ? '—' : `${x.toFixed(digits)}×`;
}

/**
 * Renders `rows` (arrays of strings) under `columns` ({ title, align: 'l'|'r', group? }). Consecutive
 * columns with the same group get one spanning group title above them. A row that is a string is a
 * rule line with that text.
 */
export function renderTable(columns, rows) {
  const widths = columns.map((c, i) =>
    Math.max(c.title.length, ...rows.filter(Array.isArray).map((r) => String(r[i] ?? '').length)),
  );
  const gap = '  ';
  const cell = (text, i) =>
    columns[i].align === 'l' ? String(text).padEnd(widths[i]) : String(text).padStart(widths[i]);
  const lines = [];
  // Group titles, centred over their columns.
  const groups = [];
  columns.forEach((c, i) => {
    const last = groups[groups.length - 1];
    if (last && last.name === c.group) last.to = i;
    else groups.push({ name: c.group, from: i, to: i });
  });
  if (groups.some((g) => g.name)) {
    lines.push(
      groups
        .map((g) => {
          const width = widths.slice(g.from, g.to + 1).reduce((a, b) => a + b, 0) + gap.length * (g.to - g.from);
          const name = g.name ?? '';
          const left = Math.floor((width - name.length) / 2);
          return name
            ? `${'─'.repeat(Math.max(0, left - 1))} ${name} ${'─'.repeat(Math.max(0, width - name.length - left - 1))}`.slice(
                0,
                Math.max(width, name.length + 2),
              )
            : ' '.repeat(width);
        })
        .join(gap),
    );
  }
  lines.push(
    columns
      .map((c, i) => cell(c.title, i))
      .join(gap)
      .trimEnd(),
  );
  const total = widths.reduce((a, b) => a + b, 0) + gap.length * (widths.length - 1);
  lines.push('─'.repeat(total));
  for (const r of rows)
    lines.push(
      Array.isArray(r)
        ? r
            .map((x, i) => cell(x ?? '', i))
            .join(gap)
            .trimEnd()
        : r,
    );
  return lines.join('\n');
}
