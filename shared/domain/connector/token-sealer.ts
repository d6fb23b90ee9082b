import {
  KmsEnvelopeSecretSealer,
  LocalKeyFileSecretSealer,
  sealerForPurpose,
  type KmsLike,
  type SealedSecret,
  type SealPurpose,
  type SecretSealer,
} from '../../crypto/secret-sealer';

/**
 * Protects a connector's API token at rest: the table only ever holds a {@link SealedToken}
 * (shared/crypto/secret-sealer.ts: KMS envelope encryption in AWS with the organization id as
 * encryption context, a local key file in the local stack and tests). Never logs the token.
 */

export type SealedToken = SealedSecret;
export type TokenSealer = SecretSealer;
export type { KmsLike };

export const CONNECTOR_ENV = {
  /** KMS key id/ARN/alias for envelope encryption (set by the stack on the sync worker; the operator sets it for `connector set` against AWS). */
  kmsKeyId: 'CONNECTOR_KMS_KEY_ID',
  /** Local key file (default `<cwd>/.data/connector-token.key`). */
  localKeyFile: 'CONNECTOR_LOCAL_KEY_FILE',
} as const;

/** Connector tokens: the encryption context is the organization id alone. */
export const CONNECTOR_TOKEN_PURPOSE: SealPurpose = {
  aad: 'fleetdesk-connector',
  encryptionContext: (organizationId) => ({ organizationId }),
  kmsKeyEnv: CONNECTOR_ENV.kmsKeyId,
  localKeyFileEnv: CONNECTOR_ENV.localKeyFile,
  localKeyFileName: 'connector-token.key',
  noun: 'token',
};

/** Local mode: a 32-byte key in a file, created (0600) when missing. */
export class LocalKeyFileSealer extends LocalKeyFileSecretSealer {
  constructor(file: string) {
    super(CONNECTOR_TOKEN_PURPOSE, file);
  }
}

/** AWS mode: KMS envelope encryption (data key per seal). */
export class KmsEnvelopeSealer extends KmsEnvelopeSecretSealer {
  constructor(keyId: string, kms: () => Promise<KmsLike>) {
    super(CONNECTOR_TOKEN_PURPOSE, keyId, kms);
  }
}

let configured: TokenSealer | undefined;

/** KMS when CONNECTOR_KMS_KEY_ID is set, else the local key file. */
export function sealerFromEnv(): TokenSealer {
  return (configured ??= sealerForPurpose(CONNECTOR_TOKEN_PURPOSE));
}

/** Replaces the sealer (tests: a fake KMS) or forgets it (`undefined`: read the environment again). */
export function setTokenSealer(sealer: TokenSealer | undefined): void {
  configured = sealer;
}
