import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A name-based UUID, version 5 (RFC 9562 section 5.5): SHA-1 of the namespace's 16 bytes then the name's UTF-8
 * bytes, first 16 bytes kept, version and variant bits set. A dozen lines of node:crypto instead of a dependency;
 * uuid5.test.ts checks it against published vectors.
 */
export function uuidV5(name: string, namespace: string): string {
  if (!UUID.test(namespace)) throw new Error(`Not a UUID: ${namespace}`);
  const hash = createHash('sha1').update(Buffer.from(namespace.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
