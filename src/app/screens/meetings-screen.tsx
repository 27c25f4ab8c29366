/**
 * /meetings composed: the lawyer's meetings (meetings) with their hourly charge from their own
 * profile (lawyers), which prices every meeting they schedule.
 */
import { LawyerBookingRequests } from '../../features/bookings/lawyer-booking-requests';
import { useMyLawyerProfileQuery } from '../../features/lawyers/api/lawyers-api';
import { LawyerMeetingsPage, type HourlyChargeState } from '../../features/meetings/lawyer-meetings-page';

export function MeetingsScreen() {
  const { data, error, isFetching, refetch } = useMyLawyerProfileQuery();
  let charge: HourlyChargeState;
  if (data) charge = { status: 'ready', value: data.hourlyCharge };
  else if (error && !isFetching) charge = { status: 'failed', error, retry: () => void refetch() };
  else charge = { status: 'loading' };
  return (
    <>
      <LawyerBookingRequests />
      <LawyerMeetingsPage charge={charge} />
    </>
  );
}
