import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { optionalEnv } from '../../config/env';

/**
 * Protects a connector's API token at rest: the table only ever holds a {@link SealedToken}.
 *
 * - `kms` (AWS): envelope encryption. A fresh 256-bit data key from KMS `GenerateDataKey`
 *   encrypts the token with AES-256-GCM; the table stores the ciphertext and the data key as KMS
 *   encrypted it. Opening needs `kms:Decrypt` on the stack's key, with the organization id as
 *   encryption context, so a sealed token copied to another organization's item cannot be opened.
 * - `local` (the local stack and tests): the same AES-256-GCM, with a key kept in a file under
 *   `.data/` (mode 0600), created on first use. Refused inside Lambda: it protects nothing there.
 *
 * Neither mode ever logs, returns or prints the token.
 */

export interface SealedToken {
  scheme: 'kms' | 'local';
  /** base64: IV (12 bytes) | GCM tag (16 bytes) | ciphertext. */
  box: string;
  /** base64 KMS CiphertextBlob of the data key (`kms` only). */
  dataKey?: string;
  /** The KMS key that encrypted the data key (`kms` only; informational, Decrypt reads it from the blob). */
  keyId?: string;
}

export interface TokenSealer {
  seal(organizationId: string, token: string): Promise<SealedToken>;
  open(organizationId: string, sealed: SealedToken): Promise<string>;
}

/** The part of the KMS client used; tests and the runtime SDK both satisfy it. */
export interface KmsLike {
  generateDataKey(input: { KeyId: string; KeySpec: 'AES_256'; EncryptionContext: Record<string, string> }): Promise<{ Plaintext?: Uint8Array; CiphertextBlob?: Uint8Array }>;
  decrypt(input: { CiphertextBlob: Uint8Array; EncryptionContext: Record<string, string> }): Promise<{ Plaintext?: Uint8Array }>;
}

export const CONNECTOR_ENV = {
  /** KMS key id/ARN/alias for envelope encryption (set by the stack on the sync worker; the operator sets it for `connector set` against AWS). */
  kmsKeyId: 'CONNECTOR_KMS_KEY_ID',
  /** Local key file (default `<cwd>/.data/connector-token.key`). */
  localKeyFile: 'CONNECTOR_LOCAL_KEY_FILE',
} as const;

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = (organizationId: string) => Buffer.from(`fleetdesk-connector:${organizationId}`, 'utf8');

function encrypt(key: Buffer, organizationId: string, token: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD(organizationId));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

function decrypt(key: Buffer, organizationId: string, box: string): string {
  const raw = Buffer.from(box, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(AAD(organizationId));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** Local mode: a 32-byte key in a file, created (0600) when missing. */
export class LocalKeyFileSealer implements TokenSealer {
  constructor(private readonly file: string) {}

  private key(create: boolean): Buffer {
    if (process.env.AWS_LAMBDA_FUNCTION_NAME) throw new Error('The local token key is not available in AWS; configure CONNECTOR_KMS_KEY_ID');
    try {
      const key = Buffer.from(readFileSync(this.file, 'utf8').trim(), 'base64');
      if (key.length !== 32) throw new Error(`${this.file} does not hold a 256-bit key`);
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !create) throw error;
      mkdirSync(path.dirname(this.file), { recursive: true });
      const key = randomBytes(32);
      // `wx`: two processes creating the key at once cannot both win; the loser reads the winner's.
      try {
        writeFileSync(this.file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
        chmodSync(this.file, 0o600);
        return key;
      } catch {
        return this.key(false);
      }
    }
  }

  async seal(organizationId: string, token: string): Promise<SealedToken> {
    return { scheme: 'local', box: encrypt(this.key(true), organizationId, token) };
  }

  async open(organizationId: string, sealed: SealedToken): Promise<string> {
    if (sealed.scheme !== 'local') throw new Error(`token sealed with ${sealed.scheme}; this process has no KMS key configured`);
    return decrypt(this.key(false), organizationId, sealed.box);
  }
}

/**
 * A Buffer over the same memory as the key KMS returned (not a copy), so wiping it after use wipes
 * the only plaintext copy of the data key in this process.
 */
function viewOf(plaintext: Uint8Array): Buffer {
  return Buffer.from(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength);
}

/** AWS mode: KMS envelope encryption (data key per seal). */
export class KmsEnvelopeSealer implements TokenSealer {
  constructor(
    private readonly keyId: string,
    private readonly kms: () => Promise<KmsLike>,
  ) {}

  async seal(organizationId: string, token: string): Promise<SealedToken> {
    const out = await (await this.kms()).generateDataKey({ KeyId: this.keyId, KeySpec: 'AES_256', EncryptionContext: { organizationId } });
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
    const key = viewOf(out.Plaintext);
    try {
      return { scheme: 'kms', box: encrypt(key, organizationId, token), dataKey: Buffer.from(out.CiphertextBlob).toString('base64'), keyId: this.keyId };
    } finally {
      key.fill(0);
    }
  }

  async open(organizationId: string, sealed: SealedToken): Promise<string> {
    if (sealed.scheme !== 'kms' || !sealed.dataKey) throw new Error(`token sealed with ${sealed.scheme}; KMS cannot open it`);
    const out = await (await this.kms()).decrypt({ CiphertextBlob: Buffer.from(sealed.dataKey, 'base64'), EncryptionContext: { organizationId } });
    if (!out.Plaintext) throw new Error('KMS returned no plaintext');
    const key = viewOf(out.Plaintext);
    try {
      return decrypt(key, organizationId, sealed.box);
    } finally {
      key.fill(0);
    }
  }
}

// Not installed as a dependency: the nodejs22.x runtime provides it, and lib/bundling.ts keeps it
// external. A non-literal specifier keeps the type checker from resolving it.
const KMS_MODULE: string = '@aws-sdk/client-kms';

/** The runtime SDK's KMS client, adapted to {@link KmsLike}; loaded on first use only. */
async function runtimeKms(): Promise<KmsLike> {
  type Sdk = {
    KMSClient: new (config: object) => { send(command: unknown): Promise<Record<string, unknown>> };
    GenerateDataKeyCommand: new (input: object) => unknown;
    DecryptCommand: new (input: object) => unknown;
  };
  const sdk = (await import(KMS_MODULE)) as Sdk;
  const client = new sdk.KMSClient({ maxAttempts: 3 });
  return {
    generateDataKey: async (input) => (await client.send(new sdk.GenerateDataKeyCommand(input))) as { Plaintext?: Uint8Array; CiphertextBlob?: Uint8Array },
    decrypt: async (input) => (await client.send(new sdk.DecryptCommand(input))) as { Plaintext?: Uint8Array },
  };
}

let configured: TokenSealer | undefined;
let kmsClient: Promise<KmsLike> | undefined;

/** KMS when CONNECTOR_KMS_KEY_ID is set, else the local key file. */
export function sealerFromEnv(): TokenSealer {
  if (configured) return configured;
  const keyId = optionalEnv(CONNECTOR_ENV.kmsKeyId);
  configured = keyId
    ? new KmsEnvelopeSealer(keyId, () => (kmsClient ??= runtimeKms()))
    : new LocalKeyFileSealer(optionalEnv(CONNECTOR_ENV.localKeyFile) ?? path.join(process.cwd(), '.data', 'connector-token.key'));
  return configured;
}

/** Replaces the sealer (tests: a fake KMS) or forgets it (`undefined`: read the environment again). */
export function setTokenSealer(sealer: TokenSealer | undefined): void {
  configured = sealer;
}
