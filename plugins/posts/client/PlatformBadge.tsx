/** The shared platform badge (core), so every plugin shows platforms the same way. */
export { PlatformBadge } from '@core/client/platforms/PlatformBadge';
