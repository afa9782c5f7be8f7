import type { MediaImageType } from '@core/shared/api/media';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/**
 * The image type `bytes` are, by their magic numbers alone (what a server declares is not trusted), or null for
 * anything else: SVG, HTML, text and every other format are not images this proxy serves.
 */
export function sniffImageType(bytes: Uint8Array): MediaImageType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

/**
 * Whether a declared Content-Type may precede an image at all: absent, a generic binary type, or a raster image/*
 * type. SVG and non-image types (text/html ...) are refused before their body is read.
 */
export function declaredTypeAcceptable(declared: string | null): boolean {
  if (declared === null || declared === '') return true;
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/octet-stream' || type === 'binary/octet-stream') return true;
  return type.startsWith('image/') && !type.includes('svg');
}
