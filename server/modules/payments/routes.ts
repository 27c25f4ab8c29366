/** HTTP entry points of /v1/payments (docs/api.md §4 Payments) and the sandbox checkout page's calls. */
import { PaymentMessages } from '../../../contract/payments';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { PaymentsService } from './service';

export function registerPaymentRoutes(route: AddRoute, payments: PaymentsService): void {
  route(routes.paymentCreate, async ({ actor, body }) => ({
    data: await payments.create(actor, body),
    message: PaymentMessages.paymentCreated,
  }));
  route(routes.paymentCheckout, async ({ actor, params, query }) => ({
    data: await payments.checkout(actor, params.id, query),
    message: PaymentMessages.sessionCreated,
  }));
  route(routes.paymentCheckoutMethod, async ({ actor, params, body }) => ({
    data: await payments.checkoutWith(actor, params.id, body.method),
    message: PaymentMessages.sessionCreated,
  }));
  route(routes.bkashCallback, async ({ query, reply }) => {
    const location = await payments.bkashCallback(query.paymentID, query.status);
    return reply.header('cache-control', 'no-store').redirect(location);
  });
  route(routes.paymentComplete, async ({ actor, params }) => ({
    data: await payments.complete(actor, params.sessionId),
    message: PaymentMessages.paymentCompleted,
  }));
  route(routes.paymentGet, async ({ actor, params }) => ({ data: await payments.get(actor, params.id) }));
  route(routes.paymentList, async ({ actor, query }) => payments.list(actor, query));
  route(routes.paymentRelease, async ({ actor, params }) => ({
    data: await payments.release(actor, params.id),
    message: PaymentMessages.paymentReleased,
  }));
  route(routes.paymentCancel, async ({ actor, params }) => {
    const data = await payments.cancel(actor, params.id);
    return {
      data,
      message: data.status === 'REFUNDED' ? PaymentMessages.paymentRefunded : PaymentMessages.paymentCanceled,
    };
  });
  route(routes.sandboxCheckoutGet, async ({ params }) => ({
    data: await payments.sandboxCheckout(params.sessionId),
  }));
  route(routes.sandboxCheckoutAuthorize, async ({ params, body }) => ({
    data: await payments.sandboxAuthorize(params.sessionId, body),
  }));
}
