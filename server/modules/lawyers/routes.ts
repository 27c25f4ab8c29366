/** HTTP entry points of /v1/lawyer/*: profile, bar certificate, weekly availability, hourly charge. */
import { LAWYER_LIMITS, LawyerMessages } from '../../../contract/lawyers';
import { ServerMessages } from '../../../contract/errors';
import { routes } from '../../../contract/routes';
import { badRequest } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import type { AddRoute } from '../../http/route';
import type { LawyersService } from './service';

export function registerLawyerRoutes(route: AddRoute, lawyers: LawyersService): void {
  route(routes.lawyerProfileCreate, async ({ actor, body }) => ({
    data: await lawyers.createProfile(actor, body),
    message: LawyerMessages.profileCreated,
  }));

  route(routes.lawyerProfileGet, async ({ actor, query }) => {
    const view = await lawyers.getProfile(actor, query.email);
    return { data: view.info, message: view.message };
  });

  route(routes.lawyerProfileUpdate, async ({ actor, body }) => ({
    data: await lawyers.updateProfile(actor, body),
    message: LawyerMessages.profileUpdated,
  }));

  route(routes.lawyerCredentialsUpload, async ({ actor, request }) => {
    const file = await request.file({ limits: { fileSize: LAWYER_LIMITS.certificateMaxBytes, files: 1 } });
    if (!file || file.fieldname !== 'file') throw badRequest(ServerMessages.fileRequired);
    // toBuffer() answers 413 as soon as the part passes the limit, before buffering more.
    const content = await file.toBuffer();
    return {
      data: await lawyers.uploadCredentials(actor, content, file.filename),
      message: LawyerMessages.credentialsUploaded,
    };
  });

  route(routes.lawyerCredentialsView, async ({ actor, query, reply }) => {
    const file = await lawyers.credentials(actor, query.email);
    // Bytes a lawyer uploaded, shown to the admin: never rendered as our origin's content.
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('content-security-policy', 'sandbox')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });

  route(routes.slotsList, async ({ actor, query }) => ({
    data: { slots: await lawyers.listSlots(actor, query.email) },
  }));

  route(routes.slotCreate, async ({ actor, body }) => ({ data: await lawyers.createSlot(actor, body) }));

  route(routes.slotUpdate, async ({ actor, params, body }) => ({
    data: await lawyers.updateSlot(actor, params.id, body),
  }));

  route(routes.slotDelete, async ({ actor, params }) => {
    await lawyers.deleteSlot(actor, params.id);
    return { data: { id: params.id } };
  });

  route(routes.hourlyCharge, async ({ actor, body }) => ({
    data: await lawyers.setHourlyCharge(actor, body),
    message: LawyerMessages.hourlyChargeUpdated,
  }));
}
