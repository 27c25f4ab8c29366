/**
 * The pieces of the call screen: a video tile (a MediaStream in a <video>, with a "camera off"
 * card in its place when there is no picture), the quality meter, and the control icons.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { qualityBars, type QualityReading } from './call-quality';

interface VideoTileProps {
  stream: MediaStream | null;
  /** Whether a picture is expected (a video track that is on). */
  showVideo: boolean;
  /** The accessible name of the video. */
  label: string;
  /** Shown instead of the picture. */
  placeholder: ReactNode;
  /** Mine: muted (no echo) and mirrored like a looking glass. */
  local?: boolean;
  testId?: string;
  className?: string;
}

export function VideoTile({ stream, showVideo, label, placeholder, local = false, testId, className }: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  // A track added to the same stream (video back after audio only) needs the element to look again.
  const trackKey = stream
    ?.getTracks()
    .map((track) => track.id)
    .join(',');

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== stream || trackKey !== undefined) element.srcObject = stream;
  }, [stream, trackKey]);

  return (
    <div className={`call-tile${local ? ' is-local' : ''}${className ? ` ${className}` : ''}`}>
      {/* The other party's sound plays through this element too, so it stays even without a picture.
          A live call has no caption track to give. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={video}
        className={showVideo ? 'call-video' : 'call-video is-hidden'}
        data-testid={testId}
        aria-label={label}
        autoPlay
        playsInline
        muted={local}
      />
      {!showVideo && <div className="call-placeholder">{placeholder}</div>}
    </div>
  );
}

export function QualityMeter({ reading, label, detail }: { reading: QualityReading; label: string; detail: string }) {
  const lit = qualityBars(reading.quality);
  return (
    <span className={`call-quality is-${reading.quality}`} role="img" aria-label={`${label}. ${detail}`} title={detail}>
      {[1, 2, 3].map((bar) => (
        <span key={bar} className={bar <= lit ? 'call-bar is-lit' : 'call-bar'} />
      ))}
    </span>
  );
}

const ICONS = {
  mic: 'M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11h-2z',
  camera: 'M17 10.5V7a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-3.5l4 4v-11l-4 4z',
  audio: 'M12 3a9 9 0 0 0-9 9v7a2 2 0 0 0 2 2h3v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h3a2 2 0 0 0 2-2v-7a9 9 0 0 0-9-9z',
  hangUp:
    'M12 9c-1.6 0-3.2.25-4.7.73v3.1c0 .4-.23.74-.56.9-.98.49-1.87 1.12-2.66 1.85a1 1 0 0 1-1.4-.01L.29 13.08a1 1 0 0 1 0-1.41C3.34 8.78 7.46 7 12 7s8.66 1.78 11.71 4.67a1 1 0 0 1 0 1.41l-2.39 2.49a1 1 0 0 1-1.4.01 11.3 11.3 0 0 0-2.66-1.85 1 1 0 0 1-.56-.9v-3.1C15.2 9.25 13.6 9 12 9z',
} as const;

/** A control's picture; a slash across it when the thing is off. */
export function ControlIcon({ name, off = false }: { name: keyof typeof ICONS; off?: boolean }) {
  return (
    <svg className="call-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} fill="currentColor" />
      {off && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />}
    </svg>
  );
}
