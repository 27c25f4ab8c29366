/**
 * /lawyers/{email}/details composed: the lawyer's page (lawyers) and, for clients, "Report a
 * problem with this lawyer" (feedback).
 */
import { ComplaintForm } from '../../features/feedback/complaint-form';
import { LawyerDetailsPage } from '../../features/lawyers/details/lawyer-details-page';
import { selectRole } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';

export function LawyerDetailsScreen() {
  const role = useSessionSelector(selectRole);
  return (
    <LawyerDetailsPage
      aside={(lawyer) =>
        role === 'USER' ? (
          <ComplaintForm lawyer={{ id: lawyer.id, name: `${lawyer.firstName} ${lawyer.lastName}`.trim() }} />
        ) : null
      }
    />
  );
}
