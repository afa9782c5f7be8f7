import { z } from 'zod';
import { layoutSchema } from '../layout/schema';

/** Saved per-user arrangements of the built-in layouts. */
export const layoutParamsSchema = z.object({ layoutId: layoutSchema.shape.id });
export const savedLayoutSchema = z.object({ layout: layoutSchema.nullable(), updated_at: z.string().nullable() });
export const saveLayoutBodySchema = z.object({ layout: layoutSchema });
