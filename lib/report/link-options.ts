// Generated from engine-data/cli.toml by scripts/gen-engine-data.mjs; do not edit.
// The share link's format (docs/contract.md, section 11.5): its version and the options it carries,
// as engine-rs/host/src/link_options.rs has them.

/** The query key `v` of every share link. */
export const LINK_VERSION = 2;

/** An option of `fracture` that changes the output's bytes, carried by a share link under its name. */
export interface LinkOption {
  readonly name: string;
  /** Whether it takes a value (a flag does not). */
  readonly value: boolean;
  readonly repeatable: boolean;
}

/** In the order of `fracture --help`. */
export const LINK_OPTIONS: readonly LinkOption[] = [
  { name: 'mode', value: true, repeatable: false },
  { name: 'intensity', value: true, repeatable: false },
  { name: 'seed', value: true, repeatable: false },
  { name: 'only', value: true, repeatable: true },
  { name: 'protect', value: true, repeatable: true },
  { name: 'fix-checksums', value: false, repeatable: false },
  { name: 'member', value: true, repeatable: false },
  { name: 'direction', value: true, repeatable: false },
  { name: 'charset', value: true, repeatable: false },
  { name: 'bom', value: true, repeatable: false },
  { name: 'block-size', value: true, repeatable: false },
];
