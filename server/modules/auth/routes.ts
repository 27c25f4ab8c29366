/** HTTP entry points of /v1/auth/* (thin: parse is done by the route table, rules by the service). */
import { ServerMessages } from '../../../contract/errors';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import { clientInfo } from './client-info';
import type { AuthService } from './service';

export function registerAuthRoutes(route: AddRoute, auth: AuthService): void {
  route(routes.register, async ({ body, request }) => ({
    data: await auth.register(body, clientInfo(request)),
    message: ServerMessages.registered,
  }));

  route(routes.login, async ({ body, request }) => ({
    data: await auth.login(body, clientInfo(request)),
    message: ServerMessages.loggedIn,
  }));

  route(routes.sendVerificationCode, async ({ body, request }) => {
    await auth.sendCode(body.email, clientInfo(request));
    return { data: ServerMessages.verificationCodeSent, message: ServerMessages.verificationCodeSent };
  });

  route(routes.verifyEmail, async ({ body, request }) => ({
    data: await auth.verifyEmail(body, clientInfo(request)),
    message: ServerMessages.emailVerified,
  }));

  route(routes.resetPassword, async ({ body, request }) => {
    await auth.resetPassword(body, clientInfo(request));
    return { data: true as const, message: ServerMessages.passwordReset };
  });

  route(routes.refresh, async ({ body }) => ({
    data: await auth.refresh(body.refreshToken),
    message: ServerMessages.tokenRefreshed,
  }));
}
