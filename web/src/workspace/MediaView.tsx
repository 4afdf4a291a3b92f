// Images, audio and video as the browser renders the corrupted result (an image beside its original),
// and the browser's own verdict in one sentence. The object URLs live as long as this view and are
// revoked when it goes (a new result, a removed file, another page).
import { useEffect, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { mediaOf, typed, VERDICT_TEXT } from './media.ts';
import { bytesOf, type Finished, verdictOf } from './results.ts';
import { Card } from './styles.ts';
import { usePromise } from './usePromise.ts';

/** An object URL for `blob`, made after mount and revoked on unmount or when the blob changes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

export function MediaView({ item }: { item: Finished }) {
  const media = useMemo(() => mediaOf(item.file.name)!, [item.file.name]);
  const verdict = usePromise(() => verdictOf(item), item.result.report);
  // A result released after the ZIP download is made again while it is on screen.
  const bytes = usePromise(() => bytesOf(item), item.result.blob ?? item.result.remake);
  // Typed once per result: a new Blob each render would mean a new URL each render.
  const originalBlob = useMemo(() => typed(item.file, media), [item.file, media]);
  const corruptedBlob = useMemo(() => bytes?.value && typed(bytes.value, media), [bytes?.value, media]);
  const original = useObjectUrl(originalBlob);
  const corrupted = useObjectUrl(corruptedBlob);
  const name = item.file.name;
  const opened = verdict?.value === 'opened';
  return (
    <Card data-media={media.kind}>
      <h3>As your browser shows it</h3>
      <p data-field="browser-verdict" role="status" data-verdict={verdict?.value ?? 'pending'}>
        {verdict?.value ? VERDICT_TEXT[verdict.value] : 'Asking your browser to open the corrupted file…'}
      </p>
      {bytes?.error && <p role="alert">The corrupted file could not be made again: {bytes.error.message}</p>}
      {media.kind === 'image' ? (
        <Pictures>
          <figure>
            {original && <img src={original} alt={`Original ${name}`} />}
            <figcaption>Original</figcaption>
          </figure>
          <figure>
            {corrupted && opened ? (
              <img src={corrupted} alt={`Corrupted ${name}`} data-corrupted="" />
            ) : (
              <Nothing>{verdict ? 'No picture: the browser could not decode it.' : '…'}</Nothing>
            )}
            <figcaption>Corrupted</figcaption>
          </figure>
        </Pictures>
      ) : corrupted && media.kind === 'audio' ? (
        // biome-ignore lint/a11y/useMediaCaption: corrupted test audio has no captions to offer.
        <audio controls preload="metadata" src={corrupted} aria-label={`Corrupted ${name}`} data-corrupted="" />
      ) : corrupted ? (
        <Video controls preload="metadata" src={corrupted} aria-label={`Corrupted ${name}`} data-corrupted="" />
      ) : null}
    </Card>
  );
}

const Pictures = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
  figure {
    margin: 0;
    display: grid;
    gap: 6px;
    justify-items: center;
  }
  img {
    max-width: 100%;
    max-height: 360px;
    image-rendering: pixelated;
    background: repeating-conic-gradient(#1e293b 0% 25%, #0f172a 0% 50%) 0 0 / 16px 16px;
  }
  figcaption {
    font-size: 0.85rem;
    color: var(--color-text-muted, #94a3b8);
  }
`;

const Nothing = styled.div`
  display: grid;
  place-items: center;
  width: 100%;
  min-height: 160px;
  border: 1px dashed var(--color-border, #334155);
  border-radius: 10px;
  color: var(--color-text-muted, #94a3b8);
  text-align: center;
  padding: 12px;
`;

const Video = styled.video`
  max-width: 100%;
  max-height: 360px;
`;
