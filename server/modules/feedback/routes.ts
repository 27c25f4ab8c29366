/** HTTP entry points of /v1/feedback and /v1/complaints. */
import { FeedbackMessages } from '../../../contract/feedback';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { FeedbackService } from './service';

export function registerFeedbackRoutes(route: AddRoute, feedback: FeedbackService): void {
  route(routes.feedbackCreate, async ({ actor, body }) => ({
    data: await feedback.sendFeedback(actor, body),
    message: FeedbackMessages.feedbackSent,
  }));

  route(routes.feedbackMine, async ({ actor, query }) => feedback.listFeedback(query, actor.userId));

  route(routes.feedbackList, async ({ query }) => feedback.listFeedback(query));

  route(routes.feedbackUpdate, async ({ params, body }) => ({
    data: await feedback.answerFeedback(params.id, body),
    message: FeedbackMessages.feedbackUpdated,
  }));

  route(routes.complaintCreate, async ({ actor, body }) => ({
    data: await feedback.fileComplaint(actor, body),
    message: FeedbackMessages.complaintFiled,
  }));

  route(routes.complaintMine, async ({ actor, query }) => feedback.listComplaints(query, actor.userId));

  route(routes.complaintList, async ({ query }) => feedback.listComplaints(query));

  route(routes.complaintUpdate, async ({ params, body }) => ({
    data: await feedback.answerComplaint(params.id, body),
    message: FeedbackMessages.complaintUpdated,
  }));
}
