/**
 * /case/{id} composed: the case's page (cases) with its schedule tab (schedule) and, for the client,
 * "Report a problem with this lawyer" about this case (feedback).
 */
import { CaseDetailPage } from '../../features/cases/case-detail-page';
import { ComplaintForm } from '../../features/feedback/complaint-form';
import { CaseSchedule } from '../../features/schedule/case-schedule';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';

export function CaseDetailScreen() {
  const me = useSessionSelector(selectUser);
  return (
    <CaseDetailPage
      schedule={(item) => {
        const other = me?.id === item.lawyer.id ? item.client : item.lawyer;
        return (
          <CaseSchedule
            caseId={item.caseId}
            resolved={item.status === 'RESOLVED'}
            myId={me?.id ?? ''}
            otherName={`${other.firstName} ${other.lastName}`.trim()}
          />
        );
      }}
      aside={(item) =>
        me?.id === item.client.id ? (
          <ComplaintForm
            lawyer={{ id: item.lawyer.id, name: `${item.lawyer.firstName} ${item.lawyer.lastName}`.trim() }}
            caseId={item.caseId}
          />
        ) : null
      }
    />
  );
}
