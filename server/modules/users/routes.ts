/**
 * HTTP entry points of /v1/user/*: my account, logout, password change, profile picture, and the
 * data rights (my data as a JSON file, deleting my account).
 */
import { PROFILE_PICTURE_MAX_BYTES } from '../../../contract/constants';
import { dataExportFileName } from '../../../contract/data-rights';
import { ServerMessages } from '../../../contract/errors';
import { routes } from '../../../contract/routes';
import { badRequest } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import type { AddRoute } from '../../http/route';
import { clientInfo } from '../auth/client-info';
import type { AuthService } from '../auth/service';
import type { DataRightsService } from './data-rights';
import type { UsersService } from './service';

export function registerUserRoutes(
  route: AddRoute,
  users: UsersService,
  auth: AuthService,
  rights: DataRightsService,
): void {
  route(routes.userInfo, async ({ actor }) => ({
    data: await users.info(actor),
    message: ServerMessages.userInfo,
  }));

  route(routes.updateUser, async ({ actor, body }) => ({
    data: await users.rename(actor, body),
    message: ServerMessages.userInfo,
  }));

  route(routes.updateLanguage, async ({ actor, body }) => ({
    data: await users.setLanguage(actor, body.language),
    message: ServerMessages.languageUpdated,
  }));

  route(routes.logout, async ({ actor }) => {
    await auth.logout(actor);
    return { data: ServerMessages.logoutSuccessful, message: ServerMessages.logoutSuccessful };
  });

  route(routes.changePassword, async ({ actor, body, request }) => {
    await auth.changePassword(actor, body, clientInfo(request));
    return { data: true as const, message: ServerMessages.passwordChanged };
  });

  route(routes.profilePicture, async ({ actor, request }) => {
    const file = await request.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file') throw badRequest(ServerMessages.fileRequired);
    // toBuffer() throws a 413 once the part passes the size limit, before buffering more.
    const upload = await file.toBuffer();
    return { data: await users.replacePicture(actor, upload), message: ServerMessages.profilePictureUpdated };
  });

  route(routes.dataExport, async ({ actor, reply }) => {
    const data = await rights.exportData(actor);
    // Holds text users wrote (messages, notes): a download, never run as our origin's content.
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', dataExportFileName(new Date(data.exportedAt))))
      .header('content-security-policy', 'sandbox')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(JSON.stringify(data, null, 2));
  });

  route(routes.deleteAccount, async ({ actor, body, request }) => {
    await rights.deleteAccount(actor, body, clientInfo(request));
    return { data: ServerMessages.accountDeleted, message: ServerMessages.accountDeleted };
  });

  route(routes.profilePictureFile, async ({ params, reply }) => {
    const content = await users.picture(params.fileName);
    // Names are unique per upload, so a picture never changes under its URL. Re-encoded by the
    // server and shown inline, but still bytes a user sent: sandboxed if ever opened on its own.
    return reply
      .header('content-type', 'image/webp')
      .header('content-security-policy', 'sandbox')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(content);
  });
}
