/**
 * /lawyers/{email}/details composed: the lawyer's page (lawyers) and, for clients, "Book a
 * consultation" (bookings, issue 19) and "Report a problem with this lawyer" (feedback).
 */
import { BookConsultation } from '../../features/bookings/book-consultation';
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
          <>
            <BookConsultation lawyer={{ email: lawyer.email, hourlyCharge: lawyer.hourlyCharge }} />
            <ComplaintForm lawyer={{ id: lawyer.id, name: `${lawyer.firstName} ${lawyer.lastName}`.trim() }} />
          </>
        ) : null
      }
    />
  );
}
