/**
 * The one RTK Query API of the client (STYLE: one createApi, features add their calls with
 * `injectEndpoints`). Cache tags are declared here, centrally, so invalidation across features
 * stays visible in one list; a feature adds its tag here when it starts caching something.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'User',
    // Lawyers and the marketplace (issue 3): per-id tags, plus 'LIST' ids for collections.
    'LawyerProfile',
    'Slot',
    'Lawyer',
    'Review',
    'AdminLawyer',
    'AdminStats',
    'Feedback',
    'Complaint',
    // Protected files shown in the app (certificates, documents), by API path.
    'ProtectedFile',
  ],
  endpoints: () => ({}),
});
