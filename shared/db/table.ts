/**
 * The single table's physical schema. The CDK stack, the local stack and the tests all build
 * the table from these constants, so key names cannot drift between code and infrastructure.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Generic secondary index for list-style access patterns (see docs/data-model.md). */
  gsi1: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Epoch-seconds attribute DynamoDB's TTL deletes by (unused by v1 items, reserved for telemetry). */
  ttlAttribute: 'expiresAt',
} as const;

/** The CreateTable input used locally and in tests (on-demand, same keys as the CDK table). */
export function createTableInput(tableName: string) {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [
      { AttributeName: TABLE.partitionKey, AttributeType: 'S' as const },
      { AttributeName: TABLE.sortKey, AttributeType: 'S' as const },
      { AttributeName: TABLE.gsi1.partitionKey, AttributeType: 'S' as const },
      { AttributeName: TABLE.gsi1.sortKey, AttributeType: 'S' as const },
    ],
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: TABLE.gsi1.indexName,
        KeySchema: [
          { AttributeName: TABLE.gsi1.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: TABLE.gsi1.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      },
    ],
  };
}
