// Looking an extension up in the extension table (docs/contract.md, section 7.3), the table behind
// the "200+ formats" claim. The table itself is generated from engine-data/formats.toml.

import { EXTENSIONS, type Family } from './tables.ts';

export { EXTENSIONS };

const byExtension = new Map<string, Family>(EXTENSIONS);

/** The family an extension names, or undefined for an extension the table does not hold. */
export function familyForExtension(ext: string): Family | undefined {
  return byExtension.get(ext);
}
