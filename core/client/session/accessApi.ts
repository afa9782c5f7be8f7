import { z } from 'zod';
import {
  apiKeySchema, createdApiKeySchema, groupSchema, managedUserSchema, mfaEnabledSchema, mfaSetupSchema, mfaStatusSchema,
  organizationSchema, preferenceSchema, roleSchema, ssoConfigSchema, strippedUserSchema, type PreferenceBody,
} from '@core/shared/access/api';
import { apiGet, apiMutate, ApiError } from '../api/client';

/** A mutation whose failure shows the server's words (the spec's message) instead of 'error completing action'. */
async function mutate<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  try {
    return await apiMutate(method, path, { body, schema });
  } catch (err) {
    if (err instanceof ApiError && err.metadata) {
      const message = err.metadata.msg && err.metadata.msg !== err.metadata.errors[0] ? err.metadata.msg : err.metadata.errors[0];
      throw new ApiError(message ?? err.message, err.status, err.metadata);
    }
    throw err;
  }
}

async function read<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const data = await apiGet(path, { schema });
  if (data === null) throw new ApiError('Not found', 404);
  return data;
}

export const accessApi = {
  mfaStatus: () => read('/api/v2/user/mfa', mfaStatusSchema),
  mfaSetup: () => mutate('POST', '/api/v2/user/mfa/setup', {}, mfaSetupSchema),
  mfaVerify: (code: string) => mutate('POST', '/api/v2/user/mfa/verify', { code }, mfaEnabledSchema),

  apiKeys: () => read('/api/v2/api_key', z.array(apiKeySchema)),
  createApiKey: (label: string) => mutate('POST', '/api/v2/api_key', { label }, createdApiKeySchema),
  revokeApiKey: (id: string) => mutate('DELETE', `/api/v2/api_key/${id}`, undefined, apiKeySchema),

  myPreference: () => read('/api/v2/preference/my', preferenceSchema),
  saveMyPreference: (body: PreferenceBody) => mutate('PUT', '/api/v2/preference/my', body, preferenceSchema),

  users: () => read('/api/v2/user', z.array(managedUserSchema)),
  strippedUsers: () => read('/api/v2/user/strippedUsers', z.array(strippedUserSchema)),
  createUser: (body: Record<string, unknown>) => mutate('POST', '/api/v2/user', body, managedUserSchema),
  updateUser: (id: string, body: Record<string, unknown>) => mutate('PUT', `/api/v2/user/${id}`, body, managedUserSchema),
  deactivateUser: (id: string) => mutate('DELETE', `/api/v2/user/${id}`, undefined, managedUserSchema),

  roles: () => read('/api/v2/role', z.array(roleSchema)),
  groups: () => read('/api/v2/group', z.array(groupSchema)),
  createGroup: (name: string) => mutate('POST', '/api/v2/group', { name }, groupSchema),
  deleteGroup: (id: string) => mutate('DELETE', `/api/v2/group/${id}`, undefined, z.object({ id: z.string(), deleted: z.literal(true) })),

  organizations: () => read('/api/v2/organization', z.array(organizationSchema)),
  createOrganization: (body: Record<string, unknown>) => mutate('POST', '/api/v2/organization', body, organizationSchema),
  updateOrganization: (id: string, body: Record<string, unknown>) => mutate('PUT', `/api/v2/organization/${id}`, body, organizationSchema),
  ssoConfig: (id: string) => read(`/api/v2/organization/${id}/sso`, ssoConfigSchema),
  saveSsoConfig: (id: string, body: Record<string, unknown>) => mutate('PUT', `/api/v2/organization/${id}/sso`, body, ssoConfigSchema),
};
