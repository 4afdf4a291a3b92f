// The browser's own verdict on a corrupted file: for images, audio and video, whether the browser's
// decoders open it. Images go through HTMLImageElement.decode(), media through a media element's
// loadedmetadata or error event (with a time limit). Every object URL made here is revoked before
// the verdict is returned.
import type { BrowserDecoder } from '../../../lib/engine/host-module/reports.ts';
import { extensionOf } from '../../../lib/engine/shared/names.ts';

export type MediaKind = 'image' | 'audio' | 'video';

/** Extensions the preview shows as media, with the MIME type its Blob gets. */
const MEDIA: Readonly<Record<string, readonly [MediaKind, string]>> = {
  png: ['image', 'image/png'],
  apng: ['image', 'image/apng'],
  jpg: ['image', 'image/jpeg'],
  jpeg: ['image', 'image/jpeg'],
  jfif: ['image', 'image/jpeg'],
  gif: ['image', 'image/gif'],
  webp: ['image', 'image/webp'],
  avif: ['image', 'image/avif'],
  bmp: ['image', 'image/bmp'],
  ico: ['image', 'image/x-icon'],
  svg: ['image', 'image/svg+xml'],
  mp3: ['audio', 'audio/mpeg'],
  wav: ['audio', 'audio/wav'],
  ogg: ['audio', 'audio/ogg'],
  oga: ['audio', 'audio/ogg'],
  opus: ['audio', 'audio/ogg'],
  flac: ['audio', 'audio/flac'],
  aac: ['audio', 'audio/aac'],
  m4a: ['audio', 'audio/mp4'],
  weba: ['audio', 'audio/webm'],
  mp4: ['video', 'video/mp4'],
  m4v: ['video', 'video/mp4'],
  webm: ['video', 'video/webm'],
  ogv: ['video', 'video/ogg'],
  mov: ['video', 'video/quicktime'],
};

export interface Media {
  kind: MediaKind;
  mime: string;
}

export function mediaOf(name: string): Media | undefined {
  const entry = MEDIA[extensionOf(name)];
  return entry && { kind: entry[0], mime: entry[1] };
}

/** A media element that has neither loaded its metadata nor failed by then counts as not opened. */
export const MEDIA_TIMEOUT_MS = 5000;

/** The same bytes typed for the browser; a Blob made of a Blob shares its data. */
export function typed(blob: Blob, media: Media): Blob {
  return blob.type === media.mime ? blob : new Blob([blob], { type: media.mime });
}

async function opens(blob: Blob, media: Media, timeoutMs: number): Promise<boolean> {
  const url = URL.createObjectURL(typed(blob, media));
  try {
    if (media.kind === 'image') {
      const img = new Image();
      img.src = url;
      return await img.decode().then(
        () => img.naturalWidth > 0,
        () => false,
      );
    }
    const element = document.createElement(media.kind);
    element.preload = 'metadata';
    element.muted = true;
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      element.addEventListener('loadedmetadata', () => {
        clearTimeout(timer);
        resolve(true);
      });
      element.addEventListener('error', () => {
        clearTimeout(timer);
        resolve(false);
      });
      element.src = url;
    }).finally(() => {
      element.removeAttribute('src');
      element.load();
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * "opened" or "rejected" for media the browser opens when intact; "not_applicable" for every other
 * file, including media whose original the browser cannot open either (it has no verdict to give).
 */
export async function browserVerdict(
  original: Blob,
  result: Blob,
  name: string,
  timeoutMs = MEDIA_TIMEOUT_MS,
): Promise<BrowserDecoder> {
  const media = mediaOf(name);
  // Without a DOM that decodes (tests in jsdom) there is no browser to ask.
  if (!media || typeof HTMLImageElement === 'undefined' || !('decode' in HTMLImageElement.prototype))
    return 'not_applicable';
  if (!(await opens(original, media, timeoutMs))) return 'not_applicable';
  return (await opens(result, media, timeoutMs)) ? 'opened' : 'rejected';
}

export const VERDICT_TEXT: Readonly<Record<BrowserDecoder, string>> = {
  opened: 'Your browser opened the corrupted file.',
  rejected: 'Your browser could not open the corrupted file.',
  not_applicable: 'Your browser cannot open this kind of file even intact, so it gives no verdict.',
};
