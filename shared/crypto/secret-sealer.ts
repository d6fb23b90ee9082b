import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { optionalEnv } from '../config/env';

/**
 * Protects a secret at rest (a connector's API token, a webhook endpoint's signing secret): the
 * table only ever holds a {@link SealedSecret}.
 *
 * - `kms` (AWS): envelope encryption. A fresh 256-bit data key from KMS `GenerateDataKey`
 *   encrypts the secret with AES-256-GCM; the table stores the ciphertext and the data key as KMS
 *   encrypted it. Opening needs `kms:Decrypt` on the stack's key, with the purpose's encryption
 *   context (the organization id, and for every purpose but the connector's the purpose's name),
 *   so a sealed secret copied to another organization's item, or to another kind of item, cannot
 *   be opened.
 * - `local` (the local stack and tests): the same AES-256-GCM, with a key kept in a file under
 *   `.data/` (mode 0600), created on first use. Refused inside Lambda: it protects nothing there.
 *
 * Neither mode ever logs, returns or prints the secret.
 */

export interface SealedSecret {
  scheme: 'kms' | 'local';
  /** base64: IV (12 bytes) | GCM tag (16 bytes) | ciphertext. */
  box: string;
  /** base64 KMS CiphertextBlob of the data key (`kms` only). */
  dataKey?: string;
  /** The KMS key that encrypted the data key (`kms` only; informational, Decrypt reads it from the blob). */
  keyId?: string;
}

export interface SecretSealer {
  seal(organizationId: string, secret: string): Promise<SealedSecret>;
  open(organizationId: string, sealed: SealedSecret): Promise<string>;
}

/** The part of the KMS client used; tests and the runtime SDK both satisfy it. */
export interface KmsLike {
  generateDataKey(input: { KeyId: string; KeySpec: 'AES_256'; EncryptionContext: Record<string, string> }): Promise<{ Plaintext?: Uint8Array; CiphertextBlob?: Uint8Array }>;
  decrypt(input: { CiphertextBlob: Uint8Array; EncryptionContext: Record<string, string> }): Promise<{ Plaintext?: Uint8Array }>;
}

/** What one kind of secret is sealed as: its own AES-GCM associated data, KMS context and configuration. */
export interface SealPurpose {
  /** Prefix of the GCM associated data (`<aad>:<organizationId>`): a box of one purpose never opens as another. */
  aad: string;
  /** The KMS encryption context of an organization's secrets of this purpose. */
  encryptionContext(organizationId: string): Record<string, string>;
  /** Env var holding the KMS key id/ARN/alias (AWS). */
  kmsKeyEnv: string;
  /** Env var overriding the local key file. */
  localKeyFileEnv: string;
  /** The local key file's name under `<cwd>/.data/` when the env var is unset. */
  localKeyFileName: string;
  /** What the secret is called in error messages ("token", "secret"). */
  noun: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const aadOf = (purpose: SealPurpose, organizationId: string) => Buffer.from(`${purpose.aad}:${organizationId}`, 'utf8');

function encrypt(key: Buffer, aad: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

function decrypt(key: Buffer, aad: Buffer, box: string): string {
  const raw = Buffer.from(box, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** Local mode: a 32-byte key in a file, created (0600) when missing. */
export class LocalKeyFileSecretSealer implements SecretSealer {
  constructor(
    private readonly purpose: SealPurpose,
    private readonly file: string,
  ) {}

  private key(create: boolean): Buffer {
    if (process.env.AWS_LAMBDA_FUNCTION_NAME) throw new Error(`The local ${this.purpose.noun} key is not available in AWS; configure ${this.purpose.kmsKeyEnv}`);
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

  async seal(organizationId: string, secret: string): Promise<SealedSecret> {
    return { scheme: 'local', box: encrypt(this.key(true), aadOf(this.purpose, organizationId), secret) };
  }

  async open(organizationId: string, sealed: SealedSecret): Promise<string> {
    if (sealed.scheme !== 'local') throw new Error(`${this.purpose.noun} sealed with ${sealed.scheme}; this process has no KMS key configured`);
    return decrypt(this.key(false), aadOf(this.purpose, organizationId), sealed.box);
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
export class KmsEnvelopeSecretSealer implements SecretSealer {
  constructor(
    private readonly purpose: SealPurpose,
    private readonly keyId: string,
    private readonly kms: () => Promise<KmsLike>,
  ) {}

  async seal(organizationId: string, secret: string): Promise<SealedSecret> {
    const out = await (await this.kms()).generateDataKey({ KeyId: this.keyId, KeySpec: 'AES_256', EncryptionContext: this.purpose.encryptionContext(organizationId) });
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
    const key = viewOf(out.Plaintext);
    try {
      return { scheme: 'kms', box: encrypt(key, aadOf(this.purpose, organizationId), secret), dataKey: Buffer.from(out.CiphertextBlob).toString('base64'), keyId: this.keyId };
    } finally {
      key.fill(0);
    }
  }

  async open(organizationId: string, sealed: SealedSecret): Promise<string> {
    if (sealed.scheme !== 'kms' || !sealed.dataKey) throw new Error(`${this.purpose.noun} sealed with ${sealed.scheme}; KMS cannot open it`);
    const out = await (await this.kms()).decrypt({ CiphertextBlob: Buffer.from(sealed.dataKey, 'base64'), EncryptionContext: this.purpose.encryptionContext(organizationId) });
    if (!out.Plaintext) throw new Error('KMS returned no plaintext');
    const key = viewOf(out.Plaintext);
    try {
      return decrypt(key, aadOf(this.purpose, organizationId), sealed.box);
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

let kmsClient: Promise<KmsLike> | undefined;
const sharedKms = () => (kmsClient ??= runtimeKms());

/** KMS when the purpose's key env var is set, else its local key file. */
export function sealerForPurpose(purpose: SealPurpose): SecretSealer {
  const keyId = optionalEnv(purpose.kmsKeyEnv);
  return keyId
    ? new KmsEnvelopeSecretSealer(purpose, keyId, sharedKms)
    : new LocalKeyFileSecretSealer(purpose, optionalEnv(purpose.localKeyFileEnv) ?? path.join(process.cwd(), '.data', purpose.localKeyFileName));
}
