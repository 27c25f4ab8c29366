/**
 * One way for every action that cannot work offline (issue 7: "actions that cannot work offline are
 * disabled with the reason"): uploading a document, creating or editing a case, scheduling, paying,
 * joining a call, publishing a blog, asking the AI. Their writes cannot be replayed safely later
 * (docs/architecture.md "Write"), so rather than fail after the tap they are disabled while the phone is
 * offline, and a note under the control says why; the control points at the note with
 * `aria-describedby`, so a screen reader hears the reason on the disabled button too.
 *
 *   const needs = useNeedsNetwork();
 *   <button disabled={busy || needs.disabled} aria-describedby={needs.describedBy}>Upload</button>
 *   <NeedsNetworkNote needs={needs} />
 *
 * A slow link and "Use Offline Mode" do not disable anything: the network can still take the write.
 * (A disabled button's tooltip is not reachable by keyboard or touch, hence a visible note.)
 */
import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { useNetworkStatus } from '../../lib/offline/network-status';
import { offlineMessages } from './offline-messages';
import './offline.css';

export interface NeedsNetwork {
  /** True while the phone is offline: disable the control. */
  disabled: boolean;
  /** Why, in the user's language; null while the action can run. */
  reason: string | null;
  /** The note's id for the control's `aria-describedby`; undefined while there is no note. */
  describedBy: string | undefined;
  /** The note's id, always (for `<NeedsNetworkNote>`). */
  noteId: string;
}

export function useNeedsNetwork(): NeedsNetwork {
  const t = useT(offlineMessages);
  const offline = useNetworkStatus() === 'offline';
  const noteId = useId();
  return {
    disabled: offline,
    reason: offline ? t('needsNetwork') : null,
    describedBy: offline ? noteId : undefined,
    noteId,
  };
}

/** The reason under the control, shown only while it applies. */
export function NeedsNetworkNote({ needs, className }: { needs: NeedsNetwork; className?: string }) {
  if (!needs.reason) return null;
  return (
    <p id={needs.noteId} className={className ? `needs-network-note ${className}` : 'needs-network-note'}>
      {needs.reason}
    </p>
  );
}
