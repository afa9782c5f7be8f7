import { z } from 'zod';

/** pagination_info of the spec: limit -1 means "no limit"; order_by is a list of column + direction. */
export const orderBySchema = z.object({ column: z.string(), direction: z.enum(['asc', 'desc']) });
export const paginationInfoSchema = z.object({
  offset: z.number().int().min(0),
  limit: z.number().int().min(-1),
  total: z.number().int().min(0),
  order_by: z.array(orderBySchema),
});
export type PaginationInfo = z.infer<typeof paginationInfoSchema>;

export const metadataSchema = z.object({
  errors: z.array(z.string()),
  info: z.string().nullable(),
  msg: z.string().nullable(),
  pagination_info: paginationInfoSchema.nullable(),
});
export type Metadata = z.infer<typeof metadataSchema>;

/** Every answer of the API, errors included, is `{ data, metadata }` (spec part 1 section 3). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, metadata: metadataSchema });
}
export type Envelope<T> = { data: T; metadata: Metadata };

export function emptyMetadata(): Metadata {
  return { errors: [], info: null, msg: null, pagination_info: null };
}

export function ok<T>(data: T, metadata: Partial<Metadata> = {}): Envelope<T> {
  return { data, metadata: { ...emptyMetadata(), ...metadata } };
}

export function failure(errors: string[], msg: string | null = errors[0] ?? null): Envelope<null> {
  return { data: null, metadata: { ...emptyMetadata(), errors, msg } };
}
