/**
 * /profile composed from the features that have something to say there: the account forms
 * (profile), a lawyer's verification status, practice, certificate, charge and availability
 * (lawyers), the notification settings (notifications), "Storage & offline" (what this phone keeps,
 * components/offline), and "Send feedback" with "My feedback" (feedback).
 */
import { StorageSettings } from '../../components/offline/storage-settings';
import { FeedbackPanel } from '../../features/feedback/feedback-panel';
import { NotificationPreferences } from '../../features/notifications/notification-preferences';
import { LawyerProfileSections, LawyerStatusNotice } from '../../features/lawyers/profile/lawyer-profile-sections';
import { ProfilePage } from '../../features/profile/profile-page';
import { selectRole } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';

export function ProfileScreen() {
  const isLawyer = useSessionSelector(selectRole) === 'LAWYER';
  return (
    <ProfilePage
      notice={isLawyer ? <LawyerStatusNotice /> : null}
      sections={isLawyer ? <LawyerProfileSections /> : null}
      aside={
        <>
          <NotificationPreferences />
          <StorageSettings />
          <FeedbackPanel showMine />
        </>
      }
    />
  );
}
