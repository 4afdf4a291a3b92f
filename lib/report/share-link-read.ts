// A share link read back (docs/contract.md, section 11.5): its version, its options against the
// link table (engine-data/cli.toml, `link = true`), the file it names, and the command-line arguments
// of its options. What the options' values mean is the reader's business (the workspace's share.ts).
import { LINK_OPTIONS, LINK_VERSION, type LinkOption } from './link-options.ts';

export { LINK_OPTIONS, LINK_VERSION };

/** The link table's option named `name`. */
export function linkOption(name: string): LinkOption | undefined {
  return LINK_OPTIONS.find((o) => o.name === name);
}

/** A link's run as its query says it: the settings in order, and the file it expects. */
export interface LinkRun {
  version: number;
  /** [option name, value] in the link's order ('' for a flag). */
  settings: [string, string][];
  file?: string;
  size?: number;
}

/** A link read: its run, or why it cannot be read (each problem a phrase naming the key). */
export type LinkReading = { ok: true; run: LinkRun } | { ok: false; problems: string[] };

/** A value as a message quotes it: long ones cut, so a crafted link cannot fill the screen. */
export function quoted(value: string): string {
  return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
}

const SIZE_TEXT = /^(0|[1-9][0-9]{0,15})$/;

/**
 * Reads a version-`LINK_VERSION` query (`search`, with or without its `?`): every key must be `v`,
 * `file`, `size` or an option of the table, a flag must have the empty value, and an option that
 * is not repeatable may come once. What the options' values mean is the reader's business (the
 * workspace checks each against what it offers). A query without `v` is not read here (the first
 * links, `algorithm`, `intensity` and `seed` only, have none).
 */
export function readShareLink(search: string): LinkReading {
  const query = new URLSearchParams(search);
  const version = query.get('v');
  if (version !== String(LINK_VERSION)) {
    return {
      ok: false,
      problems: [`link format ${quoted(version ?? '')} (this site reads format ${LINK_VERSION} and the first links)`],
    };
  }
  const problems: string[] = [];
  const run: LinkRun = { version: LINK_VERSION, settings: [] };
  const seen = new Set<string>();
  for (const [key, value] of query) {
    if (key === 'v') {
      if (seen.has(key)) problems.push('v given twice');
    } else if (key === 'file') {
      if (run.file !== undefined) problems.push('file given twice');
      run.file = value;
    } else if (key === 'size') {
      if (run.size !== undefined || !SIZE_TEXT.test(value)) problems.push(`size ${quoted(value)} (not one byte count)`);
      else run.size = Number(value);
    } else {
      const option = linkOption(key);
      if (!option) problems.push(`${quoted(key)} (not a setting of a run)`);
      else if (!option.value && value !== '') problems.push(`${key} ${quoted(value)} (a switch carries no value)`);
      else if (!option.repeatable && seen.has(key)) problems.push(`${key} given twice`);
      else run.settings.push([key, value]);
    }
    seen.add(key);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, run };
}

/** The command-line arguments of a link's settings, as the replay command writes them. */
export function linkArgs(settings: readonly (readonly [string, string])[]): string[] {
  return settings.flatMap(([name, value]) => {
    if (!linkOption(name)?.value) return [`--${name}`];
    return value.startsWith('-') ? [`--${name}=${value}`] : [`--${name}`, value];
  });
}
