import crypto from 'node:crypto';
import type { Storage } from '../storage/database';
import { nowIso } from '../storage/database';
import { randomToken } from './tokens';

/**
 * The token signing key lives in the database, generated on first start, so every API process sharing one
 * database verifies the same tokens and operators have nothing to configure. It never appears in logs.
 */
export async function loadOrCreateSecret(storage: Storage, name: string): Promise<string> {
  const existing = await storage.db.selectFrom('core_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await storage.db
    .insertInto('core_secrets')
    .values({ name, value: randomToken(48), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await storage.db.selectFrom('core_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Encrypts small secrets that must be read back (TOTP secrets, SSO client secrets) with AES-256-GCM. The key
 * comes from NARRASCOPE_ENCRYPTION_KEY when set (so a copy of the database alone does not reveal them), else
 * from a key generated into the database on first start.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = crypto.createHash('sha256').update(`narrascope-secret-box:${keyMaterial}`).digest();
  }

  static async open(storage: Storage, configuredKey: string | null): Promise<SecretBox> {
    return new SecretBox(configuredKey ?? (await loadOrCreateSecret(storage, 'data_encryption_key')));
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
