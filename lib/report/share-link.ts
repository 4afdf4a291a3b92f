// The share link (docs/contract.md, section 11.5): the replay command's options as a query on the
// site's origin, then the file the run expects (share-link-read.ts reads one back, apart, so the
// page's first load carries only the making). The twin of engine-rs/host/src/share_link.rs; both
// pass the vectors of tests/golden/share-links.json.
//
// The link is made from the replay command's arguments, read with the option table of
// engine-data/cli.toml (`link = true`, generated into link-options.ts): an option that joins the
// replay command joins the link with no other change, and a reader knows every option a link may carry.
import { LINK_OPTIONS, LINK_VERSION, type LinkOption } from './link-options.ts';

export { LINK_OPTIONS, LINK_VERSION };

/** The link table's option named `name`. */
export function linkOption(name: string): LinkOption | undefined {
  return LINK_OPTIONS.find((o) => o.name === name);
}

/**
 * The replay command's options (`replayArgs`) as the link's [name, value] pairs, in their order:
 * `--only 0:10` and `--only=-512:` alike give ['only', range]; a flag has the empty value. An option
 * missing from the table takes the next argument as its value unless it was written `--name=value`
 * or the next argument is an option (the golden vectors keep every replay option in the table).
 */
export function linkSettings(args: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < args.length; ) {
    const word = args[i].startsWith('--') ? args[i].slice(2) : args[i];
    i++;
    const eq = word.indexOf('=');
    if (eq >= 0) {
      out.push([word.slice(0, eq), word.slice(eq + 1)]);
      continue;
    }
    const known = linkOption(word);
    const takes = known ? known.value : i < args.length && !args[i].startsWith('--');
    out.push([word, takes && i < args.length ? args[i++] : '']);
  }
  return out;
}

/** `{origin}/?v=VERSION&NAME=VALUE…&file=FILE&size=SIZE`: the settings of `args`, then the file read. */
export function shareLinkOf(origin: string, args: readonly string[], file: string, size: number): string {
  const query = new URLSearchParams([['v', String(LINK_VERSION)], ...linkSettings(args)]);
  query.append('file', file);
  query.append('size', String(size));
  return `${origin}/?${query}`;
}
