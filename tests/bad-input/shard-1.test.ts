import { SHARD_COUNT, shardOperations } from './support/operations';
import { runBadInputSuite } from './support/run';

// One of the suite's files: Vitest runs them side by side. The contract decides which operations each one gets.
runBadInputSuite('shard-1', shardOperations(0, SHARD_COUNT));
