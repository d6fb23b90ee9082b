import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE } from '../../shared/db/table';

/**
 * The single table, generated from the same key constants the repositories and the local
 * stack use (shared/db/table.ts), so an attribute renamed in code is renamed here too.
 */
export class FleetTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      // Traffic is spiky and small; on-demand costs nothing while idle and needs no capacity planning.
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The table holds every organization's data and API key hashes: neither a stack update that
      // replaces it nor a `cdk destroy` may take it away (docs/operations.md explains the teardown).
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // AWS managed KMS key (aws/dynamodb): at-rest encryption whose every use is in CloudTrail,
      // with no key policy to maintain, no monthly key fee, and no kms:* grants on the functions.
      // A customer managed key only pays off for cross-account access or crypto-shredding.
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE.ttlAttribute,
      // The stream is the outbox's delivery channel: a new ticket item carries its chat
      // notification job, and the worker needs only the item as written (no old image).
      stream: StreamViewType.NEW_IMAGE,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: TABLE.gsi1.indexName,
      partitionKey: { name: TABLE.gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.gsi1.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
}
