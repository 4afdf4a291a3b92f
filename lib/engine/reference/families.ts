// The format families of docs/engine.md ("Format detection"): each shares one failure recipe, and its
// id is the report's `format`.

export const FAMILIES = [
  'text',
  'zip',
  'pdf',
  'png',
  'jpeg',
  'gif',
  'bmp',
  'tiff',
  'webp',
  'ico',
  'svg',
  'isobmff',
  'avi',
  'matroska',
  'flv',
  'mp3',
  'wav',
  'flac',
  'ogg',
  'aac',
  'wma',
  'pe',
  'msi',
  'rar',
  '7z',
  'tar',
  'gzip',
  'bzip2',
  'xz',
  'cab',
  'generic',
] as const;

export type Family = (typeof FAMILIES)[number];
