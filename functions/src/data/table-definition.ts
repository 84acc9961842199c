/**
 * The single DynamoDB table, described once: CDK creates it from this, and local mode creates the
 * same table on the DynamoDB stand-in. Generic key names keep every entity in one table.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items carry an epoch-seconds `ttl`; DynamoDB deletes them eventually, so reads still check it. */
  ttlAttribute: 'ttl',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    // Sparse: only public stories carry gsi4 keys (an author's public stories, docs/stories.md).
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
} as const;

export type GlobalIndexName = (typeof tableDefinition.globalIndexes)[number]['indexName'];
