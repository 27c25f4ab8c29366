/**
 * Data rights (docs/decisions/0012-data-rights.md): download my data as a JSON file, delete my
 * account. The file is fetched with the bearer token (a link to the API would not carry it) and
 * saved from a blob: URL.
 */
import { dataExportFileName, type DeleteAccountBody } from '../../../../contract/data-rights';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';
import { downloadFile } from '../../../lib/api/file-api';

const DATA_EXPORT: (typeof routes)['dataExport']['path'] = '/user/data-export';
const DELETE_ACCOUNT: (typeof routes)['deleteAccount']['path'] = '/user/delete-account';

export const dataRightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Fetches the export and hands it to the browser as a download. */
    downloadMyData: build.mutation<{ fileName: string }, void>({
      queryFn: (_arg, _api, _extra, baseQuery) => downloadFile(baseQuery, DATA_EXPORT, dataExportFileName(new Date())),
    }),
    /** Answers the server's message; the caller ends the session (which wipes this device's data). */
    deleteAccount: build.mutation<string, DeleteAccountBody>({
      query: (body) => ({ url: DELETE_ACCOUNT, method: 'POST', body }),
    }),
  }),
});

export const { useDownloadMyDataMutation, useDeleteAccountMutation } = dataRightsApi;
