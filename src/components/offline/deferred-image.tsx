/**
 * A photo that waits for the user on a slow link (fetch-policy.ts): instead of the image, its
 * placeholder (initials, say) inside a button labelled "Show photo"; a tap loads it. On any other
 * link — or once the user has asked — the image loads lazily (when near the viewport) and is decoded
 * off the main thread, so a list of cards never holds up the first paint.
 */
import { useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useFetchPolicy } from '../../lib/offline/fetch-policy';
import { offlineMessages } from './offline-messages';
import './offline.css';

export interface DeferredImageProps {
  src: string;
  /** As for <img>: empty for a decorative photo (the name is written next to it). */
  alt: string;
  className?: string;
  width: number;
  height: number;
  /** Whose photo, for the "Show photo of …" button. */
  of: string;
  /** Shown in the photo's place until it loads (aria-hidden content, e.g. initials). */
  placeholder: ReactNode;
}

export function DeferredImage({ src, alt, className, width, height, of, placeholder }: DeferredImageProps) {
  const t = useT(offlineMessages);
  const { deferImages } = useFetchPolicy();
  const [asked, setAsked] = useState(false);
  if (deferImages && !asked) {
    return (
      <button
        type="button"
        className="deferred-image"
        aria-label={t('showPhoto', { name: of })}
        title={t('showPhoto', { name: of })}
        onClick={() => setAsked(true)}
      >
        {placeholder}
      </button>
    );
  }
  return (
    <img className={className} src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
  );
}
