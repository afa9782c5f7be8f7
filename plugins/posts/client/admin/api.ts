import { ApiError, apiGet, apiMutate, readCookie } from '@core/client/api/client';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import { DATA_SOURCES_PATH } from '../../shared/api';
import {
  DATA_VENDOR_PATH, dataVendorToggleSchema, organizationDataSourcePath, organizationDataSourceSchema, type OrganizationDataSource, type OrganizationDataSourceUpdate,
} from '../../shared/dataSources';
import { IMPORT_PATH, importResultSchema, type ImportResult, type UploadFormat } from '../../shared/imports';

export const adminKeys = {
  dataSources: ['posts', 'admin', 'dataSources'] as const,
};

export async function fetchDataSources(): Promise<OrganizationDataSource[]> {
  return (await apiGet(DATA_SOURCES_PATH, { schema: organizationDataSourceSchema.array() })) ?? [];
}

export function updateOrganizationDataSource(id: string, body: OrganizationDataSourceUpdate): Promise<OrganizationDataSource> {
  return apiMutate('PUT', organizationDataSourcePath(id), { body, schema: organizationDataSourceSchema });
}

/** The spec's data vendor toggle: switches the source `dataVender` (its key) on or off for the organisation. */
export function toggleDataVendor(dataVender: string, enable: boolean) {
  return apiMutate('PUT', DATA_VENDOR_PATH, { body: { data_vender: dataVender, enable }, schema: dataVendorToggleSchema });
}

export interface UploadRequest {
  file: Blob & { name?: string };
  format: UploadFormat;
  platform: string | null;
  /** 0-1 of the file sent; the server imports as it receives, so this is the import's progress too. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends the file as the raw request body. XMLHttpRequest rather than fetch: only it reports upload progress
 * (fetch can stream a request body only over HTTP/2). The server's first error message becomes the Error's.
 */
export function uploadImport(r: UploadRequest): Promise<ImportResult> {
  const query = new URLSearchParams({ format: r.format });
  if (r.platform) query.set('platform', r.platform);
  if (r.file.name) query.set('file_name', r.file.name.slice(0, 255));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${IMPORT_PATH}?${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = readCookie(CSRF_ACCESS_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) r.onProgress?.(e.loaded / e.total); };
    xhr.onerror = () => reject(new ApiError('The upload failed: the server could not be reached.', 0));
    xhr.onabort = () => reject(new ApiError('The upload was cancelled.', 0));
    xhr.onload = () => {
      let json: { data?: unknown; metadata?: { errors?: string[] } } | null = null;
      try { json = JSON.parse(xhr.responseText); } catch { json = null; }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = importResultSchema.safeParse(json?.data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError('The server answered something unexpected.', xhr.status));
        return;
      }
      reject(new ApiError(json?.metadata?.errors?.[0] ?? `The upload failed (HTTP ${xhr.status}).`, xhr.status));
    };
    r.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(r.file);
  });
}
