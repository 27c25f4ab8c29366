/**
 * Hand-drawn line icons for the feature cards: a few hundred bytes of inline SVG instead of image
 * downloads on a 2G link. They inherit the text colour, so both themes work, and are decorative
 * (the card title says what they mean).
 */
import type { ReactNode } from 'react';

export type FeatureIconName = 'ai' | 'lawyers' | 'chat' | 'security' | 'scheduling' | 'documents';

const PATHS: Record<FeatureIconName, ReactNode> = {
  ai: (
    <>
      <path d="M4 5h16v11H10l-5 4v-4H4z" />
      <path d="M12 7.5l.9 2 2 .9-2 .9-.9 2-.9-2-2-.9 2-.9z" />
    </>
  ),
  lawyers: (
    <>
      <path d="M12 3v17M7 20h10M5 7h14" />
      <path d="M5 7l-3 6h6zM19 7l-3 6h6z" />
    </>
  ),
  chat: (
    <>
      <path d="M3 4h12v8H8l-4 3v-3H3z" />
      <path d="M18 9h3v8h-1v3l-4-3h-6v-2" />
    </>
  ),
  security: (
    <>
      <path d="M12 3l8 3v6c0 4.5-3.4 7.8-8 9-4.6-1.2-8-4.5-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>
  ),
  scheduling: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M8 14h3v3H8z" />
    </>
  ),
  documents: (
    <>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4M9 12h6M9 16h6" />
    </>
  ),
};

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
