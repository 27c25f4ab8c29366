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
  tagTypes: ['User'],
  endpoints: () => ({}),
});
