/**
 * The dashboards composed from the features with live panels: the lawyer's verification state and
 * profile completeness (lawyers), the admin's counts and queue (admin), the calendar of schedules
 * (schedule), the payments of their meetings (meetings), and "Send feedback"
 * (feedback) for clients and lawyers — the admin reads feedback rather than sending it.
 */
import type { Role } from '../../../contract/auth';
import { AdminOverview } from '../../features/admin/admin-overview';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { FeedbackPanel } from '../../features/feedback/feedback-panel';
import { LawyerDashboardPanel } from '../../features/lawyers/dashboard/lawyer-dashboard-panel';
import { PaymentsSection } from '../../features/meetings/payments-section';
import { CalendarSection } from '../../features/schedule/calendar-section';

function panelFor(kind: Role) {
  if (kind === 'LAWYER') return <LawyerDashboardPanel />;
  if (kind === 'ADMIN') return <AdminOverview />;
  return null;
}

export function DashboardScreen({ kind }: { kind: Role }) {
  return (
    <DashboardPage
      kind={kind}
      panel={panelFor(kind)}
      calendar={kind === 'ADMIN' ? null : <CalendarSection />}
      payments={kind === 'ADMIN' ? null : <PaymentsSection kind={kind} />}
      aside={kind === 'ADMIN' ? null : <FeedbackPanel />}
    />
  );
}
