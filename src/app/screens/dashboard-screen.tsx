/**
 * The dashboards composed from the features with live panels: the lawyer's verification state and
 * profile completeness (lawyers), the admin's counts and queue (admin), the calendar of schedules
 * (schedule) with their meetings and pending booking requests (meeting-events.ts), the payments of
 * their meetings (meetings), the lawyer's consultation requests (bookings), and "Send feedback"
 * (feedback) for clients and lawyers — the admin reads feedback rather than sending it.
 */
import type { Role } from '../../../contract/auth';
import { AdminOverview } from '../../features/admin/admin-overview';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { FeedbackPanel } from '../../features/feedback/feedback-panel';
import { LawyerDashboardPanel } from '../../features/lawyers/dashboard/lawyer-dashboard-panel';
import { PaymentsSection } from '../../features/meetings/payments-section';
import { LawyerBookingRequests } from '../../features/bookings/lawyer-booking-requests';
import { CalendarSection } from '../../features/schedule/calendar-section';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useMeetingEvents } from '../meeting-events';

function panelFor(kind: Role) {
  if (kind === 'LAWYER') {
    return (
      <>
        <LawyerDashboardPanel />
        <LawyerBookingRequests />
      </>
    );
  }
  if (kind === 'ADMIN') return <AdminOverview />;
  return null;
}

export function DashboardScreen({ kind }: { kind: Role }) {
  return (
    <DashboardPage
      kind={kind}
      panel={panelFor(kind)}
      calendar={kind === 'ADMIN' ? null : <DashboardCalendar kind={kind} />}
      payments={kind === 'ADMIN' ? null : <PaymentsSection kind={kind} />}
      aside={kind === 'ADMIN' ? null : <FeedbackPanel />}
    />
  );
}

/** The calendar with the user's meetings and booking requests beside their schedules. */
function DashboardCalendar({ kind }: { kind: 'USER' | 'LAWYER' }) {
  const me = useSessionSelector(selectUser);
  const extraEvents = useMeetingEvents(kind, me?.id ?? '');
  return <CalendarSection extraEvents={extraEvents} />;
}
